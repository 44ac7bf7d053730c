"""Checks an instructor registers in a chapter's notebook cell, known to the build.

The teaching and API pages tell an instructor to register an exercise of their own
with ``lc.check.register_exercise`` (or ``register_answer``, ``register_mistakes``)
in a notebook cell. The build steps that need the registries (the exercise edition
says above each check what it compares; the site's answer boxes hash the answer
keys) run in processes of their own, where only ``linclass``'s own checks are
registered; so before they read the registries they run the chapters' registration
cells here, each on its own, as a learner's kernel would.

A registration cell must therefore define or import everything it uses (the API
page's example does); one that fails on its own stops the build with the chapter,
the cell and the error, never with a bare ``no exercise called ...``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np

import linclass as lc
from linclass.check import _core
from linclass.check._answers import accepted

from . import config

REGISTERS = re.compile(r"\blc\.check\.register_(?:exercise|answer|mistakes)\(")
MAGIC = re.compile(r"^\s*[%!].*$", re.M)  # %pip, !ls: IPython, not Python


class RegistrationError(RuntimeError):
    """A chapter's registration cell does not run on its own."""


def registration_cells(path):
    """The source of every code cell of a chapter that registers a check."""
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    return [
        (cell.get("id", str(k)), "".join(cell["source"]))
        for k, cell in enumerate(nb["cells"])
        if cell["cell_type"] == "code" and REGISTERS.search("".join(cell["source"]))
    ]


def _try_new(before):
    """Compute what the cell registered (cases, keys), as the build will."""
    for key, ex in _core.EXERCISES.items():
        if before.get(key) is not ex:
            _core.compares_of(key)
    for key, spec in _core.ANSWERS.items():
        if before.get(key) is not spec:
            accepted(spec)


def load(paths=None):
    """Run every registration cell of the chapters; return the chapters that had one.

    Raises
    ------
    RegistrationError
        A cell raised: the message names the chapter, the cell and the error.
    """
    found = []
    for path in paths or config.chapter_paths():
        for cell_id, source in registration_cells(path):
            namespace = {"np": np, "lc": lc, "linclass": lc}
            code = MAGIC.sub("", source)
            before = {**_core.EXERCISES, **_core.ANSWERS}
            try:
                exec(
                    compile(code, f"{Path(path).name}, cell {cell_id}", "exec"),
                    namespace,
                )
                _try_new(before)
            except Exception as exc:
                raise RegistrationError(
                    f"{Path(path).name}, cell {cell_id}: this cell registers a check "
                    f"but fails when run on its own ({type(exc).__name__}: {exc}). "
                    "The build runs such cells by themselves: define or import "
                    "everything the cell uses in it, and pass replace=True so that "
                    "it can run twice."
                ) from exc
            found.append(Path(path))
    return sorted(set(found))
