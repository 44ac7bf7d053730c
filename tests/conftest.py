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

``make test`` runs pytest-xdist with ``--dist loadgroup``, and the hook below makes
the groups: the browser tests of one page (a test using ``browser`` or
``site_pages`` parametrized by ``name``, ``page`` or ``chapter``, such as
``"chapters/02_perceptron.html"`` or ``"chapters/02_perceptron"``) form one group,
so they run in one worker and share its loaded page, and the pages spread over the
workers; each simulated-Colab run (``fresh_base``) is a unit of its own; the rest is
grouped by file, like ``--dist loadfile`` (a notebook's cells share one kernel).
"""

import matplotlib
import pytest
from book_toc import ROOT
from run_summary import pytest_sessionstart, pytest_terminal_summary
from site_pages import LoadedPages

from tools.book import fresh_env
from tools.book.browser import CHROMIUM_ARGS, BrowserError, find_browser
from tools.book.local_server import serve

matplotlib.use("Agg")

HTML = ROOT / "_build" / "html"

__all__ = ["pytest_sessionstart", "pytest_terminal_summary"]  # hooks pytest calls


BROWSER_FIXTURES = {"browser", "site_pages"}


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(config, items):
    for item in items:
        if any(item.iter_markers("xdist_group")):
            continue
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & BROWSER_FIXTURES:
            group = f"site:{_page_of(item)}"
        elif "fresh_base" in fixtures:
            continue  # alone: the runs spread over the workers
        else:
            group = item.nodeid.split("::")[0]
        item.add_marker(pytest.mark.xdist_group(group))


def _page_of(item):
    """The site page a browser test is parametrized by, without ".html"; or "-"."""
    params = getattr(getattr(item, "callspec", None), "params", {})
    for key in ("name", "page", "chapter"):
        if isinstance(params.get(key), str):
            return params[key].removesuffix(".html")
    return "-"


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
