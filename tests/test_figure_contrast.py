"""Text in the book's figures reads at 4.5:1 or more (WCAG 2.1 AA), in both themes.

A figure is drawn on white; in the site's dark mode it sits on a white card dimmed
by a CSS filter (``--lc-card-filter`` in ``_static/linclass.css``), which changes
the text's colour and its background alike. The palette's colours for text are
checked once against both, and the text of the interactive figures (stepper,
convergence proof, explorers) is read back from matplotlib and checked the same way.
"""

import re

import matplotlib.colors as mcolors
import numpy as np
import pytest
from book_toc import ROOT
from matplotlib.text import Text

import linclass as lc
from linclass._palette import PALETTE, TEXT_COLORS
from linclass.widgets import HyperplaneExplorer, ProjectionExplorer, Stepper

MIN_CONTRAST = 4.5


def card_filter():
    """The dark-mode card's brightness and contrast, read from the site's CSS."""
    css = (ROOT / "_static" / "linclass.css").read_text(encoding="utf-8")
    found = re.search(
        r"--lc-card-filter:\s*brightness\(([\d.]+)\)\s*contrast\(([\d.]+)\)", css
    )
    assert found, "no --lc-card-filter: brightness(..) contrast(..) in linclass.css"
    return float(found[1]), float(found[2])


def dimmed(rgb, brightness, contrast):
    """An sRGB colour through CSS brightness() then contrast()."""
    return np.clip((np.asarray(rgb) * brightness - 0.5) * contrast + 0.5, 0, 1)


def luminance(rgb):
    rgb = np.asarray(rgb, dtype=float)
    linear = np.where(rgb <= 0.03928, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return float(linear @ [0.2126, 0.7152, 0.0722])


def contrast(a, b):
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def contrasts(color):
    """A text colour's contrast on the white figure and on the dark-mode card."""
    rgb, white = mcolors.to_rgb(color), np.ones(3)
    card = card_filter()
    return contrast(rgb, white), contrast(dimmed(rgb, *card), dimmed(white, *card))


def test_the_contrast_formula_matches_wcag():
    assert contrast([0, 0, 0], [1, 1, 1]) == pytest.approx(21.0)
    assert contrast(mcolors.to_rgb("#767676"), [1, 1, 1]) == pytest.approx(
        4.54, abs=0.01
    )


@pytest.mark.parametrize("name", sorted(TEXT_COLORS))
def test_text_colours_read_on_both_backgrounds(name):
    light, dark = contrasts(TEXT_COLORS[name])
    assert min(light, dark) >= MIN_CONTRAST, (name, round(light, 2), round(dark, 2))


def test_which_palette_colours_are_for_marks_only():
    # Okabe-Ito's colours tell classes apart; most are too light for text, which
    # is why figures write text in TEXT_COLORS. This pins which ones could.
    readable = {n for n, c in PALETTE.items() if min(contrasts(c)) >= MIN_CONTRAST}
    assert readable == {"black", "blue"}


def _figures():
    data = lc.data.make_separable(n=40, margin=0.1, fit_intercept=False, random_state=0)
    clf = lc.Perceptron(fit_intercept=False).fit(data.X, data.y)
    stepper = Stepper(clf, data.X, data.y, reference=(data.w, data.margin))
    yield "stepper, step 0", stepper.figure
    stepper.step = stepper.n_steps
    yield "stepper, last step", stepper.figure
    explorer = HyperplaneExplorer(data.X, data.y)
    yield "hyperplane explorer", explorer.figure
    X, y = lc.data.make_elongated(n=100, random_state=0)
    yield "projection explorer", ProjectionExplorer(X, y).figure


def test_every_text_in_the_interactive_figures_reads_in_both_themes():
    checked = 0
    for where, figure in _figures():
        figure.canvas.draw()
        for text in figure.findobj(Text):
            if not text.get_visible() or not text.get_text().strip():
                continue
            light, dark = contrasts(text.get_color())
            assert min(light, dark) >= MIN_CONTRAST, (
                f"{where}: {text.get_text()[:40]!r} in {text.get_color()}: "
                f"{light:.2f} on white, {dark:.2f} on the dark-mode card"
            )
            checked += 1
    assert checked >= 20
