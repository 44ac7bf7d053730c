"""A copy of the built book to break: the fault-injection tests (test_faults.py, and
faults_slow.py behind ``make test-faults``) inject faults into it and build it again.

The copy keeps every file's modification time, so its build steps are up to date as
they are here (the stamps hold relative names and contents; the output records,
relative names, sizes and times): a fault makes only the steps it touches run.
Sphinx's saved environment names this checkout's folder, so the first Sphinx run in
a copy reads every page again (from the notebook cache: nothing is executed).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from book_toc import ROOT

SKIP = {".git", ".venv", ".venv-min", ".cache", "build", "__pycache__"}
# Not the book: screenshots of the browser tests, the lock of a build running here.
SKIP_BUILD = {"screenshots", ".lock"}
HTML = Path("_build", "html")
GENERATED = Path("_build", "generated")


def copy_book(dest):
    """Copy this checkout with its ``_build/`` to ``dest``; return ``dest``."""

    def ignore(folder, names):
        skip = SKIP | (SKIP_BUILD if Path(folder).name == "_build" else set())
        return [n for n in names if n in skip or n.endswith(".partial")]

    if not (ROOT / HTML / "index.html").is_file():
        raise AssertionError("no built book to copy: run `make book` first")
    shutil.copytree(ROOT, dest, ignore=ignore, symlinks=True)
    return Path(dest)


def served(root, *, skip=()):
    """``{path: sha256}`` of every file the site serves, and of the generated files
    Sphinx copies into it, below ``root``."""
    out = {}
    for top in (HTML, GENERATED):
        for path in sorted((Path(root) / top).rglob("*")):
            rel = path.relative_to(root).as_posix()
            if path.is_file() and not any(rel.startswith(s) for s in skip):
                out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def differences(before, after):
    """The files that differ between two :func:`served` maps, named."""
    changed = sorted(p for p in before.keys() & after.keys() if before[p] != after[p])
    return {
        "missing": sorted(before.keys() - after.keys()),
        "extra": sorted(after.keys() - before.keys()),
        "changed": changed,
    }


def _env(root):
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONUNBUFFERED="1")
    env.pop("PYTEST_XDIST_WORKER", None)
    return env


def build(root, timeout=900):
    """``make book``'s build in ``root``; returns the finished process (text out)."""
    return subprocess.run(
        [sys.executable, "-m", "tools.book.build"],
        cwd=root,
        env=_env(root),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def start_build(root):
    """A build in ``root`` in its own process group, its output piped line by line."""
    return subprocess.Popen(
        [sys.executable, "-m", "tools.book.build"],
        cwd=root,
        env=_env(root),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )


def kill_during(root, line, delay, timeout=600):
    """Start a build, wait for the output ``line`` (a step starting), wait ``delay``
    seconds more, then SIGKILL the build and every process it started. Returns
    what the build printed."""
    build = start_build(root)
    seen, start = [], time.monotonic()
    try:
        for out in build.stdout:
            seen.append(out)
            if line in out:
                time.sleep(delay)
                break
            if time.monotonic() - start > timeout:
                raise AssertionError(f"no {line!r} in {timeout} s:\n{''.join(seen)}")
        else:
            raise AssertionError(f"the build ended before {line!r}:\n{''.join(seen)}")
    finally:
        os.killpg(build.pid, signal.SIGKILL)
        build.wait()
        seen.append(build.stdout.read())  # what it printed before it was killed
        build.stdout.close()
    return "".join(seen)


def assert_built(done):
    assert done.returncode == 0, f"the build failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout
