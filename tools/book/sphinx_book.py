"""A small Sphinx extension for the book's own pages.

- Adds the generated answer keys (``lc-answers.js``) to every page, for the answer
  boxes of ``_static/answer-boxes.js``.
- Puts a link to the chapter's exercise notebook at the top of every chapter's
  "Exercises" section.
- Gives the landing page an ``exercise-notebooks`` directive that lists them all.
- Fills the site's and the repository's addresses (``_config.yml``) into the
  Markdown pages' placeholders and into the notebooks served for download, so that
  a fork changes them in ``_config.yml`` alone (the committed chapter's setup cell
  holds a placeholder for the site's address).
- Leaves out the worked solutions of the chapters ``withhold_solutions`` in
  ``_config.yml`` names (a term in which they are graded).
- Points the Colab and Binder buttons at the portable notebooks, which the pages
  workflow publishes on the repository's notebooks branch (``launch.py``).
"""

from __future__ import annotations

import html
from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective
from sphinx_exercise.nodes import solution_node

from . import config, setup_cell
from .exercises import edition_name
from .launch import rewrite_launch_buttons
from .steps import write_atomic

STATIC_DIR = "_static/exercises"


def _chapter_docs(env):
    return [d for d in sorted(env.found_docs) if d.startswith("chapters/")]


def _href(from_doc, chapter_doc):
    up = "../" * from_doc.count("/")
    return f"{up}{STATIC_DIR}/{edition_name(chapter_doc + '.ipynb')}"


class ExerciseNotebooks(SphinxDirective):
    """A list of every chapter's exercise notebook, with its title."""

    def run(self):
        items = []
        for doc in _chapter_docs(self.env):
            self.env.note_dependency(self.env.doc2path(doc))
            title = self.env.titles.get(doc)
            text = title.astext() if title is not None else doc
            href = _href(self.env.docname, doc)
            name = edition_name(doc + ".ipynb")
            items.append(
                f'<li><a href="{html.escape(href)}" download>{html.escape(name)}</a>'
                f" &mdash; {html.escape(text)}</li>"
            )
        raw = f'<ul class="lc-exercise-notebooks">{"".join(items)}</ul>'
        return [nodes.raw("", raw, format="html")]


def _add_notebook_link(app, doctree, docname):
    if not docname.startswith("chapters/"):
        return
    for section in doctree.findall(nodes.section):
        title = section.next_node(nodes.title)
        if title is None or title.astext().strip().rstrip(".") != "Exercises":
            continue
        href = html.escape(_href(docname, docname))
        name = html.escape(edition_name(docname + ".ipynb"))
        raw = nodes.raw(
            "",
            f'<p class="lc-exercise-notebook"><a href="{href}" download>'
            f"Exercise notebook</a> ({name}): these exercises without their "
            "solutions, with a starter cell and an offline check for each, to run "
            "in Jupyter, Colab or Binder.</p>",
            format="html",
        )
        section.insert(section.index(title) + 1, raw)
        return


def _withhold_solutions(app, doctree):
    """Leave out the worked solutions of the chapters ``_config.yml`` withholds
    (``withhold_solutions``): the page, and so the PDF printed from it, has none."""
    docname = app.env.docname
    if not docname.startswith("chapters/") or not config.is_withheld(
        docname, app.srcdir
    ):
        return
    app.env.note_dependency(str(Path(app.srcdir) / "_config.yml"))
    for node in list(doctree.findall(solution_node)):
        node.parent.remove(node)
    registry = getattr(app.env, "sphinx_exercise_registry", {})
    for label in [k for k, v in registry.items() if v.get("docname") == docname]:
        if registry[label].get("type", "").startswith("solution"):
            del registry[label]


def _fill_markdown(app, docname, source):
    # Notebooks are left alone: their code cells key the notebook cache.
    if str(app.env.doc2path(docname)).endswith(".md"):
        source[0] = config.fill(source[0], app.srcdir)


def _serve_sources(app, exception):
    """The download button's copies (``_sources/``) get the addresses filled in."""
    if exception is not None or app.builder.format != "html":
        return
    for path in sorted(Path(app.outdir, "_sources").rglob("*")):
        if path.suffix == ".ipynb":
            setup_cell.serve_file(path, app.srcdir)
        elif path.suffix in (".md", ".txt"):
            write_atomic(path, config.fill(path.read_text("utf-8"), app.srcdir))


def setup(app):
    app.setup_extension("tools.book.teaching")  # the instructor's page
    app.add_directive("exercise-notebooks", ExerciseNotebooks)
    app.connect("doctree-resolved", _add_notebook_link)
    app.connect("doctree-read", _withhold_solutions)
    app.connect("source-read", _fill_markdown)
    app.connect("build-finished", _serve_sources)
    # After sphinx-book-theme's own handler (priority 501) has made the buttons.
    app.connect("html-page-context", rewrite_launch_buttons, priority=510)
    # answer-boxes.js and .css sit in _static/, which Jupyter Book adds to every
    # page by itself; the generated answer keys live elsewhere and need adding.
    app.add_js_file("lc-answers.js")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
