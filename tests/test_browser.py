"""The browser lookup of tools/book/browser.py, on fake file systems and a fake PATH."""

import subprocess

import pytest

from tools.book.browser import (
    FIXES,
    INSTALL,
    BrowserError,
    BrowserNotFound,
    ensure,
    find_browser,
    main,
)

MANAGED = "/home/u/.cache/ms-playwright/chromium-1200/chrome-linux/chrome"


def machine(files=(), path=None, managed=MANAGED):
    """Keyword arguments of find_browser for a machine with these programs."""
    files = set(files)
    path = path or {}
    return {
        "exists": files.__contains__,
        "which": path.get,
        "managed": lambda: managed,
    }


@pytest.mark.parametrize(
    "system, files",
    [
        ("Debian", ["/usr/bin/chromium"]),
        ("Fedora", ["/usr/bin/chromium-browser"]),
        ("Ubuntu snap", ["/snap/bin/chromium"]),
        ("Chrome rpm", ["/usr/bin/google-chrome"]),
        (
            "macOS Chrome",
            ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"],
        ),
        ("macOS Chromium", ["/Applications/Chromium.app/Contents/MacOS/Chromium"]),
    ],
)
def test_finds_the_browser_where_each_system_installs_it(system, files):
    assert find_browser(env={}, **machine(files)) == files[0], system


def test_chromium_variable_comes_first():
    fake = machine(["/usr/bin/chromium", "/opt/my/chrome"])
    assert find_browser(env={"CHROMIUM": "/opt/my/chrome"}, **fake) == "/opt/my/chrome"


def test_a_wrong_chromium_variable_is_an_error_not_a_fallback():
    fake = machine(["/usr/bin/chromium"])
    with pytest.raises(BrowserError, match="CHROMIUM=/opt/typo is not") as caught:
        find_browser(env={"CHROMIUM": "/opt/typo"}, **fake)
    assert not isinstance(caught.value, BrowserNotFound)  # nothing to install


def test_usual_paths_before_path_and_path_before_playwright():
    on_path = {"chrome": "/home/u/bin/chrome"}
    files = ["/snap/bin/chromium", "/home/u/bin/chrome", MANAGED]
    assert find_browser(env={}, **machine(files, on_path)) == "/snap/bin/chromium"
    assert find_browser(env={}, **machine(files[1:], on_path)) == "/home/u/bin/chrome"
    assert find_browser(env={}, **machine(files[2:], on_path)) == MANAGED


def test_path_names_in_order_and_only_if_the_file_is_there():
    on_path = {
        "chromium": "/usr/local/bin/chromium",  # stale entry: the file is gone
        "google-chrome-stable": "/usr/local/bin/google-chrome-stable",
        "chrome": "/usr/local/bin/chrome",
    }
    files = ["/usr/local/bin/google-chrome-stable", "/usr/local/bin/chrome"]
    found = find_browser(env={}, **machine(files, on_path))
    assert found == "/usr/local/bin/google-chrome-stable"


def test_playwright_path_counts_only_once_installed():
    with pytest.raises(BrowserNotFound) as caught:
        find_browser(env={}, **machine([]))  # Playwright knows the path, no file
    assert str(caught.value) == FIXES
    for fix in ("CHROMIUM=", "package manager", "playwright install chromium"):
        assert fix in FIXES


class FakeInstall:
    """Stands in for subprocess.run; 'installs' by creating the managed file."""

    def __init__(self, files, returncode=0):
        self.files, self.returncode, self.calls = files, returncode, []

    def __call__(self, command, check):
        self.calls.append(command)
        if self.returncode == 0:
            self.files.add(MANAGED)
        return subprocess.CompletedProcess(command, self.returncode)


def _ensure(files, returncode=0, env=None):
    files, lines = set(files), []
    install = FakeInstall(files, returncode)
    fake = machine(files)
    fake["exists"] = files.__contains__  # sees what the install adds

    def find():
        return find_browser(env=env or {}, **fake)

    try:
        return ensure(find=find, install=install, say=lines.append), install, lines
    except BrowserError as exc:
        return exc, install, lines


def test_ensure_uses_a_found_browser_and_installs_nothing():
    found, install, lines = _ensure(["/usr/bin/chromium"])
    assert found == "/usr/bin/chromium" and install.calls == [] and lines == []


def test_ensure_installs_playwright_chromium_saying_so_in_one_line():
    found, install, lines = _ensure([])
    assert found == MANAGED
    assert install.calls == [INSTALL]
    assert INSTALL[1:] == ["-m", "playwright", "install", "chromium"]
    assert len(lines) == 1 and "installing Playwright's" in lines[0]


def test_ensure_stops_with_the_three_fixes_when_the_install_fails():
    error, install, lines = _ensure([], returncode=1)
    assert isinstance(error, BrowserNotFound) and FIXES in str(error)
    assert "`python -m playwright install chromium` failed" in str(error)
    assert len(install.calls) == 1 and len(lines) == 1


def test_ensure_does_not_install_over_a_wrong_chromium_variable():
    error, install, lines = _ensure([], env={"CHROMIUM": "/nope"})
    assert isinstance(error, BrowserError) and "CHROMIUM=/nope" in str(error)
    assert install.calls == [] and lines == []


def test_script_needs_its_one_option():
    with pytest.raises(
        SystemExit, match="usage: python -m tools.book.browser --ensure"
    ):
        main([])


def test_script_exits_with_the_message_when_there_is_no_browser(monkeypatch):
    from tools.book import browser

    def no_browser():
        raise BrowserNotFound(FIXES)

    monkeypatch.setattr(browser, "ensure", no_browser)
    with pytest.raises(SystemExit) as caught:
        main(["--ensure"])
    assert caught.value.code == FIXES
