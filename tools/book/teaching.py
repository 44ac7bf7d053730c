"""The facts of the instructor's page, computed from the chapter notebooks.

The page "Teaching with this course" (``teaching.md``) holds a ``teaching-chapters``
directive. For each chapter it lists what the chapter builds on (the earlier chapters
it links to), the sections it covers, an estimate of the time it takes in class and
at home, which exercises have checks, its exercise notebook and its lecture material.
Everything is read from the notebooks at build time, so the page follows the
chapters; the estimates come from the constants below and the page says how.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from . import config
from .exercises import edition_name

# The estimate. Class: the chapter's prose presented with its figures, plus a few
# minutes per player stepped through in front of the class. Home: each lettered
# part of a pen-and-paper exercise, and each coding exercise with its check.
WORDS_PER_MINUTE = 110
MINUTES_PER_PLAYER = 3
MINUTES_PER_PART = 10
MINUTES_PER_CODING = 30

EXERCISE = re.compile(r"^```\{exercise\}[^\n]*\n:label: (\S+)\n(.*?)^```", re.M | re.S)
PART = re.compile(r"(?<![\w$\\])\(([a-h])\)(?=\s)")  # "(a) ..." in the text
BOX = re.compile(r'data-answer="([^"]+)"')
CODE_CHECK = re.compile(r'lc\.check\.exercise\(\s*"([^"]+)"')
PLAYER = re.compile(r"\blc\.(Stepper|Player|HyperplaneExplorer|ProjectionExplorer)\(")
SECTION = re.compile(r"^## (.+)$", re.M)
DOC_LINK = re.compile(r"\{doc\}`(?:[^`<]*<)?(?:\.\./chapters/|\./)?(\d\d_[a-z_]+)>?`")
NOT_SYLLABUS = {"Summary", "Exercises"}


@dataclass
class Exercise:
    label: str
    parts: int
    boxes: list = field(default_factory=list)  # answer ids, checked on the page too
    coding: list = field(default_factory=list)  # coding exercise ids


@dataclass
class Chapter:
    path: Path
    words: int
    players: int
    sections: list
    builds_on: list
    exercises: list

    @property
    def number(self):
        return int(self.path.name[:2])

    @property
    def class_minutes(self):
        return self.words / WORDS_PER_MINUTE + MINUTES_PER_PLAYER * self.players

    @property
    def home_minutes(self):
        parts = sum(e.parts for e in self.exercises if not e.coding)
        coding = sum(len(e.coding) for e in self.exercises)
        return MINUTES_PER_PART * parts + MINUTES_PER_CODING * coding


def _owner(check_id, labels):
    # ex-ch6-kesler-code belongs to the exercise labelled ex-ch6-kesler-code, not to
    # ex-ch6-kesler: the longest label that is the id or a prefix of it.
    owners = [x for x in labels if check_id == x or check_id.startswith(x + "-")]
    return max(owners, key=len) if owners else None


def _parts(content):
    # The lettered parts (a), (b), ... of an exercise: the highest letter used.
    letters = PART.findall(content) + [
        b.rsplit("-", 1)[-1] for b in BOX.findall(content)
    ]
    letters = [x for x in letters if len(x) == 1]
    return max(1, *(ord(x) - ord("a") + 1 for x in letters)) if letters else 1


def chapter_facts(path):
    """The :class:`Chapter` facts of one chapter notebook."""
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    text = "\n".join(
        "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"
    )
    code = "\n".join(
        "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"
    )
    body = text.split("\n## Exercises", 1)[0]
    stem = Path(path).stem
    exercises = {
        label: Exercise(label, _parts(content))
        for label, content in EXERCISE.findall(text)
    }
    for answer_id in BOX.findall(text):
        if (owner := _owner(answer_id, exercises)) is not None:
            exercises[owner].boxes.append(answer_id)
    for exercise_id in dict.fromkeys(CODE_CHECK.findall(code)):
        if (owner := _owner(exercise_id, exercises)) is not None:
            exercises[owner].coding.append(exercise_id)
    return Chapter(
        path=Path(path),
        words=len(body.split()),
        players=len(PLAYER.findall(code)),
        sections=[s for s in SECTION.findall(body) if s not in NOT_SYLLABUS],
        builds_on=sorted(d for d in set(DOC_LINK.findall(text)) if d < stem),
        exercises=list(exercises.values()),
    )


def _duration(minutes):
    minutes = max(5, 5 * round(minutes / 5))
    hours, rest = divmod(minutes, 60)
    return f"{hours} h {rest:02d} min" if hours else f"{rest} min"


def lecture_material(stem, root):
    """Links to the chapter's lecture material: its slide deck, which the slides
    step writes (after Sphinx) for every chapter of the table of contents. Linked
    from what the build will write, not from what a previous build left, so a cold
    build's page is the whole page."""
    in_toc = f"chapters/{stem}" in config.toc_entries(root)
    return [(f"slides/{stem}.html", "slide deck")] if in_toc else []


