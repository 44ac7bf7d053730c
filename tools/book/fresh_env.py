"""Run a notebook the way a learner in Colab would: no linclass, no book tools.

A *base* environment holds only what Colab has and a chapter needs (numpy, scipy,
matplotlib, scikit-learn, pandas, ipywidgets, ipykernel, nbclient), at the versions
of ``requirements.lock``. It is built once and reused while those inputs are
unchanged. Each run gets its own thin *overlay* environment on top of it (a venv
whose site-packages sees the base's through a ``.pth`` file), so the notebook's
``%pip install`` of linclass lands in the overlay and the next run starts without
linclass again, even when runs happen in parallel.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import subprocess
import sys
import sysconfig
import tempfile
import venv
from pathlib import Path

from . import config

PACKAGES = (
    "numpy",
    "scipy",
    "matplotlib",
    "scikit-learn",
    "pandas",
    "ipywidgets",
    "ipykernel",
    "nbclient",
)
FORBIDDEN = ("linclass", "myst_nb", "jupyter_book", "sphinx")
CACHE = config.ROOT / ".cache" / "fresh-env"


def _fingerprint(lock):
    text = "\n".join([sys.version, *PACKAGES, Path(lock).read_text("utf-8")])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _site_packages(prefix):
    scheme = "posix_prefix" if os.name == "posix" else "nt"
    vars_ = {"base": str(prefix), "platbase": str(prefix)}
    return Path(sysconfig.get_path("purelib", scheme, vars=vars_))


def _python(prefix):
    return Path(prefix) / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def base_env(cache=CACHE, lock=config.ROOT / "requirements.lock"):
    """The shared base environment, created or reused; returns its prefix."""
    cache.mkdir(parents=True, exist_ok=True)
    stamp = _fingerprint(lock)
    prefix = cache / "base"
    with open(cache / "lock", "w") as guard:
        fcntl.flock(guard, fcntl.LOCK_EX)  # parallel test workers build it once
        marker = prefix / ".fingerprint"
        if marker.exists() and marker.read_text() == stamp:
            return prefix
        # No ensurepip needed (Debian's python3 may lack it): this environment's
        # pip installs into the new one, pip itself included, for the notebook's
        # own `%pip install`.
        venv.EnvBuilder(with_pip=False, clear=True).create(prefix)
        done = subprocess.run(
            [sys.executable, "-m", "pip", "--python", str(_python(prefix))]
            + ["install", "--quiet", "-c", str(lock), "pip", *PACKAGES],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise RuntimeError(f"pip failed in {prefix}:\n{done.stderr[-3000:]}")
        marker.write_text(stamp)
    return prefix


def can_import(prefix, name):
    """Whether ``name`` imports in the environment, from a neutral folder."""
    with tempfile.TemporaryDirectory() as neutral:
        done = subprocess.run(
            [_python(prefix), "-c", f"import {name}"],
            cwd=neutral,
            env=clean_environ(),
            capture_output=True,
        )
    return done.returncode == 0


def overlay_env(base, target):
    """A throwaway venv that sees the base's packages and installs into itself."""
    venv.EnvBuilder(with_pip=False, clear=True).create(target)
    site = _site_packages(target)
    (site / "_fresh_env_base.pth").write_text(str(_site_packages(base)) + "\n")
    return target


def clean_environ(extra=None):
    """The environment of a learner's machine: nothing of this repository's."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "JUPYTER_PATH")
        and not k.startswith(("PYTEST", "MPL"))
    }
    repo_bins = {str(config.ROOT / ".venv" / "bin"), str(Path(sys.prefix) / "bin")}
    env["PATH"] = os.pathsep.join(
        p for p in env.get("PATH", "").split(os.pathsep) if p not in repo_bins
    )
    env.update(extra or {})
    return env


DRIVER = Path(__file__).with_name("run_notebook.py")


def run_notebook(notebook, base, workdir, env=None, timeout=180):
    """Execute ``notebook`` (a path in an otherwise empty ``workdir``) in a fresh
    overlay of ``base``; return ``(executed notebook dict, error or None)``."""
    workdir = Path(workdir)
    overlay = overlay_env(base, workdir.parent / (workdir.name + "-env"))
    kernels = workdir.parent / (workdir.name + "-jupyter") / "kernels" / "fresh"
    kernels.mkdir(parents=True, exist_ok=True)
    (kernels / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [
                    str(_python(overlay)),
                    "-m",
                    "ipykernel_launcher",
                    "-f",
                    "{connection_file}",
                ],
                "display_name": "fresh",
                "language": "python",
            }
        )
    )
    run_env = clean_environ(env)
    run_env["JUPYTER_PATH"] = str(kernels.parent.parent)
    done = subprocess.run(
        [_python(base), str(DRIVER), str(notebook), "fresh", str(timeout)],
        cwd=workdir,
        env=run_env,
        capture_output=True,
        text=True,
        timeout=timeout * 10,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the notebook driver failed:\n{done.stderr[-3000:]}")
    error = json.loads(done.stdout.strip().splitlines()[-1])["error"]
    return json.loads(Path(notebook).read_text(encoding="utf-8")), error
