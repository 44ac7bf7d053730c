"""``glue``: hand a computed value to the book's prose, and stay quiet elsewhere.

Inside the book's build, myst-nb's ``glue`` stores the value so the Markdown can cite
it (``{glue:text}`name```). A chapter opened in Colab, Binder or a plain Jupyter has
no myst-nb, and the chapter must run there unchanged, so this wrapper falls back to
showing the value (or nothing, with ``display=False``).
"""

from __future__ import annotations

import importlib.util

__all__ = ["glue"]


def glue(name, value, display=True):
    """Record ``value`` under ``name`` for the book's text; show it if ``display``.

    With myst-nb installed (the book's build) this is :func:`myst_nb.glue`. Without
    it (Colab, Binder, a downloaded notebook) the value is shown when ``display`` is
    true, exactly as myst-nb would show it, and nothing happens otherwise.

    Parameters
    ----------
    name : str
        The key the book's Markdown uses to cite the value.
    value : object
        Any object with a text, HTML or image representation.
    display : bool, default=True
        Whether the value is also shown in the notebook's output.

    Examples
    --------
    >>> from linclass import glue
    >>> glue("answer", 42, display=False)
    """
    if not isinstance(name, str) or not name:
        raise TypeError(f"glue's name must be a non-empty string, got {name!r}")
    if importlib.util.find_spec("myst_nb") is not None:
        from myst_nb import glue as myst_glue

        myst_glue(name, value, display=display)
        return
    if display:
        from IPython.display import display as show

        show(value)
