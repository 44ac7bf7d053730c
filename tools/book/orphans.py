"""No picture in the site that no page shows: figures of a removed or redrawn cell.

Sphinx copies a page's figures into ``_images/`` when it writes the page, and
never removes one: a figure that a chapter no longer draws, or draws differently
(figures are named by the hash of their content), stays in the site, is served,
uploaded and printed into nothing. After Sphinx has written the pages, this step
removes every file under ``_images/`` whose name no file of the site mentions.

Names are content hashes (64 hex digits for Sphinx's, 20 for a player's frames)
or a chapter's GIF name, so a mention by name is a reference. A PNG is kept when
its WebP twin is shown (``lean_pages.webp_of``: the notebooks and the decks may
name the PNG), and the other way round.
"""

from __future__ import annotations

import re
from pathlib import Path

IMAGES = "_images"
# Written after this step, from the pages (slides.py): a deck names only pictures
# its page shows, and a deck that still names an old one is about to be cut again.
LATER = ("slides",)
_TEXT = (".html", ".js", ".json", ".css", ".txt")
_NAME = re.compile(r"[\w.-]+\.(?:png|webp|gif|jpe?g|svg)", re.I)
_TWINS = {".png": ".webp", ".webp": ".png"}


def mentioned(site):
    """Every picture name that a text file of ``site`` names, outside ``_images/``
    and the folders written after the pages (:data:`LATER`)."""
    names = set()
    site = Path(site)
    for path in site.rglob("*"):
        top = path.relative_to(site).parts[0]
        if top in (IMAGES, *LATER) or path.suffix not in _TEXT or not path.is_file():
            continue
        names.update(_NAME.findall(path.read_text("utf-8", errors="replace")))
    return names


def orphans(site):
    """The files under ``site/_images`` that no page or script names."""
    folder = Path(site) / IMAGES
    if not folder.is_dir():
        return []
    names = mentioned(site)
    found = []
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.name in names:
            continue
        twin = _TWINS.get(path.suffix.lower())
        if twin and path.with_suffix(twin).name in names:
            continue
        found.append(path)
    return found


def remove(site):
    """Remove the orphans of ``site``; return how many there were."""
    found = orphans(site)
    for path in found:
        path.unlink()
    return len(found)
