"""Self-checks for the book's exercises: is my answer right?

Every coding exercise of the book has a check that runs the learner's function on
several data sets (including edge cases the exercise text does not give away) against
``linclass``, and every pen-and-paper part whose answer is a number, a vector or a
short choice has an answer key. A check prints one line: correct, not attempted yet,
or the first failing case with what was expected and what came back. A wrong answer
never raises.

Examples
--------
>>> import linclass as lc
>>> def batch_perceptron(X, y, eta=1.0, max_epochs=1000):
...     '''My batch perceptron: return (w, b, epochs).'''
...     raise NotImplementedError
>>> v = lc.check.exercise("ex-ch2-batch-code", batch_perceptron)
… ex-ch2-batch-code (the batch perceptron): not attempted yet.
>>> bool(v)
False
>>> v = lc.check.answer("ex-ch2-one-step-b", [3, 0, 1])  # doctest: +ELLIPSIS
✗ ex-ch2-one-step-b (the updated (w1, w2, b)): not yet: the update adds eta y x: ...

An instructor adds checks of their own with :func:`register_exercise` (the cases
are :class:`Case` objects) and :func:`register_answer`, in a notebook cell or in
their own package; ``lc.check.exercise`` and ``lc.check.answer`` then check them
like the book's (see the API page of the book for a complete example).
"""

from __future__ import annotations

import importlib
import pkgutil

from ._answers import run_answer
from ._core import (
    ANSWERS,
    EXERCISES,
    Case,
    Verdict,
    register_answer,
    register_exercise,
    register_mistakes,
)
from ._run import run_exercise

__all__ = [
    "exercise",
    "answer",
    "exercises",
    "answers",
    "Verdict",
    "Case",
    "register_exercise",
    "register_answer",
    "register_mistakes",
]

# Each chapter's checks live in their own module (_ch1.py, _ch2.py, ...) and
# register themselves on import; importing them all here keeps one entry point.
for _info in pkgutil.iter_modules(__path__):
    if _info.name.startswith("_ch"):
        importlib.import_module(f".{_info.name}", __name__)


def exercise(exercise_id, function):
    """Check the learner's ``function`` for a coding exercise and print the verdict.

    Parameters
    ----------
    exercise_id : str
        The exercise's label in the book, e.g. ``"ex-ch2-batch-code"``.
    function : callable
        The learner's function. An untouched stub (a body of ``...`` or
        ``raise NotImplementedError``) is reported as not attempted.

    Returns
    -------
    Verdict
        True in a boolean context only when every case passed.
    """
    verdict = run_exercise(exercise_id, function)
    print(verdict.message)
    return verdict


def answer(answer_id, value):
    """Check the learner's ``value`` for an exercise part and print the verdict.

    The verdict says right; close (the right value to fewer decimals than
    asked); or not yet, with a hint: the misconception of a likely mistake (a
    sign, a forgotten norm, an off-by-one...), a value cut off instead of
    rounded, or how to find the answer. It never reveals the expected answer.
    Text is read by one safe grammar, the same the site's answer boxes use
    (none of these examples is the answer of an exercise): numbers (``-7/4``,
    ``2.5e-3``, ``12.5%``, ``(9/10)^20``, ``exp(-2)``, ``2/e``, ``sqrt(3)/2``,
    ``√3``, ``2pi``, ``3(1/2)^2``, ``|-7|``, ``0,25`` with a decimal comma,
    ``1 234`` or ``1,234`` with digit groups), vectors (``4, -1, 0.5``,
    ``[4 -1 0.5]``, ``((4, -1), 0.5)``) and yes/no (``yes``/``no``,
    ``True``/``False``, ``y``/``n``, ``1``/``0``). Nothing typed is ever run as
    Python.

    Parameters
    ----------
    answer_id : str
        The part's id, e.g. ``"ex-ch2-one-step-b"``.
    value : number, bool, sequence or array of numbers, or str
        The learner's answer (ints, floats, ``Fraction``, ``Decimal``, numpy
        numbers and arrays, 0-d ones too); ``...`` means not attempted yet, and
        ``None`` is told "did you forget return?".

    Returns
    -------
    Verdict
    """
    verdict = run_answer(answer_id, value)
    print(verdict.message)
    return verdict


def exercises():
    """The ids of every coding exercise with a check, sorted."""
    return sorted(EXERCISES)


def answers():
    """The ids of every exercise part with an answer key, sorted."""
    return sorted(ANSWERS)
