"""A fork changes two lines of _config.yml and nothing else.

The test does what a fork does, in a temporary copy of the repository: another
``html.baseurl`` and ``repository.url``, then the steps of ``make book`` that the
addresses touch (the setup-cell check, the exercise edition and the answer keys,
the notebook-cache check, the Sphinx build). It reuses this checkout's executed
notebooks (the jupyter-cache of the ``make book`` that ``make test`` runs first) and
its wheel, so no chapter is executed again. The wheel and the print edition are not
rebuilt: the wheel's code holds no address (its metadata quotes the README, which
names the original course as the origin), and the print edition is the built site
printed. Then no built page, served or generated notebook, wheel index or
answer-key file may name the old address, and the new one must be where the
old one was.
"""

import os
import re
import shutil
import subprocess
import sys

import pytest
from book_toc import ROOT

from tools.book import config

OLD_SITE, OLD_REPO = config.site_url(), config.repo_url()
NEW_SITE = "https://teacher.example.org/my-course/"
NEW_REPO = "https://github.com/a-teacher/my-course"
SKIP = {".git", ".venv", ".venv-min", "_build", ".cache", "build", "__pycache__"}
BUILD = ROOT / "_build"


def _old_names(text):
    # The old addresses, and the repository's owner/name as the theme spells it.
    owner_repo = OLD_REPO.split("github.com/", 1)[-1]
    return [n for n in (OLD_SITE.rstrip("/"), OLD_REPO, owner_repo) if n in text]


def _run(cmd, cwd):
    env = dict(os.environ, PYTHONPATH=str(cwd))
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, (
        f"{' '.join(map(str, cmd))} failed:\n{done.stdout}\n{done.stderr}"
    )
    return done.stdout


@pytest.fixture(scope="module")
def fork(tmp_path_factory):
    cache = BUILD / ".jupyter_cache"
    if not cache.is_dir() or not list((BUILD / "generated" / "wheels").glob("*.whl")):
        pytest.fail("no executed notebooks or wheel in _build: run `make book` first")
    root = tmp_path_factory.mktemp("fork") / "course"
    shutil.copytree(ROOT, root, ignore=lambda d, names: [n for n in names if n in SKIP])
    text = (root / "_config.yml").read_text(encoding="utf-8")
    assert text.count(OLD_SITE) == 1 and text.count(OLD_REPO) == 1
    text = text.replace(OLD_SITE, NEW_SITE).replace(OLD_REPO, NEW_REPO)
    (root / "_config.yml").write_text(text, encoding="utf-8")
    shutil.copytree(cache, root / "_build" / ".jupyter_cache")
    shutil.copy2(BUILD / ".jupyter_cache.fingerprint", root / "_build")
    generated = root / "_build" / "generated"
    shutil.copytree(BUILD / "generated" / "wheels", generated / "wheels")
    py = sys.executable
    _run([py, "-m", "tools.book.site_assets", generated], root)
    _run([py, "-m", "tools.book.exercises", generated / "exercises"], root)
    _run([py, "-m", "tools.book.setup_cell"], root)  # fails on a stale setup cell
    out = _run([py, "-m", "tools.book.cache", root], root)
    assert "cache cleared" not in out, "the copy would execute every chapter again"
    jb = shutil.which("jupyter-book", path=os.path.dirname(py))
    _run([jb, "build", "-n", "-W", "--keep-going", "--quiet", root], root)
    return root


def test_committed_files_name_the_old_address_only_where_allowed():
    # _config.yml holds the addresses; README and CITATION.cff name the original
    # course as the course's origin, which a fork keeps.
    allowed = {"_config.yml", "README.md", "CITATION.cff"}
    files = subprocess.run(
        ["git", "grep", "-l", "-e", OLD_SITE.rstrip("/"), "-e", OLD_REPO],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    assert set(files) <= allowed, (
        f"the old address is written in {set(files) - allowed}"
    )


@pytest.mark.slow  # the fork's Sphinx build: 45 s (make test-slow)
def test_no_built_or_served_file_names_the_old_address(fork):
    built = fork / "_build"
    checked, hits = 0, []
    for path in built.rglob("*"):
        if path.suffix not in {".html", ".ipynb", ".js", ".md", ".txt", ".xml"}:
            continue
        if ".jupyter_cache" in path.parts or ".doctrees" in path.parts:
            continue
        checked += 1
        if names := _old_names(path.read_text(encoding="utf-8", errors="replace")):
            hits.append(f"{path.relative_to(built)}: {names}")
    assert checked > 30, f"only {checked} files built"
    assert not hits, "the old address is still in:\n" + "\n".join(hits)


@pytest.mark.slow
def test_the_new_address_is_where_the_old_one_was(fork):
    html = fork / "_build" / "html"
    wheel = f"{NEW_SITE}_static/wheels/{config.wheel_name()}"
    served = [
        html / "_sources" / "chapters" / "02_perceptron.ipynb",
        fork / "_build" / "generated" / "exercises" / "02_perceptron_exercises.ipynb",
    ]
    for notebook in served:
        assert wheel in notebook.read_text(encoding="utf-8"), notebook.name
    chapter = (html / "chapters" / "02_perceptron.html").read_text(encoding="utf-8")
    # Colab opens the served notebook, published on the fork's notebooks branch.
    colab = config.colab_url("chapters/02_perceptron.ipynb", root=fork)
    assert colab.startswith("https://colab.research.google.com/github/a-teacher/")
    assert f'href="{colab}"' in chapter
    assert f'href="{NEW_REPO}"' in chapter
    intro = re.sub(r"<[^>]+>", "", (html / "intro.html").read_text(encoding="utf-8"))
    assert f"git clone {NEW_REPO}.git" in intro
    assert f"{NEW_REPO}/issues" in (html / "teaching.html").read_text(encoding="utf-8")
