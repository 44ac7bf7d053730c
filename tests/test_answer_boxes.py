"""The answer boxes' letters on the built chapter pages.

Each box must sit under the item of its exercise that its id names: "(c)" or the
third item of a list, as the learner reads the page. The boxes themselves are driven
in the browser by the page tests (tests/answer_boxes.py, called from test_site.py and
test_site_pages_b.py on the pages they have loaded).
"""

from answer_boxes import CHAPTERS
from answer_letters import letter_position, page_items
from book_toc import ROOT

from linclass.check._core import ANSWERS


def test_every_box_on_the_pages_has_the_letter_of_its_item(site):
    # The built pages, as the learner reads them: "(c)" or the third item of a list.
    seen = {}
    for chapter in CHAPTERS:
        seen |= page_items(ROOT / "_build" / "html" / f"{chapter}.html")
    assert set(seen) == set(ANSWERS), set(ANSWERS) ^ set(seen)
    wrong = {a: n for a, n in seen.items() if n != letter_position(a)}
    assert not wrong, f"answer ids whose letter is not their item's: {wrong}"
