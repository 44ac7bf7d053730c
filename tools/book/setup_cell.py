"""The setup cell every chapter starts with, and the tool that keeps it current.

A chapter opened outside the course's environment (Colab, Binder, a notebook
downloaded from the site) lacks ``linclass``. Its first cell installs the wheel the
published site serves, or the one named by ``LINCLASS_WHEEL_URL`` (which the tests
use to point at a local server).

The committed chapters hold the cell with the placeholder ``{{ html.baseurl }}``, so
that the site's address lives in ``_config.yml`` alone and a fork changes it there;
every notebook the site serves gets its setup cell from :func:`serve` at build
time: the addresses filled in, and a check that ``import linclass`` works after pip
ran. It says "Installed" only then; otherwise it stops the notebook with two lines:
the address it tried and pip's reason, then what to do (the site's wheel, or
``pip install`` from a clone of the repository). The committed chapters keep the
short form: in the course's environment the package is always there. The cell's
text depends on the package version, so it is written by this tool, not by hand:

    python -m tools.book.setup_cell          # check, exit 1 when a chapter is stale
    python -m tools.book.setup_cell --write  # rewrite the chapters' setup cells
"""

from __future__ import annotations

import argparse
import json
import sys

from . import config
from .steps import write_atomic

SITE = "{{ html.baseurl }}"  # filled in from _config.yml in served notebooks
TAG = "remove-cell"  # Jupyter shows it; the site, which has no kernel, does not

TEMPLATE = """\
# Setup for Colab, Binder or a downloaded notebook: install linclass if it is missing.
import importlib.util
import os

if importlib.util.find_spec("linclass") is None:
    wheel = os.environ.get("LINCLASS_WHEEL_URL", "{url}")
    %pip install --quiet {{wheel}}
    print(f"Installed linclass from {{wheel}} (no restart needed)")
else:
    print("linclass is already installed")"""

SERVED = """\
# Setup for Colab, Binder or a downloaded notebook: install linclass if it is missing.
import importlib.util
import os
import re
import subprocess
import sys
import warnings

if importlib.util.find_spec("linclass") is None:
    wheel = os.environ.get("LINCLASS_WHEEL_URL", "{url}")
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-color", wheel]
    said = subprocess.run(pip, capture_output=True, text=True).stderr
    importlib.invalidate_caches()
    try:
        import linclass
    except ImportError as error:
        # pip's reason: its first ERROR line, or (newer pips) its "×" and "╰─>" lines.
        said = re.sub(r"\\x1b\\[[0-9;]*m", "", said).splitlines()  # no colours
        said = [line.strip() for line in said if line.strip()]
        errors = [line for line in said if line.startswith("ERROR")][:1] or [
            " ".join(line.lstrip("×╰─> ") for line in said if line[0] in "×╰")
        ]
        reason = errors[0] or (said[-1] if said else str(error))
        warnings.filterwarnings("ignore", "To exit")  # IPython's, after SystemExit
        raise SystemExit(
            f"linclass is not installed: tried pip install {{wheel}}: {{reason}}\\n"
            "To fix: check the connection (a proxy?) and the address, then run this "
            "cell again; or download the wheel from {site}_static/wheels/ and "
            "pip install the file; or pip install a clone of {repo}."
        ) from None
    print(f"Installed linclass from {{wheel}} (no restart needed)")
else:
    print("linclass is already installed")"""


def source(root=config.ROOT, served=False):
    """The setup cell's source: the served form with the site's address when
    ``served``, else the committed chapters' form with its placeholder."""
    url = f"{SITE}_static/wheels/{config.wheel_name(root)}"
    if not served:
        return TEMPLATE.format(url=url)
    text = SERVED.format(url=url, site=SITE, repo="{{ repository.url }}")
    return config.fill(text, root)


def cell(root=config.ROOT, served=False):
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": "linclass-setup",
        "metadata": {"slideshow": {"slide_type": "skip"}, "tags": [TAG]},
        "outputs": [],
        "source": source(root, served).splitlines(keepends=True),
    }


def serve(nb, root=config.ROOT):
    """Fill the site's address into the setup cell of notebook ``nb`` (a dict), in
    place, and return ``nb``. Every notebook the site serves goes through this."""
    for k, c in enumerate(nb["cells"]):
        if is_setup_cell(c):
            served = cell(root, served=True)
            served["outputs"] = c.get("outputs", [])
            served["execution_count"] = c.get("execution_count")
            nb["cells"][k] = served
    return nb


def serve_file(path, root=config.ROOT):
    """:func:`serve` on a notebook file, rewritten in place."""
    nb = serve(json.loads(path.read_text(encoding="utf-8")), root)
    write_atomic(path, json.dumps(nb, indent=1, ensure_ascii=False) + "\n")


def is_setup_cell(c):
    return c["cell_type"] == "code" and "".join(c["source"]).startswith(
        "# Setup for Colab"
    )


def first_code_cell(nb):
    return next((c for c in nb["cells"] if c["cell_type"] == "code"), None)


def stale(path, root=config.ROOT):
    """True unless the notebook's first code cell is exactly the current setup cell."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    return first_code_cell(nb) != cell(root)


def write(path, root=config.ROOT):
    """Put the current setup cell before the notebook's first code cell."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = [c for c in nb["cells"] if not is_setup_cell(c)]
    at = next((k for k, c in enumerate(cells) if c["cell_type"] == "code"), len(cells))
    nb["cells"] = [*cells[:at], cell(root), *cells[at:]]
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", "utf-8")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite stale cells")
    args = parser.parse_args(argv)
    bad = [p for p in config.chapter_paths() if stale(p)]
    if args.write:
        for p in bad:
            write(p)
            print(f"updated the setup cell of {p.name}")
        return 0
    for p in bad:
        print(f"{p.name}: setup cell missing or stale; run python -m {__spec__.name}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
