"""The machinery behind ``lc.check``: registries, cases and verdicts.

The learner's code is run by :mod:`._run`, answers are judged by :mod:`._answers`;
nothing there may raise into the learner's notebook because the work is wrong. Only
a mistake of the *book* (an unknown exercise id) raises, here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

# Re-exported: the chapter modules and the tests take them from here.
from ._compare import Close, close, describe, same, show  # noqa: F401

__all__ = [
    "Case",
    "Verdict",
    "register_exercise",
    "register_answer",
    "register_mistakes",
]


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
    raises : exception class, optional
        The learner's function must raise this exception on this case (a promise
        of its docstring, e.g. ``RuntimeError`` when the data are not separable
        within ``max_epochs``); ``expected`` is then not used.
    seconds : float, optional
        The case's time limit (default 10 s); a function still running then is
        stopped and told so.
    """

    name: str
    args: tuple
    expected: object
    kwargs: Mapping = field(default_factory=dict)
    compare: Callable[[object, object], str | None] | None = None
    raises: type[BaseException] | None = None
    seconds: float | None = None


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
    signature: str | None = None


@dataclass(frozen=True)
class Answer:
    id: str
    label: str
    kind: str
    expected: object
    decimals: int = 3


@dataclass(frozen=True)
class Hints:
    """What a wrong answer is told: the likely mistakes, and the method otherwise."""

    mistakes: tuple = ()  # (value or callable, hint) pairs
    method: str | None = None


EXERCISES: dict[str, Exercise] = {}
ANSWERS: dict[str, Answer] = {}
HINTS: dict[str, Hints] = {}
KINDS = ("number", "integer", "vector", "yesno", "choice")


def _check_new(registry, key, what, replace):
    if not isinstance(key, str) or not key:
        raise ValueError(f"the {what} id must be a non-empty string, got {key!r}")
    if key in registry and not replace:
        raise ValueError(
            f"{what} {key!r} is registered twice; pass replace=True to redefine it "
            "(e.g. when a notebook cell that registers it runs again)"
        )


def register_exercise(
    exercise_id, title, cases, replace=False, compares=None, signature=None
):
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
    signature : str, optional
        The call the exercise asks for, e.g. ``"batch_perceptron(X, y, eta=1.0,
        max_epochs=1000)"``: a learner's function that cannot be called as the
        check calls it is told this signature.
    """
    _check_new(EXERCISES, exercise_id, "exercise", replace)
    if not callable(cases):
        raise ValueError(f"cases must be a callable returning Case objects: {cases!r}")
    for name, text in (("compares", compares), ("signature", signature)):
        if text is not None and (not isinstance(text, str) or not text):
            raise ValueError(f"{name} must be a non-empty string, got {text!r}")
    EXERCISES[exercise_id] = Exercise(exercise_id, title, cases, compares, signature)


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
    HINTS.pop(answer_id, None)  # a redefined key's old hints no longer apply


def register_mistakes(answer_id, mistakes=(), method=None):
    """Teach a wrong answer: name its misconception, or else say how to proceed.

    Parameters
    ----------
    answer_id : str
        An answer registered with :func:`register_answer`.
    mistakes : sequence of (value, hint) pairs
        The wrong answers a learner is likely to give (a sign, a forgotten norm, an
        off-by-one, the other class...), each with a hint that names the mistake
        without giving the right value. A value is given as the key is (a number,
        a sequence, a bool, or a callable computing it); it is matched at the
        key's precision, or at the learner's when fewer decimals are given.
    method : str, optional
        The hint for any other wrong answer: how to find it, not the value.

    Registering again replaces the hints (a notebook cell may run twice).
    """
    spec = lookup(ANSWERS, answer_id, "answer")
    pairs = tuple(tuple(pair) for pair in mistakes)
    for pair in pairs:
        if len(pair) != 2 or not isinstance(pair[1], str) or not pair[1]:
            raise ValueError(
                f"{answer_id}: a mistake is a (value, hint) pair: {pair!r}"
            )
    if method is not None and (not isinstance(method, str) or not method):
        raise ValueError(f"method must be a non-empty string, got {method!r}")
    if spec.kind == "choice" and any(not isinstance(v, str) for v, _ in pairs):
        raise ValueError(f"{answer_id}: the mistakes of a choice are strings")
    HINTS[answer_id] = Hints(pairs, method)


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
