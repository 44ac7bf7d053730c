"""``python -m tools.grade SUBMISSIONS``: see :mod:`tools.grade.grade`."""

import sys

from .grade import main

sys.exit(main())
