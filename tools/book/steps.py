"""Run a build step only when its inputs changed or its outputs are not its own.

Each step of ``make book`` names its input files and its outputs; before it runs,
the SHA-256 of the inputs' names and contents is compared with the stamp the step
left in ``_build/.stamps/`` the last time it succeeded. Contents, never times, so a
checkout or an editor that rewrites an input unchanged costs nothing.

Beside the stamp, ``<name>.outputs`` records every file the step's outputs hold
(size and modification time in nanoseconds) when it finished. The step is skipped
only when its inputs are unchanged *and* its outputs are exactly those files: a
missing, truncated, hand-edited or foreign file (one another tool, say Sphinx
copying a raw notebook, wrote over it) makes the step run again, and the files that
are not its own are removed first, so that an incremental tool writes them anew.

A step that was killed leaves ``<name>.running``: the next build runs it again and
tells it (``run(root, reason)``) that it was interrupted, since an incremental tool
trusts files newer than their sources, and a half-written one is newer.

Every served file is written aside and renamed into place (:func:`write_atomic`),
so a build killed at any moment leaves the old file or the new, never half of one.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

STAMPS = Path("_build", ".stamps")


def files_under(root, *patterns):
    """The files matching ``patterns`` (globs, ``**`` allowed) below ``root``, sorted.

    Compiled files and editor debris are not inputs.
    """
    root = Path(root)
    found = set()
    for pattern in patterns:
        for path in root.glob(pattern):
            if path.is_file() and not _ignored(path.relative_to(root)):
                found.add(path)
    return sorted(found)


def _ignored(relative):
    parts = relative.parts
    return (
        "__pycache__" in parts
        or ".ipynb_checkpoints" in parts
        or relative.suffix in (".pyc", ".swp")
        or relative.name.startswith(".#")
    )


def digest(root, paths):
    """SHA-256 over the relative names and contents of ``paths``."""
    root = Path(root)
    sha = hashlib.sha256()
    for path in sorted(set(paths)):
        sha.update(Path(path).relative_to(root).as_posix().encode() + b"\0")
        sha.update(Path(path).read_bytes() + b"\0")
    return sha.hexdigest()


def write_atomic(target, data):
    """Write ``data`` (str or bytes) to ``target`` aside, then rename it into place:
    a reader (or a build killed meanwhile) sees the old file or the new, never half."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    if isinstance(data, str):
        data = data.encode("utf-8")
    partial.write_bytes(data)
    partial.replace(target)
    return target


def replace_dir(target, make):
    """Write a folder aside with ``make(folder)``, then swap it in for ``target``: a
    killed build leaves the old folder or the new one, never half of one."""
    target = Path(target)
    partial = target.with_name(f".{target.name}.partial")
    shutil.rmtree(partial, ignore_errors=True)
    make(partial)
    old = target.with_name(f".{target.name}.old")
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        target.rename(old)
    partial.rename(target)
    shutil.rmtree(old, ignore_errors=True)


def output_files(root, outputs, exclude=()):
    """``{relative path: [size, mtime_ns]}`` of every file under ``outputs`` (files
    or folders, relative to ``root``), leaving out those under ``exclude``."""
    root = Path(root)
    skip = tuple(Path(root, e) for e in exclude)
    found = {}
    for out in outputs:
        top = root / out
        paths = [top] if top.is_file() else sorted(top.rglob("*"))
        for path in paths:
            if path.is_file() and not any(path.is_relative_to(s) for s in skip):
                st = path.stat()
                found[path.relative_to(root).as_posix()] = [st.st_size, st.st_mtime_ns]
    return found


def not_own(recorded, present):
    """The files that differ between ``recorded`` and ``present`` manifests:
    ``{path: "missing" | "changed" | "not written by this step"}``."""
    diff = {}
    for path, stat in recorded.items():
        if path not in present:
            diff[path] = "missing"
        elif present[path] != stat:
            diff[path] = "changed"
    for path in present.keys() - recorded.keys():
        diff[path] = "not written by this step"
    return dict(sorted(diff.items()))


