"""Browser tests of the kernel-free answer boxes under the exercises.

Every box on every chapter page is driven with a right answer, a wrong one, an empty
one and junk text; it must say right, not yet, ask for an answer, and explain the
expected form, in that order, with no console error. The right answers come from
``linclass.check``'s answer keys, the same keys the site's hashes are made from.
"""

import pytest
from book_toc import toc_entries

from linclass.check._core import ANSWERS, accepted

CHAPTERS = [e for e in toc_entries() if e.startswith("chapters/")]


def _wrong(spec, right):
    if spec.kind == "choice":
        return "certainly not this"
    first, *rest = right.split(",")
    return ",".join([str(float(first) + 1.0), *rest])


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_answer_boxes(site_pages, chapter):
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
        field, button = box.locator("input"), box.locator("button")
        assert box.locator("label").inner_text().endswith(spec.label)
        for text, state in [
            (right, "right"),
            (_wrong(spec, right), "wrong"),
            ("", "empty"),
            ("3 apples?!" if spec.kind != "choice" else "", "invalid"),
        ]:
            if spec.kind == "choice" and state == "invalid":
                continue  # any text is a well-formed choice
            field.fill(text)
            button.click()
            got = box.get_attribute("data-state")
            message = box.locator(".lc-answer-status").inner_text()
            assert got == state, f"{answer_id}: {text!r} gave {got} ({message})"
            assert right not in message or state == "right"
        field.fill(right)
        field.press("Enter")
        assert box.get_attribute("data-state") == "right", f"{answer_id}: Enter"
    errors = tab.problems[seen:]
    assert not errors, f"{chapter}: console errors {errors[:3]}"
