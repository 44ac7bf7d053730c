"""The machinery behind ``lc.check``: registries, verdicts, and safe runs.

A learner's answer is judged here, so nothing in this module may raise into the
learner's notebook because the answer is wrong: a wrong answer, an exception in the
learner's code, a wrong type or an endless loop all become a :class:`Verdict` that says
what went wrong on which case. Only a mistake of the *book* (an unknown exercise id)
raises.
"""

from __future__ import annotations

import copy
import dis
import signal
import threading
import traceback
from collections.abc import Callable, Iterable, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field

import numpy as np

__all__ = ["Case", "Verdict", "register_exercise", "register_answer"]

CASE_SECONDS = 10  # a case that runs longer is an endless loop, not a slow answer


@dataclass(frozen=True)
class Case:
    """One test case of a coding exercise.

    Parameters
    ----------
    name : str
        What the case is about, shown to the learner when it fails
        ("a point exactly on the hyperplane").
    args : tuple
        Positional arguments for the learner's function (deep-copied for each call,
        so a function that changes its input cannot spoil the next case).
    expected : object
        The reference result, computed with ``linclass``.
    kwargs : mapping, optional
        Keyword arguments for the learner's function.
    compare : callable, optional
        ``compare(got, expected)`` returns ``None`` when ``got`` is right and otherwise
        a short sentence saying how it differs. Default: equal results (arrays
        elementwise, tuples item by item).
    """

    name: str
    args: tuple
    expected: object
    kwargs: Mapping = field(default_factory=dict)
    compare: Callable[[object, object], str | None] | None = None


@dataclass(frozen=True)
class Verdict:
    """The result of a check: ``bool(verdict)`` is true only when it is correct.

    ``status`` is one of ``"correct"``, ``"wrong"`` or ``"not attempted"``;
    ``message`` is the sentence printed for the learner.
    """

    exercise: str
    status: str
    message: str

    def __bool__(self):
        return self.status == "correct"

    def __repr__(self):
        return f"Verdict({self.exercise!r}, {self.status!r})"

    def _ipython_display_(self):
        # The message has been printed already; echoing the object would repeat it.
        pass


@dataclass(frozen=True)
class Exercise:
    id: str
    title: str
    cases: Callable[[], Iterable[Case]]


@dataclass(frozen=True)
class Answer:
    id: str
    label: str
    kind: str
    expected: object
    decimals: int = 3


EXERCISES: dict[str, Exercise] = {}
ANSWERS: dict[str, Answer] = {}
KINDS = ("number", "integer", "vector", "yesno", "choice")


def _check_new(registry, key, what, replace):
    if not isinstance(key, str) or not key:
        raise ValueError(f"the {what} id must be a non-empty string, got {key!r}")
    if key in registry and not replace:
        raise ValueError(
            f"{what} {key!r} is registered twice; pass replace=True to redefine it "
            "(e.g. when a notebook cell that registers it runs again)"
        )


def register_exercise(exercise_id, title, cases, replace=False):
    """Register a coding exercise's check, for :func:`linclass.check.exercise`.

    Parameters
    ----------
    exercise_id : str
        The id the learner passes to ``lc.check.exercise``, e.g. ``"ex-my-norm"``.
    title : str
        A few words naming the exercise, shown in every verdict.
    cases : callable
        ``cases()`` returns the :class:`Case` objects to run the learner's function
        on; it is called when the exercise is checked, so the reference results
        may be computed with ``linclass`` at that moment.
    replace : bool, default=False
        Redefine an exercise already registered under ``exercise_id``; without it,
        registering an id twice raises ``ValueError``.
    """
    _check_new(EXERCISES, exercise_id, "exercise", replace)
    if not callable(cases):
        raise ValueError(f"cases must be a callable returning Case objects: {cases!r}")
    EXERCISES[exercise_id] = Exercise(exercise_id, title, cases)


