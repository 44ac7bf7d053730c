"""Test-wide set-up: draw with Agg, never open a window; summarise the run at the end.

The backend is set here rather than through MPLBACKEND in the Makefile, because
notebook kernels inherit the environment and would then show no figures at all.
The summary's hooks live in run_summary.py; importing them here registers them.
"""

import matplotlib
import pytest
from book_toc import ROOT
from run_summary import pytest_sessionstart, pytest_terminal_summary

from tools.book import fresh_env
from tools.book.browser import CHROMIUM_ARGS, BrowserError, find_browser
from tools.book.local_server import serve

matplotlib.use("Agg")

HTML = ROOT / "_build" / "html"

__all__ = ["pytest_sessionstart", "pytest_terminal_summary"]  # hooks pytest calls


@pytest.fixture(scope="module")
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


@pytest.fixture(scope="module")
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
