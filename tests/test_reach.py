"""The package a learner installs, and the ways a chapter is opened outside a clone.

- ``linclass`` is lean: its wheel holds the package only, and it declares exactly
  the third-party packages it imports.
- The lock pins every version of the book's environment; Binder installs the
  runtime, JupyterLab and the package, and nothing of the book's tool chain.
- Each chapter page's Colab and Binder buttons open that chapter.
"""

import ast
import re
import sys
import zipfile
from email.parser import Parser
from urllib.parse import unquote

import pytest
from book_toc import ROOT, toc_entries
from html_links import links

import linclass
from tools.book import config

HTML = ROOT / "_build" / "html"
WHEEL = HTML / "_static" / "wheels" / config.wheel_name()
# Module name -> distribution name, for the imports of linclass.
DISTRIBUTIONS = {"sklearn": "scikit-learn", "PIL": "pillow"}
# Imported only through another dependency that guarantees it (ipywidgets needs
# IPython).
INDIRECT = {"IPython"}
TOOLCHAIN = {
    "jupyter-book",
    "sphinx",
    "myst-nb",
    "pytest",
    "pytest-xdist",
    "nbval",
    "hypothesis",
    "playwright",
    "ruff",
    "uv",
    "build",
}


def _names(lines):
    """Distribution names of requirement lines, lower-cased, markers dropped."""
    out = set()
    for line in lines:
        line = line.split("#")[0].strip()
        if line and not line.startswith("-"):
            out.add(re.split(r"[<>=!~;\[ ]", line, maxsplit=1)[0].lower())
    return out


def _pins(path):
    pins = {}
    for line in path.read_text().splitlines():
        m = re.match(r"^([A-Za-z0-9_.-]+)==([^ ;]+)( ; (.*))?$", line)
        if m:
            pins.setdefault(m[1].lower(), []).append((m[2], m[4] or ""))
    return pins


def _declared():
    text = (ROOT / "pyproject.toml").read_text()
    block = re.search(r"^dependencies = \[(.*?)^\]", text, re.M | re.S).group(1)
    return _names(re.findall(r'"([^"]+)"', block))


def _third_party_imports():
    found = set()
    for path in (ROOT / "linclass").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                found.add(node.module.split(".")[0])
    return {m for m in found if m not in sys.stdlib_module_names and m != "linclass"}


def test_linclass_declares_exactly_what_it_imports():
    imported = {DISTRIBUTIONS.get(m, m).lower() for m in _third_party_imports()}
    imported -= {m.lower() for m in INDIRECT}
    assert imported == _declared(), (
        f"imported but not declared: {imported - _declared()}; "
        f"declared but never imported: {_declared() - imported}"
    )
    assert not _declared() & TOOLCHAIN


def test_wheel_is_the_package_only():
    assert WHEEL.exists(), f"{WHEEL} missing: `make book` builds and serves the wheel"
    with zipfile.ZipFile(WHEEL) as wheel:
        names = wheel.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(wheel.read(meta).decode())
    outside = [n for n in names if not n.startswith(("linclass/", "linclass-"))]
    assert not outside, f"the wheel holds more than linclass: {outside[:5]}"
    assert "linclass/check/_core.py" in names and "linclass/perceptron.py" in names
    assert metadata["Version"] == linclass.__version__
    assert _names(metadata.get_all("Requires-Dist")) == _declared()


def test_wheel_index_links_the_wheel():
    index = (WHEEL.parent / "index.html").read_text()
    assert f'href="{config.wheel_name()}"' in index


def test_lock_pins_every_requirement_exactly():
    lock = _pins(ROOT / "requirements.lock")
    wanted = _declared() | _names((ROOT / "requirements.txt").read_text().splitlines())
    missing = {n for n in wanted if n.replace("_", "-") not in lock}
    assert not missing, f"not pinned in requirements.lock: {missing}"
    makefile = (ROOT / "Makefile").read_text()
    assert "-r requirements.lock" in makefile and "uv pip compile" in makefile


def test_binder_installs_the_runtime_and_jupyterlab_only():
    binder = ROOT / "binder"
    names = _names((binder / "requirements.txt").read_text().splitlines())
    assert _declared() | {"jupyterlab"} <= names
    leaked = names & TOOLCHAIN | {n for n in names if n.startswith("sphinx")}
    assert not leaked, f"Binder would install the book's tool chain: {leaked}"
    assert "linclass" not in names
    post = (binder / "postBuild").read_text()
    assert re.search(r"pip install --no-deps \.$", post, re.M)


def test_binder_and_lock_agree_on_the_runtime_versions():
    binder, lock = (
        _pins(ROOT / "binder" / "requirements.txt"),
        _pins(ROOT / "requirements.lock"),
    )
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    minor = runtime.removeprefix("python-")
    for name in _declared():
        (version, _), *_ = binder[name]
        for locked, marker in lock[name]:
            applies = (
                not marker
                or f"'{minor}.*'" in marker
                or (">=" in marker and minor >= marker.split("'")[1])
            )
            if applies:
                assert version == locked, f"{name}: Binder {version}, lock {locked}"


@pytest.mark.parametrize("chapter", [e for e in toc_entries() if "chapters/" in e])
def test_launch_buttons_open_the_chapter_itself(chapter):
    # The portable copy, as the pages workflow publishes it on the notebooks branch
    # (tools/book/launch.py); the site serves the same file under _sources/.
    hrefs = links((HTML / f"{chapter}.html").read_text()).hrefs
    colab = [h for h in hrefs if "colab.research.google.com" in h]
    binder = [h for h in hrefs if "mybinder.org" in h]
    published = f"{chapter}.ipynb"
    branch = config.NOTEBOOK_BRANCH
    assert colab and all(h.endswith(f"/blob/{branch}/{published}") for h in colab)
    pulled = [unquote(unquote(h)) for h in binder]
    assert binder and all(
        "urlpath=git-pull?" in h and f"branch={branch}" in h and h.endswith(published)
        for h in pulled
    ), pulled
    assert "{glue" not in (HTML / "_sources" / published).read_text(encoding="utf-8")
