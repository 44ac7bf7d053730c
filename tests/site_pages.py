"""The built site's pages, each loaded once per test session and shared.

``LoadedPages.get(name, mode)`` returns a ``Tab`` (the Playwright page and the list of
problems seen since it loaded: console errors, page errors, failed requests, requests
leaving the site) put into ``mode``: ``"light"`` or ``"dark"`` (switched by the theme
button, as a reader does) at desktop width, or ``"phone"`` (light, 390 px wide). The
first call for a page loads it; later calls only switch the mode, so a page is loaded
once however many tests look at it. Tests may click and scroll; they must not
navigate away.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlparse

DESKTOP, PHONE = 1280, 390  # viewport widths (px); the phone is iPhone-sized
MODES = ("light", "dark", "phone")


@dataclass
class Tab:
    page: object
    problems: list = field(default_factory=list)


def open_page(browser, url):
    """Load a page in light mode; record console errors, failed, off-site requests."""
    page = browser.new_page(viewport={"width": DESKTOP, "height": 900})
    # Light whatever the system prefers: the theme button stores its choice under
    # "mode", read by the theme's first script.
    page.add_init_script("localStorage.setItem('mode', 'light')")
    tab = Tab(page)
    host = urlparse(url).netloc

    def on_console(message):
        if message.type == "error":
            tab.problems.append(f"console {message.type}: {message.text}")

    def check_request(request):
        if request.url.startswith(("data:", "blob:", "about:")):
            return
        if urlparse(request.url).netloc != host:
            tab.problems.append(f"request leaves the site: {request.url}")

    page.on("console", on_console)
    page.on("pageerror", lambda e: tab.problems.append(f"page error: {e}"))

    def on_failed(request):
        # A player that moves on to another frame cancels the one it no longer
        # shows (net::ERR_ABORTED); a frame that is not there answers 404, below.
        if "/lc-frames/" in request.url and "ERR_ABORTED" in (request.failure or ""):
            return
        tab.problems.append(f"failed request: {request.url} ({request.failure})")

    def on_response(response):
        if response.status >= 400:
            tab.problems.append(f"{response.url} answered {response.status}")

    page.on("requestfailed", on_failed)
    page.on("response", on_response)
    page.on("request", check_request)
    # "load", not "networkidle" (half a second of idle per page): the maths is
    # typeset at build time, and a screenshot waits for the web fonts.
    response = page.goto(url, wait_until="load")
    assert response is not None and response.ok, f"{url} answered {response}"
    shown = page.evaluate("() => document.documentElement.dataset.theme")
    assert shown == "light", f"{url}: asked for the light theme, the page shows {shown}"
    return tab


def switch_theme(page, theme, name):
    """Click the theme button (it cycles light, dark, auto) until ``theme`` shows."""
    button = page.locator(".theme-switch-button:visible").first
    for _ in range(3):
        if page.evaluate("() => document.documentElement.dataset.theme") == theme:
            break
        button.click()
    shown = page.evaluate("() => document.documentElement.dataset.theme")
    assert shown == theme, f"{name}: the theme button never showed {theme}"
    page.mouse.move(0, 0)  # no tooltip over the screenshot
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    settle(page)


# The theme eases its buttons' colours into the new theme (0.15-0.3 s): a check run
# meanwhile sees colours of neither theme (axe found the search button's text at
# 3:1 in dark mode, half-way there).
TRANSITIONS_DONE = """() => document.getAnimations()
  .every(a => !(a instanceof CSSTransition) || a.playState !== 'running')"""


def settle(page):
    """Wait until no CSS transition runs: the page shows its mode's colours."""
    page.wait_for_function(TRANSITIONS_DONE, timeout=5000)


class LoadedPages:
    """One tab per page of the site at ``base``, in one browser (see the module)."""

    def __init__(self, browser, base):
        self.browser, self.base, self.tabs = browser, base, {}

    def get(self, name, mode="light"):
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
        if name not in self.tabs:
            self.tabs[name] = open_page(self.browser, self.base + name)
        tab = self.tabs[name]
        if tab.page.viewport_size["width"] != DESKTOP:
            # The theme button hides in the phone's menu: switch at desktop width.
            tab.page.set_viewport_size({"width": DESKTOP, "height": 900})
        switch_theme(tab.page, "dark" if mode == "dark" else "light", name)
        if mode == "phone":
            tab.page.set_viewport_size({"width": PHONE, "height": 844})
            settle(tab.page)
        return tab

    def close(self):
        for tab in self.tabs.values():
            tab.page.close()
        self.tabs.clear()


def untypeset_maths(page, scope=""):
    """The start of every maths node under ``scope`` (a CSS prefix) without its
    MathML; a page and a slide deck are checked with the same query."""
    return page.evaluate(
        """scope => [...document.querySelectorAll(scope + '.math')]
             .filter(e => !e.querySelector('math'))
             .map(e => e.textContent.slice(0, 60))""",
        scope,
    )
