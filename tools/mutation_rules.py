"""Rules for whole kinds of surviving mutant, named in tests/equivalent_mutants.md.

A row of that file explains one survivor. A rule explains a kind of survivor that
would otherwise take a row per mutant: it is applied only when the file lists it
under "Rules", with the reason it holds, and the report counts what each rule
explains, per module, apart from the rows.

``case-data``: the answer keys (``linclass/check/_chK.py``) build their test cases
from small data sets written into the code. mutmut changes every number of them;
almost every such change still gives a case that is what its name says (the
``..._what_their_names_say`` tests hold each case to that) and that rejects the
wrong answers it is there to catch (the check tests), with a reference answer
computed from the changed data. The rule matches a mutant of a case builder (a
function named ``_..._cases``) that changes only numbers in one assignment of the
builder's data; a change to a case's name, a seed made ``None``, a flag, an index
used by the builder's logic, or a ``Case(...)``/``promise(...)`` call is not data.
"""

from __future__ import annotations

import ast
import re
import textwrap

CASE_MODULE = re.compile(r"linclass\.check\._ch\d+")
CASE_BUILDER = re.compile(r"x__\w*_cases")
# calls whose arguments are not data: a case's fields, a promise about it
NOT_DATA = {"Case", "promise"}
SEEDS = {"random_state", "seed"}


def _tree(lines):
    """The body statements of one function, from its source lines."""
    if not lines:
        return None
    try:
        func = ast.parse(textwrap.dedent("\n".join(lines))).body[0]
    except (SyntaxError, IndexError):
        return None
    return func.body if isinstance(func, ast.FunctionDef) else None


def _is_number(node):
    value = getattr(node, "value", None)
    return (
        isinstance(node, ast.Constant)
        and isinstance(value, int | float)
        and not isinstance(value, bool)
    )


class _Numbers(ast.NodeTransformer):
    """Erase what a data-only change may alter: numbers, signs, arithmetic, and
    keyword arguments given as numbers (a generator's ``n=40``
    left to its default, but never a seed)."""

    def visit_Constant(self, node):
        return ast.Constant(0) if _is_number(node) else node

    def visit_UnaryOp(self, node):
        node = self.generic_visit(node)
        if isinstance(node.op, ast.USub | ast.UAdd) and _is_number(node.operand):
            return node.operand
        return node

    def visit_BinOp(self, node):
        node = self.generic_visit(node)
        node.op = ast.Add()
        return node

    def visit_Call(self, node):
        node = self.generic_visit(node)
        # a seed left to its default (None) makes the case unseeded: not data
        node.keywords = [
            k for k in node.keywords if k.arg in SEEDS or not _is_number(k.value)
        ]
        return node


def _data_statement(stmt):
    """``name = ...`` or ``a, b = ...`` that calls neither ``Case`` nor ``promise``."""
    if not isinstance(stmt, ast.Assign):
        return False
    parts = [t for target in stmt.targets for t in ast.walk(target)]
    if not all(isinstance(t, ast.Name | ast.Tuple | ast.expr_context) for t in parts):
        return False
    called = {
        n.func.id
        for n in ast.walk(stmt.value)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    }
    return not called & NOT_DATA


def case_data(module, function, orig_lines, mutant_lines):
    """Whether a mutant only changes numbers in one data assignment of a case builder.

    ``function`` is mutmut's name (``x__project_cases``); ``orig_lines`` and
    ``mutant_lines`` are the source lines of mutmut's two copies of the function.
    """
    if not CASE_MODULE.fullmatch(module) or not CASE_BUILDER.fullmatch(function):
        return False
    orig, mutant = _tree(orig_lines), _tree(mutant_lines)
    if orig is None or mutant is None or len(orig) != len(mutant):
        return False
    changed = [
        (a, b) for a, b in zip(orig, mutant, strict=True) if ast.dump(a) != ast.dump(b)
    ]
    if len(changed) != 1:
        return False
    a, b = changed[0]
    if not (_data_statement(a) and _data_statement(b)):
        return False
    erase = _Numbers()
    return ast.dump(erase.visit(a)) == ast.dump(erase.visit(b))


RULES = {"case-data": case_data}
