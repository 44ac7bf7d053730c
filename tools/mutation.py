"""Mutation testing of linclass with mutmut, one module at a time, and its score.

``python -m tools.mutation run [MODULE ...] [--sample N --seed S]`` runs mutmut on
the mutants of each module named (``perceptron``, ``check/_grammar``; every module
of :data:`SCOPE` when none is named), or on a seeded random sample of ``N`` of
each module's mutants, then prints the report; ``python -m tools.mutation report
[MODULE ...]`` prints the report of earlier runs.

Each module runs in its own folder, ``_build/mutation/<module>/``: the repository
linked in, and pyproject.toml's ``[tool.mutmut]`` with ``only_mutate`` set to the
module and the test selection narrowed to the tests of that module (:data:`TESTS`,
plus the module's docstring examples), so that mutmut's map of which test reaches
which function costs seconds, not minutes. mutmut keeps its results there, and a
later run tries only the mutants of functions that changed.

The report has one row per module: its mutants, those tried, killed (a test
failed, or the run timed out), survived (every test passed), with no test reaching
the mutated function, listed as equivalent in ``tests/equivalent_mutants.md``, and
the score, killed / (tried - equivalent). Then each survivor not listed, as its
changed line, and each listed entry that no longer matches a survivor (its code
changed, or a test now kills it): such an entry is checked again and removed or
rewritten. ``--fail-under P`` exits non-zero when a module scores below P percent
or an entry is stale, ``--strict`` also when a survivor is neither killed nor
listed. The report is also written to ``_build/mutation/report.txt``.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import random
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import tomllib

from tools.mutation_rules import RULES

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "_build" / "mutation"
EQUIVALENT = ROOT / "tests" / "equivalent_mutants.md"
# mutmut's exit codes: a test failed (1, 3), the run timed out or crashed (-6: an
# abort, as a mutant that breaks scipy's solver can cause, is a failed run too).
KILLED = {1, 3, 24, -24, 152, 255, 36, 37, -6, -9, -11}
NO_TESTS = {33, 5}
SURVIVED = {0}
# The unit tests that exercise each module (the test files named test_<module>.py
# and those that drive the module through another); a module not listed here runs
# the whole selection of pyproject.toml.
_CHECKS = ["test_checks", "test_check_api"] + [f"test_check_ch{k}" for k in range(1, 7)]
_ANSWERS = ["test_answer_grammar", "test_answer_reading"]
TESTS = {
    "check/_grammar.py": _ANSWERS,
    "check/_answers.py": [*_ANSWERS, "test_check_ch2"],
    "check/_compare.py": [*_CHECKS, "test_compare"],
    "check/_core.py": _CHECKS,
    "check/__init__.py": [*_CHECKS, "test_check_teach", "test_own_checks"],
    "perceptron.py": [
        "test_perceptron",
        "test_history",
        "test_check_ch2",
        "test_margins",
        "test_pocket",
    ],
    "pocket.py": ["test_pocket", "test_history", "test_check_ch4", "test_margins"],
    "history.py": ["test_history", "test_pocket", "test_perceptron"],
    "geometry.py": ["test_geometry", "test_kesler", "test_data", "test_features"],
    "_separators.py": ["test_geometry", "test_kesler", "test_data"],
    "_kesler.py": ["test_kesler", "test_geometry", "test_check_ch6"],
    "_radius.py": ["test_geometry", "test_perceptron"],
    "lda.py": ["test_lda", "test_check_ch5", "test_check_ch6"],
    "_lda_multi.py": ["test_lda", "test_check_ch6", "test_multiclass"],
    "multiclass.py": ["test_multiclass", "test_kesler", "test_margins"],
    "data.py": ["test_data", "test_features", "test_geometry", "test_seed_stability"],
    "_sampling.py": ["test_data", "test_seed_stability"],
    "_loaders.py": ["test_loaders", "test_data"],
    "features.py": ["test_features"],
    "_validation.py": ["test_validation", "test_perceptron", "test_lda", "test_pocket"],
    "_margins.py": [
        "test_margins",
        "test_perceptron",
        "test_pocket",
        "test_multiclass",
    ],
    "_player_frames.py": ["test_player", "test_player_save", "test_player_frames"],
}
TESTS |= {f"check/_ch{k}.py": [f"test_check_ch{k}", "test_checks"] for k in range(1, 7)}
# The modules mutation testing covers (issue 31): the estimators, history, data,
# geometry, the players' frame logic and the checks. Drawing (plotting, widgets,
# the players' pictures) is judged by eye and by the browser tests, not here.
# check/_run.py runs the whole selection of pyproject.toml.
SCOPE = sorted(f"linclass/{key}" for key in [*TESTS, "check/_run.py"])
# What the tests read besides linclass/ and tests/ (linked into each module's folder).
LINKED = ["linclass", "tests", "tools", "chapters", "api.md", "_toc.yml", "_config.yml"]


def module_of(path):
    """``linclass/check/_grammar.py`` -> ``linclass.check._grammar``."""
    dotted = ".".join(Path(path).with_suffix("").parts)
    return dotted.removesuffix(".__init__")


def resolve(name):
    """A module as the user names it -> its path, ``linclass/...py``."""
    base = ROOT / "linclass"
    for path in (ROOT / name, base / name, base / (name + ".py")):
        if path.is_file() and path.suffix == ".py":
            return path.relative_to(ROOT).as_posix()
    raise SystemExit(f"no module {name!r} under linclass/")


def folder(path):
    """The folder where mutmut runs the mutants of one module."""
    return WORK / path.removeprefix("linclass/").removesuffix(".py").replace("/", ".")


def _toml(value):
    return json.dumps(value, ensure_ascii=False)  # a TOML string or list of strings


def prepare(path):
    """Lay out the module's folder: the repository linked in, a narrowed config."""
    where = folder(path)
    where.mkdir(parents=True, exist_ok=True)
    for name in LINKED:
        link = where / name
        if not link.is_symlink():
            link.symlink_to(ROOT / name)
    text = (ROOT / "pyproject.toml").read_text()
    config = tomllib.loads(text)["tool"]["mutmut"]
    config["only_mutate"] = [path]
    if "--doctest-modules" not in config.get("pytest_add_cli_args", []):
        # mutmut re-runs a docstring example by its id, which pytest finds only
        # with this flag; without it the run fails, and mutmut counts a kill
        raise SystemExit("[tool.mutmut] pytest_add_cli_args needs --doctest-modules")
    key = path.removeprefix("linclass/")
    if key in TESTS:
        tests = [f"tests/{t}.py" for t in TESTS[key]]
        config["pytest_add_cli_args_test_selection"] = [path, *tests]
    table = "\n".join(f"{k} = {_toml(v)}" for k, v in config.items())
    head = text[: text.index("[tool.mutmut]")]
    after = text[text.index("[tool.mutmut]") :]
    tail = re.split(r"^\[(?!tool\.mutmut\])", after, maxsplit=1, flags=re.M)
    rest = "[" + tail[1] if len(tail) > 1 else ""
    (where / "pyproject.toml").write_text(f"{head}[tool.mutmut]\n{table}\n\n{rest}")
    return where


