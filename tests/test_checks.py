"""Every self-check of ``lc.check`` against the book: it accepts the book's own
solution, it knows an untouched stub, and the chapters and the checks agree on which
exercises and answer boxes exist."""

import json
import re
import warnings

import numpy as np
import pytest
from answer_letters import MARK, _items, letter_position, source_items
from exercise_sources import book_solution, solution_cells
from sklearn.exceptions import ConvergenceWarning

import linclass as lc
from linclass.check._answers import decimals_text
from linclass.check._core import ANSWERS, EXERCISES, Case, close, describe, same, show
from tools.book.config import chapter_paths

BOX = re.compile(r'<div class="lc-answer" data-answer="([^"]+)"></div>')
CHECK_CALL = re.compile(r'lc\.check\.(exercise|answer)\("([^"]+)"')


def _chapter_text(kind):
    out = []
    for path in chapter_paths():
        nb = json.loads(path.read_text(encoding="utf-8"))
        out += ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == kind]
    return "\n".join(out)


def test_every_exercise_check_is_called_in_a_chapter_and_vice_versa():
    called = {
        m[1] for m in CHECK_CALL.findall(_chapter_text("code")) if m[0] == "exercise"
    }
    assert called == set(EXERCISES), (
        f"checks never called: {set(EXERCISES) - called}; "
        f"called but not registered: {called - set(EXERCISES)}"
    )


def test_every_answer_box_has_a_key_and_every_key_a_box_or_call():
    boxes = set(BOX.findall(_chapter_text("markdown")))
    called = {
        m[1] for m in CHECK_CALL.findall(_chapter_text("code")) if m[0] == "answer"
    }
    assert boxes <= set(ANSWERS), f"boxes without an answer key: {boxes - set(ANSWERS)}"
    assert set(ANSWERS) <= boxes | called, (
        f"answer keys no chapter uses: {set(ANSWERS) - boxes - called}"
    )


def test_every_answer_id_has_the_letter_of_its_item():
    seen = {}
    for path in chapter_paths():
        seen |= source_items(path)
    assert set(seen) == set(ANSWERS), set(ANSWERS) ^ set(seen)
    wrong = {a: n for a, n in seen.items() if n != letter_position(a)}
    assert not wrong, f"answer ids whose letter is not their item's: {wrong}"


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("1. Show it.\n2. Compute it.\n3. For R = 8, which c?\n\n" + MARK, 3),
        ("(a) Show it.\n\n(b) What is $c$?\n\n" + MARK + "\n\n(c) Why?", 2),
        ("In the plane ($d = 2$). (a) Write it. (b) Show. (c) Count.\n" + MARK, 3),
        ("What is the factor $(c)$ here?\n\n" + MARK, 1),
    ],
)
def test_the_item_of_a_box_is_the_last_label_before_it(text, position):
    assert _items(text, ["ex-x-b"]) == {"ex-x-b": position}


@pytest.mark.parametrize("exercise_id", sorted(EXERCISES))
def test_check_accepts_the_books_solution(exercise_id):
    namespace = book_solution(exercise_id)
    cells = [
        c
        for path in chapter_paths()
        for c in solution_cells(path).get(exercise_id, [])
        if "check" in c["metadata"].get("tags", [])
    ]
    calls = [
        m
        for c in cells
        for m in re.findall(
            r'lc\.check\.exercise\("' + re.escape(exercise_id) + r'",\s*(\w+)\)',
            "".join(c["source"]),
        )
    ]
    assert calls, f"no check cell calls lc.check.exercise({exercise_id!r}, ...)"
    for name in calls:
        verdict = lc.check.exercise(exercise_id, namespace[name])
        assert verdict, verdict.message


@pytest.mark.parametrize("exercise_id", sorted(EXERCISES))
def test_untouched_stub_is_not_attempted(exercise_id):
    def stub(*args, **kwargs):
        """The exercise edition's starter."""
        raise NotImplementedError

    def dots(*args, **kwargs): ...

    for fn in (stub, dots, ...):
        verdict = lc.check.exercise(exercise_id, fn)
        assert verdict.status == "not attempted", verdict.message


