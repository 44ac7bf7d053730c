"""``make test-faults``: the slow faults, injected into a copy of the built book.

After each, the next build must serve what a clean build serves, byte for byte
(compared with this checkout's ``_build/html`` and ``_build/generated``), except the
print edition when it was printed again: Chromium writes the time of printing into
every PDF. In order:

- the issue's partial clean (``rm -rf _build/html _build/.doctrees
  _build/jupyter_execute``; the notebook cache is kept, so nothing executes);
- Sphinx's own outputs: a page truncated, a page edited by hand, a figure, an
  animation and the served wheel deleted;
- a build killed (SIGKILL, with every process it started) while each step runs;
- two builds started at once;
- a stylesheet edited, then put back;
- a fork's address that GitHub Pages cannot serve: the warning, and no served file
  naming the old address (the print edition is withdrawn until ``make pdf``).

Not collected by ``make test`` (the file name does not start with ``test_``):
``make test-faults`` names it.
"""

import re
import shutil
import time

import pytest
from book_copy import (
    assert_built,
    build,
    copy_book,
    differences,
    kill_during,
    served,
    start_build,
)
from book_toc import ROOT

from tools.book import config, pdf
from tools.book.build import STEPS

PRINTED = ("_build/html/_static/linear-classifiers.pdf",)
NONE = {"missing": [], "extra": [], "changed": []}


@pytest.fixture(scope="module")
def clean():
    """What this checkout serves: the clean build's site."""
    return served(ROOT)


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    root = copy_book(tmp_path_factory.mktemp("slow-faults") / "course")
    for folder in ("_build/html", "_build/.doctrees", "_build/jupyter_execute"):
        shutil.rmtree(root / folder)
    start = time.perf_counter()
    out = assert_built(build(root))
    return root, out, time.perf_counter() - start


def _same(root, clean, skip=()):
    got = served(root, skip=skip)
    want = {k: v for k, v in clean.items() if not k.startswith(tuple(skip))}
    return differences(want, got)


