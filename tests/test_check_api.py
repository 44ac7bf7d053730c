"""The public check API: an instructor's own exercise, defined outside linclass,
checked by lc.check.exercise and lc.check.answer, exactly as the API page shows."""

import re
from pathlib import Path

import numpy as np
import pytest

import linclass as lc
from linclass.check import _core

API_PAGE = Path(__file__).resolve().parents[1] / "api.md"


@pytest.fixture
def registries():
    # The book's own tests compare the registries with the chapters: an
    # instructor's exercise registered here must not leak into them. The dicts
    # are restored in place, since linclass.check holds references to them.
    saved = [(r, dict(r)) for r in (_core.EXERCISES, _core.ANSWERS, _core.HINTS)]
    yield _core
    for registry, content in saved:
        registry.clear()
        registry.update(content)


def _example():
    text = API_PAGE.read_text(encoding="utf-8")
    section = text.split("### Adding a check of your own", 1)[1]
    return re.search(r"```python\n(.*?)```", section, flags=re.S).group(1)


def test_the_registration_functions_are_public():
    for name in ("register_exercise", "register_answer", "Case"):
        assert name in lc.check.__all__
        assert getattr(lc.check, name) is getattr(_core, name)


def test_the_api_page_example_runs_and_checks(registries, capsys):
    namespace = {}
    exec(compile(_example(), "api.md", "exec"), namespace)
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "✓ ex-my-norm (the Euclidean norm): correct on all 3 cases "
        "(it compares a float, as np.isclose does).",
        "✓ ex-my-norm-a (the norm of (3, 4)): correct.",
    ]
    # The registered checks also reject wrong work, with the case that fails.
    wrong = lc.check.exercise("ex-my-norm", lambda v: float(np.sum(np.abs(v))))
    assert not wrong and "case 1 of 3, a vector of length 2" in wrong.message
    assert "expected 5, got 7.0" in wrong.message
    assert not lc.check.answer("ex-my-norm-a", 7)
    assert "ex-my-norm" in lc.check.exercises() and "ex-my-norm-a" in lc.check.answers()
    # The example's cell runs again without error (replace=True).
    exec(compile(_example(), "api.md", "exec"), namespace)


def test_a_check_from_another_module_is_found(registries, capsys):
    # Defined as an instructor's package would: its own module, only public names.
    def cases():
        X = np.array([[1.0, 2.0], [3.0, -1.0]])
        return [lc.check.Case("two points", (X,), lc.geometry.add_bias(X))]

    lc.check.register_exercise("course-x-augment", "bias augmentation", cases)
    lc.check.register_answer("course-x-dim", "the augmented dimension", "integer", 3)
    assert lc.check.exercise("course-x-augment", lambda X: np.c_[X, np.ones(len(X))])
    assert not lc.check.exercise("course-x-augment", lambda X: X)
    assert lc.check.answer("course-x-dim", 3)
    assert capsys.readouterr().out.count("✓") == 2


_TWICE = (
    "{} {!r} is registered twice; pass replace=True to redefine it "
    "(e.g. when a notebook cell that registers it runs again)"
)


@pytest.mark.parametrize(
    "call, message",
    [
        (
            lambda: lc.check.register_answer("ex-ch2-one-step-b", "x", "number", 1),
            _TWICE.format("answer", "ex-ch2-one-step-b"),
        ),
        (
            lambda: lc.check.register_exercise("ex-ch2-batch-code", "x", list),
            _TWICE.format("exercise", "ex-ch2-batch-code"),
        ),
        (
            lambda: lc.check.register_answer("", "x", "number", 1),
            "the answer id must be a non-empty string, got ''",
        ),
        (
            lambda: lc.check.register_exercise(7, "x", list),
            "the exercise id must be a non-empty string, got 7",
        ),
        (
            lambda: lc.check.register_answer("my-a", "x", "float", 1),
            "kind must be one of ('number', 'integer', 'vector', 'yesno', 'choice'), "
            "got 'float'",
        ),
        (
            lambda: lc.check.register_exercise("my-e", "x", [1, 2]),
            "cases must be a callable returning Case objects: [1, 2]",
        ),
        (
            lambda: lc.check.register_exercise("my-e", "x", list, compares=""),
            "compares must be a non-empty string, got ''",
        ),
        (
            lambda: lc.check.register_exercise("my-e", "x", list, signature=3),
            "signature must be a non-empty string, got 3",
        ),
        (
            lambda: lc.check.register_mistakes("ex-ch2-one-step-b", [(1.0,)]),
            "ex-ch2-one-step-b: a mistake is a (value, hint) pair: (1.0,)",
        ),
        (
            lambda: lc.check.register_mistakes("ex-ch2-one-step-b", [(1.0, "")]),
            "ex-ch2-one-step-b: a mistake is a (value, hint) pair: (1.0, '')",
        ),
        (
            lambda: lc.check.register_mistakes("ex-ch2-one-step-b", [(1.0, 5)]),
            "ex-ch2-one-step-b: a mistake is a (value, hint) pair: (1.0, 5)",
        ),
        (
            lambda: lc.check.register_mistakes("ex-ch2-one-step-b", method=""),
            "method must be a non-empty string, got ''",
        ),
        (
            lambda: lc.check.register_mistakes("no-such-answer"),
            re.compile(r"no answer called 'no-such-answer'; the known ones are: .*"),
        ),
    ],
)
def test_bad_registrations_say_what_is_wrong(registries, call, message):
    # the book's author reads the whole sentence: what is wrong, and with what
    with pytest.raises(ValueError) as exc:
        call()
    if isinstance(message, str):
        assert str(exc.value) == message
    else:
        assert message.fullmatch(str(exc.value))


