"""Code that builds the book around ``linclass``: never installed with it.

- :mod:`tools.book.config`: the book's settings read from ``_config.yml`` and
  ``pyproject.toml`` (site and repository URLs, package version, wheel name), and
  the placeholders that committed files use for the two URLs.
- :mod:`tools.book.setup_cell`: the first cell of every chapter, which installs
  ``linclass`` where it is missing.
- :mod:`tools.book.exercises`: the exercise edition of the chapters.
- :mod:`tools.book.teaching`: the per-chapter facts of the instructor's page.
- :mod:`tools.book.site_assets`: the wheel index and the answer keys of the site's
  answer boxes.
- :mod:`tools.book.cache`: clears the notebook cache when ``linclass/`` or the
  lock file changed.
"""
