"""The book's settings, read from the files that own them."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlparse

import yaml

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = ROOT / "chapters"


def site_url(root=ROOT):
    """The published site's address, ``html.baseurl`` in ``_config.yml``."""
    url = (_config(root).get("html") or {}).get("baseurl")
    if not url or not re.match(r"^https?://", url):
        raise ValueError("_config.yml must set html.baseurl to the site's http(s) URL")
    return url if url.endswith("/") else url + "/"


def pages_warning(root=ROOT):
    """What is wrong with ``html.baseurl`` as an address GitHub Pages can serve, or
    None. Pages serves a project at ``https://<owner>.github.io/<repository>/`` and
    a custom domain only at its root, so a custom domain with a path would make every
    link to the site (the setup cells' wheel address first) answer 404."""
    url = urlparse(site_url(root))
    host, path = url.hostname or "", url.path.strip("/")
    if host.endswith(".github.io") or not path:
        return None
    return (
        f"html.baseurl in _config.yml is {site_url(root)}, but GitHub Pages serves "
        f"a custom domain only at its root (not under /{path}/): set html.baseurl "
        f"to https://{host}/ (with {host} as the repository's Pages custom domain), "
        "or to https://<owner>.github.io/<repository>/ without a custom domain. "
        "Served as written, the setup cells' wheel address would answer 404."
    )


def _config(root):
    return yaml.safe_load((Path(root) / "_config.yml").read_text(encoding="utf-8"))


def repo_url(root=ROOT):
    """The repository, ``repository.url`` in ``_config.yml``, without a slash."""
    url = (_config(root).get("repository") or {}).get("url")
    if not url or not re.match(r"^https?://", url):
        raise ValueError("_config.yml must set repository.url to the repository's URL")
    return url.rstrip("/")


def withheld_chapters(root=None):
    """The chapters whose worked solutions are withheld: ``withhold_solutions`` in
    ``_config.yml``, a list of chapter numbers (``[2, 4]``) or ``all``."""
    root = ROOT if root is None else root
    value = _config(root).get("withhold_solutions") or []
    numbers = [int(p.name[:2]) for p in chapter_paths(root)]
    if value == "all":
        return set(numbers)
    if not isinstance(value, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) and n in numbers for n in value
    ):
        raise ValueError(
            "_config.yml: withhold_solutions must be a list of chapter numbers "
            f"among {numbers} (or the word all), got {value!r}"
        )
    return set(value)


def is_withheld(chapter_path, root=None):
    """Whether the worked solutions of this chapter (a path or docname) are withheld."""
    name = Path(str(chapter_path)).name
    return name[:2].isdigit() and int(name[:2]) in withheld_chapters(root)


# The two addresses a fork changes live in _config.yml only. Committed files that
# need them hold these placeholders, which the build fills in (fill()).
PLACEHOLDERS = {"{{ html.baseurl }}": site_url, "{{ repository.url }}": repo_url}


def fill(text, root=ROOT):
    """``text`` with each placeholder of :data:`PLACEHOLDERS` replaced by its value."""
    for token, value in PLACEHOLDERS.items():
        if token in text:
            text = text.replace(token, value(root))
    return text


def version(root=ROOT):
    """``linclass.__version__``, read without importing the package."""
    text = (Path(root) / "linclass" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"', text, flags=re.M)
    if not match:
        raise ValueError("linclass/__init__.py has no __version__ line")
    return match.group(1)


def wheel_name(root=ROOT):
    """The file name ``pip wheel`` gives the package's pure-Python wheel."""
    # A regular expression, not tomllib, which Python 3.10 lacks.
    text = (Path(root) / "pyproject.toml").read_text(encoding="utf-8")
    name = re.search(r'^name = "([^"]+)"', text, flags=re.M).group(1).replace("-", "_")
    return f"{name}-{version(root)}-py3-none-any.whl"


def wheel_url(root=ROOT):
    """Where the published site serves the wheel."""
    return f"{site_url(root)}_static/wheels/{wheel_name(root)}"


def chapter_paths(root=ROOT):
    """The chapter notebooks, in the book's order."""
    return sorted((Path(root) / "chapters").glob("[0-9][0-9]_*.ipynb"))


def toc_entries(root=ROOT):
    """Every file of ``_toc.yml`` (without extension), the root first."""
    toc = yaml.safe_load((Path(root) / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]]
    for part in toc.get("parts", []):
        files += [entry["file"] for entry in part["chapters"]]
    return files


# The branch the pages workflow (.github/workflows/pages.yml) pushes the served
# notebooks to: Colab opens notebooks from a GitHub repository, not from a site.
NOTEBOOK_BRANCH = "notebooks"


def github_repo(root=ROOT):
    """``owner/name`` of ``repository.url`` when it is a GitHub repository."""
    match = re.match(r"^https?://github\.com/([^/]+/[^/]+?)(?:\.git)?$", repo_url(root))
    if not match:
        raise ValueError(f"repository.url is not a GitHub repository: {repo_url(root)}")
    return match.group(1)


def colab_url(path, root=ROOT):
    """Colab's address for ``path`` (e.g. ``chapters/01_geometry.ipynb``) on the
    notebooks branch, which the pages workflow publishes."""
    return (
        f"https://colab.research.google.com/github/{github_repo(root)}"
        f"/blob/{NOTEBOOK_BRANCH}/{path}"
    )