@dataclass
class Step:
    """One step of the build.

    Parameters
    ----------
    name : str
        Short name, printed on the progress line and used for the stamp file.
    inputs : callable
        ``inputs(root)`` returns the files whose contents decide whether to run.
    run : callable
        ``run(root)`` does the work; raises (or exits) on failure. A ``run`` with a
        second parameter is also told why it runs: ``"inputs"`` (they changed or
        it never ran), ``"outputs"`` (some are not its own) or ``"interrupted"``.
    outputs : list of str
        Files and folders, relative to ``root``, that the step writes and owns.
    exclude : list of str
        Paths under ``outputs`` that a later step owns (it writes over them).
    """

    name: str
    inputs: Callable
    run: Callable
    outputs: list = field(default_factory=list)
    exclude: list = field(default_factory=list)

    def stamp(self, root):
        return Path(root) / STAMPS / self.name

    def record(self, root):
        return self.stamp(root).with_name(self.name + ".outputs")

    def marker(self, root):
        return self.stamp(root).with_name(self.name + ".running")

    def present(self, root):
        return output_files(root, self.outputs, self.exclude)

    def recorded(self, root):
        try:
            return json.loads(self.record(root).read_text())
        except (OSError, ValueError):
            return None

    def why_stale(self, root, key):
        """None when up to date, else ``(reason, {path: what})`` of its outputs."""
        if self.marker(root).exists():
            return "interrupted", {}
        stamp = self.stamp(root)
        if not stamp.is_file() or stamp.read_text().strip() != key:
            return "inputs", {}
        recorded = self.recorded(root)
        if recorded is None:
            return "inputs", {}
        diff = not_own(recorded, self.present(root))
        return ("outputs", diff) if diff else None


def _describe(diff, shown=5):
    items = [f"{path} {what}" for path, what in diff.items()]
    more = f" and {len(items) - shown} more" if len(items) > shown else ""
    return "; ".join(items[:shown]) + more


def run_steps(root, steps, say=print, clock=time.perf_counter):
    """Run each stale step in order, one progress line each; return the ran names.

    A step's inputs are hashed just before it would run, so a step sees what the
    steps before it wrote. A failing or killed step leaves no stamp (and a
    ``.running`` marker) and stops the build.
    """
    root = Path(root)
    ran = []
    for step in steps:
        start = clock()
        key = digest(root, step.inputs(root))
        stale = step.why_stale(root, key)
        if stale is None:
            say(f"[book] {step.name}: up to date ({clock() - start:.1f} s)")
            continue
        reason, diff = stale
        if reason == "outputs":
            say(
                f"[book] {step.name}: {len(diff)} output(s) not as it wrote them "
                f"({_describe(diff)}): running again ..."
            )
            for path, what in diff.items():
                if what != "missing":
                    (root / path).unlink(missing_ok=True)
        elif reason == "interrupted":
            say(f"[book] {step.name}: the last run was interrupted: running again ...")
        else:
            say(f"[book] {step.name}: running ...")
        step.marker(root).parent.mkdir(parents=True, exist_ok=True)
        step.marker(root).touch()
        step.stamp(root).unlink(missing_ok=True)
        _call(step.run, root, reason)
        write_atomic(step.record(root), json.dumps(step.present(root), indent=0))
        write_atomic(step.stamp(root), key + "\n")
        step.marker(root).unlink()
        ran.append(step.name)
        say(f"[book] {step.name}: done in {clock() - start:.1f} s")
    return ran


def _call(run, root, reason):
    if len(inspect.signature(run).parameters) > 1:
        return run(root, reason)
    return run(root)


LOCK = Path("_build", ".lock")
_held = []  # the lock this process holds (make book prints the PDF inside it)


class BuildLock:
    """``with BuildLock(root):`` one build of ``root``'s ``_build/`` at a time.

    A second ``make book`` (or ``make pdf``) started meanwhile says that it waits,
    and for which process, then goes on once the first is done. The lock is the
    kernel's (``flock``): it goes with the process, so a killed build holds none.
    """

    def __init__(self, root, say=print):
        self.path = Path(root) / LOCK
        self.say = say
        self.file = None

    def __enter__(self):
        if _held:  # already ours: the print edition inside make book
            _held.append(self)
            return self
        import fcntl

        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.file = open(self.path, "a+")  # noqa: SIM115 (held until __exit__)
        try:
            fcntl.flock(self.file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            owner = ""
            for _ in range(20):  # the holder writes its id just after locking
                self.file.seek(0)
                owner = self.file.read().strip()
                if owner:
                    break
                time.sleep(0.05)
            owner = owner or "another process"
            self.say(
                f"[book] another build of {self.path.parent} is running ({owner}): "
                "waiting for it to finish ..."
            )
            start = time.perf_counter()
            fcntl.flock(self.file, fcntl.LOCK_EX)
            waited = time.perf_counter() - start
            self.say(f"[book] the other build is done; waited {waited:.0f} s")
        self.file.seek(0)
        self.file.truncate()
        self.file.write(f"process {os.getpid()}\n")
        self.file.flush()
        _held.append(self)
        return self

    def __exit__(self, *exc):
        _held.remove(self)
        if self.file is not None:
            self.file.close()  # releases the flock
        return False
