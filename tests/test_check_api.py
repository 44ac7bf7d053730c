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
