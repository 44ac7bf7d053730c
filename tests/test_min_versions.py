"""constraints-min.txt (``make test-min``) pins the minimums pyproject.toml declares.

Without this check a raised minimum in pyproject.toml would leave ``make
test-min`` testing versions nobody can install any more, and a pin moved up in
the constraints would leave the old minimum claimed but untested.
"""

import pytest
from book_toc import ROOT
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10; pytest itself depends on tomli there
    import tomli as tomllib

# Releases PyPI has yanked: pip skips them for a ">=" range, so the oldest version
# a declaration can install is the next release.
YANKED = {"scipy": {Version("1.11.0"): Version("1.11.1")}}


def _pins():
    pins = {}
    for line in (ROOT / "constraints-min.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            req = Requirement(line)
            (spec,) = req.specifier
            assert spec.operator == "==", f"constraints-min.txt: pin {line!r} with =="
            pins[canonicalize_name(req.name)] = Version(spec.version)
    return pins


DEPENDENCIES = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
    "dependencies"
]


@pytest.mark.parametrize("text", DEPENDENCIES)
def test_runtime_dependency_pinned_at_its_declared_minimum(text):
    req = Requirement(text)
    name = canonicalize_name(req.name)
    lows = [Version(s.version) for s in req.specifier if s.operator == ">="]
    assert len(lows) == 1, f"pyproject.toml: declare one minimum (>=) in {text!r}"
    oldest = YANKED.get(name, {}).get(lows[0], lows[0])
    pins = _pins()
    assert name in pins, f"constraints-min.txt does not pin {name}"
    assert pins[name] == oldest, (
        f"constraints-min.txt pins {name}=={pins[name]}, but pyproject.toml "
        f"declares {text!r}: the oldest installable version is {oldest}"
    )
