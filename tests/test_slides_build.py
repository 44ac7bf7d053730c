"""The deck builder's parts that need no browser (tools/book/slides.py)."""

from types import SimpleNamespace

from bs4 import BeautifulSoup

from tools.book import slides

PAGE = """<html><body><article><section id="ch"><h1>3. A chapter<a class="headerlink"
href="#ch">#</a></h1><p>Why this chapter.</p>
<section id="s1"><h2>3.1. First idea<a class="headerlink" href="#s1">#</a></h2>
<p>Prose that stays on the page.</p>
<div class="proof definition admonition" id="def-x"><p class="admonition-title">
Definition 3.1</p><p>A <span class="math">\\(w\\)</span>, see <a href="#s1">above</a>
and <a href="04_next.html#thm">the next chapter</a>.</p></div>
<div class="proof admonition" id="proof"><p>A proof, left to the page.</p></div>
<figure><img alt="A plot" src="../_images/f.png"><figcaption>Fig. 3.1</figcaption>
</figure></section>
<section id="s2"><h2>3.2. Exercises</h2>
<div class="exercise admonition" id="e1"><p>One</p><div class="lc-answer"></div></div>
<div class="solution admonition"><p>Solved</p></div>
<div class="exercise admonition" id="e2"><p>Two</p></div>
<div class="exercise admonition" id="e3"><p>Three</p></div></section>
<section id="refs"><h2>3.3. References</h2><p>[1] A book</p></section>
</section></article></body></html>"""


def _deck():
    soup = BeautifulSoup(PAGE, "html.parser")
    return slides.deck_slides(soup, "chapters/03_chapter.html")


def test_a_slide_per_idea_between_a_title_and_a_final_slide():
    title, deck = _deck()
    assert title == "3. A chapter"
    assert "<h1>3. A chapter</h1>" in deck[0] and "Why this chapter." in deck[0]
    assert 'href="../chapters/03_chapter.html"' in deck[-1]
    text = "".join(deck)
    assert "Definition 3.1" in text and "A proof" not in text  # boxes, not proofs
    assert 'src="../_images/f.png"' in text
    assert "One" in text and "Two" in text and "Three" not in text  # two exercises
    assert "Solved" not in text and "lc-answer" not in text and "References" not in text
    # section 1 + definition + figure, section 2 + two exercises, title and final
    assert len(deck) == 1 + 3 + 3 + 1


def test_links_are_rebased_onto_the_chapter_and_ids_dropped():
    text = "".join(_deck()[1])
    assert 'href="../chapters/03_chapter.html#s1"' in text
    assert 'href="../chapters/04_next.html#thm"' in text
    assert 'id="def-x"' not in text and "headerlink" not in text


def test_the_deck_page_loads_only_the_sites_files():
    page = slides.render_deck("T", ["<section>x</section>"])
    assert '<html lang="en">' in page and "<title>T: slides" in page
    assert "http" not in page  # reveal.js and the maths font are served by the site


def test_lecture_decks_directive_lists_every_chapter():
    titles = {"chapters/01_a": SimpleNamespace(astext=lambda: "1. A")}
    env = SimpleNamespace(
        found_docs={"intro", "chapters/01_a", "chapters/02_b"},
        titles=titles,
        docname="teaching",
    )
    state = SimpleNamespace(document=SimpleNamespace(settings=SimpleNamespace(env=env)))
    directive = slides.LectureDecks(
        "lecture-decks", [], {}, [], 1, 0, "", state, SimpleNamespace(reporter=None)
    )
    (node,) = directive.run()
    html = node.astext()
    assert '<a href="slides/01_a.html">1. A</a>' in html
    assert '<a href="slides/02_b.html">chapters/02_b</a>' in html
    assert "intro" not in html
