"""Portable notebooks: the chapters and the exercise edition as plain Jupyter Markdown.

The chapters are MyST (the site needs its roles and directives); outside the site,
Jupyter, Colab, VS Code and GitHub show that source raw. ``make book`` therefore
serves *portable* notebooks, made here from the executed chapters
(``_build/jupyter_execute/chapters/*.ipynb`` and their ``*.glue.json``):

- ``{glue:text}`` roles become the computed text (formatted as myst-nb formats it);
- theorems, definitions, proofs, exercises, solutions and admonitions become headed,
  quoted Markdown blocks with the site's numbers ("Theorem 3.1", "Exercise 2.4");
- ``{cite}`` becomes "(Novikoff 1962)", with the reference list from
  ``references.bib`` at the end of the notebook;
- ``{ref}``, ``{numref}``, ``{prf:ref}`` and ``{doc}`` become links to the published
  site (``html.baseurl`` in ``_config.yml``);
- figures keep their caption and alt text, in a Markdown cell under the figure.

Outputs are kept: a learner who opens the notebook in Colab or on GitHub sees the
figures the text talks about before running anything, and running it replaces them.
Widget views, which need the live kernel's state, keep only their static fallback.

``portable_notebook(executed_path)`` returns one chapter as an nbformat node (the
slides of issue 21 can start from it); ``python -m tools.book.portable`` writes the
site's download copies and the portable exercise edition after the site is built.
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
from functools import lru_cache
from pathlib import Path

import nbformat

from linclass.check._answers import form_of
from linclass.check._core import ANSWERS

from . import config, exercises, own_checks, setup_cell
from .bibliography import bibliography
from .steps import write_atomic

EXECUTED = config.ROOT / "_build" / "jupyter_execute" / "chapters"
CACHE = config.ROOT / "_build" / ".jupyter_cache"
HTML = config.ROOT / "_build" / "html"
NUMBERED = {
    "prf:theorem": "Theorem",
    "prf:definition": "Definition",
    "prf:proposition": "Proposition",
    "prf:corollary": "Corollary",
    "prf:lemma": "Lemma",
    "prf:remark": "Remark",
    "prf:example": "Example",
    "prf:algorithm": "Algorithm",
    "exercise": "Exercise",
}
OPEN = re.compile(r"^(`{3,}|:{3,})\{([\w:-]+)\}[ \t]*(.*)$")
OPTION = re.compile(r"^:([\w-]+):[ \t]*(.*)$")
ROLE = re.compile(r"\{([\w:-]+)\}`([^`]*)`")
ROLE_OR_CODE = re.compile(r"\{([\w:-]+)\}`([^`]*)`|``.+?``|`[^`]+`")
TARGET = re.compile(r"^\(([\w-]+)\)=[ \t]*$", re.M)
BOX = re.compile(r'^<div class="lc-answer" data-answer="([^"]+)"></div>[ \t]*$', re.M)
WIDGET = "application/vnd.jupyter.widget-view+json"
GLUE_RECORD = "application/papermill.record/"  # myst-nb's glue outputs


# --- what every chapter defines: numbers, titles, figures ---------------------------


def _doc(path):
    return f"chapters/{Path(path).stem}"


def _fences(text):
    """``(name, argument, options)`` of every directive opened in ``text``."""
    lines = text.splitlines()
    for k, line in enumerate(lines):
        m = OPEN.match(line)
        if m:
            options = {}
            for nxt in lines[k + 1 :]:
                opt = OPTION.match(nxt)
                if not opt:
                    break
                options[opt.group(1)] = opt.group(2).strip()
            yield m.group(2), m.group(3).strip(), options


@lru_cache(maxsize=1)
def labels(root=config.ROOT):
    """``{label: (doc, text)}`` for every numbered or titled target of the book."""
    out = {}
    for path in config.chapter_paths(root):
        nb = json.loads(path.read_text(encoding="utf-8"))
        doc, chapter = _doc(path), int(path.name[:2])
        counts = {}
        for cell in nb["cells"]:
            src = "".join(cell["source"])
            if cell["cell_type"] == "code":
                fig = cell.get("metadata", {}).get("mystnb", {}).get("figure", {})
                if fig.get("name"):
                    counts["fig"] = counts.get("fig", 0) + 1
                    out[fig["name"]] = (doc, f"Fig. {chapter}.{counts['fig']}")
                continue
            title = re.search(r"^# (.+)$", src, re.M)
            if title and doc not in out:
                out[doc] = (doc, title.group(1).strip())
            for m in TARGET.finditer(src):
                heading = re.search(r"^#+ (.+)$", src[m.end() :], re.M)
                out[m.group(1)] = (doc, heading.group(1).strip() if heading else "")
            for name, _, options in _fences(src):
                if name in NUMBERED and options.get("label"):
                    counts[name] = counts.get(name, 0) + 1
                    number = f"{NUMBERED[name]} {chapter}.{counts[name]}"
                    out[options["label"]] = (doc, number)
    return out


def _url(doc, anchor=""):
    return f"{config.site_url()}{doc}.html" + (f"#{anchor}" if anchor else "")


# --- Markdown -----------------------------------------------------------------------


class Converter:
    """Turns one chapter's MyST Markdown into plain Markdown."""

    def __init__(self, path, glue):
        self.doc, self.chapter = _doc(path), int(Path(path).name[:2])
        self.glue = glue
        self.cited = []

    def role(self, m):
        name, body = m.group(1), m.group(2)
        text, target = body, body
        explicit = re.match(r"^(.*?)\s*<([^>]+)>$", body, re.S)
        if explicit:
            text, target = explicit.group(1), explicit.group(2)
        if name.startswith("glue"):
            return self.glued(body)
        if name.startswith("cite"):
            keys = [k.strip() for k in body.split(",")]
            self.cited += [k for k in keys if k not in self.cited]
            shorts = [bibliography()[k][0] for k in keys]
            if name == "cite:t":
                return "; ".join(re.sub(r" (\S+)$", r" (\1)", s) for s in shorts)
            return "(" + "; ".join(shorts) + ")"
        if name == "doc":
            doc = (Path(self.doc).parent / target).as_posix()
            doc = re.sub(r"[^/]+/\.\./", "", doc)
            title = labels().get(doc, (doc, doc))[1]
            return f"[{text if explicit else title}]({_url(doc)})"
        if name in ("ref", "numref", "prf:ref", "eq"):
            doc, title = labels().get(target, (self.doc, target))
            shown = text if explicit else title
            shown = shown.replace("%s", title.split()[-1]) if "%s" in shown else shown
            return f"[{shown}]({_url(doc, target)})"
        return text  # an unknown role keeps its text, never its syntax

    def glued(self, body):
        from myst_nb.core.variables import format_plain_text

        key, _, spec = body.partition(":")
        if key not in self.glue:
            raise KeyError(f"{self.doc}: no glued value {key!r}")
        return format_plain_text(self.glue[key], spec or "s")

    def inline(self, text):
        text = TARGET.sub(lambda m: f'<a id="{m.group(1)}"></a>', text)
        text = BOX.sub(self.box, text)
        # Roles inside inline code are examples, not roles: one pass over both, so
        # a code span is skipped whole and a role is replaced whole.
        return ROLE_OR_CODE.sub(
            lambda m: self.role(m) if m.group(1) else m.group(0), text
        )

    def box(self, m):
        answer_id = m.group(1)
        spec = ANSWERS.get(answer_id)
        form = f" ({form_of(spec)})" if spec else ""
        return (
            f'*Check your answer:* `lc.check.answer("{answer_id}", your_answer)`{form}.'
        )

    def markdown(self, text):
        """Convert a Markdown cell's source."""
        lines, out, k = text.splitlines(), [], 0
        while k < len(lines):
            m = OPEN.match(lines[k])
            plain_code = re.match(r"^(`{3,})(?![`{])", lines[k])
            if plain_code:  # a code block: copied as it is
                end = self._close(lines, k, plain_code.group(1))
                out += lines[k : end + 1]
                k = end + 1
                continue
            if not m:
                out.append(self.inline(lines[k]))
                k += 1
                continue
            fence, name, arg = m.group(1), m.group(2), m.group(3).strip()
            end = self._close(lines, k, fence)
            body, options = lines[k + 1 : end], {}
            while body and OPTION.match(body[0]):
                opt = OPTION.match(body[0])
                options[opt.group(1)] = opt.group(2).strip()
                body = body[1:]
            out += self.block(name, arg, options, self.markdown("\n".join(body)))
            k = end + 1
        return "\n".join(out)

    @staticmethod
    def _close(lines, k, fence):
        for j in range(k + 1, len(lines)):
            if lines[j].strip() == fence:
                return j
        raise ValueError(f"unclosed {fence} fence: {lines[k]!r}")

    def block(self, name, arg, options, body):
        label = options.get("label") or arg
        if name == "solution-start":
            return ["", f"**Solution to {labels().get(arg, ('', arg))[1]}**", ""]
        if name == "solution-end":
            return ["", "*End of the solution.*", ""]
        if name in NUMBERED:
            head = labels().get(label, (None, NUMBERED[name]))[1]
            anchor = f'<a id="{label}"></a>' if label else ""
            title = f" ({self.inline(arg)})" if arg and name != "exercise" else ""
            return _quoted(f"{anchor}**{head}**{title}", body)
        if name == "prf:proof":
            return _quoted("*Proof.*", body + " ∎")
        if name == "solution":
            return _quoted(f"**Solution to {labels().get(arg, ('', arg))[1]}**", body)
        if name in ("math", "code", "code-block", "code-cell"):
            return ["$$", body, "$$"] if name == "math" else ["```", body, "```"]
        title = self.inline(arg) if arg else name.split(":")[-1].capitalize()
        return _quoted(f"**{title}**", body)


