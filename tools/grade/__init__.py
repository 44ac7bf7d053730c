"""Grading a class with the checks of ``linclass.check`` (``make grade``)."""
