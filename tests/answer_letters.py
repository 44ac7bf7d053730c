"""Which item of its exercise each answer box belongs to, as the learner sees it.

An answer id ends in a letter (``ex-ch3-constant-c``); the learner sees items
labelled "(a)", "(b)", ... or numbered "1.", "2.", ... The box belongs to the last
item label before it in its exercise, and the id's letter must be that item's
position: "(c)" or "3." for ``-c``. The same rule reads a chapter's MyST source and
its built page (whose list numbers are in the ``<ol>``, not in the text).
"""

import json
import re

from bs4 import BeautifulSoup

BOX = re.compile(r'<div class="lc-answer" data-answer="([^"]+)"></div>')
EXERCISE = re.compile(r"^(`{3,}|:{3,})\{exercise\}.*?\n(.*?)^\1\s*$", re.M | re.S)
# "(b)" opening a paragraph or a sentence, or "2." opening a top-level list item
ITEM = re.compile(r"(?:^|(?<=[.?!:]\s))\(([a-z])\)\s|^(\d+)\.\s", re.M)
MARK = "\N{OBJECT REPLACEMENT CHARACTER}"


def _items(text, ids):
    """``{answer id: position of the item label before its box}`` in ``text``.

    ``text`` holds ``MARK`` where the boxes were, in the order of ``ids``.
    """
    parts, out = text.split(MARK), {}
    for k, answer_id in enumerate(ids):
        labels = ITEM.findall("".join(parts[: k + 1]))
        if labels:
            letter, number = labels[-1]
            out[answer_id] = ord(letter) - ord("a") + 1 if letter else int(number)
        else:
            out[answer_id] = 1  # an exercise without labelled items has one part
    return out


def source_items(path):
    """The item position of every answer box in a chapter notebook's source."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    markdown = "\n".join(
        "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"
    )
    out = {}
    for match in EXERCISE.finditer(markdown):
        body = match.group(2)
        out |= _items(BOX.sub(MARK, body), BOX.findall(body))
    return out


def page_items(path):
    """The item position of every answer box on a built chapter page."""
    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    out = {}
    for exercise in soup.select("div.exercise"):
        for ol in exercise.select("ol"):
            start = int(ol.get("start", 1))
            for k, li in enumerate(ol.find_all("li", recursive=False)):
                li.insert(0, f"\n{start + k}. ")
        boxes = exercise.select("div.lc-answer")
        ids = [box["data-answer"] for box in boxes]
        for box in boxes:
            box.replace_with(MARK)
        out |= _items(exercise.get_text(), ids)
    return out


def letter_position(answer_id):
    """``ex-ch3-constant-c`` -> 3."""
    return ord(answer_id.rsplit("-", 1)[1]) - ord("a") + 1
