"""Driving the kernel-free answer boxes of a loaded chapter page (Playwright).

``check_boxes``: every box on a chapter page is driven with a right answer, a wrong
one, an empty one and junk text; it must say right, not yet, ask for an answer, and
explain the expected form, in that order, with no console error. The right answers
come from ``linclass.check``'s answer keys, the same keys the site's hashes are made
from; the wrong answers of the grammar's table (tests/answer_forms.py) get their
state and message, as ``lc.check.answer`` gives them.

``check_forms``: every accepted form of that table gives, in the page's script, the
canonical text Python gives.

The browser tests of the site's pages call them on the page they have loaded
(test_site.py, test_site_pages_b.py): a chapter page is loaded once, on one worker.
"""

from collections import defaultdict

from answer_forms import ACCEPTED, WRONG
from book_toc import toc_entries

from linclass.check._answers import accepted
from linclass.check._core import ANSWERS

CHAPTERS = [e for e in toc_entries() if e.startswith("chapters/")]


def _chapter_of(answer_id):
    """``ex-ch2-draws-a`` -> ``chapters/02_...``."""
    number = answer_id.split("-")[1].removeprefix("ch")
    return next(c for c in CHAPTERS if c.startswith(f"chapters/{int(number):02d}_"))


WRONG_BY_CHAPTER = defaultdict(list)
for _row in WRONG:
    WRONG_BY_CHAPTER[_chapter_of(_row[0])].append(_row)


def _wrong(spec, right):
    if spec.kind == "choice":
        return "certainly not this"
    if spec.kind == "yesno":
        return "no" if right == "yes" else "yes"
    first, *rest = right.split(",")
    return ",".join([str(float(first) + 1.0), *rest])


def _try(box, text, submit="click"):
    """Type ``text`` and submit it, with the mouse on the button (``"click"``) or the
    Enter key (``"Enter"``); return the box's state and message."""
    box.locator("input").fill(text)
    if submit == "click":
        box.locator("button").click()
    else:
        box.locator("input").press(submit)
    return box.evaluate(
        """b => [b.getAttribute('data-state'),
                 b.querySelector('.lc-answer-status').innerText]"""
    )


def check_boxes(site_pages, chapter):
    tab = site_pages.get(f"{chapter}.html", "light")  # shared with test_site.py
    page, seen = tab.page, len(tab.problems)
    boxes = page.locator("div.lc-answer")
    assert boxes.count() >= 2, f"{chapter}: {boxes.count()} answer boxes, want 2+"
    for k in range(boxes.count()):
        box = boxes.nth(k)
        answer_id = box.get_attribute("data-answer")
        spec = ANSWERS[answer_id]
        right = sorted(accepted(spec))[0]
        box.scroll_into_view_if_needed()
        assert box.locator("label").inner_text().endswith(spec.label)
        for text, state in [
            (right, "right"),
            (_wrong(spec, right), "wrong"),
            ("", "empty"),
            ("3 apples?!" if spec.kind != "choice" else "", "invalid"),
        ]:
            if spec.kind == "choice" and state == "invalid":
                continue  # any text is a well-formed choice
            # The right answer with the mouse, the others with Enter: both ways
            # of answering are taken on every box (a click waits for the button
            # to stand still, a key press does not: 0.08 s against 0.03 s).
            got, message = _try(box, text, "click" if state == "right" else "Enter")
            assert got == state, f"{answer_id}: {text!r} gave {got} ({message})"
            # The message never gives the answer away (a yes/no form names both).
            assert right not in message or state == "right" or spec.kind == "yesno"
        box.locator("input").fill(right)
        box.locator("input").press("Enter")
        assert box.get_attribute("data-state") == "right", f"{answer_id}: Enter"
    for answer_id, text, state, message in WRONG_BY_CHAPTER[chapter]:
        box = page.locator(f'div.lc-answer[data-answer="{answer_id}"]')
        got, said = _try(box, text, "Enter")
        assert got == state, f"{answer_id}: {text!r} gave {got} ({said})"
        assert message.lower() in said.lower(), f"{answer_id}: {text!r}: {said}"
    errors = tab.problems[seen:]
    assert not errors, f"{chapter}: console errors {errors[:3]}"


def check_forms(site_pages, chapter):
    tab = site_pages.get(f"{chapter}.html", "light")
    seen = len(tab.problems)
    got = tab.page.evaluate(
        """rows => rows.map(([kind, decimals, text]) => {
            try { return window.LC_CHECK.canonical(kind, text, decimals); }
            catch (err) { return `error: ${err.message}`; }
        })""",
        [list(row[:3]) for row in ACCEPTED],
    )
    bad = [
        (row[2], row[3], have)
        for row, have in zip(ACCEPTED, got, strict=True)
        if row[3] != have
    ]
    assert not bad, f"the boxes read these differently (text, python, js): {bad}"
    assert not tab.problems[seen:], tab.problems[seen:][:3]
