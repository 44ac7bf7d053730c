"""Run a build step only when the contents of its inputs changed.

Each step of ``make book`` names its input files and its outputs; before it runs,
the SHA-256 of the inputs' names and contents is compared with the stamp the step
left in ``_build/.stamps/`` the last time it succeeded. Equal, and every output
present: the step is skipped. Contents, never modification times, so a checkout or
an editor that rewrites a file unchanged costs nothing, and a change made within
the same second as the last build is still seen.
"""

from __future__ import annotations

import hashlib
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
        ``run(root)`` does the work; raises (or exits) on failure.
    outputs : list of str
        Paths relative to ``root`` that must exist for the step to be skipped.
    """

    name: str
    inputs: Callable
    run: Callable
    outputs: list = field(default_factory=list)

    def stamp(self, root):
        return Path(root) / STAMPS / self.name

    def is_current(self, root, key):
        stamp = self.stamp(root)
        return (
            stamp.is_file()
            and stamp.read_text().strip() == key
            and all((Path(root) / out).exists() for out in self.outputs)
        )


def run_steps(root, steps, say=print, clock=time.perf_counter):
    """Run each stale step in order, one progress line each; return the ran names.

    A step's inputs are hashed just before it would run, so a step sees what the
    steps before it wrote. A failing step leaves no stamp and stops the build.
    """
    root = Path(root)
    ran = []
    for step in steps:
        start = clock()
        key = digest(root, step.inputs(root))
        if step.is_current(root, key):
            say(f"[book] {step.name}: up to date ({clock() - start:.1f} s)")
            continue
        say(f"[book] {step.name}: running ...")
        step.stamp(root).unlink(missing_ok=True)
        step.run(root)
        step.stamp(root).parent.mkdir(parents=True, exist_ok=True)
        step.stamp(root).write_text(key + "\n")
        ran.append(step.name)
        say(f"[book] {step.name}: done in {clock() - start:.1f} s")
    return ran