def _quoted(head, body):
    """A headed block: quoted, unless display maths inside would break the quote."""
    body = body.strip("\n")
    if "$$" in body or "\\begin" in body:
        # Jupyter takes display maths out before reading the Markdown, so a "> "
        # inside $$ ... $$ would end up in the formula: head, body and a rule instead.
        return ["", head, "", body, "", "---", ""]
    quoted = [f"> {line}" if line.strip() else ">" for line in body.splitlines()]
    return ["", f"> {head}", ">", *quoted, ""]


# --- notebooks ----------------------------------------------------------------------


def _glue(executed_path):
    path = Path(executed_path).with_suffix(".glue.json")
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: v["data"].get("text/plain", "") for k, v in data.items()}


def _readable(mimetype):
    # A widget's view needs its kernel; a glued value's record is for myst-nb only
    # (Jupyter would say it has no renderer for it): neither reads outside the book.
    return mimetype != WIDGET and not mimetype.startswith(GLUE_RECORD)


def _portable_outputs(outputs):
    """The outputs a reader's Jupyter can show: the same whether the chapter was
    executed in this build or its outputs came from the notebook cache."""
    kept = []
    for out in outputs:
        data = out.get("data")
        if data and not all(_readable(k) for k in data):
            data = {k: v for k, v in data.items() if _readable(k)}
            if not data:
                continue
            out = dict(out, data=data)
        kept.append(out)
    return kept


