"""Sphinx extension: accessible markup where the book's tool chain writes none.

Each fix is for a finding of axe-core (WCAG 2.1 A/AA) on the built site, made where
the markup is written rather than patched in the browser:

- Citations (docutils' HTML writer, used by sphinxcontrib-bibtex on the references
  page) carry ``role="doc-biblioentry"``, deprecated in DPUB-ARIA 1.1; inside their
  ``role="list"`` wrapper a screen reader then finds a list without list items
  (axe: aria-deprecated-role, aria-required-children). Here each citation is a
  ``listitem``, which is what DPUB-ARIA 1.1 recommends instead.
- The "Show code cell source" toggles (myst-nb) are ``<summary>`` elements named
  "Toggle hidden content" by an aria-label, while they read "Show code cell source"
  (axe: label-content-name-mismatch, WCAG 2.5.3). Here the summary has no
  aria-label, so its visible text is its name.

The theme's own buttons are fixed by the template overrides in ``_templates/``.
"""

from __future__ import annotations

from docutils import nodes
from myst_nb.sphinx_ import HideCodeCellNode, depart_HideCellInput


def visit_citation(self, node):
    """docutils' ``visit_citation``, with ``listitem`` for the deprecated role."""
    if not isinstance(node.previous_sibling(), type(node)):
        self.body.append('<div role="list" class="citation-list">\n')
    self.body.append(
        self.starttag(node, "div", classes=[node.tagname], role="listitem")
    )


def depart_citation(self, node):
    self.body.append("</div>\n")
    if not isinstance(node.next_node(descend=False, siblings=True), type(node)):
        self.body.append("</div>\n")


def visit_hide_cell_input(self, node):
    """myst-nb's toggle of a hidden cell, named by what it shows."""
    classes = " ".join(node["classes"])
    self.body.append(f'<details class="admonition hide {classes}">\n<summary>\n')
    for state, key in (("collapsed", "prompt_show"), ("expanded", "prompt_hide")):
        text = self.encode(node[key])
        self.body.append(f'<p class="{state} admonition-title">{text}</p>\n')
    self.body.append("</summary>\n")


def setup(app):
    app.add_node(nodes.citation, override=True, html=(visit_citation, depart_citation))
    app.add_node(
        HideCodeCellNode,
        override=True,
        html=(visit_hide_cell_input, depart_HideCellInput),
    )
    return {"parallel_read_safe": True, "parallel_write_safe": True}
