"""Faults a maintainer or a reader meets, injected into a copy of the built book
(``book_copy.py``): after the next build the served site is, byte for byte, the one
before the fault, and every message says what happened.

The quick part, in ``make test``: served files of the steps after Sphinx, and the
generated files Sphinx serves, deleted, truncated, edited by hand or written over
(none of these makes Sphinx run, so each costs a few seconds); the setup cell with
no network and with a wrong address; the warning for an address GitHub Pages
cannot serve. Killed and concurrent builds, a fork's new address and faults in
Sphinx's own pages are ``make test-faults`` (``faults_slow.py``).
"""

import json
import re
import socket

import pytest
from book_copy import assert_built, build, copy_book, differences, served
from book_toc import ROOT

from tools.book import config, fresh_env, setup_cell
from tools.book.exercises import edition_name
from tools.book.local_server import serve

FIRST = config.chapter_paths()[0]
CHAPTER = f"_build/html/_sources/chapters/{FIRST.name}"
EDITION = f"_build/html/_static/exercises/{edition_name(FIRST)}"
GENERATED_EDITION = f"_build/generated/exercises/{edition_name(FIRST)}"
DECK = f"_build/html/slides/{FIRST.stem}.html"
REVEAL = "_build/html/_static/revealjs/dist/reveal.js"
WHEEL = f"_build/generated/wheels/{config.wheel_name()}"
ANSWERS = "_build/generated/lc-answers.js"
PDF_COPY = "_build/html/_static/linear-classifiers.pdf"
STATUS = "_build/html/_static/lc-pdf-status.js"


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    """The copy, built once more: every step up to date, as here."""
    root = copy_book(tmp_path_factory.mktemp("faults") / "course")
    out = assert_built(build(root))
    steps = [line for line in out.splitlines() if line.startswith("[book]")]
    # (A print edition older than the checkout's site is only withdrawn, as here.)
    stale = [
        line
        for line in steps[:-1]
        if ": up to date" not in line and "print edition" not in line
    ]
    assert not stale, f"the copy is not up to date as the checkout is:\n{out}"
    return root, served(root)


def _delete(path):
    path.unlink()
    return path


def _truncate(path):
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    return path


def _edit(path):
    path.write_text(path.read_text(encoding="utf-8") + "\n<!-- edited -->\n")
    return path


def _raw_source(path):
    # What Sphinx did after a partial clean: the MyST chapter over the portable one.
    nb = json.loads((ROOT / "chapters" / path.name).read_text(encoding="utf-8"))
    path.write_text(json.dumps(setup_cell.serve(nb), indent=1) + "\n")
    return path


def _debris(path):
    # What a build killed while writing aside leaves.
    debris = path.parent / f".{path.name}.12345.partial"
    debris.write_text('{"cells": [')
    return debris


SECOND = config.chapter_paths()[1]
# Each group: faults injected together, then one build: (file, fault, step, what).
GROUPS = {
    "served notebooks": [
        (CHAPTER, _delete, "portable notebooks", "missing"),
        (CHAPTER.replace(FIRST.name, SECOND.name), _raw_source, "", "changed"),
        (EDITION, _truncate, "", "changed"),
        (EDITION, _debris, "", "not written by this step"),
    ],
    "slides": [
        (DECK, _edit, "slides", "changed"),
        (REVEAL, _delete, "slides", "missing"),
    ],
    "generated files": [
        (WHEEL, _delete, "wheel", "missing"),
        (ANSWERS, _truncate, "site assets", "changed"),
        (GENERATED_EDITION, _edit, "exercise notebooks", "changed"),
    ],
}


@pytest.mark.parametrize("group", GROUPS)
def test_broken_outputs_are_built_again_and_named(book, group):
    root, clean = book
    broken = {}  # step -> {file: what}
    step = None
    for rel, fault, name, what in GROUPS[group]:
        step = name or step
        path = fault(root / rel)
        broken.setdefault(step, {})[path.relative_to(root).as_posix()] = what
    out = assert_built(build(root))
    for step, files in broken.items():
        said = [x for x in out.splitlines() if x.startswith(f"[book] {step}:")]
        assert said, out
        assert "output(s) not as it wrote them" in said[0], said[0]
        named = dict(re.findall(r"(_build/\S+) (missing|changed|not written)", said[0]))
        for path, what in files.items():  # each named, with what is wrong with it
            assert what.startswith(named.get(path, "?")), (path, said[0])
        assert said[-1].startswith(f"[book] {step}: done in "), out
    # Rebuilt and nothing else: Sphinx does not run for files it did not write.
    assert "[book] sphinx: up to date" in out, out
    assert differences(clean, served(root)) == differences(clean, clean)
    again = assert_built(build(root))
    assert "running" not in again, again


