"""Comparing a learner's result with the reference, and saying what is compared.

:func:`same` reports the first difference (expected vs got, at enough digits to see
it, and the tolerance); :func:`close` makes a ``compare`` that knows its tolerance,
so that :func:`describe` can state, from the cases themselves, what a check compares.
"""

from __future__ import annotations

import numbers
import re
from dataclasses import dataclass
from decimal import Decimal

import numpy as np


def _num_text(x, digits=None):
    """A float as a person writes it: ``3.0`` -> ``3``, enough digits when asked.

    Numbers far from 1 (``1e308``, ``1e-30``) are written with an exponent, not
    as hundreds of digits.
    """
    x = float(x)
    if x != 0 and np.isfinite(x) and not 1e-6 <= abs(x) < 1e16:
        unique = digits is None
        text = np.format_float_scientific(x, precision=digits, unique=unique, trim="-")
        return text.replace(".e", "e")
    if digits is not None:
        # rounded to ``digits`` decimals, or shorter where fewer read back as x:
        # 0.512758723262078 stays as Python prints it, not 0.5127587232620781
        return np.format_float_positional(x, precision=digits, trim="-")
    return np.format_float_positional(x, trim="-")


def show(value, limit=6):
    """A short printable form of a value: small arrays in full, large ones by shape.

    Never raises: an object whose ``repr`` fails is named by its type.
    """
    try:
        return _show(value, limit)
    except Exception:  # a learner's object with a broken __repr__ or __array__
        return f"an object of type {type(value).__name__}"


def _show(value, limit):
    if isinstance(value, np.ndarray) and value.size > limit:
        return f"an array of shape {value.shape}"
    if isinstance(value, np.ndarray) and value.dtype.kind in "fiub":
        # a masked entry is written "--", as numpy prints it: it is no number
        hidden = np.ma.getmaskarray(value).ravel()
        values = np.asarray(value).ravel()
        items = ["--" if hidden[k] else _num_text(v) for k, v in enumerate(values)]
        text = "[" + ", ".join(items) + "]"
        return text if value.ndim == 1 else f"{text} (shape {value.shape})"
    if isinstance(value, np.ndarray):
        return np.array2string(value, separator=", ")
    if isinstance(value, tuple):
        return "(" + ", ".join(show(v, limit) for v in value) + ")"
    if isinstance(value, float | np.floating) and not isinstance(value, bool):
        return _num_text(value)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 1e16:
        return f"{Decimal(value):.6e}"  # 10**400: not 401 digits
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _digits_to_tell(a, b):
    """Enough decimals for two different numbers to print differently, and no
    further apart than they are: 1.5e-6 and the float below it round to 0.000002
    and 0.000001, which would show a gap of 1e-6 where there is one of 2e-22.

    None when no fixed count does it (neighbouring floats below 0.1, whose leading
    zeros use up the decimals): then each is written in full, in its shortest form
    that reads back as the same float, and two different floats never print alike.
    """
    a, b = float(a), float(b)  # Python floats: a gap that overflows is inf, quietly
    for digits in range(3, 17):
        ta, tb = _num_text(a, digits), _num_text(b, digits)
        if ta != tb and abs(float(ta) - float(tb)) < 2 * abs(a - b):
            return digits
    return None


def sci(x):
    """A tolerance as people write it: ``1e-09`` -> ``1e-9``."""
    return re.sub(r"e([+-])0*(\d)", lambda m: "e" + m[1].strip("+") + m[2], f"{x:g}")


def tolerance_text(rtol, atol):
    """``rtol=1e-9, atol=1e-12``, or ``exact equality`` when both are 0."""
    if rtol == 0 and atol == 0:
        return "exact equality"
    parts = [f"rtol={sci(rtol)}"] * bool(rtol) + [f"atol={sci(atol)}"] * bool(atol)
    return ", ".join(parts)


def _tolerance(rtol, atol):
    text = tolerance_text(rtol, atol)
    return text if rtol == 0 == atol else "tolerance " + text


