"""make test-grade: a crafted class graded end to end (about a minute; not in make
test). Each learner gets the score and the message it must: right, wrong, a notebook
that replaces lc.check, one that calls the library's estimator for a from-scratch
exercise, an endless loop, a crash, a memory hog, a file that is not a notebook, an
empty folder, and (where the platform allows the walls) one that writes into the
course's and the grader's folders and one that opens a socket; none stops the
others. A second run with a seed grades on drawn cases and says so."""

import csv

import pytest
from grade_submissions import EXPECTED, PARTS, PLANTED, WALLED, make_class

from tools.grade import isolate
from tools.grade.grade import MEMORY, SCRATCH, grade

ISO = isolate.detect(MEMORY, SCRATCH)
WALLS = bool(ISO.user and ISO.network)
LEARNERS = {k: v for k, v in EXPECTED.items() if WALLS or k not in WALLED}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    root = tmp_path_factory.mktemp("grades")
    said = []
    rows = grade(
        make_class(root / "class", WALLS),
        root / "out",
        jobs=2,
        seconds=20,
        cell_seconds=5,
        say=said.append,
    )
    return root / "out", {row.learner: row for row in rows}, said


def test_every_learner_has_a_row(graded):
    out, rows, _ = graded
    assert set(rows) == set(LEARNERS)
    with open(out / "gradebook.csv", encoding="utf-8") as f:
        table = list(csv.DictReader(f))
    assert [r["learner"] for r in table] == sorted(LEARNERS)
    assert len(table[0]) == PARTS + 3  # learner, the parts, total, notes


@pytest.mark.parametrize("learner", sorted(LEARNERS))
def test_each_learner_gets_its_score_and_message(graded, learner):
    out, rows, _ = graded
    total, message = EXPECTED[learner]
    with open(out / "gradebook.csv", encoding="utf-8") as f:
        row = next(r for r in csv.DictReader(f) if r["learner"] == learner)
    assert int(row["total"]) == total, row
    feedback = (out / "feedback" / f"{learner}.md").read_text(encoding="utf-8")
    assert message in feedback, feedback


def test_nothing_was_written_outside(graded):
    planted = [p for p in PLANTED if p.exists()]
    for path in planted:
        path.unlink()
    assert not planted, planted


def test_the_summary_counts_the_class_and_says_how(graded):
    out, _, said = graded
    summary = (out / "summary.md").read_text(encoding="utf-8")
    assert f"({len(LEARNERS)} learners)" in summary
    right = 2 + 2 * WALLS  # right, memory; outside and network behind the walls
    assert f"| ex-ch2-one-step-b | {right} | 2 | 5 |" in summary, summary
    assert said == [
        "grading cases: the public ones, in the learner's package (no seed set; "
        "`make grade SEED=<int>` draws others)",
        ISO.describe(),
    ]
    assert all(f"- {line}" in summary for line in said)
    if WALLS:
        assert "no network, own user (nobody)" in summary
    else:
        assert "not available here" in summary


def test_a_seed_grades_on_drawn_cases(tmp_path):
    # The right learner and the one who wrote a wrong rule: graded on cases drawn
    # from the seed, the right one still gets every point, the wrong one none of
    # the coding parts, and the summary says where the cases came from.
    make_class(tmp_path / "all", WALLS)
    (tmp_path / "two").mkdir()
    for name in ("right", "wrong"):
        (tmp_path / "all" / name).rename(tmp_path / "two" / name)
    said = []
    rows = grade(tmp_path / "two", tmp_path / "out", seed=12345, say=said.append)
    verdicts = {row.learner: row.verdicts for row in rows}
    assert all(verdicts["right"].values()), verdicts["right"]
    assert not verdicts["wrong"]["ex-ch2-batch-code"]
    assert said[0] == "grading cases: drawn from seed 12345"
    message = verdicts["right"]["ex-ch2-batch-code"].message
    assert "correct on all 6 cases" in message, message
