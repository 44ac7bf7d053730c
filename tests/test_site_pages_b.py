"""The browser tests of test_site.py for the other half of the pages.

A file runs on one pytest-xdist worker (``--dist loadfile``); with the pages split over
two files both workers load pages, which shortens ``make test`` by about a minute on two
cores. The checks are test_site.py's ``check_page``, then its answer boxes' on the
chapter pages this file has loaded.
"""

import answer_boxes
import pytest
import test_site
from test_site import PAGES_B, chapters, check_page


@pytest.mark.parametrize("name", PAGES_B)
def test_page(site_pages, name):
    check_page(site_pages, name)


@pytest.mark.parametrize("chapter", chapters(PAGES_B))
def test_answer_boxes(site_pages, chapter):
    answer_boxes.check_boxes(site_pages, chapter)


def test_a_failing_page_check_leaves_its_screenshot(site_pages, monkeypatch, tmp_path):
    name = "references.html"  # the shortest page (a full-page shot of it: 0.3 s)

    def fails(*args):
        raise AssertionError("a made-up failure")

    monkeypatch.setattr(test_site, "_check_page", fails)
    monkeypatch.setattr(test_site, "SHOTS", tmp_path)  # not over a real failure's
    with pytest.raises(AssertionError, match="made-up"):
        check_page(site_pages, name)
    shot = tmp_path / "failed" / "references.html.jpg"
    assert shot.stat().st_size > 10_000, "no screenshot of the failed page"