def test_a_partial_clean_builds_the_whole_site_again(book, clean):
    root, out, seconds = book
    print(f"partial clean: rebuilt in {seconds:.0f} s")
    assert _same(root, clean) == NONE
    # The served notebooks are the portable ones again, not Sphinx's MyST copies.
    assert "[book] portable notebooks: " in out and "not as it wrote them" in out
    for path in (root / "_build" / "html").glob("_s*/**/*.ipynb"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\{(glue|prf:ref|doc|cite)[:}]|```\{", text), path
    # Nothing printed changed, so the print edition is still the site's.
    assert "[book] print edition: up to date" in out, out


SPHINX_FAULTS = {
    "_build/html/chapters/02_perceptron.html": "truncate",
    "_build/html/index.html": "edit",
    "_build/html/_static/wheels/" + config.wheel_name(): "delete",
}


def test_sphinxs_own_outputs_broken_are_written_again(book, clean):
    root = book[0]
    html = root / "_build" / "html" / "_images"
    figure = sorted(html.glob("*.png"))[0]
    gif = sorted(html.glob("*.gif"))[0]
    faults = dict(SPHINX_FAULTS)
    faults[figure.relative_to(root).as_posix()] = "delete"
    faults[gif.relative_to(root).as_posix()] = "delete"
    for rel, how in faults.items():
        path = root / rel
        if how == "truncate":
            path.write_bytes(path.read_bytes()[:1000])
        elif how == "edit":
            text = path.read_text("utf-8")
            path.write_text(text.replace("</body>", "<p>edited</p></body>"))
        else:
            path.unlink()
    out = assert_built(build(root))
    line = next(x for x in out.splitlines() if x.startswith("[book] sphinx:"))
    assert f"{len(faults)} output(s) not as it wrote them" in line, out
    assert _same(root, clean) == NONE


def _force(root, name):
    """Make step ``name`` run at the next build (as a changed input would)."""
    if name == "print edition":
        path = root / pdf.OUT
        path.write_bytes(path.read_bytes()[:100])  # truncated: printed again
    elif name == "sphinx":
        (root / "_build/html/search.html").unlink()  # every page written again
    else:
        (root / "_build" / ".stamps" / name).unlink()


# Seconds after the step's first line: long enough to be inside the step's work.
DELAY = {"sphinx": 12, "print edition": 15, "wheel": 2, "portable notebooks": 3}


@pytest.mark.parametrize("name", [s.name for s in STEPS] + ["print edition"])
def test_a_build_killed_in_a_step_is_finished_by_the_next(book, clean, name):
    root = book[0]
    _force(root, name)
    killed = kill_during(root, f"[book] {name}:", DELAY.get(name, 0.3))
    last = [x for x in killed.splitlines() if x.startswith("[book]")][-1]
    out = assert_built(build(root))
    running = re.match(r"\[book\] (.+?): (running|\d+ output|the last run)", last)
    if running:  # still in that step when killed: the next build says so
        assert f"[book] {running.group(1)}: the last run was interrupted" in out, out
    skip = PRINTED if name == "print edition" else ()
    assert _same(root, clean, skip=skip) == NONE
    if name == "print edition":
        assert not pdf.is_stale(root)
        assert (root / PRINTED[0]).read_bytes() == (root / pdf.OUT).read_bytes()
    leftovers = list((root / "_build").rglob("*.partial"))
    assert not [p for p in leftovers if "html" in p.parts], leftovers


def test_two_builds_at_once_wait_for_each_other(book, clean):
    root = book[0]
    # Work for the first (the served notebooks, some seconds), so the second, however
    # late it starts, finds the lock taken.
    name = config.chapter_paths()[0].name
    (root / "_build/html/_sources/chapters" / name).unlink()
    first = start_build(root)
    assert "[book] wheel:" in first.stdout.readline()  # it holds the lock
    second = start_build(root)
    outs = [p.communicate(timeout=600)[0] for p in (first, second)]
    assert [p.returncode for p in (first, second)] == [0, 0], outs
    waited = [o for o in outs if "waiting for it to finish" in o]
    assert len(waited) == 1, outs
    other = first if waited[0] is outs[1] else second
    assert f"is running (process {other.pid})" in waited[0]
    assert _same(root, clean, skip=PRINTED) == NONE  # printed again above


def test_an_edited_stylesheet_reaches_the_site_and_its_bundle(book, clean):
    """With no page out of date Sphinx copies no static file: an edited stylesheet
    must still be served, purged into the site's one stylesheet and linked by its
    new checksum; undone, the site is the clean build's again."""
    root = book[0]
    css = root / "_static" / "lc-lean.css"
    original = css.read_text(encoding="utf-8")
    rule = ".bd-article h1 { letter-spacing: 0.01em; }"
    css.write_text(original + rule + "\n", encoding="utf-8")
    out = assert_built(build(root))
    assert "[book] sphinx: done in" in out, out
    static = root / "_build" / "html" / "_static"
    assert rule in (static / "lc-lean.css").read_text(encoding="utf-8")
    bundle = (static / "lc-site.css").read_text(encoding="utf-8")
    assert re.search(r"letter-spacing:\s*0?\.01em", bundle), "not in lc-site.css"
    changed = _same(root, clean, skip=PRINTED)["changed"]
    assert "_build/html/chapters/01_geometry.html" in changed, changed  # its link
    css.write_text(original, encoding="utf-8")
    assert_built(build(root))
    assert _same(root, clean, skip=PRINTED) == NONE


def test_a_fork_at_an_address_pages_cannot_serve(book):
    """Last: it changes the copy's address for good."""
    root = book[0]
    old_site, old_repo = config.site_url(), config.repo_url()
    new_site = "https://ml-course.example.edu/linear/"
    text = (root / "_config.yml").read_text(encoding="utf-8")
    text = text.replace(old_site, new_site)
    text = text.replace(old_repo, "https://github.com/a-teacher/linear")
    (root / "_config.yml").write_text(text, encoding="utf-8")
    out = assert_built(build(root))
    warning = out.splitlines()[0]
    assert warning.startswith("[book] WARNING: html.baseurl in _config.yml is ")
    assert new_site in warning
    assert "set html.baseurl to https://ml-course.example.edu/" in warning
    assert "the site no longer serves it" in out and "make pdf" in out
    assert not (root / PRINTED[0]).exists()
    status = (root / "_build/html/_static/lc-pdf-status.js").read_text()
    assert status.startswith("window.LC_PDF_STALE = true;")
    assert "being made" in status
    naming_old = [
        path
        for path in (root / "_build" / "html").rglob("*")
        if path.suffix in (".html", ".ipynb", ".js", ".md", ".txt")
        and old_site.rstrip("/") in path.read_text("utf-8", errors="replace")
    ]
    assert not naming_old, naming_old[:5]