def same(got, expected, rtol=0.0, atol=0.0):
    """Compare two results: numbers and arrays elementwise, tuples item by item.

    A difference is reported at the first differing entry, with expected and got at
    enough digits to see the difference, and the tolerance used.
    """
    if got is None and expected is not None:
        return "returned None (did you forget return?)"
    if isinstance(expected, tuple):
        if not isinstance(got, tuple | list) or len(got) != len(expected):
            return f"expected a tuple of {len(expected)} items, got {show(got)}"
        for k, (g, e) in enumerate(zip(got, expected, strict=True)):
            problem = same(g, e, rtol, atol)
            if problem:
                return f"item {k} of the result: {problem}"
        return None
    if isinstance(expected, bool | str) or expected is None:
        return None if got == expected else f"expected {expected!r}, got {show(got)}"
    problem = _type_problem(got, expected)
    if problem:
        return problem
    if isinstance(expected, int | np.integer):
        # a count is right or wrong, never close, whatever the tolerance; compared
        # as ints: float64 would take 2**70 + 1 (or 2**62 + 1) for 2**70
        if int(got) == int(expected):
            return None
        return f"expected {int(expected)}, got {int(got)} (exact equality)"
    try:
        g = np.asarray(got, dtype=float)
    except (TypeError, ValueError, OverflowError):
        return f"expected a number or an array, got {show(got)}"
    e = np.asarray(expected, dtype=float)
    if g.shape != e.shape:
        shown = show(got)  # a large array is already named by its shape
        seen = "" if shown.startswith("an array of shape") else f" ({shown})"
        return f"expected shape {e.shape}, got shape {g.shape}{seen}"
    with np.errstate(over="ignore"):  # a gap beyond the largest float is just far
        ok = np.isclose(g, e, rtol=rtol, atol=atol, equal_nan=False)
    if ok.all():
        return None
    where = tuple(int(i) for i in np.argwhere(~ok)[0])
    ge, ee = g[where], e[where]
    digits = _digits_to_tell(ge, ee)
    at = f"entry {list(where) if len(where) > 1 else where[0]}: " if where else ""
    return (
        f"{at}expected {_num_text(ee, digits)}, got {_num_text(ge, digits)} "
        f"({_tolerance(rtol, atol)})"
    )


def _is_real(value):
    return isinstance(value, numbers.Real | np.number) and not isinstance(
        value, bool | np.bool_ | complex | np.complexfloating
    )


def _type_problem(got, expected):
    """The check compares types too: a count is an int, a number is not a string.

    ``57.0`` for an ``int`` and ``"inf"`` for a float are wrong types, even though
    ``np.asarray(..., dtype=float)`` would read them as the right numbers.
    """
    if isinstance(expected, int | np.integer):
        if isinstance(got, int | np.integer) and not isinstance(got, bool | np.bool_):
            return None
        return f"expected an int (compared exactly), got {_typed(got)}"
    if isinstance(expected, float | np.floating):
        if _is_real(got) or (isinstance(got, np.ndarray) and got.ndim == 0):
            return None
        return f"expected a float, got {_typed(got)}"
    if isinstance(expected, np.ndarray):
        try:
            kind = np.asarray(got).dtype.kind
        except Exception:  # a ragged list, an object whose __array__ fails
            kind = "O"
        if kind not in "biuf":
            return f"expected an array of numbers, got {_typed(got)}"
    return None


def _typed(value):
    """``the float 57.0``, ``the str 'inf'``: the type is the point of the message."""
    if isinstance(value, float | np.floating):
        return f"the {type(value).__name__} {float(value)!r}"
    if isinstance(value, str | bytes | bool | complex):
        return f"the {type(value).__name__} {value!r}"
    return f"{show(value)} (a {type(value).__name__})"


@dataclass(frozen=True)
class Close:
    """A ``compare`` that allows rounding differences; it knows its tolerance."""

    rtol: float
    atol: float

    def __call__(self, got, expected):
        return same(got, expected, rtol=self.rtol, atol=self.atol)


def close(rtol=1e-9, atol=1e-12):
    """A ``compare`` function that allows rounding differences (integers: exact)."""
    return Close(rtol, atol)


def _kind(value):
    """The type of one part of a result, as the check reads it: ``"int"``, ..."""
    if isinstance(value, tuple):
        return "tuple (" + ", ".join(_kind(v) for v in value) + ")"
    if isinstance(value, bool | np.bool_):
        return "bool"
    if isinstance(value, int | np.integer):
        return "int"
    if isinstance(value, np.ndarray):
        return f"{value.ndim}-d array"
    return "float" if isinstance(value, float | np.floating) else type(value).__name__


def describe(cases):
    """What a check compares, read off its first case: the types and the tolerance.

    >>> from linclass.check import Case
    >>> describe([Case("c", (), (np.zeros(2), 1.0, 3), compare=close())])
    'a tuple (1-d array, float, int): numbers as float64 within rtol=1e-9, atol=1e-12; ints exactly'
    """  # noqa: E501
    if not cases:
        return "nothing (the exercise has no cases)"
    expected, compare = cases[0].expected, cases[0].compare
    kinds = _kind(expected)
    kinds = ("an " if kinds[0] in "aeiou" else "a ") + kinds
    if compare is not None and not isinstance(compare, Close):
        return f"{kinds}, by the exercise's own comparison"
    rtol, atol = (compare.rtol, compare.atol) if compare else (0.0, 0.0)
    words = set(re.findall(r"\w+", kinds))
    parts = []
    if words & {"float", "array"}:
        exact = rtol == 0 == atol
        parts.append(
            "numbers as float64, exactly"
            if exact
            else f"numbers as float64 within {tolerance_text(rtol, atol)}"
        )
    if "int" in words:
        parts.append("ints exactly" if parts else "exactly")
    return f"{kinds}: " + "; ".join(parts) if parts else f"{kinds}, as equal values"
