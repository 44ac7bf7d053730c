"""Test-wide set-up: draw with Agg, never open a window; summarise the run at the end.

The backend is set here rather than through MPLBACKEND in the Makefile, because
notebook kernels inherit the environment and would then show no figures at all.
The summary's hooks live in run_summary.py; importing them here registers them.

Fixtures for tests of the built site (all session-scoped: one per pytest worker):

- ``site``: the base URL of ``_build/html`` served on 127.0.0.1.
- ``browser``: one headless Chromium for the whole session.
- ``site_pages``: every page loaded once and shared (tests/site_pages.py).
  ``tab = site_pages.get("chapters/02_perceptron.html", "dark")`` gives the page
  in ``"light"``, ``"dark"`` or ``"phone"`` mode, and ``tab.problems``, the console
  errors and failed or off-site requests since it loaded. A new browser test of a
  page (accessibility, decks, animations) takes this fixture rather than loading
  the page again: a load with MathJax costs seconds, a mode switch milliseconds.
- ``fresh_base``: the simulated Colab environment.

``make test`` runs pytest-xdist with ``--dist loadfile`` (a notebook's cells share one
kernel, so a file never splits): session fixtures are made once per worker, so the
browser tests of one file share one browser and its loaded pages, and another file
on the same worker reuses them. (``--dist loadgroup`` would keep every browser test
on one worker, but with pytest-xdist 3.8 it split marked groups across workers in
our trials, and the notebooks' cells with them.)
"""

import os

import matplotlib
import matplotlib.pyplot as plt
import pytest
from book_toc import ROOT
from hypothesis import settings
from run_summary import pytest_sessionstart, pytest_terminal_summary
from site_pages import LoadedPages

from tools.book import fresh_env, own_checks
from tools.book.browser import CHROMIUM_ARGS, BrowserError, find_browser
from tools.book.local_server import serve

matplotlib.use("Agg")

# The property tests draw the same examples on every run, as everything random in
# the book takes a seed: a failure in CI is then one anyone can rerun. To hunt for
# new counterexamples, HYPOTHESIS_PROFILE=explore draws fresh ones (and remembers
# failures in .hypothesis/); pin each one found as an @example.
settings.register_profile("seeded", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "seeded"))

# The checks an instructor registers in a chapter's cell, as the build knows them.
own_checks.load()
# Resolve pyplot's backend now, before any test starts an IPython shell: pyplot's
# first use installs a display hook, and with an IPython shell alive it imports
# IPython.core.pylabtools.backend2gui, which matplotlib 3.8 (make test-min) needs
# and IPython 9 no longer has. Which test touches pyplot first then no longer
# decides whether the suite passes.
plt.switch_backend("Agg")

HTML = ROOT / "_build" / "html"

__all__ = ["pytest_sessionstart", "pytest_terminal_summary"]  # hooks pytest calls

# The files that take longest, longest first (worker-seconds in `make test`: the two
# halves of the site's pages, with their answer boxes, about 100 each; in `make
# test-slow`, the simulated-Colab runs 50 each, the PDF's 30 when it is re-printed,
# the fork's build 45). They start
# first, so that the two workers end together instead of one running a long file
# alone at the end (longest processing time first); `make test` passes
# --no-loadscope-reorder, or pytest-xdist would put the files with the most tests
# first, which are the quick ones.
LONGEST_FIRST = (
    "test_pdf.py",  # first: it prints a stale PDF (30 s) while the other worker works
    "test_site.py",
    "test_site_pages_b.py",
    "test_fresh_chapters.py",
    "test_fresh_exercises.py",
    "test_fork.py",
    "test_faults.py",
    "test_slides.py",
    "test_widgets.py",
    "test_a11y.py",
)


def pytest_collection_modifyitems(items):
    # A stable sort by file: each file's items keep their order (a notebook's cells
    # must run in order). After the longest files come the chapters (5-8 s each
    # under nbval), before the many quick files, so that no worker is left running
    # a chapter alone at the end.
    rank = {name: k for k, name in enumerate(LONGEST_FIRST)}
    last = len(rank)

    def order(item):
        return rank.get(
            item.path.name, last if item.path.suffix == ".ipynb" else last + 1
        )

    items.sort(key=order)


@pytest.fixture(scope="session")
def site():
    """The built site on 127.0.0.1; its base URL."""
    if not (HTML / "index.html").exists():
        pytest.fail("no built site in _build/html: run `make book` first")
    with serve(HTML) as url:
        yield url


@pytest.fixture(scope="session")
def fresh_base():
    """The simulated Colab environment: what a chapter needs, without linclass."""
    prefix = fresh_env.base_env()
    for name in fresh_env.FORBIDDEN:
        assert not fresh_env.can_import(prefix, name), f"the fresh env has {name}"
    for name in ("numpy", "sklearn", "ipywidgets", "pandas"):
        assert fresh_env.can_import(prefix, name), f"the fresh env lacks {name}"
    return prefix


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium or Chrome (found by tools.book.browser), via Playwright."""
    try:
        chromium = find_browser()
    except BrowserError as exc:
        pytest.fail(str(exc))
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def site_pages(browser, site):
    """Every page of the site loaded once, in any mode (see the module docstring)."""
    pages = LoadedPages(browser, site)
    yield pages
    pages.close()
