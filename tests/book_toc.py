"""The book's table of contents, as the tests read it (see tools/book/config.py)."""

from tools.book.config import ROOT, toc_entries

__all__ = ["ROOT", "toc_entries"]
