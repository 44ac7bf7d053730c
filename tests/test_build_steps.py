"""The build's steps (tools/book/steps.py): a step runs when, and only when, the
contents of its inputs changed or an output is missing."""

import os

import pytest

from tools.book.steps import Step, digest, files_under, run_steps


@pytest.fixture
def tree(tmp_path):
    (tmp_path / "src" / "__pycache__").mkdir(parents=True)
    (tmp_path / "src" / "a.txt").write_text("one")
    (tmp_path / "src" / "b.txt").write_text("two")
    (tmp_path / "src" / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"\0")
    return tmp_path


def counting_step(calls, output="out/result.txt"):
    def run(root):
        calls.append(1)
        (root / output).parent.mkdir(exist_ok=True)
        (root / output).write_text("built")

    return Step("copy", lambda root: files_under(root, "src/**/*"), run, [output])


def test_inputs_leave_out_compiled_files(tree):
    names = [p.name for p in files_under(tree, "src/**/*")]
    assert names == ["a.txt", "b.txt"]


def test_digest_follows_contents_and_names_not_times(tree):
    paths = files_under(tree, "src/*")
    first = digest(tree, paths)
    os.utime(paths[0], (1, 1))
    assert digest(tree, paths) == first
    paths[0].write_text("uno")
    assert digest(tree, paths) != first
    paths[0].write_text("one")
    assert digest(tree, paths) == first
    paths[0].rename(tree / "src" / "c.txt")  # same bytes under another name
    assert digest(tree, files_under(tree, "src/*")) != first


def test_a_step_runs_once_then_only_after_a_change(tree):
    calls, lines = [], []
    step = counting_step(calls)
    assert run_steps(tree, [step], say=lines.append) == ["copy"]
    assert run_steps(tree, [step], say=lines.append) == []
    assert len(calls) == 1 and "up to date" in lines[-1]
    os.utime(tree / "src" / "a.txt", (2e9, 2e9))  # touched, not changed
    assert run_steps(tree, [step], say=lines.append) == []
    (tree / "src" / "b.txt").write_text("deux")
    assert run_steps(tree, [step], say=lines.append) == ["copy"]
    assert len(calls) == 2
    assert [line.split(":")[0] for line in lines[-2:]] == ["[book] copy"] * 2
    assert lines[-1].startswith("[book] copy: done in ")


def test_a_missing_output_runs_the_step_again(tree):
    calls = []
    step = counting_step(calls)
    run_steps(tree, [step], say=lambda line: None)
    (tree / "out" / "result.txt").unlink()
    assert run_steps(tree, [step], say=lambda line: None) == ["copy"]
    assert len(calls) == 2


def test_a_failed_step_leaves_no_stamp_and_stops_the_build(tree):
    calls = []

    def fail(root):
        raise RuntimeError("broken")

    bad = Step("bad", lambda root: files_under(root, "src/*"), fail)
    with pytest.raises(RuntimeError, match="broken"):
        run_steps(tree, [bad, counting_step(calls)], say=lambda line: None)
    assert not bad.stamp(tree).exists() and calls == []