@pytest.mark.parametrize("answer_id", sorted(ANSWERS))
def test_answer_key_knows_an_untouched_cell_and_junk(answer_id):
    assert lc.check.answer(answer_id, ...).status == "not attempted"
    verdict = lc.check.answer(answer_id, object())
    assert verdict.status == "wrong" and "expected" in verdict.message


def test_unknown_ids_name_the_known_ones():
    with pytest.raises(ValueError, match="ex-ch2-batch-code"):
        lc.check.exercise("ex-ch9-nothing", print)
    with pytest.raises(ValueError, match="known"):
        lc.check.answer("ex-ch9-nothing", 1)


MISMATCHES = [
    # (got, expected, rtol, atol, the message)
    (
        np.array([3.0, 2.0]),
        np.array([3.0, 2.5]),
        0,
        0,
        "entry 1: expected 2.5, got 2 (exact equality)",
    ),
    (None, np.array([1.0]), 0, 0, "returned None (did you forget return?)"),
    (
        np.array([1.0, 2.0]),
        np.array([1.0, 2.000001]),
        1e-9,
        0,
        "entry 1: expected 2.000001, got 2 (tolerance rtol=1e-9)",
    ),
    (
        np.ones((2, 2)),
        np.eye(2),
        0,
        0,
        "entry [0, 1]: expected 0, got 1 (exact equality)",
    ),
    ([1, 3], np.array([1.0, 2.0]), 0, 0, "entry 1: expected 2, got 3 (exact equality)"),
    (
        (np.array([1.0]), 4),
        (np.array([1.0]), 3.0),
        0,
        1e-12,
        "item 1 of the result: expected 3, got 4 (tolerance atol=1e-12)",
    ),
    # a count (an int) is right or wrong, whatever the tolerance of the floats
    (
        (np.array([1.0]), 1.0, 58),
        (np.array([1.0]), 1.0, 57),
        1e-2,
        1e-2,
        "item 2 of the result: expected 57, got 58 (exact equality)",
    ),
    (np.array([1.0, 2.0]), np.array([1.0, 2.5]), 1e-7, 1e-9, None),
    (
        np.zeros((3, 3)),
        np.zeros((24, 9)),
        0,
        0,
        "expected shape (24, 9), got shape (3, 3)",
    ),
]


@pytest.mark.parametrize(("got", "expected", "rtol", "atol", "message"), MISMATCHES)
def test_mismatch_messages_name_the_first_differing_entry(
    got, expected, rtol, atol, message
):
    message = message or "entry 1: expected 2.5, got 2 (tolerance rtol=1e-7, atol=1e-9)"
    assert same(got, expected, rtol, atol) == message


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (np.array([3.0, 2.0]), "[3, 2]"),
        (np.array([[1.0, 0.5]]), "[1, 0.5] (shape (1, 2))"),
        ((np.array([-1.0]), 2.0, 3), "([-1], 2, 3)"),
        (0.1 + 0.2, "0.30000000000000004"),
        (np.zeros((3, 3)), "an array of shape (3, 3)"),
    ],
)
def test_numbers_in_messages_read_as_people_write_them(value, text):
    assert show(value) == text


def test_decimals_are_counted_in_words():
    assert [decimals_text(d) for d in (1, 2, 3)] == [
        "1 decimal",
        "2 decimals",
        "3 decimals",
    ]
    verdict = lc.check.answer("ex-ch5-by-hand-c", -3.8)  # -3.75 to one decimal
    assert "close: right to 1 decimal, but give 3 decimals" in verdict.message


def test_a_count_is_accepted_as_any_integer_type_and_only_as_an_int():
    expected = (np.array([1.0]), 0.5, 57)
    assert same((np.array([1.0 + 1e-12]), 0.5, np.int64(57)), expected, 1e-9) is None
    assert same((np.array([1]), 0.5, 57.0), expected, 1e-9) == (
        "item 2 of the result: expected an int (compared exactly), got the float 57.0"
    )
    assert same((np.array([1]), 0.5, True), expected) == (
        "item 2 of the result: expected an int (compared exactly), got the bool True"
    )