def test_the_print_editions_served_copy_and_status_come_back(book):
    root, clean = book
    (root / STATUS).write_text("window.LC_PDF_STALE = 'edited';\n")
    if PDF_COPY in clean:  # a fresh clone's: printed by its make book
        (root / PDF_COPY).unlink()
        out = assert_built(build(root))
        assert "[book] print edition: the site's copy restored from _build/pdf/" in out
    else:  # a checkout edited since `make pdf`: the copy stays unserved, and says so
        out = assert_built(build(root))
        assert "the site no longer serves it" in out, out
    assert differences(clean, served(root)) == differences(clean, clean)


# --- the setup cell of a served notebook, without the network ------------------------


def _closed_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # nothing listens once the socket is closed


def _run_setup_cell(tmp_path, base, wheel_url):
    cell = setup_cell.cell(served=True)
    nb = {
        "cells": [cell],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    work = tmp_path / "learner"
    work.mkdir()
    path = work / "setup.ipynb"
    path.write_text(json.dumps(nb))
    env = {"LINCLASS_WHEEL_URL": wheel_url, "PIP_RETRIES": "0", "PIP_TIMEOUT": "5"}
    done, error = fresh_env.run_notebook(path, base, work, env=env)
    outputs = done["cells"][0]["outputs"]
    text = "".join("".join(o.get("text", "")) for o in outputs)
    text += "".join(f"{o.get('ename')}: {o.get('evalue')}" for o in outputs)
    return text, error


@pytest.mark.parametrize("where", ["no network", "wrong address"])
def test_the_setup_cell_says_what_failed_and_what_to_do(tmp_path, fresh_base, where):
    wheel = f"_static/wheels/{config.wheel_name()}"
    with serve(tmp_path) as site:  # a site without the wheel: it answers 404
        if where == "no network":  # nothing answers: as offline, or a proxy refusing
            url = f"http://127.0.0.1:{_closed_port()}/{wheel}"
            reason = re.compile(r"refused|failed to (establish|connect)", re.I)
        else:  # as a fork's mistyped address, or a custom domain with a path
            url = f"{site}{wheel}"
            reason = re.compile(r"HTTP error 404", re.I)
        text, error = _run_setup_cell(tmp_path, fresh_base, url)
    assert error, "the notebook went on although linclass is not installed"
    assert "Installed" not in text and "\x1b" not in text, text
    assert "UserWarning" not in text, text  # IPython's "To exit: use 'exit'" too
    message = text.split("SystemExit: ", 1)[-1].strip().splitlines()
    assert len(message) == 2, text
    assert message[0].startswith(f"linclass is not installed: tried pip install {url}")
    assert reason.search(message[0]), message[0]
    site = config.site_url()
    assert f"{site}_static/wheels/" in message[1] and config.repo_url() in message[1]
    assert "pip install" in message[1], message[1]


def test_every_served_setup_cell_checks_the_import():
    source = setup_cell.source(served=True)
    assert "import linclass" in source and "SystemExit" in source
    assert "{{" not in source, "a placeholder left in a served cell"
    served_cells = []
    for path in (ROOT / "_build" / "html").glob("_s*/**/*.ipynb"):
        nb = json.loads(path.read_text(encoding="utf-8"))
        served_cells += [c for c in nb["cells"] if setup_cell.is_setup_cell(c)]
    assert served_cells and all("".join(c["source"]) == source for c in served_cells)


# --- an address GitHub Pages cannot serve --------------------------------------------


def _with_baseurl(tmp_path, url):
    text = (ROOT / "_config.yml").read_text(encoding="utf-8")
    (tmp_path / "_config.yml").write_text(text.replace(config.site_url(), url))
    return tmp_path


@pytest.mark.parametrize(
    "url",
    [
        "https://a-teacher.github.io/linear-classifiers/",  # a project site
        "https://a-teacher.github.io/",
        "https://ml-course.example.edu/",
    ],
)
def test_addresses_pages_serves_get_no_warning(tmp_path, url):
    assert config.pages_warning(_with_baseurl(tmp_path, url)) is None


def test_a_custom_domain_with_a_path_gets_a_warning_saying_what_to_set(tmp_path):
    root = _with_baseurl(tmp_path, "https://ml-course.example.edu/linear/")
    warning = config.pages_warning(root)
    assert "https://ml-course.example.edu/linear/" in warning
    assert "only at its root" in warning and "/linear/" in warning
    assert "set html.baseurl to https://ml-course.example.edu/" in warning
    assert "github.io" in warning and "404" in warning
