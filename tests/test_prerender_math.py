"""The maths typeset at build time (tools/book/prerender_math.py): TeX to MathML."""

import shutil

import pytest

from tools.book import prerender_math as pm

needs_node = pytest.mark.skipif(
    shutil.which("node") is None or not (pm.TOOL / "node_modules").is_dir(),
    reason="MathJax for the build is installed by make book (npm ci in tools/mathjax)",
)


def test_letters_take_the_unicode_maths_alphabets():
    assert pm.styled("w", "bold") == "\U0001d430"
    assert pm.styled("R", "double-struck") == "ℝ"  # a hole in the block
    assert pm.styled("L", "script") == "ℒ"
    assert pm.styled("h", "italic") == "ℎ"
    assert pm.styled("\u03bc", "bold-italic") == "\U0001d741"  # bold italic mu
    assert pm.styled("\u0393", "bold") == "\U0001d6aa"  # bold Gamma
    assert pm.styled("\u03f5", "bold") == "\U0001d6dc"  # bold lunate epsilon
    assert pm.styled("1", "bold") == "\U0001d7cf"
    assert pm.styled("+", "bold") == "+"  # nothing to map: left as it is


def test_tidy_drops_what_mathml_core_ignores():
    mml = (
        '<math xmlns="http://www.w3.org/1998/Math/MathML">\n'
        '  <mrow data-mjx-texclass="ORD">'
        '\n    <mi mathvariant="bold">w</mi>\n  </mrow>\n  <mo>&#x2264;</mo>'
        '<mi mathvariant="normal">&#x22A4;</mi></math>'
    )
    assert pm.tidy(mml) == (
        '<math><mi>\U0001d430</mi><mo>≤</mo><mi mathvariant="normal">⊤</mi></math>'
    )


def test_formulas_are_found_and_replaced_in_sphinx_markup():
    page = (
        '<p>Let <span class="math notranslate nohighlight">\\(a &lt; b\\)</span>.</p>'
        '<div class="math notranslate nohighlight" id="equation-x">'
        '<span class="eqno">(2.1)<a class="headerlink" href="#equation-x">#</a></span>'
        "\\[x^2\\]</div>"
    )
    assert pm.formulas(page) == [("a < b", False), ("x^2", True)]
    out = pm.rewrite(page, {"Ia < b": "<math>A</math>", "Dx^2": "<math>B</math>"})
    assert "\\(" not in out and "\\[" not in out
    assert '<span class="math notranslate nohighlight"><math>A</math></span>' in out
    assert '<span class="eqno">(2.1)' in out and out.endswith("<math>B</math></div>")
    # Display maths may scroll sideways on a phone: it is in the Tab order.
    assert (
        '<div class="math notranslate nohighlight" tabindex="0" id="equation-x">' in out
    )


@needs_node
def test_mathjax_in_node_writes_mathml_and_names_bad_tex():
    out = pm.typeset([("\\mathbf{w}^\\top x", False), ("\\frac{1}{2}", True)])
    assert out["I\\mathbf{w}^\\top x"].startswith("<math><msup>")
    assert "\U0001d430" in out["I\\mathbf{w}^\\top x"]
    assert out["D\\frac{1}{2}"] == (
        '<math display="block"><mfrac><mn>1</mn><mn>2</mn></mfrac></math>'
    )
    with pytest.raises(Exception, match="Missing close brace"):
        pm.typeset([("\\frac{1}{", False)])


def test_the_font_keeps_the_radical_that_msqrt_draws(tmp_path):
    from fontTools.ttLib import TTFont

    (tmp_path / "_static").mkdir()
    font = pm.write_font(tmp_path, {"x"})  # the text of \\sqrt{x}
    cmap = TTFont(str(font)).getBestCmap()
    assert ord("\u221a") in cmap and ord("x") in cmap


def test_a_tagged_equation_becomes_a_row_with_its_label_last():
    tagged = (
        '<math display="block"><mtable><mlabeledtr><mtd id="mjx-eqn:B">'
        "<mtext>(B)</mtext></mtd><mtd><mi>x</mi><mo>≤</mo><mn>1</mn></mtd>"
        "</mlabeledtr></mtable></math>"
    )
    assert pm.tidy(tagged) == (
        '<math display="block"><mtable><mtr><mtd><mi>x</mi><mo>≤</mo><mn>1</mn>'
        '</mtd><mtd class="lc-tag" id="mjx-eqn:B"><mtext>(B)</mtext></mtd></mtr>'
        "</mtable></math>"
    )
