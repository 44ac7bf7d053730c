"""``make book``: every step of the build, each skipped when its inputs are unchanged.

The steps, in order (see ``steps.py`` for how a step decides to run):

1. wheel: the package's wheel, served by the site (``_build/generated/wheels``);
2. site assets: the wheel index and the answer-box keys;
3. exercise notebooks: the exercise edition;
4. setup cells: every chapter's first cell is the current setup cell;
5. notebook cache: cleared when ``linclass/`` or the lock changed (``cache.py``);
6. Sphinx: ``jupyter-book build -n -W --keep-going``, itself incremental;
7. portable notebooks: what the site serves for download, Colab and Binder, as
   plain Markdown (``portable.py``), written again whenever Sphinx ran (Sphinx
   copies the MyST sources and the exercise edition over them);
8. slides: a reveal.js deck per chapter, cut from its built page (``slides.py``);
9. print edition: printed when there is none; when the site changed since it was
   printed it is left for ``make pdf`` (about a minute) and the site's PDF links
   say it is out of date (``pdf.py``).

Each step prints one line with its time; tools that talk a lot (the wheel build)
are captured and shown only when they fail.

    python -m tools.book.build
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from tools.book import cache, pdf
from tools.book.steps import STAMPS, Step, digest, files_under, run_steps

ROOT = Path(__file__).resolve().parents[2]
GEN = Path("_build", "generated")
BIN = Path(sys.executable).parent


class BuildError(RuntimeError):
    """A step failed; the message says which and shows what it printed."""


def call(args, root, capture=True, env=None):
    """Run a command in ``root``; on failure raise with its output."""
    run = subprocess.run(
        [str(a) for a in args],
        cwd=root,
        env=env,
        capture_output=capture,
        text=True,
        check=False,
    )
    if run.returncode:
        shown = (run.stdout or "") + (run.stderr or "") if capture else ""
        raise BuildError(f"{' '.join(map(str, args))} failed\n{shown}".rstrip())
    return run


def _package(root):
    return files_under(root, "linclass/**/*", "pyproject.toml", "README.md", "LICENSE")


def _tool(*names):
    return [Path("tools", "book", name) for name in names]


def _with_tools(paths, *names):
    return lambda root: paths(root) + [root / p for p in _tool(*names)]


def build_wheel(root):
    out = root / GEN / "wheels"
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(root / "build", ignore_errors=True)
    # This machine's PYTHONDONTWRITEBYTECODE makes setuptools warn twice that it
    # skips byte-compiling, which a wheel never does anyway.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    args = [sys.executable, "-m", "build", "--wheel", "--no-isolation"]
    call([*args, "--outdir", out, "."], root, env=env)
    shutil.rmtree(root / "build", ignore_errors=True)


def site_assets(root):
    call([sys.executable, "-m", "tools.book.site_assets", GEN], root)


def exercises(root):
    shutil.rmtree(root / GEN / "exercises", ignore_errors=True)
    call([sys.executable, "-m", "tools.book.exercises", GEN / "exercises"], root)


def setup_cells(root):
    call([sys.executable, "-m", "tools.book.setup_cell"], root)


EXTENSIONS_STAMP = STAMPS / "sphinx extensions"


def sphinx(root):
    # Sphinx notices changed sources and configuration, not a changed extension:
    # after one, every page is read again (from the notebook cache) and written.
    extensions = digest(root, files_under(root, "tools/book/*.py"))
    stamp = root / EXTENSIONS_STAMP
    fresh = [] if stamp.is_file() and stamp.read_text() == extensions else ["--all"]
    # Not captured: Sphinx's own warnings are the book's, and fail the build (-W).
    args = [BIN / "jupyter-book", "build", "-n", "-W", "--keep-going", *fresh, "."]
    call(args, root, capture=False)
    stamp.write_text(extensions)


def portable(root):
    call([sys.executable, "-m", "tools.book.portable"], root)


def slides(root):
    call([sys.executable, "-m", "tools.book.slides"], root)


def _after_sphinx(*names):
    """Inputs of a step that reads the built site: Sphinx's stamp (which changes
    whenever Sphinx ran on changed inputs) and the step's own tools."""
    return lambda root: [root / STAMPS / "sphinx"] + [root / p for p in _tool(*names)]


def _chapters(root):
    return files_under(root, "chapters/*.ipynb")


def _registering(root):
    """The chapters that register checks of their own: the answer keys read them."""
    return [p for p in _chapters(root) if "lc.check.register_" in p.read_text("utf-8")]


def _sphinx_inputs(root):
    """Every file Sphinx reads: sources, configuration, static files, the generated
    assets, the book's extensions and the package autodoc documents."""
    return files_under(
        root,
        "*.md",
        "*.yml",
        "references.bib",
        "chapters/*.ipynb",
        "_static/**/*",
        f"{GEN.as_posix()}/**/*",
        "linclass/**/*.py",
        "tools/book/*.py",
        "requirements.lock",
    )


STEPS = [
    Step("wheel", _package, build_wheel, [f"{GEN}/wheels"]),
    Step(
        "site assets",
        _with_tools(
            lambda root: (
                files_under(root, "linclass/**/*.py", f"{GEN}/wheels/*.whl")
                + _registering(root)
            ),
            "site_assets.py",
            "own_checks.py",
        ),
        site_assets,
        [f"{GEN}/lc-answers.js", f"{GEN}/wheels/index.html"],
    ),
    Step(
        "exercise notebooks",
        _with_tools(
            lambda root: (
                _chapters(root)
                + files_under(root, "linclass/check/*.py", "_config.yml")
            ),
            "exercises.py",
            "own_checks.py",
            "config.py",
        ),
        exercises,
        [f"{GEN}/exercises"],
    ),
    Step(
        "setup cells",
        _with_tools(
            lambda root: (
                _chapters(root)
                + files_under(root, "*.yml", "pyproject.toml", "linclass/__init__.py")
            ),
            "setup_cell.py",
            "config.py",
        ),
        setup_cells,
    ),
    # cache.py keeps a content hash of its own; this stamp only spares its start.
    Step(
        "notebook cache",
        lambda root: files_under(
            root, "linclass/**/*", "requirements.lock", cache.STAMP.as_posix()
        ),
        lambda root: _cache(root),
    ),
    Step("sphinx", _sphinx_inputs, sphinx, ["_build/html/index.html"]),
    Step(
        "portable notebooks",
        _after_sphinx(
            "portable.py",
            "bibliography.py",
            "exercises.py",
            "setup_cell.py",
            "own_checks.py",
        ),
        portable,
        ["_build/html/_sources/chapters"],
    ),
    Step(
        "slides",
        _after_sphinx("slides.py", "slides.css"),
        slides,
        ["_build/html/slides"],
    ),
]


def main(argv=None, root=ROOT):
    args = sys.argv[1:] if argv is None else argv
    if args:
        raise SystemExit("usage: python -m tools.book.build (no arguments)")
    start = time.perf_counter()
    try:
        run_steps(root, STEPS)
    except BuildError as error:
        raise SystemExit(f"make book: {error}") from None
    pdf.for_book(root)
    print(f"[book] total {time.perf_counter() - start:.1f} s")
    print(f"Built: {root / '_build' / 'html' / 'index.html'}")


def _cache(root):
    if cache.invalidate_if_stale(root):
        print(
            f"{cache.PACKAGE}/ or {cache.LOCK_FILE} changed: notebook cache cleared, "
            "every chapter runs again"
        )


if __name__ == "__main__":
    main()
