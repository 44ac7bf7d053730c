"""Judging short answers: canonical forms, precision, and the messages that teach.

A learner's answer, typed (a string, read by :mod:`._grammar`) or a Python value
(a number, a sequence, a numpy array, a bool), is brought to a *canonical text* for
its kind; the answer is right when that text is one of the key's. A wrong answer is
told, in this order: the misconception of a likely mistake registered with
:func:`~linclass.check.register_mistakes`; "close" when it is the key given to
fewer decimals than asked (with two significant digits at least, so that ``0`` for
0.1 or ``0.4`` for 0.362 is not "close"); "cut off" when it is the key truncated
instead of rounded; and otherwise how to find it (the key's method hint).

The site's answer boxes compare SHA-256 hashes of the same canonical texts and say
the same sentences (:data:`MESSAGES`, :data:`RULES`, written into ``lc-answers.js``
by ``tools/book/site_assets.py``).
"""

from __future__ import annotations

import math
import numbers
from decimal import ROUND_DOWN, ROUND_HALF_UP, Context, Decimal

import numpy as np

from ._core import ANSWERS, HINTS, Verdict, lookup, show
from ._grammar import TRAILING, ParseError, one_number, parse

__all__ = [
    "canonical",
    "accepted",
    "close_forms",
    "cut_forms",
    "mistake_forms",
    "run_answer",
    "FORMS",
    "MESSAGES",
    "RULES",
]

FORMS = {
    "number": "a number, to {decimals} (fractions, %, pi, e, sqrt, exp work)",
    "integer": "a whole number",
    "vector": "numbers, comma or space separated, to {decimals} each",
    "yesno": "yes or no",
    "choice": "a short text answer",
}
# Shared with the answer boxes; {form}, {n}, {m}, {d}, {decimals}, {reason},
# {hint} as needed.
MESSAGES = {
    "right": "correct.",
    "unreadable": "could not read this ({reason}); the answer is {form}.",
    "form": "expected {form}, got {got}.",
    "count": "expected {n} numbers, got {m}.",
    "close": "close: right to {d}, but give {decimals}.",
    "cut": "not yet: this looks cut off rather than rounded; round to {decimals}.",
    "mistake": "not yet: {hint}",
    "method": "not yet: {hint}",
    "none": "returned None: did you forget return?",
}
# Any other wrong answer, when the key has no method hint of its own.
METHODS = {
    "number": "work it out again from the definitions in the exercise, step by step, "
    "and round only at the end.",
    "integer": "work it out again from the definitions in the exercise; mind what is "
    "counted (the first and the last one).",
    "vector": "work it out again number by number, from the definitions in the "
    "exercise.",
    "yesno": "apply the definition in the exercise to the numbers it gives.",
    "choice": "read the question again: which of its terms answers it?",
}
# A shorter answer is "close" or "cut off" only with this many significant digits.
RULES = {"closeDigits": 2}


class FormError(ValueError):
    """The answer is readable but not of the kind the key asks for."""


def decimals_text(d):
    return "1 decimal" if d == 1 else f"{d} decimals"


_WIDE = Context(prec=1000)  # 1e308 to 3 decimals: 312 digits, beyond the default 28


def fixed(x, decimals, rounding=ROUND_HALF_UP):
    """``x`` to ``decimals`` places, ties away from zero as JavaScript's toFixed."""
    step = Decimal(1).scaleb(-decimals)
    text = str(Decimal(x).quantize(step, rounding, context=_WIDE))
    return text[1:] if text.startswith("-") and float(text) == 0 else text


def _real(value):
    """A Python or numpy number as a finite float, or FormError saying why not."""
    try:
        x = float(value)
    except OverflowError:
        raise FormError("too large to be a float") from None
    if not math.isfinite(x):
        raise FormError("not a finite number")
    return x


def _value(value):
    """A Python answer as the grammar's values: floats, bools, words, tuples."""
    if isinstance(value, str):
        return parse(value)
    if isinstance(value, bool | np.bool_):
        return bool(value)
    if isinstance(value, np.ndarray) and value.ndim == 0:
        return _value(value.item())
    if isinstance(value, np.ndarray | list | tuple):
        return tuple(
            _value(v) for v in (value.tolist() if hasattr(value, "tolist") else value)
        )
    if isinstance(value, numbers.Real | np.integer | np.floating | Decimal):
        return _real(value)
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


def canonical(kind, value, decimals=3, rounding=ROUND_HALF_UP):
    """The canonical text of an answer of ``kind``.

    Raises ``ParseError`` when typed text cannot be read and ``FormError`` when the
    value does not have the form ``kind`` asks for.
    """
    if kind == "choice":
        if not isinstance(value, str):
            raise FormError
        return " ".join(value.lower().strip().rstrip(TRAILING).split())
    if isinstance(value, str) and kind in ("number", "integer"):
        value = one_number(value)  # "2,850", "0,362": one number, not two
    value = _value(value)
    if kind == "yesno":
        if value in (1.0, 0.0) and not isinstance(value, bool):
            value = value == 1.0  # 1 and 0 for yes and no
        if not isinstance(value, bool):
            raise FormError
        return "yes" if value else "no"
    if kind == "number":
        return fixed(_number(value), decimals, rounding)
    if kind == "integer":
        x = _number(value)
        if x != round(x):
            raise FormError
        return str(round(x))
    items = _flat(value)
    if not all(isinstance(v, float) for v in items):
        raise FormError
    return ",".join(fixed(v, decimals, rounding) for v in items)


