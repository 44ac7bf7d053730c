"""The build's steps (tools/book/steps.py): a step runs when, and only when, the
contents of its inputs changed, its outputs are not the files it recorded (missing,
truncated, edited, written over, or foreign), or its last run did not finish."""

import os
import subprocess
import sys
import time

import pytest

from tools.book.steps import (
    BuildLock,
    Step,
    digest,
    files_under,
    replace_dir,
    run_steps,
    write_atomic,
)


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


def _rerun_after(tree, fault):
    calls, lines = [], []
    step = counting_step(calls)
    step.outputs = ["out"]  # a folder: a file put there is not the step's
    run_steps(tree, [step], say=lines.append)
    fault(tree / "out" / "result.txt")
    ran = run_steps(tree, [step], say=lines.append)
    return ran, calls, lines, step


@pytest.mark.parametrize(
    ("fault", "what"),
    [
        (lambda p: p.write_text("built, then edited"), "changed"),
        (lambda p: p.write_text("bui"), "changed"),  # truncated
        (lambda p: os.utime(p, ns=(1, 1)), "changed"),  # written over, same bytes
        (lambda p: p.unlink(), "missing"),
        (lambda p: (p.parent / "stray.txt").write_text("x"), "not written by"),
    ],
    ids=["edited", "truncated", "touched", "deleted", "foreign"],
)
def test_outputs_not_as_written_run_the_step_again_and_say_which(tree, fault, what):
    ran, calls, lines, step = _rerun_after(tree, fault)
    assert ran == ["copy"] and len(calls) == 2
    assert "output(s) not as it wrote them" in lines[-2] and what in lines[-2]
    assert "out/" in lines[-2]
    # What is not the step's own is removed first; the step writes it anew.
    assert sorted(p.name for p in (tree / "out").iterdir()) == ["result.txt"]
    assert (tree / "out" / "result.txt").read_text() == "built"
    assert run_steps(tree, [step], say=lines.append) == []


def test_a_later_steps_files_inside_the_outputs_are_not_the_steps_concern(tree):
    calls = []
    step = counting_step(calls)
    step.outputs, step.exclude = ["out"], ["out/later"]
    run_steps(tree, [step], say=lambda line: None)
    (tree / "out" / "later").mkdir()
    (tree / "out" / "later" / "deck.html").write_text("a later step's")
    assert run_steps(tree, [step], say=lambda line: None) == []


def test_an_interrupted_step_runs_again_and_is_told_so(tree):
    reasons = []

    def killed(root):
        raise KeyboardInterrupt

    def run(root, reason):
        reasons.append(reason)

    inputs = lambda root: files_under(root, "src/*")  # noqa: E731
    with pytest.raises(KeyboardInterrupt):
        run_steps(tree, [Step("s", inputs, killed)], say=lambda line: None)
    lines = []
    assert run_steps(tree, [Step("s", inputs, run)], say=lines.append) == ["s"]
    assert reasons == ["interrupted"] and "interrupted" in lines[0]
    assert run_steps(tree, [Step("s", inputs, run)], say=lines.append) == []


def test_write_atomic_leaves_the_old_file_or_the_new(tmp_path):
    target = tmp_path / "site" / "page.html"
    write_atomic(target, "old")
    write_atomic(target, b"new")
    assert target.read_text() == "new"
    assert [p.name for p in target.parent.iterdir()] == ["page.html"]


def test_replace_dir_keeps_the_old_folder_when_making_the_new_fails(tmp_path):
    target = tmp_path / "wheels"
    replace_dir(target, lambda d: (d.mkdir(), (d / "a.whl").write_text("1")))

    def broken(d):
        d.mkdir()
        (d / "half.whl").write_text("")
        raise RuntimeError("killed")

    with pytest.raises(RuntimeError):
        replace_dir(target, broken)
    assert [p.name for p in target.iterdir()] == ["a.whl"]
    replace_dir(target, lambda d: (d.mkdir(), (d / "b.whl").write_text("2")))
    assert [p.name for p in target.iterdir()] == ["b.whl"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["wheels"]


def test_a_second_build_waits_for_the_lock_and_says_so(tmp_path):
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from tools.book.steps import BuildLock\n"
            "with BuildLock(sys.argv[1]):\n"
            "    print('held', flush=True); time.sleep(1.5)",
            str(tmp_path),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout.readline().strip() == "held"
    lines, start = [], time.perf_counter()
    with BuildLock(tmp_path, say=lines.append):
        waited = time.perf_counter() - start
    holder.wait(timeout=30)
    assert waited > 0.5
    assert f"process {holder.pid}" in lines[0] and "waiting" in lines[0]
    assert "waited" in lines[1]
    # Free again: taken at once, without a word; and re-entrant within a process.
    quiet = []
    with BuildLock(tmp_path, say=quiet.append), BuildLock(tmp_path, say=quiet.append):
        pass
    assert quiet == []
