"""The walls around a learner's process (tools/grade/isolate.py): what the platform
allows is detected and named; behind them the process cannot write into the course's
folder, reaches no network, and what it writes to /tmp never reaches the real /tmp.
The crafted class of make test-grade (tests/slow_grade.py) meets them end to end."""

import json
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tools.grade import isolate
from tools.grade.grade import MEMORY, SCRATCH

ROOT = Path(__file__).resolve().parents[1]
ISO = isolate.detect(MEMORY, SCRATCH)

PROBE = """
import json, socket, sys
said = {}
for name, path in (("course", sys.argv[1]), ("tmp", sys.argv[2])):
    try:
        open(path, "w").write("x")
        said[name] = "written"
    except OSError as exc:
        said[name] = type(exc).__name__
try:
    socket.create_connection(("1.1.1.1", 80), timeout=3)
    said["network"] = "connected"
except OSError as exc:
    said["network"] = exc.strerror
print(json.dumps(said))
"""


def test_the_summary_line_names_each_wall_or_why_it_is_missing():
    full = isolate.Isolation(MEMORY, network=True, mounts=True, user=(65534, 65534))
    assert full.describe() == (
        "isolation: time and memory limits, own temporary folder, no network, "
        "own user (nobody), private /tmp"
    )
    bare = isolate.Isolation(MEMORY, missing=("no network: need root",))
    assert bare.describe() == (
        "isolation: time and memory limits, own temporary folder; not available "
        "here: no network: need root"
    )
    assert ISO.describe().startswith("isolation: time and memory limits")
    assert ISO.missing or (ISO.user and ISO.network and ISO.mounts)


@pytest.mark.skipif(
    not (ISO.user and ISO.network and ISO.mounts),
    reason=f"this platform does not allow every wall ({ISO.describe()})",
)
def test_behind_the_walls_nothing_outside_is_reached(tmp_path):
    course = ROOT / "linclass" / f"planted-{uuid.uuid4().hex}.py"
    tmp = Path("/tmp") / f"lc-planted-{uuid.uuid4().hex}"
    run = subprocess.run(
        [sys.executable, "-c", PROBE, str(course), str(tmp)],
        preexec_fn=ISO.preexec(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    said = json.loads(run.stdout)
    planted = [p for p in (course, tmp) if p.exists()]
    for p in planted:
        p.unlink()
    assert said == {
        "course": "PermissionError",
        "tmp": "written",  # into its private /tmp, gone with it
        "network": "Network is unreachable",
    }
    assert not planted


@pytest.mark.skipif(not ISO.user, reason=f"no user of its own here ({ISO.describe()})")
def test_a_folder_the_learners_user_cannot_reach_drops_that_wall_and_says_so(tmp_path):
    hidden = tmp_path / "hidden"
    hidden.mkdir(mode=0o700)
    iso = isolate.detect(MEMORY, hidden / "scratch")
    assert iso.user is None
    assert f"own user: nobody cannot run Python or reach {hidden}" in iso.describe()
