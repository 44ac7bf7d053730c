"""Test-wide set-up: draw with Agg, never open a window.

Set here rather than through MPLBACKEND in the Makefile, because notebook kernels
inherit the environment and would then show no figures at all.
"""

import matplotlib

matplotlib.use("Agg")
