"""The Colab and Binder buttons open the *portable* notebooks, as published.

The site (``_build/html``) is published on the repository's ``gh-pages`` branch
(``ghp-import -n -p -f _build/html``), so every chapter's portable notebook is on
GitHub at ``<repository>/blob/gh-pages/_sources/chapters/NN_name.ipynb``:

- Colab opens it from there (Colab opens notebooks from GitHub);
- Binder builds its image from the repository's default branch (``binder/``) and
  pulls the published notebooks into the session with nbgitpuller.

The repository comes from ``repository.url`` in ``_config.yml``, so a fork that
publishes its own site gets buttons that open its own notebooks.
"""

from __future__ import annotations

from urllib.parse import quote, urlencode

PUBLISHED_BRANCH = "gh-pages"


def _repo(app):
    url = app.config.html_theme_options.get("repository_url", "").rstrip("/")
    org, repo = url.split("/")[-2:]
    return url, org, repo


def colab_url(app, pagename):
    _, org, repo = _repo(app)
    path = f"_sources/{pagename}.ipynb"
    return f"https://colab.research.google.com/github/{org}/{repo}/blob/{PUBLISHED_BRANCH}/{path}"


def binder_url(app, pagename):
    url, org, repo = _repo(app)
    branch = app.config.html_theme_options.get("repository_branch", "main")
    pull = urlencode(
        {
            "repo": url,
            "branch": PUBLISHED_BRANCH,
            "urlpath": f"lab/tree/{repo}/_sources/{pagename}.ipynb",
        }
    )
    return (
        f"https://mybinder.org/v2/gh/{org}/{repo}/{branch}"
        f"?urlpath={quote('git-pull?' + pull, safe='')}"
    )


def rewrite_launch_buttons(app, pagename, templatename, context, doctree):
    """Point the theme's Colab and Binder buttons of a chapter at its portable copy."""
    if not pagename.startswith("chapters/"):
        return
    for group in context.get("header_buttons", []):
        if group.get("label") != "launch-buttons":
            continue
        for button in group["buttons"]:
            if button.get("text") == "Colab":
                button["url"] = colab_url(app, pagename)
            elif button.get("text") == "Binder":
                button["url"] = binder_url(app, pagename)
