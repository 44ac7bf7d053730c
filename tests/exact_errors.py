"""The whole error message a learner reads, asserted exactly.

``pytest.raises(match=...)`` searches the message, so a changed message that still
contains the pattern passes (mutation testing found many); these tests state the
whole sentence instead.
"""

import pytest


def raises_exactly(call, error, message):
    """``call()`` raises ``error`` whose message is exactly ``message``."""
    with pytest.raises(error) as exc:
        call()
    assert str(exc.value) == message
