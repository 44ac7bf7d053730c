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

# Re-exported: the chapter modules and the tests take them from here.
from ._compare import Close, close, describe, same, show  # noqa: F401

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
    compares: str | None = None


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


def register_exercise(exercise_id, title, cases, replace=False, compares=None):
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
    compares : str, optional
        What the check compares, in the learner's words, shown in every verdict
        and above the check in the exercise edition, e.g. ``"a float, within
        rtol=1e-5"``. By default it is read off the cases: the type of each part
        of the first case's result and the tolerance of its ``compare`` (made by
        ``close``; a custom ``compare`` is "the exercise's own comparison"), e.g.
        ``"a tuple (1-d array, float, int): numbers as float64 within rtol=1e-9,
        atol=1e-12; ints exactly"``.
    """
    _check_new(EXERCISES, exercise_id, "exercise", replace)
    if not callable(cases):
        raise ValueError(f"cases must be a callable returning Case objects: {cases!r}")
    if compares is not None and (not isinstance(compares, str) or not compares):
        raise ValueError(f"compares must be a non-empty string, got {compares!r}")
    EXERCISES[exercise_id] = Exercise(exercise_id, title, cases, compares)


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


class CaseDrift(RuntimeError):
    """A case of the book's own check no longer holds what its name promises."""


def promise(holds, exercise_id, case_name, what):
    """Raise :class:`CaseDrift` unless a case builder's edge case ``holds``.

    A case named for an edge ("a point exactly on the hyperplane") is built from data
    that ``linclass`` is run on; if ``linclass`` changes, the data may lose the edge
    and the check would silently test less. Unlike ``assert`` this also runs under
    ``python -O``, and it names the exercise, the case and what went missing.
    """
    if not holds:
        raise CaseDrift(
            f"{exercise_id}: the case {case_name!r} no longer has {what}; "
            "its reference changed with linclass, so the check needs new data here"
        )


def lookup(registry, key, what):
    if key not in registry:
        known = ", ".join(sorted(registry)) or "none"
        raise ValueError(f"no {what} called {key!r}; the known ones are: {known}")
    return registry[key]


def compares_of(exercise_id):
    """What the check of a coding exercise compares, as its verdicts state it."""
    ex = lookup(EXERCISES, exercise_id, "exercise")
    return ex.compares or describe(list(ex.cases()))


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
    compares = ex.compares or describe(cases)
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
            return Verdict(
                exercise_id,
                "wrong",
                f"✗ {head}: {where}: {problem}; the check compares {compares}.",
            )
    return Verdict(
        exercise_id,
        "correct",
        f"✓ {head}: correct on all {len(cases)} cases (it compares {compares}).",
    )
