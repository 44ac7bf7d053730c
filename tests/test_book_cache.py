"""The notebook cache is cleared when linclass/ or the lock file changes.

Runs the step of ``make book`` (tools/book/cache.py) on a temporary copy of the
book's sources with a stand-in cache, rather than a full book build.
"""

import shutil
import subprocess
import sys

import pytest
from book_toc import ROOT

from tools.book import cache


@pytest.fixture
def book(tmp_path):
    copy = tmp_path / "book"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "linclass", copy / "linclass", ignore=ignore)
    for name in ("_config.yml", "_toc.yml", "intro.md", cache.LOCK_FILE):
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, copy / name)
    return copy


def _warm(book):
    """A cache and doctrees as a finished build leaves them."""
    for folder in (cache.CACHE, cache.DOCTREES):
        (book / folder).mkdir(parents=True, exist_ok=True)
        (book / folder / "entry").write_text("outputs")


def _step(book):
    """The step as the Makefile runs it."""
    script = ROOT / "tools" / "book" / "cache.py"
    done = subprocess.run(
        [sys.executable, str(script), str(book)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _cached(book):
    return (book / cache.CACHE / "entry").exists(), (
        book / cache.DOCTREES / "entry"
    ).exists()


def test_a_change_to_linclass_clears_the_cache(book):
    _warm(book)
    assert "cache cleared" in _step(book)  # no fingerprint yet: unknown origin
    assert _cached(book) == (False, False)
    _warm(book)
    assert _step(book) == ""  # same code: the warm cache stays
    assert _cached(book) == (True, True)
    source = book / "linclass" / "perceptron.py"
    source.write_text(source.read_text() + "\n# a change\n")
    assert "cache cleared" in _step(book)
    assert _cached(book) == (False, False)


def test_a_change_to_the_lock_file_clears_the_cache(book):
    lock = book / cache.LOCK_FILE
    lock.write_text("numpy==2.0.0\n")
    cache.invalidate_if_stale(book)
    _warm(book)
    assert not cache.invalidate_if_stale(book)
    lock.write_text("numpy==2.0.1\n")
    assert cache.invalidate_if_stale(book)
    assert _cached(book) == (False, False)
    # Removing the lock file changes what the outputs were built with, too.
    _warm(book)
    lock.unlink()
    assert cache.invalidate_if_stale(book)


def test_the_fingerprint_follows_contents_not_times(book):
    before = cache.fingerprint(book)
    source = book / "linclass" / "lda.py"
    source.touch()
    (book / "linclass" / "__pycache__").mkdir(exist_ok=True)
    (book / "linclass" / "__pycache__" / "lda.cpython.pyc").write_bytes(b"\0")
    assert cache.fingerprint(book) == before
    (book / "linclass" / "notes.txt").write_text("a new file under linclass/")
    assert cache.fingerprint(book) != before


def test_not_a_book_is_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="no linclass/ folder"):
        cache.fingerprint(tmp_path)
    script = ROOT / "tools" / "book" / "cache.py"
    done = subprocess.run(
        [sys.executable, str(script), str(tmp_path)], capture_output=True, text=True
    )
    assert done.returncode != 0 and "no linclass/ folder" in done.stderr