DESCRIBED = [
    # (expected, compare, what the check says it compares)
    (
        (np.zeros(2), 1.0, 3),
        close(),
        "a tuple (1-d array, float, int): numbers as float64 within rtol=1e-9, "
        "atol=1e-12; ints exactly",
    ),
    (np.zeros((2, 2)), None, "a 2-d array: numbers as float64, exactly"),
    (2.5, close(1e-7, 0), "a float: numbers as float64 within rtol=1e-7"),
    (4, close(), "an int: exactly"),
    ("yes", None, "a str, as equal values"),
    (1.0, lambda g, e: None, "a float, by the exercise's own comparison"),
]


@pytest.mark.parametrize(("expected", "compare", "text"), DESCRIBED)
def test_a_check_says_what_it_compares(expected, compare, text):
    assert describe([Case("c", (), expected, compare=compare)]) == text


@pytest.mark.parametrize("exercise_id", sorted(EXERCISES))
def test_every_coding_exercise_states_its_types_and_tolerance(exercise_id):
    cases = list(EXERCISES[exercise_id].cases())
    text = describe(cases)
    # one comparison for all cases, so the first case speaks for them all
    assert len({type(c.compare) for c in cases}) == 1
    assert len({(c.compare.rtol, c.compare.atol) for c in cases if c.compare}) <= 1
    assert "float64" in text, text
    # the tolerance stated is the one the cases compare with (absent means 0)
    compare = cases[0].compare
    stated = dict(re.findall(r"\b(rtol|atol)=([0-9.e+-]+)", text))
    stated = {k: float(v.rstrip(".")) for k, v in stated.items()}
    if compare is None or (compare.rtol == 0 and compare.atol == 0):
        assert not stated and "float64, exactly" in text, text
    else:
        assert stated.get("rtol", 0.0) == compare.rtol, text
        assert stated.get("atol", 0.0) == compare.atol, text
    if re.search(r"\bint\b", text):
        assert "ints exactly" in text, text
    wrong = lc.check.exercise(exercise_id, lambda *a, **k: "a wrong result")
    assert wrong.message.endswith(f"; the check compares {text}."), wrong.message


def test_the_batch_perceptron_accepts_a_rounding_difference():
    from linclass.perceptron import Perceptron

    def batch_perceptron(X, y, eta=1.0, max_epochs=1000):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            clf = Perceptron(mode="batch", eta=eta, max_iter=max_epochs).fit(X, y)
        if not clf.converged_:
            raise RuntimeError("did not converge")
        # another order of summation: off by about 1e-15, not by a mistake
        w = clf.coef_[0] * (1 + 4e-16)
        return w, float(clf.intercept_[0]) * (1 + 4e-16), int(clf.n_iter_)

    verdict = lc.check.exercise("ex-ch2-batch-code", batch_perceptron)
    assert verdict, verdict.message
    assert "rtol=1e-9, atol=1e-12" in verdict.message


def test_a_function_that_returns_nothing_is_told_so():
    def batch_perceptron(X, y, eta=1.0, max_epochs=1000):
        np.zeros(2)  # computes, but forgets to return

    verdict = lc.check.exercise("ex-ch2-batch-code", batch_perceptron)
    assert "returned None (did you forget return?)" in verdict.message
    assert "nan" not in verdict.message


@pytest.mark.parametrize("exercise_id", sorted(EXERCISES))
def test_every_check_builds_the_same_cases_every_time(exercise_id):
    # Everything random takes a seed: a learner who runs a check again, or a grader,
    # meets the same data and the same verdict.
    first, again = (list(EXERCISES[exercise_id].cases()) for _ in range(2))
    assert [c.name for c in first] == [c.name for c in again]
    for a, b in zip(first, again, strict=True):
        np.testing.assert_equal((a.args, a.kwargs), (b.args, b.kwargs), err_msg=a.name)
        np.testing.assert_equal(a.expected, b.expected, err_msg=a.name)
