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

GEN    := _build/generated
.PHONY: help book pdf test lint unit notebooks site bench clean venv lock assets

help:
	@echo "make book   build the site into _build/html (sets up .venv first)"
	@echo "make pdf    the print edition: _build/pdf/linear-classifiers.pdf (make book does it too)"
	@echo "make test   lint, unit/property tests, nbval over chapters/, browser tests of the site"
	@echo "make bench  benchmarks against scikit-learn (see README, Performance)"
	@echo "make lock   regenerate requirements.lock (exact versions) with uv"
	@echo "make test-min  unit tests and chapters at the oldest declared versions (.venv-min)"

$(PY):
	python3 tools/bootstrap_venv.py $(VENV)

# The exact versions of requirements.lock, then the package itself, editable so that
# a change to linclass/ is picked up at once.
$(STAMP): requirements.lock pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.lock
	$(PY) -m pip install --quiet --no-deps -e .
	touch $@

# requirements.txt (book and test tools) and pyproject.toml (the package's runtime
# dependencies) keep lower bounds; the lock pins every version, for Python 3.10+
# on every platform, so a build a year from now resolves the same environment.
lock: | $(PY)
	$(PY) -m pip install --quiet "uv>=0.5"
	$(BIN)/uv pip compile --universal --python-version 3.10 --quiet --no-header \
		pyproject.toml requirements.txt -o requirements.lock
	$(BIN)/uv pip compile --python-version 3.11 --python-platform linux --quiet \
		--no-header pyproject.toml binder/requirements.in -o binder/requirements.txt

# What the site serves beside its pages, built from the sources on every run:
# the wheel (the site is the package's download point), the exercise edition,
# and the answer keys of the answer boxes.
assets: $(STAMP)
	rm -rf $(GEN) build
	$(PY) -m build --wheel --no-isolation --outdir $(GEN)/wheels . > /dev/null
	rm -rf build
	$(PY) -m tools.book.site_assets $(GEN)
	$(PY) -m tools.book.exercises $(GEN)/exercises

venv: $(STAMP)

book: assets
	$(PY) -m tools.book.setup_cell
	$(PY) -m tools.book.cache   # a change to linclass/ or the lock file re-runs the chapters
	$(BIN)/jupyter-book build -n -W --keep-going .
	$(PY) -m tools.book.pdf --if-stale --browser-optional   # the print edition
	@echo
	@echo "Built: $(CURDIR)/_build/html/index.html"

# The print edition: the built site printed by Chromium (see tools/book/pdf.py).
pdf: book
	$(PY) -m tools.book.pdf --if-stale
	@echo "Print edition: $(CURDIR)/_build/pdf/linear-classifiers.pdf"

lint: $(STAMP)
	$(BIN)/ruff check linclass tests benchmarks tools
	$(BIN)/ruff format --check linclass tests benchmarks tools

# Unit, property and estimator-check tests, the docstring examples, nbval over every
# chapter, then the browser tests of the built site (they need `make book` first, done here).
# tools/book/browser.py finds a Chromium or Chrome first, or installs Playwright's, or says how.
test: lint book
	$(PY) -m tools.book.browser --ensure
	$(PY) -m tools.book.pdf --if-stale   # if make book had no browser to print it
	$(BIN)/python -m pytest -n 2 --dist loadfile -p no:cacheprovider \
		--doctest-modules --nbval-lax linclass tests chapters

# The unit tests, docstring examples and chapters (not the browser tests) against the
# oldest versions pyproject.toml declares, pinned in constraints-min.txt, in .venv-min.
MIN_VENV  := .venv-min
MIN_PY    := $(MIN_VENV)/bin/python
MIN_STAMP := $(MIN_VENV)/.installed
MIN_TOOLS := pytest pytest-xdist nbval hypothesis ipykernel myst-nb pyyaml
# Tests of the built site and of the book's own tool chain (its lock, a fresh
# Colab-like environment): they test the build, not the versions.
MIN_SKIP  := test_site test_answer_boxes test_fresh_chapters test_fresh_exercises test_reach \
             test_pdf test_print_edition test_a11y
.PHONY: test-min

$(MIN_PY):
	python3 tools/bootstrap_venv.py $(MIN_VENV)

$(MIN_STAMP): constraints-min.txt pyproject.toml | $(MIN_PY)
	$(MIN_PY) -m pip install --quiet -c constraints-min.txt -e . $(MIN_TOOLS)
	touch $@

test-min: $(MIN_STAMP)
	$(MIN_PY) -m pytest -n 2 --dist loadfile -p no:cacheprovider --doctest-modules \
		--nbval-lax $(MIN_SKIP:%=--ignore=tests/%.py) linclass tests chapters

bench: $(STAMP)
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(PY) $$f; done

clean:
	rm -rf _build build
