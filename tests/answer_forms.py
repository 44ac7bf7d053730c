"""The answer grammar's tables: forms every check and every answer box must accept,
and wrong answers with the message each must give. Used by test_answer_grammar.py
(Python) and test_answer_boxes.py (the site's boxes, in the browser)."""

V = "1.000,-2.000,-1.000"

# (kind, decimals, typed text, canonical text)
ACCEPTED = [
    ("number", 3, "-1", "-1.000"),
    ("number", 3, "\u22121", "-1.000"),
    ("number", 3, "3.75", "3.750"),
    ("number", 3, "-15/4", "-3.750"),
    ("number", 3, "1e-3", "0.001"),
    ("number", 3, "36.2%", "0.362"),
    ("number", 3, "(29/30)^30", "0.362"),
    ("number", 3, "(29/30)**30", "0.362"),
    ("number", 3, "exp(-1)", "0.368"),
    ("number", 3, "1/e", "0.368"),
    ("number", 3, "e^-1", "0.368"),
    ("number", 3, "sqrt(2)/2", "0.707"),
    ("number", 3, "pi", "3.142"),
    ("number", 3, "\u03c0/2", "1.571"),
    ("number", 1, "72", "72.0"),
    ("integer", 3, "-1", "-1"),
    ("integer", 3, "\u22121", "-1"),
    ("integer", 3, "-1.0", "-1"),
    ("integer", 3, "3e1", "30"),
    ("vector", 3, "1, -2, -1", V),
    ("vector", 3, "(1, -2, -1)", V),
    ("vector", 3, "[1 -2 -1]", V),
    ("vector", 3, "1 -2 -1", V),
    ("vector", 3, "[1; -2; -1]", V),
    ("vector", 3, "((1, -2), -1)", V),
    ("vector", 3, "(2, -5/2)", "2.000,-2.500"),
    ("yesno", 3, "True", "yes"),
    ("yesno", 3, "yes", "yes"),
    ("yesno", 3, "Yes.", "yes"),
    ("yesno", 3, "y", "yes"),
    ("yesno", 3, "YES!", "yes"),
    ("yesno", 3, "False", "no"),
    ("yesno", 3, "No.", "no"),
    ("yesno", 3, "n", "no"),
]

# (answer id, typed text, the box's state, what the message must say)
WRONG = [
    (
        "ex-ch2-draws-a",
        "0.36",
        "close",
        "close: right to 2 decimals, but give 3 decimals",
    ),
    (
        "ex-ch2-draws-a",
        "0.4",
        "close",
        "close: right to 1 decimal, but give 3 decimals",
    ),
    ("ex-ch2-draws-a", "0.5", "wrong", "not yet"),
    ("ex-ch2-draws-a", "__import__('os')", "invalid", "(unknown word '__import__')"),
    ("ex-ch2-draws-a", "2 # 3", "invalid", "the character # (at 3) is not understood"),
    (
        "ex-ch2-draws-a",
        "1 +",
        "invalid",
        "could not read this (the answer ends too early)",
    ),
    (
        "ex-ch2-draws-a",
        "3 apples",
        "invalid",
        "could not read this (unknown word 'apples')",
    ),
    ("ex-ch2-draws-a", "yes", "invalid", "expected a number, to 3 decimals"),
    ("ex-ch2-one-step-b", "1 -2", "invalid", "expected 3 numbers, got 2"),
    ("ex-ch2-one-step-b", "1, -2, -1.5", "wrong", "not yet"),
    ("ex-ch3-epochs-b", "3.5", "invalid", "expected a whole number"),
    ("ex-ch2-one-step-a", "no", "wrong", "not yet"),
    ("ex-ch2-one-step-a", "maybe", "invalid", "could not read this"),
    ("ex-ch1-margins-d", "+1", "wrong", "not yet"),
]