def metas(paths=None):
    """``{module path: (folder, {mutant name: exit code})}`` from mutmut's files."""
    out = {}
    for meta in sorted(WORK.glob("*/mutants/linclass/**/*.py.meta")):
        mutants = WORK / meta.relative_to(WORK).parts[0] / "mutants"
        path = meta.relative_to(mutants).as_posix().removesuffix(".meta")
        if folder(path) != mutants.parent or (paths and path not in paths):
            continue  # another module's folder (its copy of this file is unmutated)
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        out[path] = (mutants, codes)
    return out


def _mutmut(where, *args, check=True):
    mutmut = str(Path(sys.executable).with_name("mutmut"))
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    start = time.monotonic()
    done = subprocess.run(
        [mutmut, "run", *args], cwd=where, capture_output=True, env=env
    )
    if check and done.returncode != 0:
        out = done.stdout.decode(errors="replace").replace("\r", "\n")
        print("\n".join(out.splitlines()[-40:]), done.stderr.decode(errors="replace"))
        raise SystemExit(f"mutmut failed in {where} (exit {done.returncode})")
    return time.monotonic() - start


def run(paths, sample, seed, survivors=False):
    """Run mutmut on each module's untried mutants, or on a sample of them; with
    ``survivors``, then try every surviving mutant again (new tests may kill it:
    mutmut itself tries again only the mutants of functions whose code changed)."""
    for path in paths:
        where = prepare(path)
        names = []
        if sample:
            if path not in metas([path]):  # mutmut makes the mutants on its first call
                # (a name that matches nothing: mutmut makes them, then says so)
                _mutmut(where, "linclass.no-such-mutant*", check=False)
            _, codes = metas([path]).get(path, (None, {}))
            names = random.Random(f"{seed} {path}").sample(
                sorted(codes), min(sample, len(codes))
            )
            if not names:
                continue
        took = _mutmut(where, *names)
        what = f"{len(names)} sampled mutants" if sample else "its mutants"
        print(f"[mutation] {path}: {what} in {took:.0f} s", flush=True)
        if survivors:
            _, codes = metas([path]).get(path, (None, {}))
            alive = sorted(
                n for n, c in codes.items() if c is not None and c not in KILLED
            )
            if alive:
                took = _mutmut(where, *alive)
                print(
                    f"[mutation] {path}: {len(alive)} survivors again in {took:.0f} s"
                )


