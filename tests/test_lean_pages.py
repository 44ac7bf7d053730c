"""The build's page diet: icons as inline SVG, plain code tokens, player frames as
files (tools/book/lean_pages.py, tools/book/player_files.py)."""

import base64
import io
import json

import numpy as np
from PIL import Image

from linclass._player_html import render_player_html
from tools.book import lean_pages, player_files

SCRIPT = (
    'var p={github:[496,512,[],"f09b","M1 2z"]};(function(){d("fab",p)})();'
    'var q={"sun":[512,512,[9728],"f185","M3 4z"],'
    '"magnifying-glass":[512,512,[128269,"search"],"f002","M5 6z"]};'
    '(function(){d("fas",q)})();'
)


def test_the_icon_table_reads_each_pack_and_its_aliases(tmp_path):
    script = tmp_path / "fontawesome.js"
    script.write_text(SCRIPT)
    table = lean_pages.icon_table(str(script))
    assert table[("fab", "github")] == (496, 512, "M1 2z")
    assert table[("fas", "sun")] == (512, 512, "M3 4z")
    assert table[("fas", "search")] == table[("fas", "magnifying-glass")]
    assert ("fas", "github") not in table  # a brand is not a solid icon


def test_icons_become_svg_keeping_their_classes_and_attributes(tmp_path):
    script = tmp_path / "fontawesome.js"
    script.write_text(SCRIPT)
    table = lean_pages.icon_table(str(script))
    page = (
        '<i class="theme-switch fa-solid fa-sun fa-lg" data-mode="light"></i>'
        '<span class="fab fa-github"></span><i class="fa-solid fa-unknown"></i>'
    )
    out = lean_pages.inline_icons(page, table)
    assert (
        '<svg class="svg-inline--fa theme-switch fa-sun fa-lg" data-mode="light" '
        'aria-hidden="true" focusable="false" role="img" viewBox="0 0 512 512">'
        '<path fill="currentColor" d="M3 4z"></path></svg>'
    ) in out
    assert 'viewBox="0 0 496 512"' in out
    assert '<i class="fa-solid fa-unknown"></i>' in out  # left for a person to see


CSS = """
html[data-theme="light"] .highlight { background: #fefefe; color: #080808 }
html[data-theme="light"] .highlight .n { color: #080808 } /* Name */
html[data-theme="light"] .highlight .o { color: #00622F } /* Operator */
html[data-theme="light"] .highlight .k { color: #080808; font-weight: bold }
html[data-theme="dark"] .highlight { background: #2b2b2b; color: #F8F8F2 }
html[data-theme="dark"] .highlight .n { color: #F8F8F2 } /* Name */
html[data-theme="dark"] .highlight .o { color: #ABE338 } /* Operator */
html[data-theme="dark"] .highlight .k { color: #F8F8F2; font-weight: bold }
"""


def test_only_tokens_in_the_blocks_own_colour_lose_their_span():
    plain = lean_pages.plain_token_classes(CSS)
    assert plain == {"n", "o"}  # "n" in the block's colour, "o" uncoloured; "k" bold
    page = (
        '<div class="highlight"><pre><span class="n">x</span> '
        '<span class="o">=</span> <span class="n">y</span></pre></div>'
        '<p><span class="n">outside code</span></p>'
    )
    out = lean_pages.unwrap_tokens(page, plain)
    assert out == (
        '<div class="highlight"><pre>x = y</pre></div>'
        '<p><span class="n">outside code</span></p>'
    )


def _png(value, mode="RGBA"):
    buffer = io.BytesIO()
    Image.fromarray(np.full((2, 3, len(mode)), value, np.uint8), mode).save(
        buffer, "PNG"
    )
    return base64.b64encode(buffer.getvalue()).decode()