def register_answer(answer_id, label, kind, expected, decimals=3, replace=False):
    """Register the answer key of one exercise part, for :func:`linclass.check.answer`.

    Parameters
    ----------
    answer_id : str
        The id the learner passes to ``lc.check.answer``, e.g. ``"ex-my-norm-a"``.
    label : str
        What the answer is ("the norm of w"), shown in every verdict.
    kind : {"number", "integer", "vector", "yesno", "choice"}
        ``"number"`` is compared after rounding to ``decimals`` places,
        ``"vector"`` number by number in the same way, ``"integer"`` exactly,
        ``"yesno"`` against a bool, and ``"choice"`` against a string or a tuple of
        accepted spellings. Typed answers are read by
        the grammar of :func:`linclass.check.answer`.
    expected : object or callable
        The right answer; a callable is evaluated when the answer is checked, so
        that an answer computed by ``linclass`` stays computed.
    decimals : int, default=3
        Decimal places compared for ``"number"`` and ``"vector"``.
    replace : bool, default=False
        Redefine an answer already registered under ``answer_id``.
    """
    _check_new(ANSWERS, answer_id, "answer", replace)
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    ANSWERS[answer_id] = Answer(answer_id, label, kind, expected, decimals)


def lookup(registry, key, what):
    if key not in registry:
        known = ", ".join(sorted(registry)) or "none"
        raise ValueError(f"no {what} called {key!r}; the known ones are: {known}")
    return registry[key]


# --- comparing results -----------------------------------------------------------


def _num_text(x, digits=None):
    """A float as a person writes it: ``3.0`` -> ``3``, enough digits when asked."""
    x = float(x)
    if digits is not None:
        return np.format_float_positional(x, precision=digits, unique=False, trim="-")
    return np.format_float_positional(x, trim="-")


def show(value, limit=6):
    """A short printable form of a value: small arrays in full, large ones by shape."""
    if isinstance(value, np.ndarray) and value.size > limit:
        return f"an array of shape {value.shape}"
    if isinstance(value, np.ndarray) and value.dtype.kind in "fiub":
        items = [_num_text(v) for v in value.ravel()]
        text = "[" + ", ".join(items) + "]"
        return text if value.ndim == 1 else f"{text} (shape {value.shape})"
    if isinstance(value, np.ndarray):
        return np.array2string(value, separator=", ")
    if isinstance(value, tuple):
        return "(" + ", ".join(show(v, limit) for v in value) + ")"
    if isinstance(value, float | np.floating) and not isinstance(value, bool):
        return _num_text(value)
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _digits_to_tell(a, b):
    """Enough significant decimals for two different numbers to print differently."""
    for digits in range(3, 17):
        if _num_text(a, digits) != _num_text(b, digits):
            return digits
    return 17


def _tolerance(rtol, atol):
    if rtol == 0 and atol == 0:
        return "exact equality"
    parts = [f"rtol={rtol:g}"] * bool(rtol) + [f"atol={atol:g}"] * bool(atol)
    return "tolerance " + ", ".join(parts)


def same(got, expected, rtol=0.0, atol=0.0):
    """Compare two results: numbers and arrays elementwise, tuples item by item.

    A difference is reported at the first differing entry, with expected and got at
    enough digits to see the difference, and the tolerance used.
    """
    if got is None and expected is not None:
        return "returned None (did you forget return?)"
    if isinstance(expected, tuple):
        if not isinstance(got, tuple | list) or len(got) != len(expected):
            return f"expected a tuple of {len(expected)} items, got {show(got)}"
        for k, (g, e) in enumerate(zip(got, expected, strict=True)):
            problem = same(g, e, rtol, atol)
            if problem:
                return f"item {k} of the result: {problem}"
        return None
    if isinstance(expected, bool | str) or expected is None:
        return None if got == expected else f"expected {expected!r}, got {show(got)}"
    try:
        g = np.asarray(got, dtype=float)
    except (TypeError, ValueError):
        return f"expected a number or an array, got {show(got)}"
    e = np.asarray(expected, dtype=float)
    if g.shape != e.shape:
        return f"expected shape {e.shape}, got shape {g.shape} ({show(got)})"
    ok = np.isclose(g, e, rtol=rtol, atol=atol, equal_nan=False)
    if ok.all():
        return None
    where = tuple(int(i) for i in np.argwhere(~ok)[0])
    ge, ee = g[where], e[where]
    digits = _digits_to_tell(ge, ee)
    at = f"entry {list(where) if len(where) > 1 else where[0]}: " if where else ""
    return (
        f"{at}expected {_num_text(ee, digits)}, got {_num_text(ge, digits)} "
        f"({_tolerance(rtol, atol)})"
    )


