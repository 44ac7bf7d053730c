"""``glue``: hand a computed value to the book's prose, with IPython alone.

The book's build (myst-nb) reads glued values from a cell's outputs in the scrapbook
format: a display whose metadata carries ``{"scrapbook": {"name", "mime_prefix"}}``
and whose MIME types are prefixed with ``application/papermill.record/`` when the
value is stored but not shown. Writing that format here, instead of calling myst-nb,
keeps the book's tool chain out of ``linclass``: in Colab, Binder or a downloaded
notebook the same call shows the value (``display=True``) or shows nothing (a MIME
type no front end renders), and the book's build finds it all the same.
"""

from __future__ import annotations

__all__ = ["glue"]

RECORD_PREFIX = "application/papermill.record/"  # myst-nb's and scrapbook's GLUE_PREFIX


def glue(name, value, display=True):
    """Record ``value`` under ``name`` for the book's text; show it if ``display``.

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
    from IPython.core.formatters import format_display_data
    from IPython.display import display as show

    bundle, metadata = format_display_data(value)
    prefix = "" if display else RECORD_PREFIX
    metadata["scrapbook"] = {"name": name, "mime_prefix": prefix}
    show({prefix + k: v for k, v in bundle.items()}, raw=True, metadata=metadata)