def test_the_mistakes_of_a_choice_are_strings(registries):
    lc.check.register_answer("my-c", "the class", "choice", "red")
    with pytest.raises(ValueError) as exc:
        lc.check.register_mistakes("my-c", [(1, "a number is not a class")])
    assert str(exc.value) == "my-c: the mistakes of a choice are strings"
    lc.check.register_mistakes("my-c", [("blue", "the other class")])
    assert _core.HINTS["my-c"] == _core.Hints((("blue", "the other class"),), None)


def test_registering_again_replaces_and_forgets_the_old_hints(registries):
    lc.check.register_answer("my-n", "a number", "number", 1.5)
    assert _core.ANSWERS["my-n"] == _core.Answer("my-n", "a number", "number", 1.5, 3)
    lc.check.register_mistakes("my-n", [(-1.5, "the sign")], method="add them")
    assert _core.HINTS["my-n"] == _core.Hints(((-1.5, "the sign"),), "add them")
    # a cell that runs again, with replace=True: the new key, without the old hints
    lc.check.register_answer(
        "my-n", "a number", "number", 2.5, decimals=1, replace=True
    )
    assert _core.ANSWERS["my-n"] == _core.Answer("my-n", "a number", "number", 2.5, 1)
    assert "my-n" not in _core.HINTS


def _identity_cases():
    return [lc.check.Case("the 2 x 2 identity", (np.eye(2),), np.eye(2))]


def test_an_exercise_tells_a_wrong_signature_the_one_it_asks_for(registries):
    lc.check.register_exercise(
        "my-e", "the identity", _identity_cases, signature="ident(X)"
    )
    assert _core.EXERCISES["my-e"] == _core.Exercise(
        "my-e", "the identity", _identity_cases, None, "ident(X)"
    )
    verdict = lc.check.exercise("my-e", lambda X, w: X)
    assert verdict.status == "wrong"
    assert verdict.message.endswith(
        "(missing a required argument: 'w'); the exercise asks for ident(X)."
    )
    # without a signature registered, the learner is told only what went wrong
    lc.check.register_exercise("my-e", "the identity", _identity_cases, replace=True)
    message = lc.check.exercise("my-e", lambda X, w: X).message
    assert message.endswith("(missing a required argument: 'w').")


def test_an_exercise_states_what_it_compares(registries):
    lc.check.register_exercise(
        "my-e", "the identity", _identity_cases, compares="an array, exactly"
    )
    assert _core.compares_of("my-e") == "an array, exactly"
    verdict = lc.check.exercise("my-e", lambda X: X)
    assert verdict.message.endswith("(it compares an array, exactly).")
    # without it, the check reads the type and tolerance off the first case
    lc.check.register_exercise("my-e", "the identity", _identity_cases, replace=True)
    assert _core.compares_of("my-e") == _core.describe(_identity_cases())


def test_a_verdict_is_true_only_when_correct_and_shows_only_its_message():
    for status, truth in (
        ("correct", True),
        ("wrong", False),
        ("not attempted", False),
    ):
        verdict = _core.Verdict("ex-a", status, "the sentence")
        assert bool(verdict) is truth
        assert repr(verdict) == f"Verdict('ex-a', {status!r})"
        assert verdict._ipython_display_() is None  # printed once, not echoed


def test_a_case_builder_that_drifted_says_which_case_lost_what():
    assert _core.promise(True, "ex-a", "a tie", "two equal scores") is None
    with pytest.raises(_core.CaseDrift) as exc:
        _core.promise(0, "ex-a", "a tie", "two equal scores")
    assert str(exc.value) == (
        "ex-a: the case 'a tie' no longer has two equal scores; its reference "
        "changed with linclass, so the check needs new data here"
    )
    assert isinstance(exc.value, RuntimeError)


