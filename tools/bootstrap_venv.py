"""Create .venv with pip, even where python3 lacks ensurepip.

Debian's python3 ships without ``ensurepip`` unless ``python3-venv`` is installed, so
``python3 -m venv`` fails on a fresh machine. In that case we create the environment
without pip and install pip from its wheel on PyPI (a zip file pip can run from).
"""

import json
import subprocess
import sys
import tempfile
import urllib.request
import venv
from pathlib import Path


def main(target: str = ".venv") -> None:
    env = Path(target)
    python = env / "bin" / "python"
    try:
        venv.EnvBuilder(with_pip=True, clear=True).create(env)
        return
    except (subprocess.CalledProcessError, OSError) as exc:
        print(f"venv with pip failed ({exc}); installing pip from PyPI instead")
    venv.EnvBuilder(with_pip=False, clear=True).create(env)
    with urllib.request.urlopen("https://pypi.org/pypi/pip/json", timeout=60) as r:
        release = json.load(r)
    wheel = next(u for u in release["urls"] if u["filename"].endswith(".whl"))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / wheel["filename"]
        urllib.request.urlretrieve(wheel["url"], path)
        subprocess.run([str(python), f"{path}/pip", "install", str(path)], check=True)


if __name__ == "__main__":
    main(*sys.argv[1:])
