"""Every served page styled by ``lc-site.css`` exactly as by the stylesheets it
replaces, in the light and the dark theme (``make test-styles``; about 3 minutes).

``make test`` runs the same comparison on one chapter in the dark theme
(tests/test_lean_assets.py); this runs it on every page the site serves.
"""

import pytest
import test_lean_assets
from test_lean_assets import HTML, test_one_stylesheet_styles_elements_as_the_originals

from tools.book.lighthouse import pages

SERVED = pages(HTML) if HTML.is_dir() else []


@pytest.mark.parametrize("name", SERVED)
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_page_styled_as_before(site, browser, name, theme):
    assert test_lean_assets.PAGES[0] in SERVED
    test_one_stylesheet_styles_elements_as_the_originals(site, browser, name, theme)