def test_an_unknown_id_names_the_known_ones(registries):
    unknown = "no exercise called 'ex-nope'; the known ones are: "
    known = ", ".join(sorted(_core.EXERCISES))
    with pytest.raises(ValueError) as exc:
        lc.check.exercise("ex-nope", print)
    assert str(exc.value) == unknown + known
    with pytest.raises(ValueError) as exc:
        _core.lookup({}, "x", "answer")
    assert str(exc.value) == "no answer called 'x'; the known ones are: none"


def test_what_an_unknown_exercise_compares_is_refused_with_the_known_ones():
    # the book's exercise edition asks what a check compares by its id
    with pytest.raises(ValueError) as exc:
        _core.compares_of("ex-nope")
    assert str(exc.value) == (
        "no exercise called 'ex-nope'; the known ones are: "
        + ", ".join(sorted(_core.EXERCISES))
    )


# --- what a verdict says about the learner's call (linclass.check._run) -------------


def _probe(cases, compares="a number, exactly"):
    """Register "my-run", an exercise with the given cases; return a checker."""
    lc.check.register_exercise(
        "my-run", "a probe", lambda: cases, replace=True, compares=compares
    )
    return lambda fn: lc.check.exercise("my-run", fn)


def _wrong(said):
    return _core.Verdict("my-run", "wrong", f"✗ my-run (a probe): case 1 of 1, {said}.")


@pytest.mark.parametrize(
    ("case", "fn", "said"),
    [
        (
            lc.check.Case("nothing", (), 1),
            lambda x: x,
            "nothing: cannot call your <lambda>(x) as the check does, with no "
            "arguments (missing a required argument: 'x')",
        ),
        (
            lc.check.Case("one", (1,), 1),
            lambda: 1,
            "one: cannot call your <lambda>() as the check does, with 1 positional "
            "argument (too many positional arguments)",
        ),
        (
            lc.check.Case("two", (1, 2), 1, kwargs={"eta": 0.5}),
            lambda a, b: a,
            "two: cannot call your <lambda>(a, b) as the check does, with 2 "
            "positional arguments and eta=0.5 (got an unexpected keyword argument "
            "'eta')",
        ),
        (
            lc.check.Case("names", (), 1, kwargs={"a": 1, "b": 2}),
            lambda a: a,
            "names: cannot call your <lambda>(a) as the check does, with a=1 and b=2 "
            "(got an unexpected keyword argument 'b')",
        ),
    ],
)
def test_a_call_that_cannot_be_made_is_described(registries, case, fn, said):
    assert _probe([case])(fn) == _wrong(said)


class _Callable:
    """A learner's callable object: no __name__, no __code__."""

    def __init__(self, result):
        self.result = result

    def __call__(self, x):
        return self.result


def test_a_callable_object_is_checked_like_a_function(registries):
    check = _probe([lc.check.Case("one", (2,), 4)])
    verdict = check(_Callable(4))
    assert verdict == _core.Verdict(
        "my-run", "correct", "✓ my-run (a probe): correct on its one case "
        "(it compares a number, exactly)."
    )  # fmt: skip
    assert check(_Callable(4).__call__)  # a bound method: named by its own name
    check = _probe([lc.check.Case("none", (), 4)])
    assert check(_Callable(4)) == _wrong(
        "none: cannot call your function(x) as the check does, with no arguments "
        "(missing a required argument: 'x')"
    )


def _fails_deep(x):
    return _raise_bad(x)


def _raise_bad(x):
    raise ValueError(f"bad {x}")


class _Mute(Exception):
    def __str__(self):
        raise RuntimeError("no text")


def _raise_mute(x):
    raise _Mute()


def test_an_exception_is_named_with_the_line_that_raised_it(registries):
    check = _probe([lc.check.Case("one", (1,), 1)])
    line = _raise_bad.__code__.co_firstlineno + 1  # the innermost frame
    assert check(_fails_deep) == _wrong(
        f'one: raised ValueError: bad 1 (line {line}: raise ValueError(f"bad {{x}}"))'
    )
    line = _raise_mute.__code__.co_firstlineno + 1
    assert check(_raise_mute) == _wrong(
        f"one: raised _Mute:  (line {line}: raise _Mute())"
    )
    namespace = {}
    exec(compile("def f(x):\n    raise KeyError(x)\n", "<cell>", "exec"), namespace)
    assert check(namespace["f"]) == _wrong("one: raised KeyError: 1 (line 2)")


