"""The fourth edition's reading budgets hold on the built chapter pages.

Each chapter's main path (its prose before the Exercises, every collapsed block
closed) is at most 2,800 words, or its tighter cap in CHAPTER_CAPS, and all six at most
15,000; the whole text, collapsed blocks included, at most 19,500
(tools/book/word_budget.py, ``make words``).
"""

from book_toc import ROOT

from tools.book import word_budget

HTML = ROOT / "_build/html/chapters"


def test_every_chapter_and_the_book_keep_their_budgets(capsys):
    rows, ok = word_budget.table(HTML)
    assert [name for name, _, _ in rows] == [p.stem for p in sorted(HTML.glob("0*"))]
    assert len(rows) == 6
    assert ok, capsys.readouterr().out


def test_the_count_leaves_out_maths_code_and_collapsed_blocks(tmp_path):
    page = tmp_path / "01_x.html"
    page.write_text(
        "<article><section><h1>One two</h1><p>three <span class='math'>"
        "<math><mi>x</mi></math></span> four</p>"
        "<div class='cell'><pre>not prose at all</pre></div>"
        "<div class='dropdown admonition'><p>five six</p></div>"
        "<section><h2>Exercises</h2><p>seven eight</p></section></section></article>",
        encoding="utf-8",
    )
    assert word_budget.words(page) == (4, 6)


def test_a_chapter_cap_tighter_than_the_default_is_enforced(tmp_path, capsys):
    chapter = next(iter(word_budget.CHAPTER_CAPS))
    limit = word_budget.CHAPTER_CAPS[chapter]
    assert limit < word_budget.MAIN_PER_CHAPTER
    for n_words, expected in ((limit, True), (limit + 1, False)):
        (tmp_path / f"{chapter}.html").write_text(
            "<article><p>" + "word " * n_words + "</p></article>", encoding="utf-8"
        )
        _, ok = word_budget.table(tmp_path)
        assert ok is expected, capsys.readouterr().out
