"""``lc.glue`` writes what myst-nb's glue writes, without importing myst-nb."""

import pytest
from myst_nb import glue as myst_glue

import linclass as lc


def _captured(monkeypatch, glue, *args, **kwargs):
    calls = []
    monkeypatch.setattr(
        "IPython.display.display",
        lambda obj, raw=False, metadata=None: calls.append((obj, metadata)),
    )
    monkeypatch.setattr(
        "myst_nb.ext.glue.ipy_display",
        lambda obj, **kw: calls.append((obj, kw["metadata"])),
    )
    glue(*args, **kwargs)
    return calls


@pytest.mark.parametrize("display", [True, False])
@pytest.mark.parametrize("value", [1.5, "text", [1, 2]])
def test_same_output_as_myst_nb(monkeypatch, value, display):
    ours = _captured(monkeypatch, lc.glue, "key", value, display=display)
    theirs = _captured(monkeypatch, myst_glue, "key", value, display=display)
    assert ours == theirs and len(ours) == 1


def test_a_stored_value_is_not_shown(monkeypatch):
    ((bundle, metadata),) = _captured(monkeypatch, lc.glue, "quiet", 2.5, display=False)
    assert all(k.startswith("application/papermill.record/") for k in bundle)
    assert metadata["scrapbook"] == {
        "name": "quiet",
        "mime_prefix": "application/papermill.record/",
    }


def test_linclass_does_not_import_myst_nb():
    import ast
    from pathlib import Path

    source = (Path(lc.__file__).parent / "_glue.py").read_text()
    imported = {
        (n.module if isinstance(n, ast.ImportFrom) else a.name).split(".")[0]
        for n in ast.walk(ast.parse(source))
        if isinstance(n, ast.Import | ast.ImportFrom)
        for a in n.names
    }
    assert "myst_nb" not in imported


@pytest.mark.parametrize("name", ["", None, 3])
def test_bad_names_are_refused(name):
    with pytest.raises(TypeError, match="non-empty string"):
        lc.glue(name, 1)
