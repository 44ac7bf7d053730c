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
.PHONY: help book pdf test check lint unit notebooks site bench clean venv lock mutation

help:
	@echo "make book   build the site into _build/html (sets up .venv first)"
	@echo "make pdf    the print edition: _build/pdf/linear-classifiers.pdf (make book prints it once, then says when it is stale)"
	@echo "make test   lint, unit/property tests, nbval over chapters/, browser tests of the site"
	@echo "make check  the inner loop (under a minute): lint, unit tests, docstring examples"
	@echo "make screenshots  the page tests again, leaving full-page screenshots in _build/screenshots"
	@echo "make words  the chapters' word counts (main path, whole text) against their budgets"
	@echo "make bench  benchmarks against scikit-learn (see README, Performance)"
	@echo "make lighthouse  Lighthouse's mobile profile on every page (see README, Performance)"
	@echo "make mutation [MODULES=\"perceptron check/_grammar\"] [SAMPLE=N]  mutation testing, score per module"
	@echo "make lock   regenerate requirements.lock (exact versions) with uv"
	@echo "make test-min  unit tests and chapters at the oldest declared versions (.venv-min)"
	@echo "make test-faults  killed and concurrent builds, a fork, broken pages: the site comes back (slow)"
	@echo "make test-styles  every page styled by the one purged stylesheet as by the originals (slow)"
	@echo "make grade SUBMISSIONS=<folder> [SEED=<int>]  grade a class into _build/grades (cases drawn from SEED)"

$(PY):
	python3 tools/bootstrap_venv.py $(VENV)

# The exact versions of requirements.lock, then the package itself, editable so that
# a change to linclass/ is picked up at once.
$(STAMP): requirements.lock pyproject.toml | $(PY)
	$(PY) -m pip install -qq --upgrade pip
	$(PY) -m pip install -qq -r requirements.lock
	$(PY) -m pip install -qq --no-deps -e .
	touch $@

# The notebook kernels' own configuration (see the file): it silences the kernel's
# start-up warnings, not the notebooks' output.
KERNEL_CONF := $(VENV)/etc/ipython/ipython_kernel_config.json
$(KERNEL_CONF): tools/book/ipython_kernel_config.json | $(STAMP)
	mkdir -p $(@D)
	cp $< $@

# requirements.txt (book and test tools) and pyproject.toml (the package's runtime
# dependencies) keep lower bounds; the lock pins every version, for Python 3.10+
# on every platform, so a build a year from now resolves the same environment.
lock: | $(PY)
	$(PY) -m pip install --quiet "uv>=0.5"
	$(BIN)/uv pip compile --universal --python-version 3.10 --quiet --no-header \
		pyproject.toml requirements.txt -o requirements.lock
	$(BIN)/uv pip compile --python-version 3.11 --python-platform linux --quiet \
		--no-header pyproject.toml binder/requirements.in -o binder/requirements.txt

# MathJax 3 in Node, which typesets the book's maths at build time
# (tools/book/prerender_math.py), and its math font: exact versions from the lock
# file, into tools/mathjax/node_modules (nothing global). Needs Node.js 18+.
MATHJAX := tools/mathjax/node_modules/.package-lock.json
$(MATHJAX): tools/mathjax/package-lock.json
	npm ci --prefix tools/mathjax --no-audit --no-fund --loglevel=error

venv: $(STAMP) $(KERNEL_CONF) $(MATHJAX)

# Every step (wheel, site assets, exercise notebooks, setup cells, notebook cache,
# Sphinx, print edition) runs only when the contents of its inputs changed: see
# tools/book/build.py. A stale PDF is left for `make pdf` (the site says so).
book: venv
	@$(PY) -m tools.book.build

# The print edition: the built site printed by Chromium (see tools/book/pdf.py).
pdf: book
	$(PY) -m tools.book.pdf --if-stale
	@echo "Print edition: $(CURDIR)/_build/pdf/linear-classifiers.pdf"