def _changed_lines(diff):
    """The removed and added lines of a unified diff, each side as one line."""
    old = [line[1:].strip() for line in diff if line.startswith("-")]
    new = [line[1:].strip() for line in diff if line.startswith("+")]
    return " / ".join(old), " / ".join(new)


_BOUNDARY = re.compile(r"^[ \t]*(?:def |@|class )|^mutants_", re.M)
_DEF = re.compile(r"^[ \t]*def (x\S+?__mutmut_(?:orig|\d+))\(", re.M)


def _bodies(file):
    """``{function name: its lines}`` of mutmut's copies in one mutated file."""
    source = file.read_text()
    indent = lambda m: len(m.group(0)) - len(m.group(0).lstrip())  # noqa: E731
    edges = [(m.start(), indent(m)) for m in _BOUNDARY.finditer(source)]
    edges.append((len(source), 0))
    out = {}
    for m in _DEF.finditer(source):
        # the next def, decorator or class at the same depth (not a nested def)
        stop = next(e for e, k in edges if e > m.start() and k <= indent(m))
        out[m.group(1)] = source[m.start() : stop].splitlines()
    return out


def mutant_change(bodies, name):
    """``(function, before, after)`` of one mutant, from :func:`_bodies`."""
    local = name.rpartition(".")[2]
    func = local.rpartition("__mutmut_")[0]
    orig, mutant = bodies.get(func + "__mutmut_orig", []), bodies.get(local, [])
    diff = list(difflib.unified_diff(orig[1:], mutant[1:], lineterm="", n=0))[2:]
    if not diff and orig[:1] != mutant[:1]:  # a default argument changed
        diff = [f"-{orig[0].split('(', 1)[1]}", f"+{mutant[0].split('(', 1)[1]}"]
    before, after = _changed_lines(diff)
    return func.replace("\u01c1", "."), before, after


def _cells(line):
    return [c.strip() for c in line.strip().strip("|").split(" | ")]


def equivalents():
    """The listed mutants: (module, function, before, after) of each version."""
    rows = []
    for line in EQUIVALENT.read_text().splitlines():
        cells = _cells(line)
        if len(cells) != 5 or not cells[0].startswith("`linclass"):
            continue
        module, function, before = (c[1:-1].replace("\\|", "|") for c in cells[:3])
        # one row per changed line: its surviving versions, one per line of the cell
        for after in cells[3].split("<br>"):
            after = after.strip()[1:-1].replace("\\|", "|")
            rows.append((module, function, before, after))
    return rows


def rules():
    """The rules listed in tests/equivalent_mutants.md (a row ``| `name` | ... |``)."""
    listed = []
    for line in EQUIVALENT.read_text().splitlines():
        cells = _cells(line)
        if len(cells) == 3 and re.fullmatch(r"`[a-z-]+`", cells[0]):
            name = cells[0].strip("`")
            if name not in RULES:
                raise SystemExit(f"{EQUIVALENT.name}: no rule {name!r} in tools/")
            listed.append(name)
    return listed


def _status(code):
    if code in KILLED:
        return "killed"
    if code in SURVIVED:
        return "survived"
    return "no tests" if code in NO_TESTS else "other"


def _by_rule(path, bodies, name, in_force):
    """The first rule in force that explains a survivor, or None."""
    local = name.rpartition(".")[2]
    func = local.rpartition("__mutmut_")[0]
    orig, mutant = bodies.get(func + "__mutmut_orig", []), bodies.get(local, [])
    for rule in in_force:
        if RULES[rule](module_of(path), func, orig, mutant):
            return rule
    return None


