"""Every exercise notebook, as the chapter page links it, runs untouched in a
simulated Colab (see test_fresh_chapters.py): its starters raise nothing into the
notebook, its checks say "not attempted yet", and linclass comes from the site."""

import re

import pytest
from fresh_run import chapters_one_quick, run_downloaded

# `make test` runs chapter 2 (its coding checks run the learner's starters).
CHAPTERS = chapters_one_quick("chapters/02_perceptron")


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_exercise_notebook_runs_untouched_in_a_fresh_environment(
    site, fresh_base, chapter, tmp_path
):
    stem = chapter.split("/")[-1]

    def exercise_link(href):
        return href.endswith(f"_static/exercises/{stem}_exercises.ipynb")

    nb = run_downloaded(site, f"{chapter}.html", exercise_link, tmp_path, fresh_base)
    checks = [
        "".join("".join(o.get("text", "")) for o in c["outputs"])
        for c in nb["cells"]
        if c["cell_type"] == "code" and re.search(r"lc\.check\.", "".join(c["source"]))
    ]
    assert checks, f"{stem}: the exercise notebook has no check cell"
    for text in checks:
        assert "not attempted yet" in text, f"{stem}: an untouched check said {text!r}"
