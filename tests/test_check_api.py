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
    saved = [(r, dict(r)) for r in (_core.EXERCISES, _core.ANSWERS)]
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


@pytest.mark.parametrize(
    "call, message",
    [
        (
            lambda: lc.check.register_answer("ex-ch2-one-step-b", "x", "number", 1),
            "registered twice",
        ),
        (
            lambda: lc.check.register_exercise("ex-ch2-batch-code", "x", list),
            "registered twice",
        ),
        (lambda: lc.check.register_answer("", "x", "number", 1), "non-empty string"),
        (
            lambda: lc.check.register_answer("my-a", "x", "float", 1),
            "kind must be one of",
        ),
        (lambda: lc.check.register_exercise("my-e", "x", [1, 2]), "must be a callable"),
        (
            lambda: lc.check.register_exercise("my-e", "x", list, compares=""),
            "compares must be a non-empty string",
        ),
    ],
)
def test_bad_registrations_say_what_is_wrong(registries, call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_an_unknown_id_names_the_known_ones(registries):
    with pytest.raises(
        ValueError, match="no exercise called 'ex-nope'.*ex-ch2-batch-code"
    ):
        lc.check.exercise("ex-nope", print)
