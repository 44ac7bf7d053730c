"""The Colab and Binder buttons open the *portable* notebooks, as published.

The pages workflow (``.github/workflows/pages.yml``) pushes the notebooks the site
serves to the repository's ``notebooks`` branch (``config.NOTEBOOK_BRANCH``), so every
chapter's portable notebook is on GitHub at
``<repository>/blob/notebooks/chapters/NN_name.ipynb``:

- Colab opens it from there (Colab opens notebooks from GitHub);
- Binder builds its image from the repository's default branch (``binder/``) and
  pulls the published notebooks into the session with nbgitpuller.

The repository comes from ``repository.url`` in ``_config.yml``, so a fork that
publishes its own site gets buttons that open its own notebooks.
"""

from __future__ import annotations

from urllib.parse import quote, urlencode

from . import config

PUBLISHED_BRANCH = config.NOTEBOOK_BRANCH


def _repo(app):
    url = app.config.html_theme_options.get("repository_url", "").rstrip("/")
    org, repo = url.split("/")[-2:]
    return url, org, repo


def colab_url(app, pagename):
    return config.colab_url(f"{pagename}.ipynb", app.srcdir)


def binder_url(app, pagename):
    url, org, repo = _repo(app)
    branch = app.config.html_theme_options.get("repository_branch", "main")
    pull = urlencode(
        {
            "repo": url,
            "branch": PUBLISHED_BRANCH,
            "urlpath": f"lab/tree/{repo}/{pagename}.ipynb",
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
