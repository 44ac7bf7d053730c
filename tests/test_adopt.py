"""What an adopting instructor relies on: the workflows' contract, the citation
file, the licences and the instructor page's facts."""

import subprocess

import yaml
from book_toc import ROOT, toc_entries

from tools.book import config, teaching

WORKFLOWS = ROOT / ".github" / "workflows"


def _workflow(name):
    return yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))


def test_the_test_workflow_runs_the_readme_test_command():
    wf = _workflow("test.yml")
    steps = wf["jobs"]["test"]["steps"]
    assert any(s.get("run") == "make test" for s in steps)
    assert "make test" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert wf["permissions"] == {"contents": "read"}
    caches = [s for s in steps if s.get("uses", "").startswith("actions/cache@")]
    assert caches and "hashFiles('requirements.lock')" in caches[0]["with"]["key"]
    upload = next(
        s for s in steps if s.get("uses", "").startswith("actions/upload-artifact")
    )
    assert upload["if"] == "failure()"


def test_only_the_deploy_job_may_write_pages():
    wf = _workflow("pages.yml")
    assert (
        wf["concurrency"]["group"] and wf["concurrency"]["cancel-in-progress"] is False
    )
    jobs = wf["jobs"]
    assert jobs["build"]["permissions"] == {"contents": "read"}
    assert jobs["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}
    assert jobs["notebooks"]["permissions"] == {"contents": "write"}
    used = [s["uses"] for j in jobs.values() for s in j["steps"] if "uses" in s]
    for action in ("configure-pages", "upload-pages-artifact", "deploy-pages"):
        assert any(u.startswith(f"actions/{action}@v") for u in used), action
    # Pinned major versions: never a branch such as @main.
    assert all(u.rsplit("@", 1)[1].startswith("v") for u in used), used
    build = " ".join(s.get("run", "") for s in jobs["build"]["steps"])
    assert "make book" in build
    push = " ".join(s.get("run", "") for s in jobs["notebooks"]["steps"])
    assert config.NOTEBOOK_BRANCH in push


def test_citation_file_matches_the_package():
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert cff["cff-version"] == "1.2.0"
    assert cff["version"] == config.version()
    assert set(cff["license"]) == {"MIT", "CC-BY-4.0"}
    assert cff["title"] and cff["authors"]


def test_licences_of_code_and_text_are_stated():
    footer = yaml.safe_load((ROOT / "_config.yml").read_text())["html"]["extra_footer"]
    assert "MIT" in footer and "CC BY 4.0" in footer
    for name in ("LICENSE", "README.md", "CONTRIBUTING.md"):
        text = (ROOT / name).read_text(encoding="utf-8")
        assert "MIT" in text and "CC BY 4.0" in text, name


def test_the_instructor_page_is_in_the_book_and_counts_every_check():
    assert "teaching" in toc_entries()
    from linclass.check._core import ANSWERS, EXERCISES

    found = set()
    for path in config.chapter_paths():
        chapter = teaching.chapter_facts(path)
        assert chapter.words > 500 and chapter.sections, path.name
        assert chapter.class_minutes > 0 and chapter.home_minutes > 0
        assert all(d < path.stem for d in chapter.builds_on)
        for exercise in chapter.exercises:
            found |= set(exercise.boxes) | set(exercise.coding)
    # Every registered check belongs to one exercise of the page.
    assert found == set(ANSWERS) | set(EXERCISES)


def test_the_estimate_follows_its_stated_rule():
    ch = teaching.Chapter(
        path=ROOT / "chapters" / "09_x.ipynb",
        words=2 * teaching.WORDS_PER_MINUTE * 10,
        players=2,
        sections=["A"],
        builds_on=[],
        exercises=[
            teaching.Exercise("e1", 3),
            teaching.Exercise("e2", 1, coding=["c"]),
        ],
    )
    assert ch.class_minutes == 20 + 2 * teaching.MINUTES_PER_PLAYER
    assert (
        ch.home_minutes == 3 * teaching.MINUTES_PER_PART + teaching.MINUTES_PER_CODING
    )
    assert teaching._duration(ch.class_minutes) == "25 min"
    assert teaching._duration(95) == "1 h 35 min"


def test_no_tracked_file_is_a_symlink():
    # A symlink (an environment once linked in from another checkout) breaks a
    # clone on every other machine; the repository holds files only.
    index = subprocess.run(
        ["git", "ls-files", "-s"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    links = [line.split("\t", 1)[1] for line in index if line.startswith("120000 ")]
    assert len(index) > 100 and not links, links
