"""The one grammar of typed answers, shared by ``lc.check.answer`` and the site's boxes.

A learner types ``-7/4``, ``(9/10)^20``, ``2/e``, ``12.5%``, ``((4, -1), 0.5)``,
``4 -1 0.5`` or ``No.``; this module reads such text *safely*: a tokenizer and a
recursive-descent parser over a fixed set of tokens, constants and functions, so
nothing a learner types is ever evaluated as Python (``__import__('os')`` is "could not
read", never run).

The parser is driven by the tables below (:data:`TABLES`): the token patterns, the
Unicode look-alikes, the constants, the functions, the operators with their binding
power and the yes/no words. The site's answer boxes receive the same tables
(``tools/book/site_assets.py`` writes them into ``lc-answers.js``) and run a
transcription of :func:`parse` over them, so both read the same answers; the
conformance table in ``tests/answer_forms.py`` runs against both.

The value of a text is a float, ``True``/``False`` (yes/no), a lower-case word, or a
tuple of such values (nested as the text nests them).
"""

from __future__ import annotations

import math
import re

__all__ = ["parse", "one_number", "ParseError", "TABLES"]

# Everything the tokenizer knows; a regular expression valid in Python and JavaScript.
TOKENS = [
    ["number", r"(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"],
    ["name", r"[A-Za-z_]+"],
    ["op", r"\*\*|[-+*/^%(),;\[\]|]"],
    ["space", r"\s+"],
]
# Look-alikes a keyboard or a copy from the page produces, read as their ASCII twin.
LOOKALIKES = {"\u2212": "-", "\u2013": "-", "\u00d7": "*", "\u00b7": "*", "\u00f7": "/"}
LOOKALIKES["\u03c0"] = "pi"
# Hyphens and dashes a word processor puts for a minus; script e; sqrt; TeX braces.
LOOKALIKES |= {c: "-" for c in "\u2010\u2011\u2012\ufe63\uff0d"}
LOOKALIKES |= {"\u212f": "e", "\u2147": "e", "\u221a": "sqrt", "{": "(", "}": ")"}
CONSTANTS = {"pi": math.pi, "e": math.e}
FUNCTIONS = ["exp", "sqrt", "ln", "log", "abs"]  # log is natural, as in numpy
# A single number with digit-group separators ("2,850", "2 850", "2_850", a thin
# space) or a decimal comma ("0,362", "-3,75") when the answer is one number; a
# comma followed by exactly three digits groups thousands unless the integer part
# is 0 ("0,362" is a decimal comma).
GROUPED = r"^[+-]?[1-9]\d{0,2}(?:([,_ \u00a0\u2009\u202f])\d{3})(?:\1\d{3})*(?:\.\d+)?$"
DECIMAL_COMMA = r"^[+-]?\d+,\d+$"
# Binary operators: binding power (higher binds tighter) and right associativity.
BINARY = {
    "+": [1, False],
    "-": [1, False],
    "*": [2, False],
    "/": [2, False],
    "^": [4, True],
    "**": [4, True],
}
UNARY_POWER = 3  # -2^2 is -(2^2); 2^-1 is 2^(-1)
WORDS = {
    "yes": True,
    "y": True,
    "true": True,
    "no": False,
    "n": False,
    "false": False,
    "negative": -1.0,  # a class label: "negative" is -1, "positive" is +1
    "positive": 1.0,
}
TRAILING = ".!?"  # "Yes." and "no!" are yes and no

TABLES = {
    "tokens": TOKENS,
    "lookalikes": LOOKALIKES,
    "constants": CONSTANTS,
    "functions": FUNCTIONS,
    "binary": BINARY,
    "unaryPower": UNARY_POWER,
    "words": WORDS,
    "trailing": TRAILING,
    "grouped": GROUPED,
    "decimalComma": DECIMAL_COMMA,
}

_FUNCS = {"exp": math.exp, "sqrt": math.sqrt, "ln": math.log, "log": math.log}
_FUNCS["abs"] = abs
_TOKEN = re.compile("|".join(f"(?P<{k}>{p})" for k, p in TOKENS))


class ParseError(ValueError):
    """The text is not an answer of the grammar; the message says where."""


def _tokens(text):
    for old, new in LOOKALIKES.items():
        text = text.replace(old, new)
    text = text.strip().rstrip(TRAILING).strip()
    out, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise ParseError(
                f"the character {text[pos]} (at {pos + 1}) is not understood"
            )
        kind = m.lastgroup
        known = (*WORDS, *CONSTANTS, *FUNCTIONS)
        if kind == "name" and m.group().lower() not in known:
            raise ParseError(f"unknown word {m.group()!r}")
        if kind != "space":
            gap = pos > 0 and text[pos - 1].isspace()
            if kind == "number" and not gap and out and out[-1][0] == "number":
                # "1.2.3" is no product of 1.2 and .3: a number has one point
                raise ParseError(f"unexpected {m.group()!r}")
            out.append([kind, m.group(), gap])
        pos = m.end()
    if not out:
        raise ParseError("the answer is empty")
    return out, text