def test_player_frames_move_to_shared_files_and_load_late(tmp_path):
    frames, layer = [_png(10), _png(20)], _png(255, "RGB")
    fragment = render_player_html(
        "p1",
        "T",
        frames,
        [0, 1, 0],
        ["a", "b", "c"],
        ["A", "B", "C"],
        [0, 1, 2],
        (3, 2),
        background=layer,
    )
    out = player_files.externalise(fragment, tmp_path, "../_images/lc-frames/")
    markup = out.split("<script>")[0]  # the script itself names the base64 form
    assert "base64," not in markup
    data = json.loads(
        out.split('class="lc-data">')[1].split("</script>")[0].replace("<\\/", "</")
    )
    assert data["files"] is True and len(data["images"]) == 2
    names = sorted(p.name for p in tmp_path.iterdir())
    assert (
        sorted([*data["images"], out.split('data-lc-layer="')[1].split('"')[0]])
        == names
    )
    first = data["images"][0]
    assert f'src="../_images/lc-frames/{first}" loading="lazy"' in out
    assert "<noscript><style>#p1 .lc-stage{background-image:" in out
    # The same frame in another player is the same file.
    again = player_files.externalise(fragment, tmp_path, "../_images/lc-frames/")
    assert again == out and len(list(tmp_path.iterdir())) == 3
    assert player_files.externalise(out, tmp_path, "x/") == out  # done once


def test_words_that_cannot_break_lose_their_span_only():
    one = (
        '<code class="docutils literal notranslate"><span class="pre">fit</span></code>'
    )
    two = (
        '<code class="docutils literal notranslate"><span class="pre">a</span> '
        '<span class="pre">b</span></code>'
    )
    assert lean_pages.unwrap_literals(one) == (
        '<code class="docutils literal notranslate">fit</code>'
    )
    assert lean_pages.unwrap_literals(two) == (
        '<code class="docutils literal notranslate">a b</code>'
    )
    hyphen = (
        '<code class="docutils literal notranslate">'
        '<span class="pre">array-like</span></code>'
    )
    assert lean_pages.unwrap_literals(hyphen) == hyphen  # "-" may break: kept whole
    norm = '<code class="literal"><span class="pre">||w||</span></code>'
    assert lean_pages.unwrap_literals(norm) == norm  # may break after "|"
    ops = '<span class="pre">&lt;=</span> <span class="pre">w.phi(x),</span>'
    assert lean_pages.unwrap_literals(ops) == "&lt;= w.phi(x),"
    sig = '<em class="sig-param"><span class="n"><span class="pre">X</span></span></em>'
    assert lean_pages.unwrap_literals(sig) == (
        '<em class="sig-param"><span class="n">X</span></em>'
    )


def test_a_page_loses_the_widget_state_nothing_reads(tmp_path):
    (tmp_path / "_images").mkdir()
    Image.new("RGB", (40, 30)).save(tmp_path / "_images" / "f.png")
    page = (
        "<head><script>var a = 1;</script>\n    "
        '<script type="application/vnd.jupyter.widget-state+json">{"state": {}}'
        '</script></head><img alt="f" src="_images/f.png" />'
    )
    out = lean_pages.lean(page, tmp_path, {}, set())
    assert out == (
        "<head><script>var a = 1;</script></head>"
        '<img alt="f" src="_images/f.webp" width="40" height="30" loading="lazy" '
        'decoding="async">'
    )


def test_empty_opening_spans_and_glue_spans_go_their_text_stays():
    page = (
        '<div class="highlight"><pre><span></span>x = 1</pre></div>'
        '<p>with <span class="pasted-text">0.219</span> and <span>kept</span></p>'
    )
    assert lean_pages.unwrap_glue_and_empties(page) == (
        '<div class="highlight"><pre>x = 1</pre></div>'
        "<p>with 0.219 and <span>kept</span></p>"
    )


def test_a_figure_is_served_as_webp_with_the_same_pixels(tmp_path):
    (tmp_path / "_images").mkdir()
    rng = np.random.default_rng(0)
    pixels = np.full((60, 80, 3), 255, np.uint8)
    pixels[20:40, 10:70] = rng.integers(0, 4, (20, 60, 1), dtype=np.uint8) * 60
    Image.fromarray(pixels).save(tmp_path / "_images" / "plot.png")
    out = lean_pages.sized_images(
        '<img alt="a plot" src="_images/plot.png" />', tmp_path
    )
    assert 'src="_images/plot.webp" width="80" height="60"' in out
    with Image.open(tmp_path / "_images" / "plot.webp") as served:
        assert np.array_equal(np.asarray(served.convert("RGB")), pixels)  # lossless
    assert (tmp_path / "_images" / "plot.png").is_file()  # the PNG stays
