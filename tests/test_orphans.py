"""The build removes the pictures no page shows, and only those (orphans.py)."""

import json

from tools.book import orphans


def _site(tmp_path):
    site = tmp_path / "html"
    images = site / "_images"
    (images / "lc-frames").mkdir(parents=True)
    for name in ("shown.png", "gone.png", "twin.png", "twin.webp", "old.webp"):
        (images / name).write_bytes(b"x")
    for name in ("0123456789abcdef0123.png", "fedcba9876543210fedc.png"):
        (images / "lc-frames" / name).write_bytes(b"x")
    data = json.dumps({"frames": ["0123456789abcdef0123.png"]})
    (site / "chapters").mkdir()
    (site / "chapters" / "a.html").write_text(
        '<img src="../_images/shown.png"><img src="../_images/twin.webp">'
        f'<script type="application/json" class="lc-data">{data}</script>',
        encoding="utf-8",
    )
    # A name inside _images/ itself (an SVG naming another picture) is no reference.
    (images / "pic.svg").write_text('<image href="gone.png"/>', encoding="utf-8")
    return site


def test_only_the_pictures_no_page_names_are_orphans(tmp_path):
    site = _site(tmp_path)
    found = {p.relative_to(site / "_images").as_posix() for p in orphans.orphans(site)}
    assert found == {
        "gone.png",
        "old.webp",
        "pic.svg",
        "lc-frames/fedcba9876543210fedc.png",
    }


def test_remove_deletes_exactly_the_orphans_and_counts_them(tmp_path):
    site = _site(tmp_path)
    assert orphans.remove(site) == 4
    left = sorted(
        p.relative_to(site / "_images").as_posix()
        for p in (site / "_images").rglob("*")
        if p.is_file()
    )
    assert left == [
        "lc-frames/0123456789abcdef0123.png",
        "shown.png",
        "twin.png",
        "twin.webp",
    ]
    assert orphans.remove(site) == 0


def test_a_script_naming_a_picture_keeps_it_an_old_deck_does_not(tmp_path):
    # The decks are cut again from the pages after this step (slides.py).
    site = _site(tmp_path)
    (site / "slides").mkdir()
    (site / "slides" / "a.html").write_text('<img src="../_images/gone.png">')
    (site / "_static").mkdir()
    (site / "_static" / "x.js").write_text('const f = "old.webp";')
    found = {p.name for p in orphans.orphans(site)}
    assert found == {"gone.png", "pic.svg", "fedcba9876543210fedc.png"}


def test_a_site_without_pictures_has_no_orphans(tmp_path):
    assert orphans.orphans(tmp_path) == []
    assert orphans.remove(tmp_path) == 0