def report(paths, fail_under=None, strict=False):
    """Print the score per module, and write it to _build/mutation/report.txt."""
    out = []
    say = out.append
    data = metas(paths)
    listed, in_force = equivalents(), rules()
    matched, used = set(), Counter()
    rows, unexplained = [], defaultdict(list)
    for path, (mutants, codes) in data.items():
        tried = {n: c for n, c in codes.items() if c is not None and c != 34}
        if not tried:
            continue
        count = Counter(_status(c) for c in tried.values())
        equivalent = by_rule = 0
        bodies = _bodies(mutants / path)
        for name in codes:
            entry = (module_of(path), *mutant_change(bodies, name))
            if entry in listed and tried.get(name, 0) not in KILLED:
                matched.add(entry)  # survives, or not tried in this (sampled) run
        for name, code in sorted(tried.items()):
            if code in KILLED:
                continue
            change = mutant_change(bodies, name)
            if (module_of(path), *change) in listed:
                equivalent += 1
            elif rule := _by_rule(path, bodies, name, in_force):
                by_rule += 1
                used[rule] += 1
            else:
                unexplained[path].append((name, code, change))
        total = len(tried) - equivalent - by_rule
        score = 100.0 * count["killed"] / total if total else 100.0
        rows.append((path, len(codes), len(tried), count, equivalent, by_rule, score))
    say(
        f"{'module':30} {'mutants':>7} {'tried':>6} {'killed':>6} {'surv.':>6} "
        f"{'no test':>7} {'equiv.':>6} {'rule':>5} {'score':>7}"
    )
    for path, n, tried, count, eq, by_rule, score in rows:
        say(
            f"{path:30} {n:7} {tried:6} {count['killed']:6} {count['survived']:6} "
            f"{count['no tests']:7} {eq:6} {by_rule:5} {score:6.1f}%"
        )
    for rule in in_force:
        say(f"rule {rule}: explains {used[rule]} survivors of the modules above")
    for path, items in unexplained.items():
        say(f"\n{path}: {len(items)} not killed and not listed as equivalent")
        for name, code, (func, before, after) in items:
            local = name.rpartition(".")[2].rpartition("__mutmut_")[2]
            say(f"  {_status(code)} #{local} {func}: {before!r} -> {after!r}")
    done = {module_of(p) for p, *_ in rows}
    # listed, but killed now or no longer a mutant of the code (the code changed)
    stale = [e for e in listed if e not in matched and e[0] in done]
    for module, func, before, after in stale:
        say(
            f"\nstale entry in {EQUIVALENT.name}: {module} {func}: {before!r} -> "
            f"{after!r} (no such survivor now: check it again)"
        )
    print("\n".join(out))
    WORK.mkdir(parents=True, exist_ok=True)
    (WORK / "report.txt").write_text("\n".join(out) + "\n")
    problems = [f"{len(stale)} stale entries"] * bool(stale)
    if fail_under is not None:
        low = [p for p, *_, score in rows if score < fail_under]
        problems += [f"below {fail_under}%: {', '.join(low)}"] * bool(low)
    if strict and unexplained:
        left = sum(len(items) for items in unexplained.values())
        problems.append(f"{left} mutants neither killed nor listed as equivalent")
    if problems and (strict or fail_under is not None):
        raise SystemExit("mutation: " + "; ".join(problems))


def pytest_collection_modifyitems(config, items):
    """A pytest hook, for mutmut's runs (``-p tools.mutation`` in pyproject.toml).

    mutmut's copies of a function (``x_f__mutmut_orig``, ``x_f__mutmut_1``, ...) keep
    its docstring, so ``--doctest-modules`` would run each example once per copy,
    thousands of times; the function itself keeps it too, so it runs once, there.
    """
    copies = [item for item in items if "__mutmut_" in item.name]
    if copies:
        config.hook.pytest_deselected(items=copies)
        items[:] = [item for item in items if "__mutmut_" not in item.name]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=["run", "report"])
    parser.add_argument("modules", nargs="*", help="e.g. perceptron check/_grammar")
    parser.add_argument("--sample", type=int, default=0, help="mutants per module")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--survivors", action="store_true", help="then try every survivor again"
    )
    parser.add_argument("--fail-under", type=float, help="a module's lowest score")
    parser.add_argument(
        "--strict", action="store_true", help="fail on any unexplained survivor"
    )
    args = parser.parse_args(argv)
    paths = [resolve(m) for m in args.modules]
    if args.command == "run":
        run(paths or SCOPE, args.sample, args.seed, args.survivors)
    report(paths, args.fail_under, args.strict)


if __name__ == "__main__":
    main()