def _caption_cell(cell, conv, fig_id):
    meta = cell.get("metadata", {}).get("mystnb", {})
    fig, alt = meta.get("figure", {}), meta.get("image", {}).get("alt", "")
    if not fig.get("caption"):
        return None
    number = labels().get(fig.get("name"), (None, "Figure"))[1]
    text = f"**{number}.** {conv.inline(fig['caption'])}"
    if alt:
        text += f"\n\n*Figure description:* {conv.inline(alt)}"
    return nbformat.v4.new_markdown_cell(text, id=fig_id)


def convert_cells(cells, path, glue):
    """The cells of a (chapter or exercise) notebook made portable, references last."""
    conv = Converter(path, glue)
    out = []
    for k, cell in enumerate(cells):
        cell = copy.deepcopy(cell)
        if cell["cell_type"] == "markdown":
            text = conv.markdown("".join(cell["source"]))
            cell["source"] = re.sub(r"\n{3,}", "\n\n", text).strip("\n")
            out.append(cell)
            continue
        if cell["cell_type"] == "code":
            cell["outputs"] = _portable_outputs(cell.get("outputs", []))
        out.append(cell)
        caption = _caption_cell(cell, conv, f"portable-fig-{k}")
        if caption is not None:
            out.append(caption)
    if conv.cited:
        refs = "\n".join(
            f"- {bibliography()[key][1]}"
            for key in sorted(conv.cited, key=lambda c: bibliography()[c][0])
        )
        out.append(
            nbformat.v4.new_markdown_cell(
                f"## References\n\n{refs}", id="portable-refs"
            )
        )
    return out


