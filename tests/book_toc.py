"""The book's table of contents, as the tests read it."""

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def toc_entries():
    """Every file of ``_toc.yml`` (without extension), the root first."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    files = [toc["root"]]
    for part in toc.get("parts", []):
        files += [entry["file"] for entry in part["chapters"]]
    return files
