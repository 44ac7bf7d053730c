"""Shared by the fresh-environment tests: download a notebook from the served site
into an empty folder and run it where linclass is not installed."""

import re
import urllib.request
from urllib.parse import urljoin

import pytest
from book_toc import toc_entries
from html_links import links

from tools.book import config, fresh_env


def page_links(url):
    with urllib.request.urlopen(url, timeout=30) as r:
        return links(r.read().decode("utf-8")).hrefs


def download(url, folder):
    folder.mkdir(parents=True)
    target = folder / url.rsplit("/", 1)[-1]
    with urllib.request.urlopen(url, timeout=30) as r:
        target.write_bytes(r.read())
    return target


def run_downloaded(site, page, pick, tmp_path, base):
    """Find the notebook link ``pick`` selects on ``page``, download it alone into an
    empty folder, run it in a fresh overlay; return the executed notebook."""
    hrefs = [h for h in page_links(site + page) if pick(h)]
    assert len(set(hrefs)) == 1, f"{page}: expected one such link, found {hrefs}"
    url = urljoin(site + page, hrefs[0])
    notebook = download(url, tmp_path / "learner")
    assert [p.name for p in notebook.parent.iterdir()] == [notebook.name]
    wheel = f"{site}_static/wheels/{config.wheel_name()}"
    nb, error = fresh_env.run_notebook(
        notebook, base, notebook.parent, env={"LINCLASS_WHEEL_URL": wheel}
    )
    if error:
        pytest.fail(f"{notebook.name} failed in a fresh environment:\n{error}")
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    unrun = [k for k, c in enumerate(code) if c.get("execution_count") is None]
    assert not unrun, f"{notebook.name}: code cells {unrun} never ran"
    setup = "".join(
        "".join(o.get("text", ""))
        for o in code[0]["outputs"]
        if o.get("output_type") == "stream"
    )
    assert re.search(r"Installed linclass from http://127\.0\.0\.1:\d+/", setup), (
        f"{notebook.name}: the setup cell did not install linclass from the site: "
        f"{setup!r}"
    )
    return nb


def chapters_one_quick(quick):
    """Every chapter as a test parameter, all but ``quick`` marked slow: a simulated
    Colab costs about 10 s a chapter, so `make test` runs one and `make test-slow`
    the others."""
    return [
        pytest.param(e, marks=() if e == quick else pytest.mark.slow)
        for e in toc_entries()
        if e.startswith("chapters/")
    ]
