"""The chapters' ``slideshow`` metadata: each chapter presents live as slides.

With ``jupyterlab-rise`` (installed with the book's tools) a chapter opened in
JupyterLab is a reveal.js slideshow with live cells. The cell metadata that cuts
it into slides follows the chapter's headings, so it is written by this tool, not
by hand: a cell with a ``#`` or ``##`` heading starts a slide, one with a ``###``
heading or a definition, theorem or exercise box a sub-slide (below it), and
cells the site removes (the setup cell) are skipped; every other cell continues
the slide it is on, and a long slide scrolls.

    python -m tools.book.slideshow          # check, exit 1 when a chapter is stale
    python -m tools.book.slideshow --write  # rewrite the chapters' metadata
"""

from __future__ import annotations

import argparse
import json
import sys

from . import config

RISE = {"scroll": True}  # notebook metadata read by jupyterlab-rise
BOXES = ("{prf:", "{exercise}")  # a definition, theorem or exercise box


def slide_type(cell):
    """The cell's ``slideshow.slide_type``, or None to continue the current slide."""
    if "remove-cell" in cell.get("metadata", {}).get("tags", []):
        return "skip"
    if cell["cell_type"] != "markdown":
        return None
    lines = "".join(cell["source"]).splitlines()
    if any(line.startswith(("# ", "## ")) for line in lines):
        return "slide"
    if any(line.startswith("### ") for line in lines):
        return "subslide"
    if any(line.lstrip(":`").startswith(BOXES) for line in lines):
        return "subslide"
    return None


def with_metadata(nb):
    """The notebook with the slideshow metadata this module gives it."""
    nb = json.loads(json.dumps(nb))
    for cell in nb["cells"]:
        meta = dict(cell.get("metadata", {}))
        meta.pop("slideshow", None)
        kind = slide_type(cell)
        if kind is not None:
            meta["slideshow"] = {"slide_type": kind}
        cell["metadata"] = dict(sorted(meta.items()))  # nbformat's key order
    nb["metadata"] = dict(sorted({**nb["metadata"], "rise": RISE}.items()))
    return nb


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite stale chapters")
    args = parser.parse_args(argv)
    stale = []
    for path in config.chapter_paths():
        nb = json.loads(path.read_text(encoding="utf-8"))
        if with_metadata(nb) != nb:
            stale.append(path)
            if args.write:
                text = json.dumps(with_metadata(nb), indent=1, ensure_ascii=False)
                path.write_text(text + "\n", encoding="utf-8")
                print(f"updated the slideshow metadata of {path.name}")
    if not args.write:
        for path in stale:
            print(
                f"{path.name}: slideshow metadata stale; run python -m {__spec__.name}"
            )
    return 1 if stale and not args.write else 0


if __name__ == "__main__":
    sys.exit(main())
