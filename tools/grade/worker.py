"""The learner's side of grading: runs in a process of its own, one per learner.

    python worker.py REQUEST.json RESULT.json

Started by :mod:`tools.grade.grade` with time and memory limits, in a temporary
folder, with a private copy of ``linclass`` first on its path. It runs the
learner's own code cells (the exercise edition's untouched cells are skipped), with
every ``lc.check.answer(id, value)`` and ``lc.check.exercise(id, fn)`` call
rewritten, before it runs, into a record of the value and of the function: the
learner's notebook may replace ``lc.check`` as it likes, nothing of it is asked
for a verdict. The recorded functions are then called on the cases the grader
passed in (with the ``linclass`` estimator a from-scratch exercise re-implements
out of reach), and the answers and results go back as data (JSON, never pickle).
The grader judges them in its own process.

This file imports nothing from ``tools``: it runs with the private copy only.
"""

from __future__ import annotations

import ast
import builtins
import hashlib
import json
import math
import os
import re
import signal
import sys
import traceback
from decimal import Decimal
from fractions import Fraction

CELL_SECONDS = 60  # one cell of the learner's (the request may say otherwise)
CALLS = {"lc.check.answer": "__lc_answer__", "lc.check.exercise": "__lc_exercise__"}
MAGIC = re.compile(r"^\s*[%!].*$", re.M)


# --- values as data, both ways (the grader imports these two) -------------------


def encode(value, depth=0):
    """A learner's value as JSON data, whatever it is."""
    import numpy as np

    if depth > 20:
        return {"object": "a value nested too deeply", "type": type(value).__name__}
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, int | np.integer):
        value = int(value)
        return value if abs(value) < 2**63 else {"int": str(value)}
    if isinstance(value, float | np.floating):
        value = float(value)
        return value if math.isfinite(value) else {"float": repr(value)}
    if isinstance(value, Fraction):
        return {"fraction": str(value)}
    if isinstance(value, Decimal):
        return {"decimal": str(value)}
    if isinstance(value, complex | np.complexfloating):
        return {"complex": [value.real, value.imag]}
    if value is Ellipsis:
        return {"ellipsis": True}
    if (
        isinstance(value, np.ndarray)
        and value.dtype.kind in "biuf"
        and value.size < 10**6
    ):
        data = value.tolist()
        return {"array": encode(data, depth + 1), "dtype": value.dtype.str}
    if isinstance(value, list | tuple) and len(value) < 10**6:
        items = [encode(v, depth + 1) for v in value]
        return items if isinstance(value, list) else {"tuple": items}
    try:
        text = repr(value)[:200]
    except Exception:
        text = f"an object of type {type(value).__name__}"
    return {"object": text, "type": type(value).__name__}


class Unreadable:
    """A value the grader cannot rebuild: it prints as the learner's did."""

    def __init__(self, text, kind):
        self.text, self.kind = text, kind

    def __repr__(self):
        return self.text


def decode(data):
    """The value :func:`encode` wrote (an :class:`Unreadable` for any object)."""
    import numpy as np

    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict):
        return data
    if "tuple" in data:
        return tuple(decode(v) for v in data["tuple"])
    if "array" in data:
        return np.array(decode(data["array"]), dtype=np.dtype(data["dtype"]))
    if "int" in data:
        return int(data["int"])
    if "float" in data:
        return float(data["float"])
    if "fraction" in data:
        return Fraction(data["fraction"])
    if "decimal" in data:
        return Decimal(data["decimal"])
    if "complex" in data:
        return complex(*data["complex"])
    if "ellipsis" in data:
        return ...
    return Unreadable(str(data.get("object")), str(data.get("type")))


def cell_key(source):
    """How the grader recognises an untouched cell of the exercise edition."""
    return hashlib.sha256(source.strip().encode()).hexdigest()


# --- the learner's notebook -------------------------------------------------------


class _Rewrite(ast.NodeTransformer):
    """``lc.check.answer(...)`` -> ``__lc_answer__(...)``, and so for exercise."""

    def visit_Call(self, node):
        self.generic_visit(node)
        name = CALLS.get(ast.unparse(node.func).replace("linclass.", "lc.", 1))
        if name:
            node.func = ast.Name(id=name, ctx=ast.Load())
        return node


class _CellTimeout(BaseException):
    pass


def _alarm(signum, frame):
    raise _CellTimeout


