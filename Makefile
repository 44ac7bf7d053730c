# The course's two commands: `make book` and `make test` (see README.md).
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
.DEFAULT_GOAL := help

VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
STAMP  := $(VENV)/.installed
export OPENBLAS_NUM_THREADS ?= 1
export PYDEVD_DISABLE_FILE_VALIDATION := 1

.PHONY: help book test lint unit notebooks site bench clean venv

help:
	@echo "make book   build the site into _build/html (sets up .venv first)"
	@echo "make test   lint, unit/property tests, nbval over chapters/, browser tests of the site"
	@echo "make bench  benchmarks against scikit-learn (see README, Performance)"

$(PY):
	python3 tools/bootstrap_venv.py $(VENV)

$(STAMP): requirements.txt pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

venv: $(STAMP)

book: $(STAMP)
	$(BIN)/jupyter-book build -n -W --keep-going .
	@echo
	@echo "Built: $(CURDIR)/_build/html/index.html"

lint: $(STAMP)
	$(BIN)/ruff check linclass tests benchmarks tools
	$(BIN)/ruff format --check linclass tests benchmarks tools

# Unit, property and estimator-check tests, the docstring examples, nbval over every
# chapter, then the browser tests of the built site (they need `make book` first, done here).
test: lint book
	$(BIN)/python -m pytest -n 2 --dist loadfile -p no:cacheprovider \
		--doctest-modules --nbval-lax linclass tests chapters

bench: $(STAMP)
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(PY) $$f; done

clean:
	rm -rf _build
