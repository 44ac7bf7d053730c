"""The book's references (``references.bib``) as the portable notebooks cite them.

``bibliography()`` maps each key to its short form, "Novikoff 1962" (first author,
"and" for two, "et al." for more), and its entry in a notebook's reference list.
"""

from __future__ import annotations

import codecs
import re
from functools import lru_cache
from pathlib import Path

from . import config


@lru_cache(maxsize=1)
def bibliography(root=config.ROOT):
    """``{key: (short, full)}``: "Novikoff 1962" and the reference-list entry."""
    from pybtex.database import parse_file

    out = {}
    for key, entry in parse_file(str(Path(root) / "references.bib")).entries.items():
        people = entry.persons.get("author") or entry.persons.get("editor") or []
        last = [_clean(" ".join(p.last_names)) for p in people]
        year = entry.fields.get("year", "n.d.")
        if len(last) > 2:
            who = f"{last[0]} et al."
        else:
            who = " and ".join(last)
        names = "; ".join(
            _clean(" ".join(p.last_names))
            + ", "
            + " ".join(_clean(n) for n in p.first_names + p.middle_names)
            for p in people
        )
        f = entry.fields
        where = (
            f.get("journal")
            or f.get("booktitle")
            or f.get("publisher")
            or f.get("howpublished")
            or ""
        )
        full = f"{names} ({year}). {_clean(f.get('title', ''))}." + (
            f" *{_clean(where)}*." if where else ""
        )
        if f.get("doi"):
            full += f" https://doi.org/{f['doi']}"
        elif f.get("url"):
            full += f" {f['url']}"
        out[key] = (f"{who} {year}", full)
    return out


def _clean(text):
    import latexcodec  # noqa: F401  (registers the "latex" codec; pybtex needs it too)

    return re.sub(r"[{}]", "", codecs.decode(text, "ulatex"))
