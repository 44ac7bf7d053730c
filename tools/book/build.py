"""``make book``: every step of the build, each skipped when its inputs are unchanged.

The steps, in order (see ``steps.py`` for how a step decides to run):

1. wheel: the package's wheel, served by the site (``_build/generated/wheels``);
2. site assets: the wheel index and the answer-box keys;
3. exercise notebooks: the exercise edition;
4. setup cells: every chapter's first cell is the current setup cell;
5. notebook cache: cleared when ``linclass/`` or the lock changed (``cache.py``);
6. Sphinx: ``jupyter-book build -n -W --keep-going``, itself incremental; then the
   pictures no page shows any more are removed (``orphans.py``);
7. portable notebooks: what the site serves for download, Colab and Binder, as
   plain Markdown (``portable.py``), written after Sphinx, and again whenever
   Sphinx copied the MyST sources or the exercise edition over them (the step's
   outputs are then no longer the ones it recorded);
8. slides: a reveal.js deck per chapter, cut from its built page (``slides.py``);
9. print edition: printed when there is none; when the site changed since it was
   printed the site stops serving it until ``make pdf`` (about a minute) prints it
   again, and the site's PDF links say it is being made (``pdf.py``).

No step reads what a later one writes: the teaching page links every chapter's
deck before the decks exist, so a cold build is the whole site. A step is up to
date only when its outputs are the files it recorded (``steps.py``); a killed build
is finished by the next one, and a second build started meanwhile waits for the
lock. Each step prints one line with its time; tools that talk a lot (the wheel
build) are captured and shown only when they fail.

    python -m tools.book.build
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from tools.book import cache, config, orphans, pdf
from tools.book.pdf_link import PDF_NAME, STATUS_JS
from tools.book.steps import (
    STAMPS,
    BuildLock,
    Step,
    digest,
    files_under,
    replace_dir,
    run_steps,
)

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
    shutil.rmtree(root / "build", ignore_errors=True)
    # This machine's PYTHONDONTWRITEBYTECODE makes setuptools warn twice that it
    # skips byte-compiling, which a wheel never does anyway.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    # The zip entries' times, else the build's: the same sources give the same
    # wheel, so a wheel built again changes nothing the site serves.
    env.setdefault("SOURCE_DATE_EPOCH", "315532800")  # 1980, zip's first date
    args = [sys.executable, "-m", "build", "--wheel", "--no-isolation"]
    umask = os.umask(0o022)  # the files' modes in the wheel, whoever builds it
    try:
        replace_dir(
            root / GEN / "wheels",
            lambda out: call([*args, "--outdir", out, "."], root, env=env),
        )
    finally:
        os.umask(umask)
    shutil.rmtree(root / "build", ignore_errors=True)


def site_assets(root):
    call([sys.executable, "-m", "tools.book.site_assets", GEN], root)


def exercises(root):
    replace_dir(
        root / GEN / "exercises",
        lambda out: call([sys.executable, "-m", "tools.book.exercises", out], root),
    )


def setup_cells(root):
    call([sys.executable, "-m", "tools.book.setup_cell"], root)


EXTENSIONS_STAMP = STAMPS / "sphinx extensions"
EXECUTED = Path("_build", "jupyter_execute")
SLIDE_RECORD = Path("_build", ".slides.json")  # slides.STAMPS


def sphinx(root, reason="inputs"):
    # Sphinx notices changed sources and configuration, not a changed extension:
    # after one, every page is read again (from the notebook cache) and written.
    # Nor a new address: the Markdown pages get it filled in when they are read.
    extensions = digest(root, files_under(root, "tools/book/*.py"))
    extensions += f" {config.site_url(root)} {config.repo_url(root)}"
    # Nor a changed static file (a stylesheet, the answer keys' script): with no page
    # out of date it copies none, lean_assets.py purges no new bundle, and the pages
    # would go on linking the old file's checksum. Every page is written again.
    static = files_under(root, "_static/**/*", f"{GEN.as_posix()}/*.js")
    extensions += " " + digest(root, static)
    stamp = root / EXTENSIONS_STAMP
    same = stamp.is_file() and stamp.read_text() == extensions
    fresh = [] if same else ["--all"]
    if reason != "inputs":
        # Nor does it notice a page, figure or animation missing, half-written or
        # edited by hand, since the page is newer than its source: after a killed
        # run, or when outputs are not as recorded, every page is written again
        # (a page it finds missing; written, it copies its figures again).
        for entry in config.toc_entries(root):
            (root / HTML / f"{entry}.html").unlink(missing_ok=True)
    executed = root / EXECUTED / "chapters"
    if not all((executed / p.name).is_file() for p in config.chapter_paths(root)):
        # The executed notebooks are written when a page is read, not written:
        # without its doctree every page is read again (from the notebook cache).
        shutil.rmtree(root / cache.DOCTREES, ignore_errors=True)
    # Not captured: Sphinx's own warnings are the book's, and fail the build (-W).
    args = [BIN / "jupyter-book", "build", "-n", "-W", "--keep-going", "."]
    call([*args[:-1], *fresh, "."], root, capture=False)
    unstamped = _unstamped_pages(root)
    if unstamped:
        # Sphinx adds a file's checksum to a page's link to it only when the file
        # is in the site, and some extensions (sphinx-proof, sphinx-exercise,
        # myst-nb, the offline MathJax) copy theirs after the pages are written:
        # after a cold build the pages are written again, as the next build would.
        print(
            f"[book] sphinx: {len(unstamped)} page(s) written before the files they "
            "link were copied: writing them again ..."
        )
        for page in unstamped:
            page.unlink()
        call(args, root, capture=False)
    # Sphinx never removes a figure a page stopped showing (orphans.py).
    removed = orphans.remove(root / HTML)
    if removed:
        print(f"[book] sphinx: removed {removed} picture(s) that no page shows")
    stamp.write_text(extensions)


# Scripts linked without a checksum on purpose: the PDF's status (pdf_link.py),
# which must not change the pages, and those of Sphinx's search.
UNSTAMPED = (STATUS_JS, "searchtools.js", "language_data.js")
_ASSET = re.compile(
    r'<(?:script|link)[^>]*?(?:src|href)="((?:\.\./)*_static/[^"]+\.(?:css|js)[^"]*)"'
)


def _unstamped_pages(root):
    """The built pages that link a file of the site without its checksum."""
    pages = []
    for entry in config.toc_entries(root):
        page = root / HTML / f"{entry}.html"
        for url in _ASSET.findall(page.read_text(encoding="utf-8")):
            name = url.rsplit("/", 1)[-1]
            if "?" not in url and name not in UNSTAMPED:
                if (page.parent / url).is_file():
                    pages.append(page)
                    break
    return pages


def portable(root):
    call([sys.executable, "-m", "tools.book.portable"], root)


def slides(root, reason="inputs"):
    if reason != "inputs":
        # slides.py skips a deck whose page is unchanged and reveal.js when its
        # folder exists: without its record it writes them all again.
        (root / SLIDE_RECORD).unlink(missing_ok=True)
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


HTML = "_build/html"
PORTABLE = [f"{HTML}/_sources/chapters", f"{HTML}/_static/exercises"]
SLIDES = [f"{HTML}/slides", f"{HTML}/_static/revealjs"]
STATUS = f"{HTML}/_static/{STATUS_JS}"

STEPS = [
    Step(
        "wheel",
        _with_tools(_package, "build.py"),
        build_wheel,
        [f"{GEN}/wheels"],
        exclude=[f"{GEN}/wheels/index.html"],  # the next step's
    ),
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
            "setup_cell.py",  # the edition's first cell
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
    # Its fingerprint file is what it writes, not what it reads: as an input, a cold
    # build's first run would find it missing and the next build would run again.
    Step(
        "notebook cache",
        lambda root: files_under(root, "linclass/**/*", "requirements.lock"),
        lambda root: _cache(root),
        [cache.STAMP.as_posix()],
    ),
    Step(
        "sphinx",
        _sphinx_inputs,
        sphinx,
        ["_build/html", f"{EXECUTED}/chapters"],
        # Written over by the steps after it (and the print edition).
        exclude=[*PORTABLE, *SLIDES, f"{HTML}/_static/{PDF_NAME}", STATUS],
    ),
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
        PORTABLE,
    ),
    Step("slides", _after_sphinx("slides.py", "slides.css"), slides, SLIDES),
]


def main(argv=None, root=ROOT):
    args = sys.argv[1:] if argv is None else argv
    if args:
        raise SystemExit("usage: python -m tools.book.build (no arguments)")
    start = time.perf_counter()
    warning = config.pages_warning(root)
    if warning:
        print(f"[book] WARNING: {warning}")
    with BuildLock(root):
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