def test_a_case_that_must_raise_says_so(registries):
    check = _probe([lc.check.Case("apart", (1,), None, raises=RuntimeError)])
    assert check(lambda x: 7) == _wrong(
        "apart: returned 7, but on these data it must raise RuntimeError"
    )
    line = _raise_bad.__code__.co_firstlineno + 1
    assert check(_raise_bad) == _wrong(
        f'apart: raised ValueError: bad 1 (line {line}: raise ValueError(f"bad {{x}}"))'
        ", but it must raise RuntimeError"
    )
    assert check(lambda x: (_ for _ in ()).throw(RuntimeError("no")))


def test_a_result_no_comparison_can_read_is_named(registries):
    case = lc.check.Case("odd", (1,), 1, compare=lambda got, expected: 1 / 0)
    assert _probe([case])(lambda x: 3) == _wrong(
        "odd: returned 3, which the check cannot compare (division by zero); "
        "the check compares a number, exactly"
    )


def _spin(x, eta=1.0, max_epochs=10):
    while True:
        pass


def test_an_endless_loop_is_stopped_and_told_what_the_check_passed(registries):
    told = "still running after 0.2 s, stopped by the check's time limit (an endless "
    told += "loop? a missing stopping test?)"
    passed = {"eta": 0.5, "max_epochs": 3}
    case = lc.check.Case("loop", (1,), 1, kwargs=passed, seconds=0.2)
    assert _probe([case])(_spin) == _wrong(
        f"loop: {told} (the check passed eta=0.5, max_epochs=3)"
    )
    case = lc.check.Case("loop", (1,), 1, raises=RuntimeError, seconds=0.2)
    assert _probe([case])(_spin) == _wrong(
        f"loop: {told}; on these data it must raise RuntimeError"
    )


def test_a_function_that_changes_its_input_cannot_spoil_the_next_case(registries):
    # Two cases share one array and one dict; each call gets its own copies.
    X, options = np.array([1.0, 2.0]), {"scale": [2.0]}
    cases = [
        lc.check.Case(name, (X,), 6.0, kwargs={"options": options})
        for name in ("first", "second")
    ]

    def doubling(X, options):
        X *= options["scale"][0]  # in place, and the option too
        options["scale"][0] = 10.0
        return float(X.sum())

    assert _probe(cases)(doubling)


def test_untouched_and_non_functions_get_their_verdicts(registries):
    check = _probe([lc.check.Case("one", (1,), 1)])
    for untouched in (None, ..., lambda x: ...):
        assert check(untouched) == _core.Verdict(
            "my-run", "not attempted", "… my-run (a probe): not attempted yet."
        )
    assert check(5) == _core.Verdict(
        "my-run", "wrong", "✗ my-run (a probe): expected a function, got 5."
    )

    def not_yet(x):
        raise NotImplementedError

    assert check(not_yet) == _core.Verdict(
        "my-run", "not attempted", "… my-run (a probe): not attempted yet."
    )


def test_a_case_s_outcome_is_tagged_as_the_grader_sends_it():
    # the grader's worker writes this tag into its JSON ("kind"), and its judge
    # reads it back: "returned" with the value, or "said" with the problem (None
    # for an exception the case asks for)
    from linclass.check._run import call_case

    ex = _core.Exercise("my-run", "a probe", lambda: [])

    def halve(x):
        if x < 0:
            raise ValueError("x must be >= 0")
        return x / 2

    assert call_case(halve, lc.check.Case("a", (3,), 1.5), ex) == ("returned", 1.5)
    told = lc.check.Case("b", (-1,), None, raises=ValueError)
    assert call_case(halve, told, ex) == ("said", None)


def test_a_grader_judges_its_own_cases_and_outcomes(registries):
    from linclass.check._run import judge_exercise

    _probe([lc.check.Case("registered", (1,), 1)] * 3)
    mine = [lc.check.Case("a", (1,), 1), lc.check.Case("b", (2,), 2)]
    outcomes = [("returned", 1), ("returned", 5)]
    verdict = judge_exercise("my-run", lambda k, case: outcomes[k], mine)
    assert verdict == _core.Verdict(
        "my-run", "wrong", "✗ my-run (a probe): case 2 of 2, b: expected 2, got 5 "
        "(exact equality); the check compares a number, exactly."
    )  # fmt: skip
    outcomes[1] = ("returned", 2)
    assert judge_exercise("my-run", lambda k, case: outcomes[k], mine) == (
        _core.Verdict(
            "my-run",
            "correct",
            "✓ my-run (a probe): correct on all 2 cases "
            "(it compares a number, exactly).",
        )  # fmt: skip
    )
    with pytest.raises(ValueError) as exc:
        judge_exercise("no-such-id", lambda k, case: outcomes[k], mine)
    assert str(exc.value).startswith("no exercise called 'no-such-id'; the known ")
