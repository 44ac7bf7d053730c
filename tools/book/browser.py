"""Find the Chromium or Chrome that the browser tests and the print edition drive.

Instructors run ``make test`` on Debian, Ubuntu, Fedora and macOS, and each puts
the browser somewhere else. The lookup tries, in this order:

1. the path in the environment variable ``CHROMIUM``;
2. the usual install paths of those systems, then the usual names on ``PATH``;
3. the Chromium that Playwright manages itself (``python -m playwright install
   chromium``).

``make test`` runs ``python -m tools.book.browser --ensure`` before pytest: if nothing
is found it installs Playwright's Chromium, saying so in one line, and if that
fails too it stops with one message that names the three fixes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

ENV_VAR = "CHROMIUM"
KNOWN_PATHS = (
    "/usr/bin/chromium",  # Debian
    "/usr/bin/chromium-browser",  # Fedora
    "/snap/bin/chromium",  # Ubuntu (the snap)
    "/usr/bin/google-chrome",  # Chrome's .deb and .rpm
    "/usr/bin/google-chrome-stable",
    "/opt/google/chrome/chrome",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",  # macOS
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
)
PATH_NAMES = (
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "chrome",
)
# Offline, no first-run chores; the tests and the printer launch it with these.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
INSTALL = [sys.executable, "-m", "playwright", "install", "chromium"]
FIXES = (
    "No Chromium or Chrome found for the browser tests. Fix it in one of three "
    "ways: set CHROMIUM=/path/to/chromium; install Chromium with your OS package "
    "manager or vendor (Debian: apt install chromium, Ubuntu: snap install chromium, "
    "Fedora: dnf install chromium, macOS: Google Chrome in /Applications); or run "
    "`.venv/bin/python -m playwright install chromium`."
)


class BrowserError(RuntimeError):
    """No browser to drive; the message says what to do."""


class BrowserNotFound(BrowserError):
    """None of the three places has a browser (installing one may help)."""


def _is_program(path):
    return os.path.isfile(path) and os.access(path, os.X_OK)


def playwright_chromium():
    """Path where Playwright keeps its own Chromium (it may not be installed)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        return pw.chromium.executable_path


def find_browser(
    env=os.environ, which=shutil.which, exists=_is_program, managed=playwright_chromium
):
    """Path of the browser to drive, looked up in the order of the module docstring.

    Parameters
    ----------
    env : mapping, default=os.environ
        Where ``CHROMIUM`` is read.
    which : callable, default=shutil.which
        Resolves a program name on ``PATH`` to a path, or None.
    exists : callable, default: an executable file exists at the path
    managed : callable, default=playwright_chromium
        Returns the path of Playwright's own Chromium, installed or not.

    Returns
    -------
    str

    Raises
    ------
    BrowserError
        If ``CHROMIUM`` names no program: a typo must not fall through to another
        browser.
    BrowserNotFound
        If none of the three places has a browser.

    Examples
    --------
    >>> find_browser(env={"CHROMIUM": "/opt/cr/chrome"}, exists=lambda p: True)
    '/opt/cr/chrome'
    """
    chosen = env.get(ENV_VAR)
    if chosen:
        if not exists(chosen):
            raise BrowserError(
                f"{ENV_VAR}={chosen} is not an executable file; point it at a "
                f"Chromium or Chrome binary, or unset it to look in the usual places"
            )
        return chosen
    for path in KNOWN_PATHS:
        if exists(path):
            return path
    for name in PATH_NAMES:
        path = which(name)
        if path and exists(path):
            return path
    path = managed()
    if path and exists(path):
        return path
    raise BrowserNotFound(FIXES)


def _say(line):
    print(line, flush=True)  # before the installer's own output, even into a pipe


def ensure(find=find_browser, install=subprocess.run, say=_say):
    """Find a browser, installing Playwright's Chromium if there is none.

    Returns the browser's path; raises :class:`BrowserNotFound` with the three
    fixes if the install fails or still leaves no browser, and passes on the
    :class:`BrowserError` of a wrong ``CHROMIUM`` without installing anything.

    Examples
    --------
    >>> ensure(find=lambda: "/usr/bin/chromium", say=lambda line: None)
    '/usr/bin/chromium'
    """
    try:
        return find()
    except BrowserNotFound:
        pass
    shown = "python " + " ".join(INSTALL[1:])
    say(f"No Chromium or Chrome found: installing Playwright's with `{shown}`")
    done = install(INSTALL, check=False)
    if done.returncode != 0:
        raise BrowserNotFound(f"`{shown}` failed. {FIXES}")
    return find()


def main(argv):
    """``--ensure``: print the browser found or installed, or exit with the fixes."""
    if argv != ["--ensure"]:
        raise SystemExit("usage: python -m tools.book.browser --ensure")
    try:
        print(f"Browser tests use {ensure()}")
    except BrowserError as exc:
        raise SystemExit(str(exc)) from None


if __name__ == "__main__":
    main(sys.argv[1:])
