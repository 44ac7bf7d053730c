"""The rules of tests/equivalent_mutants.md match what they say, and no more."""

import pytest

from tools.mutation import rules
from tools.mutation_rules import RULES, case_data

BUILDER = """\
def x__batch_cases__mutmut_{k}():
    data = make_separable(n=40, margin=0.1, random_state=1)
    tie_X = np.array([[-2.0, 2.0], [0.0, -1.0]])
    far = rng.normal(size=(10, 3)) + 1e3
    promise(on, EX, "a point on the hyperplane", "a point on it")
    give_up = Case("xor", (X, y), None, {{"max_epochs": 25}}, close(), RuntimeError, 2)
    cases = [("integer input", (ints_X, ints_y, 4)), ("a single point", (X[:1], w))]
    for name, args in cases:
        n = len(args[1])
    return cases
"""
ORIG = BUILDER.format(k="orig").splitlines()


def _mutant(old, new):
    text = BUILDER.format(k=7)
    assert text.count(old) == 1, old
    return text.replace(old, new).splitlines()


def _matches(old, new, module="linclass.check._ch2", function="x__batch_cases"):
    return case_data(module, function, ORIG, _mutant(old, new))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("random_state=1)", "random_state=2)"),  # another seed
        ("n=40, ", ""),  # a generator's size left to its default
        ("[0.0, -1.0]", "[0.0, +1.0]"),  # a coordinate's sign
        ("[[-2.0, 2.0]", "[[-3.0, 2.0]"),  # a coordinate
        (") + 1e3", ") - 1e3"),  # an operator applying a constant to the data
        ("ints_y, 4)", "ints_y, 5)"),  # a case's seed in the list of cases
        ("X[:1]", "X[:2]"),  # a slice of the data (the name test catches "single")
    ],
)
def test_case_data_matches_a_change_of_numbers_in_the_data(old, new):
    assert _matches(old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("random_state=1)", "random_state=None)"),  # unseeded: not the same case
        ('"integer input"', '"XXinteger inputXX"'),  # the name a learner reads
        ('"a point on it")', '"A POINT ON IT")'),  # a promise's message
        ("RuntimeError, 2)", "RuntimeError, 3)"),  # a field of a Case
        ("len(args[1])", "len(args[2])"),  # the builder's logic, not its data
        ("return cases", "return None"),
        ("margin=0.1, random_state=1)", "margin=0.1)"),  # a seed left to its default
    ],
)
def test_case_data_leaves_everything_else_alone(old, new):
    assert not _matches(old, new)


def test_case_data_holds_only_in_the_case_builders_of_the_answer_keys():
    old, new = "random_state=1)", "random_state=2)"
    assert _matches(old, new)
    assert not _matches(old, new, module="linclass.data")
    assert not _matches(old, new, function="x__batch_reference")


def test_case_data_wants_exactly_one_changed_statement():
    mutant = _mutant("random_state=1)", "random_state=2)")
    twice = [line.replace("1e3", "2e3") for line in mutant]
    assert not case_data("linclass.check._ch2", "x__batch_cases", ORIG, twice)
    assert not case_data("linclass.check._ch2", "x__batch_cases", ORIG, [])


def test_every_rule_the_file_lists_is_one_the_tool_applies():
    listed = rules()
    assert listed == ["case-data"]
    assert set(listed) <= set(RULES)
