"""The animation of every player on the built site (`make book` first), and the
build step that writes them (tools/book/animations.py)."""

import re

import numpy as np
import pytest
from animation_frames import figure_error
from book_toc import ROOT, toc_entries
from html_links import links
from PIL import Image
from player_html import payload, static_frame

from linclass._player_anim import MAX_BYTES, MAX_WIDTH
from linclass.player import Player
from tools.book import animations

HTML = ROOT / "_build" / "html"
CHAPTERS = [e for e in toc_entries() if e.startswith("chapters/")]
PLAYER = re.compile(r'<div class="lc-player".*?</script></div>', re.S)
LINK = re.compile(r'<p class="lc-animation">(<a [^>]*>)')


def _frame(image, k):
    image.seek(k)
    return np.asarray(image.convert("RGB")).astype(int)


def _served(entry):
    page = (HTML / f"{entry}.html").read_text(encoding="utf-8")
    players, anchors = PLAYER.findall(page), LINK.findall(page)
    assert len(anchors) == len(players), f"{entry}: a player without its link"
    return list(zip(players, anchors, strict=True))


def test_every_player_on_the_site_has_an_animation():
    # _served asserts one link per player; every chapter has at least one player
    # (CHAPTERS.md: a stepper where an algorithm iterates, an explorer elsewhere).
    counts = {entry: len(_served(entry)) for entry in CHAPTERS}
    assert len(counts) == 6 and all(counts.values()), counts


@pytest.mark.parametrize("entry", CHAPTERS)
def test_served_animations_match_their_players(entry):
    for fragment, anchor in _served(entry):
        href = re.search(r'href="([^"]+)"', anchor).group(1)
        assert "download" in anchor and "tabindex" not in anchor  # a plain link
        label = re.search(r'aria-label="([^"]+)"', anchor).group(1)
        assert label.startswith("Download animation of "), label  # names its player
        path = (HTML / entry).parent / href
        assert path.stat().st_size <= MAX_BYTES, f"{href}: over 6 MB"
        n = len(payload(fragment)["index"])
        with Image.open(path) as image:
            assert image.format == "GIF" and image.size[0] <= MAX_WIDTH
            assert image.n_frames >= 6, f"{href}: {image.n_frames} frames"
            first, last = _frame(image, 0), _frame(image, image.n_frames - 1)
        for frame, k in ((first, 0), (last, n - 1)):
            off = figure_error(frame, static_frame(fragment, k).astype(int))
            assert off < 0.01, f"{href}: frame {k} is not the player's ({off:.3f})"
        assert figure_error(first, static_frame(fragment, n - 1).astype(int)) > 0.001


def _fragment(n=8):
    state = {}

    def setup(fig):
        ax = fig.add_subplot()
        ax.set(xlim=(0, n), ylim=(0, 1))
        (state["dot"],) = ax.plot([0], [0.5], "o", ms=20, animated=True)

    def update(i):
        state["dot"].set_data([i], [0.5])
        return f"x = {i}"

    return Player(n, setup, update, title="Dot").to_html()


def test_an_animation_is_encoded_again_only_when_its_player_changed(
    tmp_path, monkeypatch
):
    target, manifest = tmp_path / "p.gif", {}
    entry = animations.write_animation(_fragment(), target, manifest)
    assert entry["title"] == "Dot" and entry["n"] == 8
    assert entry["captions"] == ["x = 0", "x = 7"]

    def fail(*args, **kwargs):
        raise AssertionError("encoded again")

    monkeypatch.setattr(animations, "encode_animation", fail)
    assert animations.write_animation(_fragment(), target, manifest) == entry
    with pytest.raises(AssertionError, match="encoded again"):
        animations.write_animation(_fragment(n=9), target, manifest)


def test_the_chapter_link_names_the_animation():
    html = animations._link("p.gif", {"title": "T", "n": 3, "captions": ["a", "c"]}, 10)
    (anchor,) = re.findall(r"<a [^>]*>", html)
    assert 'aria-label="Download animation of T (GIF, 3 frames)"' in anchor
    assert links(html).hrefs == ["p.gif"]
