"""Judging short answers: canonical forms, precision, and the messages that teach.

A learner's answer, typed (a string, read by :mod:`._grammar`) or a Python value
(a number, a sequence, a numpy array, a bool), is brought to a *canonical text* for
its kind; the answer is right when that text is one of the key's. The site's answer
boxes compare SHA-256 hashes of the same canonical texts and say the same sentences
(:data:`MESSAGES`, written into ``lc-answers.js`` by ``tools/book/site_assets.py``).
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

import numpy as np

from ._core import ANSWERS, Verdict, lookup, show
from ._grammar import TRAILING, ParseError, parse

__all__ = ["canonical", "accepted", "close_forms", "run_answer", "FORMS", "MESSAGES"]

FORMS = {
    "number": "a number, to {decimals} decimals (fractions, %, pi, e, sqrt, exp work)",
    "integer": "a whole number",
    "vector": "numbers, comma or space separated, to {decimals} decimals each",
    "yesno": "yes or no",
    "choice": "a short text answer",
}
# Shared with the answer boxes; {form}, {n}, {m}, {d}, {decimals}, {reason} as needed.
MESSAGES = {
    "right": "correct.",
    "unreadable": "could not read this ({reason}); the answer is {form}.",
    "form": "expected {form}, got {got}.",
    "count": "expected {n} numbers, got {m}.",
    "close": "close: right to {d}, but give {decimals}.",
    "wrong": "not yet; check your working.",
}


class FormError(ValueError):
    """The answer is readable but not of the kind the key asks for."""


def decimals_text(d):
    return "1 decimal" if d == 1 else f"{d} decimals"


def fixed(x, decimals):
    """``x`` to ``decimals`` places, ties away from zero as JavaScript's toFixed."""
    text = str(Decimal(x).quantize(Decimal(1).scaleb(-decimals), ROUND_HALF_UP))
    return text[1:] if text.startswith("-") and float(text) == 0 else text


def _value(value):
    """A Python answer as the grammar's values: floats, bools, words, tuples."""
    if isinstance(value, str):
        return parse(value)
    if isinstance(value, bool | np.bool_):
        return bool(value)
    if isinstance(value, np.ndarray | list | tuple):
        return tuple(
            _value(v) for v in (value.tolist() if hasattr(value, "tolist") else value)
        )
    if isinstance(value, int | float | np.integer | np.floating):
        x = float(value)
        if not math.isfinite(x):
            raise FormError
        return x
    raise FormError


def _flat(value):
    if isinstance(value, tuple):
        return [x for v in value for x in _flat(v)]
    return [value]


def _number(value):
    if isinstance(value, tuple) and len(value) == 1:
        value = value[0]
    if not isinstance(value, float):
        raise FormError
    return value


def canonical(kind, value, decimals=3):
    """The canonical text of an answer of ``kind``.

    Raises ``ParseError`` when typed text cannot be read and ``FormError`` when the
    value does not have the form ``kind`` asks for.
    """
    if kind == "choice":
        if not isinstance(value, str):
            raise FormError
        return " ".join(value.lower().strip().rstrip(TRAILING).split())
    value = _value(value)
    if kind == "yesno":
        if not isinstance(value, bool):
            raise FormError
        return "yes" if value else "no"
    if kind == "number":
        return fixed(_number(value), decimals)
    if kind == "integer":
        x = _number(value)
        if x != round(x):
            raise FormError
        return str(round(x))
    items = _flat(value)
    if not all(isinstance(v, float) for v in items):
        raise FormError
    return ",".join(fixed(v, decimals) for v in items)


def _expected(spec):
    return spec.expected() if callable(spec.expected) else spec.expected


def accepted(spec):
    """The canonical texts that count as right for an answer key."""
    expected = _expected(spec)
    if spec.kind == "choice":
        options = (expected,) if isinstance(expected, str) else tuple(expected)
        return {canonical("choice", o) for o in options}
    return {canonical(spec.kind, expected, spec.decimals)}


def close_forms(spec):
    """``{d: canonical text of the key at d decimals}`` for d below the asked ones."""
    if spec.kind not in ("number", "vector"):
        return {}
    expected = _expected(spec)
    return {d: canonical(spec.kind, expected, d) for d in range(spec.decimals)}


def given_decimals(kind, value, decimals):
    """The fewest decimals that write ``value`` exactly at ``decimals`` precision."""
    full = canonical(kind, value, decimals)
    for d in range(decimals):
        short = canonical(kind, value, d)
        if [float(x) for x in short.split(",")] == [float(x) for x in full.split(",")]:
            return d, short
    return decimals, full


def form_of(spec):
    return FORMS[spec.kind].format(decimals=spec.decimals)


def run_answer(answer_id, value):
    """Judge the learner's ``value`` for one exercise part; never give it away."""
    spec = lookup(ANSWERS, answer_id, "answer")
    head = f"{answer_id} ({spec.label})"
    if value is Ellipsis or value is None:
        return Verdict(answer_id, "not attempted", f"… {head}: not attempted yet.")
    form = form_of(spec)

    def wrong(key, **kw):
        text = MESSAGES[key].format(
            form=form, decimals=decimals_text(spec.decimals), **kw
        )
        return Verdict(answer_id, "wrong", f"✗ {head}: {text}")

    try:
        given = canonical(spec.kind, value, spec.decimals)
    except ParseError as exc:
        return wrong("unreadable", reason=str(exc))
    except (FormError, TypeError, ValueError):
        return wrong("form", got=show(value))
    right = accepted(spec)
    if given in right:
        return Verdict(answer_id, "correct", f"✓ {head}: {MESSAGES['right']}")
    if spec.kind == "vector":
        n, m = len(next(iter(right)).split(",")), len(given.split(","))
        if n != m:
            return wrong("count", n=n, m=m)
    close = close_forms(spec)
    d, short = given_decimals(spec.kind, value, spec.decimals) if close else (0, "")
    if d < spec.decimals and close.get(d) == short:
        return wrong("close", d=decimals_text(d))
    return wrong("wrong")