def _note(path, what):
    url = _url(_doc(path))
    return nbformat.v4.new_markdown_cell(
        f"*{what} of the course Linear Classifiers, in plain Markdown so that "
        "it reads in Jupyter, Colab, VS Code or on GitHub. Run the cells from the top "
        f"(the first installs `linclass`). The same chapter on the course site: {url}*",
        id="portable-note",
    )


def _with_outputs(nb, cache=CACHE):
    """``nb`` with its outputs. On a cache hit myst-nb 1.4 writes the chapter to
    jupyter_execute without them (it merges the cached outputs into a copy it only
    renders), so they are taken from the notebook cache by the code cells' hash."""
    if any(c.get("outputs") for c in nb.cells if c.cell_type == "code"):
        return nb
    if not Path(cache).exists():
        return nb
    from jupyter_cache import get_cache

    try:
        _, merged = get_cache(str(cache)).merge_match_into_notebook(nb)
    except KeyError:  # no cached run of these code cells: keep what is there
        return nb
    return merged


def portable_notebook(executed_path):
    """One executed chapter as a portable notebook (an nbformat node, outputs kept)."""
    nb = _with_outputs(nbformat.read(str(executed_path), as_version=4))
    if config.is_withheld(executed_path):  # _config.yml: withhold_solutions
        nb.cells = exercises.without_solutions(nb.cells)
    cells = convert_cells(nb.cells, executed_path, _glue(executed_path))
    cells.insert(1, _note(executed_path, "A portable copy of this chapter"))
    nb.cells = [nbformat.from_dict(c) for c in cells]
    nb.metadata.pop("mystnb", None)
    return nb


def portable_exercises(source_path, executed_path):
    """The exercise edition of a chapter, made portable; starters and checks as is."""
    edition = exercises.build(source_path)
    cells = convert_cells(edition["cells"], source_path, _glue(executed_path))
    return nbformat.from_dict(dict(edition, cells=cells))


def _write(nb, target):
    """Write ``nb`` unless the file already holds it (keeps mtimes for make's sake).
    The setup cell gets the site's address from ``_config.yml`` on the way."""
    nb = setup_cell.serve(copy.deepcopy(dict(nb)))
    text = nbformat.writes(nbformat.from_dict(nb)) + "\n"
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        write_atomic(target, text)
    return target


def write_all(html=HTML, executed=EXECUTED, generated=None):
    """Write every served notebook: the chapter downloads and the exercise edition."""
    own_checks.load()  # the exercise edition names an instructor's checks too
    written = []
    for source in config.chapter_paths():
        run = Path(executed) / source.name
        if not run.exists():
            raise FileNotFoundError(f"{run} is missing: build the book first")
        written.append(
            _write(
                portable_notebook(run),
                Path(html) / "_sources" / "chapters" / source.name,
            )
        )
        edition = portable_exercises(source, run)
        for folder in filter(None, [Path(html) / "_static" / "exercises", generated]):
            written.append(
                _write(edition, Path(folder) / exercises.edition_name(source))
            )
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generated", type=Path, default=None)
    args = parser.parse_args(argv)
    written = write_all(generated=args.generated)
    print(f"portable notebooks: {len(written)} written or up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