def close(rtol=1e-9, atol=1e-12):
    """A ``compare`` function that allows rounding differences."""
    return lambda got, expected: same(got, expected, rtol=rtol, atol=atol)


# --- running the learner's code ---------------------------------------------------

_STUB_OPS = {"RESUME", "NOP", "LOAD_CONST", "RETURN_VALUE", "RETURN_CONST", "POP_TOP"}


def is_stub(fn):
    """True for a function whose body is only a docstring, ``...`` or ``pass``."""
    code = getattr(fn, "__code__", None)
    if code is None:
        return False
    ops = list(dis.get_instructions(code))
    if {op.opname for op in ops} - _STUB_OPS:
        return False
    return all(op.argval in (None, Ellipsis) for op in ops if "CONST" in op.opname)


class _Timeout(Exception):
    pass


@contextmanager
def _time_limit(seconds):
    # SIGALRM only works in the main thread of a Unix process, which is where a
    # Jupyter kernel runs cells; elsewhere the case runs without a limit.
    usable = hasattr(signal, "SIGALRM") and (
        threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return

    def _raise(signum, frame):
        raise _Timeout

    previous = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _error_line(exc):
    last = traceback.extract_tb(exc.__traceback__)[-1]
    where = f"line {last.lineno}: {last.line}" if last.line else f"line {last.lineno}"
    return f"{type(exc).__name__}: {exc} ({where})"


def run_exercise(exercise_id, fn):
    """Run the learner's ``fn`` on every case of an exercise and judge it."""
    ex = lookup(EXERCISES, exercise_id, "exercise")
    head = f"{exercise_id} ({ex.title})"
    if fn is None or fn is Ellipsis or (callable(fn) and is_stub(fn)):
        return Verdict(exercise_id, "not attempted", f"… {head}: not attempted yet.")
    if not callable(fn):
        return Verdict(
            exercise_id, "wrong", f"✗ {head}: expected a function, got {show(fn)}."
        )
    cases = list(ex.cases())
    for k, case in enumerate(cases, 1):
        where = f"case {k} of {len(cases)}, {case.name}"
        args, kwargs = copy.deepcopy(case.args), copy.deepcopy(dict(case.kwargs))
        try:
            with _time_limit(CASE_SECONDS):
                got = fn(*args, **kwargs)
        except NotImplementedError:
            return Verdict(
                exercise_id, "not attempted", f"… {head}: not attempted yet."
            )
        except _Timeout:
            return Verdict(
                exercise_id,
                "wrong",
                f"✗ {head}: {where}: still running after {CASE_SECONDS} s "
                "(an endless loop? a missing stopping test?).",
            )
        except Exception as exc:  # the learner's bug, reported, never raised
            return Verdict(
                exercise_id, "wrong", f"✗ {head}: {where}: raised {_error_line(exc)}."
            )
        problem = (case.compare or same)(got, case.expected)
        if problem:
            return Verdict(exercise_id, "wrong", f"✗ {head}: {where}: {problem}.")
    return Verdict(
        exercise_id, "correct", f"✓ {head}: correct on all {len(cases)} cases."
    )
