"""``lc.glue`` hands values to the book's prose and stays harmless elsewhere."""

import importlib.util

import pytest

import linclass as lc
from linclass import _glue


def test_without_myst_nb_it_shows_the_value_or_nothing(monkeypatch, capsys):
    real = importlib.util.find_spec
    monkeypatch.setattr(
        _glue.importlib.util,
        "find_spec",
        lambda name, *a: None if name == "myst_nb" else real(name, *a),
    )
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda v: shown.append(v))
    lc.glue("quiet", 1.5, display=False)
    lc.glue("loud", 2.5)
    assert shown == [2.5]


def test_with_myst_nb_it_is_myst_nbs_glue(monkeypatch):
    import myst_nb  # noqa: F401  (the book's environment has it)

    calls = []
    monkeypatch.setattr(
        "myst_nb.glue", lambda name, value, display=True: calls.append((name, value))
    )
    lc.glue("key", 3, display=False)
    assert calls == [("key", 3)]


@pytest.mark.parametrize("name", ["", None, 3])
def test_bad_names_are_refused(name):
    with pytest.raises(TypeError, match="non-empty string"):
        lc.glue(name, 1)