def chapter_markdown(ch, root):
    """The instructor's entry for one chapter, as MyST Markdown."""
    doc = f"chapters/{ch.path.stem}"
    before = ", ".join(f"{{doc}}`chapters/{d}`" for d in ch.builds_on)
    parts = sum(e.parts for e in ch.exercises if not e.coding)
    coding = sum(len(e.coding) for e in ch.exercises)
    checked, unchecked = [], []
    for e in ch.exercises:
        how = []
        if e.boxes:
            letters = ", ".join(f"({b.rsplit('-', 1)[-1]})" for b in e.boxes)
            how.append(f"answer {'boxes' if len(e.boxes) > 1 else 'box'} {letters}")
        if e.coding:
            how.append("a coding check")
        (checked if how else unchecked).append(
            f"{{ref}}`{e.label}` ({' and '.join(how)})"
            if how
            else f"{{ref}}`{e.label}`"
        )
    notebook = edition_name(ch.path)
    players = f"{ch.players} player{'s' if ch.players != 1 else ''}"
    lecture = [f"the chapter page with its {players}"] + [
        f'<a href="{href}">{name}</a>'
        for href, name in lecture_material(ch.path.stem, root)
    ]
    return "\n".join(
        [
            f"### {{doc}}`{doc}`",
            "",
            f"- **Builds on:** {before or 'the background above only'}.",
            f"- **Covers:** {'; '.join(ch.sections)}.",
            f"- **Time (an estimate):** about {_duration(ch.class_minutes)} in class "
            f"({ch.words} words, {players}); about "
            f"{_duration(ch.home_minutes)} at home ({len(ch.exercises)} exercises: "
            f"{parts} pen-and-paper parts, {coding} coding).",
            f"- **Checked:** {'; '.join(checked) or 'none'}.",
            f"- **Marked by hand:** {', '.join(unchecked) or 'none'}.",
            f'- **Exercise notebook:** <a href="_static/exercises/{notebook}" download>'
            f"{notebook}</a>.",
            f"- **Lecture material:** {'; '.join(lecture)}.",
            "",
        ]
    )


class TeachingChapters(SphinxDirective):
    """Every chapter's entry for the instructor, computed from the notebooks."""

    def run(self):
        root = self.env.srcdir
        paths = config.chapter_paths(root)
        for path in [*paths, Path(root, "_toc.yml")]:
            self.env.note_dependency(str(path))
        text = "\n".join(chapter_markdown(chapter_facts(p), root) for p in paths)
        return self.parse_text_to_nodes(text)


class TeachingEstimate(SphinxDirective):
    """The sentence that says how the time estimates are computed."""

    def run(self):
        text = (
            f"In class: the chapter's prose at {WORDS_PER_MINUTE} words a minute, "
            f"plus {MINUTES_PER_PLAYER} minutes for each player stepped through. At "
            f"home: {MINUTES_PER_PART} minutes for each lettered part of a "
            f"pen-and-paper exercise and {MINUTES_PER_CODING} minutes for each coding "
            "exercise. Rounded to 5 minutes; a class that works the examples itself "
            "takes longer."
        )
        return [nodes.paragraph("", text)]


def setup(app):
    app.add_directive("teaching-chapters", TeachingChapters)
    app.add_directive("teaching-estimate", TeachingEstimate)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
