"""Files the site serves beside its pages: the wheel index and the answer keys.

- ``wheels/index.html``: a page of links to the wheel, so that
  ``pip install --find-links <site>/_static/wheels/ linclass`` works with a URL that
  does not change between versions.
- ``lc-answers.js``: for every answer box, the kind of answer it takes and the
  SHA-256 of the accepted canonical answers (salted with the answer's id), and of
  the key at fewer decimals, so the box can say right, close or not yet in the
  browser, offline, without the page holding the answer in clear; and the tables
  of the answer grammar and the verdict sentences of ``linclass.check``, which the
  boxes read answers by and speak with: one grammar, defined in Python.

    python -m tools.book.site_assets OUTDIR
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import sys
from pathlib import Path

from linclass.check._answers import (
    MESSAGES,
    RULES,
    accepted,
    close_forms,
    cut_forms,
    form_of,
    method_of,
    mistake_forms,
)
from linclass.check._core import ANSWERS, HINTS
from linclass.check._grammar import TABLES
from tools.book.steps import write_atomic

from . import own_checks


def answer_hash(answer_id, canonical_text):
    return hashlib.sha256(f"{answer_id}\n{canonical_text}".encode()).hexdigest()


def answer_keys():
    """The data behind the site's answer boxes, one entry per answer key."""
    keys = {}
    for answer_id, spec in sorted(ANSWERS.items()):
        right = sorted(accepted(spec))
        entry = {
            "label": spec.label,
            "kind": spec.kind,
            "decimals": spec.decimals,
            "form": form_of(spec),
            "hashes": [answer_hash(answer_id, text) for text in right],
        }
        close = close_forms(spec)
        if close:
            entry["close"] = [answer_hash(answer_id, close[d]) for d in sorted(close)]
        if spec.kind == "vector":
            entry["length"] = len(right[0].split(","))
        # The likely mistakes, hashed like the answers (a page must not hold a
        # wrong answer in clear either: it would give the right one away by
        # elimination), each with its hint; then the key truncated, not rounded.
        hints = HINTS.get(answer_id)
        entry["mistakes"] = [
            {
                "hashes": {
                    str(d): answer_hash(answer_id, text)
                    for d, text in mistake_forms(spec, value).items()
                },
                "hint": hint,
            }
            for value, hint in (hints.mistakes if hints else ())
        ]
        entry["cut"] = {
            str(d): answer_hash(answer_id, text) for d, text in cut_forms(spec).items()
        }
        entry["method"] = method_of(answer_id, spec)
        keys[answer_id] = entry
    return keys


def write_answers(outdir, chapters=None):
    own_checks.load(chapters)  # answer keys an instructor registers in a cell
    target = Path(outdir) / "lc-answers.js"
    body = json.dumps(answer_keys(), indent=1, sort_keys=True)
    # A script, not JSON: pages opened from disk (file://) cannot fetch JSON.
    grammar = json.dumps(TABLES, indent=1, sort_keys=True, ensure_ascii=False)
    messages = json.dumps(MESSAGES, indent=1, sort_keys=True, ensure_ascii=False)
    rules = json.dumps(RULES, sort_keys=True)
    write_atomic(
        target,
        f"window.LC_ANSWERS = {body};\nwindow.LC_GRAMMAR = {grammar};\n"
        f"window.LC_MESSAGES = {messages};\nwindow.LC_RULES = {rules};\n",
    )
    return target


def write_wheel_index(wheeldir):
    wheeldir = Path(wheeldir)
    wheels = sorted(p.name for p in wheeldir.glob("*.whl"))
    if not wheels:
        raise FileNotFoundError(f"no wheel in {wheeldir}: build it first")
    links = "\n".join(
        f'<a href="{html.escape(name)}">{html.escape(name)}</a><br>' for name in wheels
    )
    target = wheeldir / "index.html"
    write_atomic(
        target,
        "<!DOCTYPE html>\n<html><head><title>linclass wheels</title></head>\n"
        f"<body>\n{links}\n</body></html>\n",
    )
    return target


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    args = parser.parse_args(argv)
    print(f"wrote {write_wheel_index(args.outdir / 'wheels')}")
    print(f"wrote {write_answers(args.outdir)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
