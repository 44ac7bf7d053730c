"""make test-grade: a crafted class graded end to end (about a minute; not in make
test). Each learner gets the score and the message it must: right, wrong, a notebook
that replaces lc.check, one that calls the library's estimator for a from-scratch
exercise, an endless loop, a crash, a memory hog, a file that is not a notebook, an
empty folder; none stops the others."""

import csv

import pytest
from grade_submissions import EXPECTED, PARTS, make_class

from tools.grade.grade import grade


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    root = tmp_path_factory.mktemp("grades")
    rows = grade(
        make_class(root / "class"), root / "out", jobs=2, seconds=20, cell_seconds=5
    )
    return root / "out", {row.learner: row for row in rows}


def test_every_learner_has_a_row(graded):
    out, rows = graded
    assert set(rows) == set(EXPECTED)
    with open(out / "gradebook.csv", encoding="utf-8") as f:
        table = list(csv.DictReader(f))
    assert [r["learner"] for r in table] == sorted(EXPECTED)
    assert len(table[0]) == PARTS + 3  # learner, the parts, total, notes


@pytest.mark.parametrize("learner", sorted(EXPECTED))
def test_each_learner_gets_its_score_and_message(graded, learner):
    out, rows = graded
    total, message = EXPECTED[learner]
    with open(out / "gradebook.csv", encoding="utf-8") as f:
        row = next(r for r in csv.DictReader(f) if r["learner"] == learner)
    assert int(row["total"]) == total, row
    feedback = (out / "feedback" / f"{learner}.md").read_text(encoding="utf-8")
    assert message in feedback, feedback


def test_the_summary_counts_the_class(graded):
    out, _ = graded
    summary = (out / "summary.md").read_text(encoding="utf-8")
    assert "(9 learners)" in summary
    assert "| ex-ch2-one-step-b | 2 | 2 | 5 |" in summary, summary