lint: $(STAMP)
	$(BIN)/ruff check linclass tests benchmarks tools
	$(BIN)/ruff format --check linclass tests benchmarks tools
	$(BIN)/actionlint -oneline .github/workflows/*.yml   # the CI and Pages workflows

# Unit, property and estimator-check tests, the docstring examples, nbval over every
# chapter, then the browser tests of the built site (they need `make book` first, done here).
# The slow tests (a simulated Colab per chapter, the printed PDF, a fork) are make test-slow's.
# tools/book/browser.py finds a Chromium or Chrome first, or installs Playwright's, or says how.
# `make test FAST=1` is `make check`. The last line is the total time.
ifdef FAST
test: check
else
test:
	@start=$$(date +%s); status=0; $(MAKE) --no-print-directory test-all || status=$$?; \
	echo "make test: $$(( $$(date +%s) - start )) s in all (exit $$status)"; exit $$status
endif

# The browser tests of the site's pages (test_site*.py) with a full-page screenshot of
# every page in light, dark and phone modes, in _build/screenshots/ (about two
# minutes; `make test` leaves a screenshot only of a page whose check failed).
.PHONY: screenshots
screenshots: book
	$(PY) -m tools.book.browser --ensure
	LC_SCREENSHOTS=1 $(BIN)/python -m pytest -q -n 2 --dist loadfile -p no:cacheprovider \
		tests/test_site.py tests/test_site_pages_b.py

.PHONY: test-all
test-all: lint book
	$(PY) -m tools.book.browser --ensure
	$(BIN)/python -m pytest -n 2 --dist loadfile --no-loadscope-reorder -p no:cacheprovider \
		-m "not slow" --doctest-modules --nbval-lax linclass tests chapters

# The tests marked slow (pyproject.toml): the other five chapters and exercise
# notebooks in a simulated Colab, the print edition printed and read back, a fork's
# build. About 2 minutes; .ci/run and CI run it.
.PHONY: test-slow
test-slow: book
	$(PY) -m tools.book.browser --ensure
	@start=$$(date +%s); status=0; \
	$(BIN)/python -m pytest -q -n 2 --dist loadfile --no-loadscope-reorder -p no:cacheprovider \
		-m slow tests || status=$$?; \
	echo "make test-slow: $$(( $$(date +%s) - start )) s (exit $$status)"; exit $$status

# The slow fault-injection tests (tests/faults_slow.py; the quick ones are in make
# test): in a copy of the built book, a partial clean, Sphinx's pages broken, a build
# killed in each step, two builds at once, a fork's address; after each, the next
# build serves the clean build's site. About 6 minutes; .ci/run and CI run it.
.PHONY: test-faults
test-faults: book
	@start=$$(date +%s); status=0; \
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/faults_slow.py || status=$$?; \
	echo "make test-faults: $$(( $$(date +%s) - start )) s (exit $$status)"; exit $$status

# Every served page styled by the site's one purged stylesheet exactly as by the
# stylesheets it replaces, light and dark (tests/slow_site_styles.py; make test
# checks one chapter). A few minutes; .ci/run and CI run it.
.PHONY: test-styles
test-styles: book
	$(PY) -m tools.book.browser --ensure
	@start=$$(date +%s); status=0; \
	$(BIN)/python -m pytest -q -n 2 -p no:cacheprovider tests/slow_site_styles.py || status=$$?; \
	echo "make test-styles: $$(( $$(date +%s) - start )) s (exit $$status)"; exit $$status

# The inner loop: lint, the unit tests and the docstring examples; no notebooks, no
# built site, no browser, no simulated Colab (CHECK_SKIP: the tests that need them).
check: lint
	@start=$$(date +%s); \
	$(PY) -m pytest -q -n 2 -p no:cacheprovider --doctest-modules \
		$(CHECK_SKIP:%=--ignore=tests/%.py) linclass tests; \
	echo "make check: $$(( $$(date +%s) - start )) s of tests"

# The unit tests, docstring examples and chapters (not the browser tests) against the
# oldest versions pyproject.toml declares, pinned in constraints-min.txt, in .venv-min.
MIN_VENV  := .venv-min
MIN_PY    := $(MIN_VENV)/bin/python
MIN_STAMP := $(MIN_VENV)/.installed
MIN_TOOLS := pytest pytest-xdist nbval hypothesis ipykernel myst-nb pyyaml beautifulsoup4
# Tests of the built site and of the book's own tool chain (its lock, a fresh
# Colab-like environment): they test the build, not the versions.
MIN_SKIP  := test_site test_site_pages_b test_answer_boxes test_fresh_chapters test_fresh_exercises test_reach \
             test_pdf test_print_edition test_slides test_slides_build test_animations \
             test_portable test_a11y test_fork test_word_budget test_faults \
             test_withheld_solutions test_page_weight test_lean_assets
# The inner loop leaves out the same tests.
CHECK_SKIP := $(MIN_SKIP)
# Grade a class: SUBMISSIONS=<folder> with one sub-folder per learner (tools/grade/).
# Writes _build/grades/gradebook.csv, feedback/<learner>.md and summary.md; the
# optional grade-weights.yml gives points per part (1 each by default); SEED=<int>
# grades the coding exercises on cases drawn from it, not the public ones.
.PHONY: grade test-grade
grade: $(STAMP)
	@test -n "$(SUBMISSIONS)" || { echo "usage: make grade SUBMISSIONS=<folder> [SEED=<int>]"; exit 2; }
	$(PY) -m tools.grade "$(SUBMISSIONS)" --out _build/grades $(if $(SEED),--seed $(SEED))

# The slow part of grading's tests: a crafted class graded end to end (about a
# minute: one learner loops until the time limit). Run by .ci/run and the CI workflow.
test-grade: $(STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/slow_grade.py

# The exercise edition in nbgrader's course layout (tools/grade/assignments.py), and
# its test with the real nbgrader, installed apart in .venv-nbgrader (a few minutes
# the first time; run by .ci/run and the CI workflow).
NBG_VENV  := .venv-nbgrader
NBG_STAMP := $(NBG_VENV)/.installed
NBGRADER  := nbgrader==0.9.6
.PHONY: assignments test-assignments
assignments: $(STAMP)
	$(PY) -m tools.grade.assignments _build/assignments/nbgrader

$(NBG_STAMP): requirements.lock
	python3 -m venv $(NBG_VENV)
	$(NBG_VENV)/bin/python -m pip install -q -c requirements.lock $(NBGRADER) \
		numpy scipy scikit-learn matplotlib ipykernel
	touch $@

test-assignments: $(STAMP) $(NBG_STAMP)
	NBGRADER_BIN=$(abspath $(NBG_VENV))/bin $(BIN)/python -m pytest -q \
		-p no:cacheprovider tests/slow_assignments.py

.PHONY: test-min

$(MIN_PY):
	python3 tools/bootstrap_venv.py $(MIN_VENV)

$(MIN_STAMP): constraints-min.txt pyproject.toml | $(MIN_PY)
	$(MIN_PY) -m pip install --quiet -c constraints-min.txt -e . $(MIN_TOOLS)
	touch $@

test-min: $(MIN_STAMP)
	$(MIN_PY) -m pytest -n 2 --dist loadfile --no-loadscope-reorder -p no:cacheprovider --doctest-modules \
		--nbval-lax $(MIN_SKIP:%=--ignore=tests/%.py) linclass tests chapters

# The chapters' reading length on the built pages, against the fourth edition's budgets.
.PHONY: words
words: book
	$(PY) -m tools.book.word_budget

# Mutation testing with mutmut (tools/mutation.py; configuration in pyproject.toml):
# MODULES="perceptron check/_grammar" those modules (default: the modules in scope,
# SCOPE in tools/mutation.py, hours on two cores), SAMPLE=N a seeded sample of N
# mutants of each (SEED=0), STRICT=1 fails on a survivor neither killed nor listed
# in tests/equivalent_mutants.md, FAIL_UNDER=90 on a module scoring below 90 %,
# SURVIVORS=1 then tries every survivor again (after new tests). Each
# module runs in _build/mutation/<module>/ with its own tests, and a later run tries
# only the mutants of changed functions. Ends with the score per module.
# (no global SEED default: make grade reads an unset SEED as "the public cases")
mutation: $(STAMP)
	nice -n 15 $(PY) -m tools.mutation run $(MODULES) \
		$(if $(SAMPLE),--sample $(SAMPLE) --seed $(or $(SEED),0)) $(if $(STRICT),--strict) \
		$(if $(FAIL_UNDER),--fail-under $(FAIL_UNDER)) $(if $(SURVIVORS),--survivors)

# Runs benchmarks/bench_*.py, writes benchmarks/results.md and copies it into README.md.
bench: venv
	$(PY) -m tools.book.bench_report run

# Lighthouse's mobile profile on every page of the built site, served compressed:
# three runs a page, the medians into benchmarks/lighthouse.md and README's
# Performance section (tools/book/lighthouse.py). LIGHTHOUSE_ARGS="--fail-under 90"
# makes a page below 90 fail it (the CI workflow); --pages and --runs narrow it.
LIGHTHOUSE := tools/lighthouse/node_modules/.package-lock.json
$(LIGHTHOUSE): tools/lighthouse/package-lock.json
	npm ci --prefix tools/lighthouse --no-audit --no-fund --loglevel=error

.PHONY: lighthouse
lighthouse: book $(LIGHTHOUSE)
	$(PY) -m tools.book.browser --ensure
	nice -n 10 $(PY) -m tools.book.lighthouse $(LIGHTHOUSE_ARGS)

clean:
	rm -rf _build build