class _Parser:
    def __init__(self, text):
        self.toks, self.text = _tokens(text)
        self.k = 0

    def peek(self, offset=0):
        k = self.k + offset
        return self.toks[k] if k < len(self.toks) else ["end", "", False]

    def take(self):
        tok = self.peek()
        self.k += 1
        return tok

    def expect(self, value):
        tok = self.take()
        if tok[1] != value:
            raise ParseError(f"expected {value!r}, got {tok[1] or 'the end'!r}")

    def sequence(self, closer):
        """Items separated by commas, semicolons or spaces, up to ``closer``."""
        items = [self.item()]
        while self.peek()[1] not in (closer, "end") and self.peek()[0] != "end":
            if self.peek()[1] in (",", ";"):
                self.take()
            items.append(self.item())
        return items

    def item(self):
        tok = self.peek()
        if tok[0] == "name" and tok[1].lower() in WORDS:
            self.take()
            return WORDS[tok[1].lower()]
        return self.expr(0)

    def starts_item(self, tok):
        # "1 -2": a sign after a space and glued to what follows starts a new item.
        nxt = self.peek(1)
        return tok[2] and tok[1] in "+-" and nxt[0] != "end" and not nxt[2]

    def implicit(self, tok):
        """``2pi``, ``2(3/0.5)^2``, ``2sqrt(2)``: a product written without ``*``.

        Only when nothing separates the two: ``2 pi`` is two numbers.
        """
        if tok[2]:
            return False
        if tok[0] == "number" or tok[1] == "(":
            return True
        return tok[0] == "name" and tok[1].lower() in (*CONSTANTS, *FUNCTIONS)

    def expr(self, min_power):
        left = self.unary()
        while True:
            tok = self.peek()
            if self.implicit(tok) and BINARY["*"][0] >= min_power:
                right = self.expr(BINARY["*"][0] + 1)
                left = self._apply("*", left, right)
                continue
            op = BINARY.get(tok[1]) if tok[0] == "op" else None
            if op is None or op[0] < min_power or self.starts_item(tok):
                return left
            self.take()
            right = self.expr(op[0] if op[1] else op[0] + 1)
            left = self._apply(tok[1], left, right)

    def unary(self):
        tok = self.peek()
        if tok[1] in ("-", "+"):
            self.take()
            value = self.expr(UNARY_POWER)
            return -_num(value) if tok[1] == "-" else _num(value)
        return self.postfix()

    def postfix(self):
        value = self.atom()
        while self.peek()[1] == "%":
            self.take()
            value = _num(value) / 100
        return value

    def atom(self):
        tok = self.take()
        kind, text = tok[0], tok[1]
        if kind == "number":
            value = float(text)
            if not math.isfinite(value):
                raise ParseError(f"the number {text} is too large")
            return value
        if kind == "name" and text.lower() in CONSTANTS:
            return CONSTANTS[text.lower()]
        if kind == "name" and text.lower() in _FUNCS:
            # sqrt(2), or sqrt 2 and the typed root sign: the next atom alone
            if self.peek()[1] == "(":
                self.take()
                arg = _num(self.expr(0))
                self.expect(")")
            else:
                arg = _num(self.atom())
            try:
                value = _FUNCS[text.lower()](arg)
            except (ValueError, OverflowError):
                value = math.nan
            if not math.isfinite(value):
                raise ParseError(f"{text}({arg:g}) is not a finite real number")
            return value
        if text == "|":
            value = abs(_num(self.expr(0)))
            self.expect("|")
            return value
        if text in ("(", "["):
            closer = ")" if text == "(" else "]"
            items = self.sequence(closer)
            self.expect(closer)
            return items[0] if len(items) == 1 and text == "(" else tuple(items)
        if kind == "end":
            raise ParseError("the answer ends too early")
        raise ParseError(f"unexpected {text!r}")

    @staticmethod
    def _apply(op, a, b):
        a, b = _num(a), _num(b)
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if op == "/":
            if b == 0:
                raise ParseError("division by zero")
            return a / b
        try:
            return float(a**b)
        except (OverflowError, ZeroDivisionError, TypeError):
            raise ParseError(f"{a:g}^{b:g} is not a real number") from None


def _num(value):
    if isinstance(value, bool) or not isinstance(value, float):
        raise ParseError("arithmetic works on numbers only")
    return value


def one_number(text):
    """``"2,850"`` -> ``"2850"``, ``"-3,75"`` -> ``"-3.75"``: how a single number
    with digit groups or a decimal comma is read when the answer is one number
    (a vector's commas separate its numbers)."""
    stripped = text.strip()
    for old, new in LOOKALIKES.items():
        if new == "-":
            stripped = stripped.replace(old, new)
    grouped = re.match(GROUPED, stripped)
    if grouped:
        return stripped.replace(grouped[1], "")
    if re.match(DECIMAL_COMMA, stripped):
        return stripped.replace(",", ".")
    return text


def parse(text):
    """Read a typed answer; raise :class:`ParseError` when it is not one.

    Examples
    --------
    >>> parse("-7/4"), parse("25%"), parse("((4, -1), 0.5)"), parse("No.")
    (-1.75, 0.25, ((4.0, -1.0), 0.5), False)
    >>> parse("4 -1 0.5"), parse("4 - 1"), parse("2pi") == parse("2*pi")
    ((4.0, -1.0, 0.5), 3.0, True)
    """
    p = _Parser(text)
    items = p.sequence("end")
    if p.peek()[0] != "end":
        raise ParseError(f"unexpected {p.peek()[1]!r}")
    value = items[0] if len(items) == 1 else tuple(items)
    if not _finite(value):
        raise ParseError("the number is not finite")
    return value


def _finite(value):
    """No infinity or NaN anywhere in a value: a product or a sum of finite numbers
    can overflow, in a vector's item as in a single number."""
    if isinstance(value, tuple):
        return all(_finite(v) for v in value)
    return not isinstance(value, float) or math.isfinite(value)