def run_cells(sources, skip, namespace, log, seconds=CELL_SECONDS):
    """Run the learner's code cells in order; a failing cell is logged, not fatal."""
    signal.signal(signal.SIGALRM, _alarm)
    for k, source in enumerate(sources):
        if cell_key(source) in skip or not source.strip():
            continue
        try:
            tree = ast.fix_missing_locations(
                _Rewrite().visit(ast.parse(MAGIC.sub("", source)))
            )
            code = compile(tree, f"cell {k + 1}", "exec")
        except SyntaxError as exc:
            log.append(f"cell {k + 1}: SyntaxError: {exc.msg} (line {exc.lineno})")
            continue
        signal.alarm(seconds)
        try:
            exec(code, namespace)
        except _CellTimeout:
            log.append(f"cell {k + 1}: still running after {seconds} s, stopped")
        except (Exception, SystemExit) as exc:
            line = traceback.format_exception_only(type(exc), exc)[-1].strip()
            log.append(f"cell {k + 1}: {line[:300]}")
        finally:
            signal.alarm(0)


def _blocker(name):
    def blocked(*args, **kwargs):
        raise RuntimeError(
            f"{name} is not available while this exercise is graded: the exercise "
            "asks for your own implementation"
        )

    return blocked


def _block(names, fn):
    """Replace the reference implementations ``names`` (``module:attr``) with a
    function that refuses, in their modules and in the learner's globals."""
    import importlib

    saved = []
    for dotted in names:
        module_name, attr = dotted.split(":")
        module = importlib.import_module(module_name)
        real = getattr(module, attr, None)
        if real is None:
            continue
        saved.append((module, attr, real))
        setattr(module, attr, _blocker(f"{module_name}.{attr}"))
        for scope in (getattr(fn, "__globals__", {}),):
            for key, value in list(scope.items()):
                if value is real:
                    saved.append((scope, key, real))
                    scope[key] = _blocker(f"{module_name}.{attr}")
    return saved


def _unblock(saved):
    for owner, attr, real in reversed(saved):
        if isinstance(owner, dict):
            owner[attr] = real
        else:
            setattr(owner, attr, real)


def main(request_path, result_path):
    request = json.loads(open(request_path, encoding="utf-8").read())
    os.remove(request_path)  # the cases live in this process's memory only
    import numpy as np

    import linclass as lc
    from linclass.check import Case
    from linclass.check._compare import show
    from linclass.check._run import call_case, is_stub

    answers, exercises, log = {}, {}, []

    def record_answer(answer_id, value=None, *rest, **kw):
        answers[str(answer_id)] = encode(value)

    def record_exercise(exercise_id, fn=None, *rest, **kw):
        exercises[str(exercise_id)] = fn

    namespace = {"np": np, "lc": lc, "linclass": lc, "__name__": "__main__"}
    namespace |= {"__lc_answer__": record_answer, "__lc_exercise__": record_exercise}
    skip = set(request["skip"])
    for path in request["notebooks"]:
        nb = json.loads(open(path, encoding="utf-8").read())
        sources = [
            "".join(c.get("source", ""))
            for c in nb.get("cells", [])
            if c.get("cell_type") == "code"
        ]
        seconds = request.get("cell_seconds", CELL_SECONDS)
        run_cells(sources, skip, namespace, log, seconds)

    results = {}
    for exercise_id, spec in request["exercises"].items():
        fn = exercises.get(exercise_id)
        if exercise_id not in exercises:
            continue
        if fn is None or fn is Ellipsis or (callable(fn) and is_stub(fn)):
            results[exercise_id] = {"early": "not attempted"}
            continue
        if not callable(fn):
            results[exercise_id] = {"early": f"expected a function, got {show(fn)}"}
            continue
        ex = type("Ex", (), {"signature": spec["signature"]})
        outcomes = []
        for case in spec["cases"]:
            raises = getattr(builtins, case["raises"]) if case["raises"] else None
            args = decode(case["args"])
            kwargs = {k: decode(v) for k, v in case["kwargs"]}
            one = Case(
                case["name"], tuple(args), None, kwargs, None, raises, case["seconds"]
            )
            saved = _block(request["blocked"].get(exercise_id, []), fn)
            try:
                kind, value = call_case(fn, one, ex)
            finally:
                _unblock(saved)
            outcomes.append({"kind": kind, "value": encode(value)})
            if kind == "said" and value:
                break  # the first failing case is the verdict; no need to go on
        results[exercise_id] = {"outcomes": outcomes}
    with open(result_path, "w", encoding="utf-8") as out:
        json.dump({"answers": answers, "exercises": results, "log": log}, out)


if __name__ == "__main__":
    sys.setrecursionlimit(10_000)
    main(sys.argv[1], sys.argv[2])
    os._exit(0)  # no atexit handler of the learner's runs after the result
