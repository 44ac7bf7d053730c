"""The browser tests of test_site.py for the other half of the pages.

A file runs on one pytest-xdist worker (``--dist loadfile``); with the pages split over
two files both workers load pages, which shortens ``make test`` by about a minute on two
cores. The checks are test_site.py's ``check_page``, then its answer boxes' on the
chapter pages this file has loaded.
"""

import answer_boxes
import pytest
from test_site import PAGES_B, chapters, check_page


@pytest.mark.parametrize("name", PAGES_B)
def test_page(site_pages, name):
    check_page(site_pages, name)


@pytest.mark.parametrize("chapter", chapters(PAGES_B))
def test_answer_boxes(site_pages, chapter):
    answer_boxes.check_boxes(site_pages, chapter)
