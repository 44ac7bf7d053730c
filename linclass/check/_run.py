"""Running the learner's code on the cases of a coding exercise, safely.

A wrong result, an exception in the learner's code, a wrong signature, a wrong type
or an endless loop all become a :class:`~._core.Verdict` that says what went wrong on
which case; nothing the learner's function does raises into the notebook. The call
(:func:`call_case`) and the judgement (:func:`judge_case`) are separate steps, so a
grader can run them in different processes.
"""

from __future__ import annotations

import copy
import dis
import inspect
import signal
import threading
import traceback
from contextlib import contextmanager

from ._core import EXERCISES, Verdict, describe, lookup, same, show

CASE_SECONDS = 10  # a case that runs longer is an endless loop, not a slow answer
NOT_ATTEMPTED = "not attempted"


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


class _Timeout(BaseException):
    # Not an Exception: a learner's ``except Exception:`` inside the loop must not
    # swallow the time limit.
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
    # It fires again every half second, in case a bare ``except:`` caught it.
    signal.setitimer(signal.ITIMER_REAL, seconds, 0.5)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _error_line(exc):
    try:
        text = str(exc)
    except Exception:  # an exception class of the learner's with a broken __str__
        text = ""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return f"{type(exc).__name__}: {text}"
    last = frames[-1]
    where = f"line {last.lineno}: {last.line}" if last.line else f"line {last.lineno}"
    return f"{type(exc).__name__}: {text} ({where})"


def _call_text(case):
    """How a case calls the function: ``2 positional arguments and eta=0.5``."""
    n = len(case.args)
    parts = [f"{n} positional argument{'s' * (n != 1)}"] if n else []
    parts += [f"{k}={show(v)}" for k, v in case.kwargs.items()]
    return " and ".join(parts) if parts else "no arguments"


def _signature_problem(fn, case, ex):
    """Why ``fn`` cannot be called as ``case`` calls it, or None.

    Checked before the call, so that a wrong signature is reported as such and
    not as a ``TypeError`` on a line of the checker.
    """
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):  # a builtin without a signature: just call it
        return None
    try:
        sig.bind(*case.args, **case.kwargs)
    except TypeError as exc:
        name = getattr(fn, "__name__", "function")  # "your function(X)"
        wanted = f"; the exercise asks for {ex.signature}" if ex.signature else ""
        return (
            f"cannot call your {name}{sig} as the check does, with "
            f"{_call_text(case)} ({exc}){wanted}"
        )
    return None


def _limit_text(case, seconds):
    passed = ", ".join(f"{k}={show(v)}" for k, v in case.kwargs.items())
    told = f" (the check passed {passed})" if passed else ""
    must = (
        f"; on these data it must raise {case.raises.__name__}" if case.raises else ""
    )
    return (
        f"still running after {seconds:g} s, stopped by the check's time limit "
        f"(an endless loop? a missing stopping test?){must}{told}"
    )


def call_case(fn, case, ex):
    """Run ``fn`` on one case: ``("returned", value)``, or ``("said", problem)``
    where the problem is None when the case is passed (an expected exception)."""
    problem = _signature_problem(fn, case, ex)
    if problem:
        return "said", problem
    seconds = case.seconds or CASE_SECONDS
    args, kwargs = copy.deepcopy(case.args), copy.deepcopy(dict(case.kwargs))
    try:
        with _time_limit(seconds):
            got = fn(*args, **kwargs)
    except NotImplementedError:
        return "said", NOT_ATTEMPTED
    except _Timeout:
        return "said", _limit_text(case, seconds)
    except (Exception, SystemExit) as exc:  # the learner's bug, reported, never raised
        if case.raises is not None and isinstance(exc, case.raises):
            return "said", None
        must = f", but it must raise {case.raises.__name__}" if case.raises else ""
        return "said", f"raised {_error_line(exc)}{must}"
    return "returned", got


def judge_case(outcome, case):
    """None when the outcome of :func:`call_case` passes ``case``, else the problem.

    Kept apart from the call so that a grader can call in one process (the
    learner's) and judge in another (its own).
    """
    kind, value = outcome
    if kind == "said":
        return value
    if case.raises is not None:
        return f"returned {show(value)}, but on these data it must raise " + (
            case.raises.__name__
        )
    try:
        return (case.compare or same)(value, case.expected)
    except Exception as exc:  # a result no comparison can read
        return f"returned {show(value)}, which the check cannot compare ({exc})"


def early_verdict(exercise_id, fn):
    """The verdict before any case runs: not attempted, or not a function."""
    ex = lookup(EXERCISES, exercise_id, "exercise")
    head = f"{exercise_id} ({ex.title})"
    if fn is None or fn is Ellipsis or (callable(fn) and is_stub(fn)):
        return Verdict(exercise_id, "not attempted", f"… {head}: not attempted yet.")
    if not callable(fn):
        return Verdict(
            exercise_id, "wrong", f"✗ {head}: expected a function, got {show(fn)}."
        )
    return None


def judge_exercise(exercise_id, outcome_of, cases=None):
    """The verdict of a coding exercise from ``outcome_of(k, case)``, the outcome of
    :func:`call_case` for case ``k`` (from 0), case by case to the first failure."""
    ex = lookup(EXERCISES, exercise_id, "exercise")
    head = f"{exercise_id} ({ex.title})"
    cases = list(ex.cases()) if cases is None else cases
    compares = ex.compares or describe(cases)
    for k, case in enumerate(cases):
        where = f"case {k + 1} of {len(cases)}, {case.name}"
        problem = judge_case(outcome_of(k, case), case)
        if problem == NOT_ATTEMPTED:
            return Verdict(
                exercise_id, "not attempted", f"… {head}: not attempted yet."
            )
        if problem:
            said = f"{where}: {problem}"
            own = problem.startswith(("cannot call", "still running", "raised"))
            if not own and "must raise" not in problem:
                said += f"; the check compares {compares}"
            return Verdict(exercise_id, "wrong", f"✗ {head}: {said}.")
    on = "its one case" if len(cases) == 1 else f"all {len(cases)} cases"
    return Verdict(
        exercise_id, "correct", f"✓ {head}: correct on {on} (it compares {compares})."
    )


def run_exercise(exercise_id, fn):
    """Run the learner's ``fn`` on every case of an exercise and judge it."""
    ex = lookup(EXERCISES, exercise_id, "exercise")
    early = early_verdict(exercise_id, fn)  # a Verdict is false unless correct
    if early is not None:
        return early
    return judge_exercise(exercise_id, lambda k, case: call_case(fn, case, ex))
