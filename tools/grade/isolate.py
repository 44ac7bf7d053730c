"""Walls around the learner's process, where the platform allows them.

Always: limits on memory, file size and core dumps (``resource``), a process group
of its own (killed as a whole), a temporary folder of its own. On Linux, run by
root, also:

- **no network**: a network namespace of its own, which has no interface but a
  loopback that is down, so every connection fails ("Network is unreachable");
- **its own user**: the process drops to an unprivileged user (``nobody``), owner
  of its temporary folder and of nothing else, so it cannot write into the
  grader's files, the installed ``linclass`` or the course's folder;
- **a private /tmp**: a mount namespace of its own with an empty, throwaway tmpfs
  over the folders every user may write to (``/tmp``, ``/var/tmp``, ``/dev/shm``,
  ``/run/lock``), so what it writes there is gone with it and reaches no one.

:func:`detect` tries each wall once, in a throwaway process, and keeps those that
work; :meth:`Isolation.describe` is the line the gradebook's summary carries.
"""

from __future__ import annotations

import ctypes
import os
import pwd
import resource
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

CLONE_NEWNS, CLONE_NEWNET = 0x00020000, 0x40000000
MS_NOSUID, MS_NODEV, MS_REC, MS_PRIVATE = 2, 4, 1 << 14, 1 << 18
SHARED = ("/tmp", "/var/tmp", "/dev/shm", "/run/lock")  # writable by every user
USER = "nobody"


@dataclass(frozen=True)
class Isolation:
    """Which walls the learner's process gets (beyond the limits it always gets)."""

    memory: int
    network: bool = False
    mounts: bool = False
    user: tuple[int, int] | None = None  # (uid, gid)
    missing: tuple[str, ...] = ()  # why a wall is not there

    def describe(self):
        walls = ["time and memory limits", "own temporary folder"]
        walls += ["no network"] * self.network
        walls += [f"own user ({USER})"] * bool(self.user)
        walls += ["private /tmp"] * self.mounts
        line = "isolation: " + ", ".join(walls)
        if self.missing:
            line += "; not available here: " + "; ".join(self.missing)
        return line

    def preexec(self):
        """The function the learner's process runs after fork, before Python."""

        def enter():
            resource.setrlimit(resource.RLIMIT_AS, (self.memory, self.memory))
            size = 50 * 2**20
            resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
            flags = CLONE_NEWNET * self.network | CLONE_NEWNS * self.mounts
            if flags:
                _call("unshare", flags)
            if self.mounts:
                _call("mount", None, b"/", None, MS_REC | MS_PRIVATE, None)
                for folder in SHARED:
                    if os.path.isdir(folder):
                        _call(
                            "mount",
                            b"tmpfs",
                            folder.encode(),
                            b"tmpfs",
                            MS_NOSUID | MS_NODEV,
                            b"size=64m,mode=1777",
                        )
            if self.user:
                uid, gid = self.user
                os.setgroups([])
                os.setgid(gid)
                os.setuid(uid)  # last: the calls above need root

        return enter

    def own(self, folder):
        """Give the learner's user its temporary folder (and only that)."""
        if not self.user:
            return
        uid, gid = self.user
        for root, dirs, files in os.walk(folder):
            for name in (root, *(os.path.join(root, n) for n in dirs + files)):
                os.chown(name, uid, gid, follow_symlinks=False)


def _call(name, *args):
    libc = ctypes.CDLL(None, use_errno=True)
    if getattr(libc, name)(*args) != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"{name}: {os.strerror(errno)}")


def _works(iso, folder):
    """Can a process behind ``iso`` start Python and write into a folder of its
    own under ``folder`` (where the learners' folders go)?"""
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="lc-probe-", dir=folder) as tmp:
        iso.own(tmp)
        try:
            run = subprocess.run(
                # by its full path, as the worker finds its files
                [sys.executable, "-S", "-c", "import sys; open(sys.argv[1], 'w')"]
                + [os.path.join(tmp, "probe")],
                cwd=tmp,
                preexec_fn=iso.preexec(),
                capture_output=True,
                timeout=30,
            )
        except (OSError, subprocess.SubprocessError):
            return False
        return run.returncode == 0


def detect(memory, folder):
    """The walls this platform allows for a learner's process whose temporary
    folder is under ``folder``, each tried once in a throwaway process."""
    folder = Path(folder)
    if not sys.platform.startswith("linux"):
        return Isolation(memory, missing=(f"other walls on {sys.platform}",))
    if os.geteuid() != 0:
        return Isolation(
            memory, missing=("no network, own user, private /tmp: need root",)
        )
    missing, walls = [], {}
    try:
        entry = pwd.getpwnam(USER)
        user = (entry.pw_uid, entry.pw_gid)
    except KeyError:
        user = None
        missing.append(f"own user: no user called {USER}")
    if user and _works(Isolation(memory, user=user), folder):
        walls["user"] = user
    elif user:
        missing.append(f"own user: {USER} cannot run Python or reach {folder}")
    for wall, what in (("network", "no network"), ("mounts", "private /tmp")):
        if _works(Isolation(memory, **{wall: True}), folder):
            walls[wall] = True
        else:
            missing.append(f"{what}: the kernel refused a namespace")
    iso = Isolation(memory, missing=tuple(missing), **walls)
    if walls and not _works(iso, folder):  # each alone works; together they must too
        missing.append("the walls together failed")
        return Isolation(memory, missing=tuple(missing))
    return iso