def _expected(value):
    return value() if callable(value) else value


def accepted(spec):
    """The canonical texts that count as right for an answer key."""
    expected = _expected(spec.expected)
    if spec.kind == "choice":
        options = (expected,) if isinstance(expected, str) else tuple(expected)
        return {canonical("choice", o) for o in options}
    return {canonical(spec.kind, expected, spec.decimals)}


def _shorter(spec, value):
    """``{d: canonical text of value at d decimals}`` for d below the asked ones."""
    if spec.kind not in ("number", "vector"):
        return {}
    return {d: canonical(spec.kind, value, d) for d in range(spec.decimals)}


def close_forms(spec):
    """``{d: canonical text of the key at d decimals}`` for d below the asked ones."""
    return _shorter(spec, _expected(spec.expected))


def cut_forms(spec):
    """``{d: the key truncated to d decimals}`` where that differs from rounding,
    for d up to and including the asked decimals."""
    if spec.kind not in ("number", "vector"):
        return {}
    key = _expected(spec.expected)
    out = {}
    for d in range(spec.decimals + 1):
        cut = canonical(spec.kind, key, d, ROUND_DOWN)
        if cut != canonical(spec.kind, key, d):
            out[d] = cut
    return out


def mistake_forms(spec, value):
    """``{d: canonical text}`` of a registered mistake, at every precision it can
    be matched at: the asked decimals, and fewer."""
    value = _expected(value)
    return {
        **_shorter(spec, value),
        spec.decimals: canonical(spec.kind, value, spec.decimals),
    }


def given_decimals(kind, value, decimals):
    """The fewest decimals that write ``value`` exactly at ``decimals`` precision."""
    full = canonical(kind, value, decimals)
    if kind not in ("number", "vector"):
        return decimals, full
    for d in range(decimals):
        short = canonical(kind, value, d)
        if _numbers(short) == _numbers(full):
            return d, short
    return decimals, full


def _numbers(text):
    """The numbers of a canonical text; ``""`` is the empty vector."""
    return [float(x) for x in text.split(",") if x]


def significant(text):
    """Significant digits of a canonical text, the most of any of its numbers."""
    return max(len(x.strip("-").replace(".", "").lstrip("0")) for x in text.split(","))


def form_of(spec):
    return FORMS[spec.kind].format(decimals=decimals_text(spec.decimals))


def method_of(answer_id, spec):
    hints = HINTS.get(answer_id)
    return (hints and hints.method) or METHODS[spec.kind]


def run_answer(answer_id, value):
    """Judge the learner's ``value`` for one exercise part; never give it away."""
    spec = lookup(ANSWERS, answer_id, "answer")
    head = f"{answer_id} ({spec.label})"
    if value is Ellipsis:
        return Verdict(answer_id, "not attempted", f"… {head}: not attempted yet.")

    def wrong(key, **kw):
        text = MESSAGES[key].format(
            form=form_of(spec), decimals=decimals_text(spec.decimals), **kw
        )
        return Verdict(answer_id, "wrong", f"✗ {head}: {text}")

    if value is None:
        return wrong("none")
    try:
        given = canonical(spec.kind, value, spec.decimals)
        d, short = given_decimals(spec.kind, value, spec.decimals)
    except ParseError as exc:
        return wrong("unreadable", reason=str(exc))
    except Exception as exc:  # any other value: a verdict, never a traceback
        why = f", {exc}" if isinstance(exc, FormError) and str(exc) else ""
        return wrong("form", got=show(value) + why)
    if given in accepted(spec):
        return Verdict(answer_id, "correct", f"✓ {head}: {MESSAGES['right']}")
    informative = d == spec.decimals or significant(short) >= RULES["closeDigits"]
    hints = HINTS.get(answer_id)
    for mistake, hint in hints.mistakes if hints else ():
        forms = mistake_forms(spec, mistake)
        if forms[spec.decimals] == given or (informative and forms.get(d) == short):
            return wrong("mistake", hint=hint)
    if spec.kind == "vector":
        n = len(next(iter(accepted(spec))).split(","))
        m = len(given.split(",")) if given else 0
        if n != m:
            return wrong("count", n=n, m=m)
    if informative and d < spec.decimals and close_forms(spec).get(d) == short:
        return wrong("close", d=decimals_text(d))
    if informative and cut_forms(spec).get(d) == short:
        return wrong("cut")
    return wrong("method", hint=method_of(answer_id, spec))
