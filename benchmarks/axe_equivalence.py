"""axe-core with constant-time memo caches finds exactly what the wheel's axe finds.

tests/a11y.py injects axe's bundle with memoizee's object-keyed caches on Maps
(tests/axe_memo.py). This script proves the change is only one of speed: on every
page of the built site (``_build/html``), in light, dark and phone modes
(tests/site_pages.py), it runs the wheel's axe and the patched one, each after the
twins pass as ``a11y.axe_run`` does, with every result type, and compares them rule
by rule: for passes, incomplete, violations and inapplicable, the rule ids, and for
each rule the nodes (target, HTML, and each check's id, result data and message).
Any difference is printed and makes the exit status 1. Then it times both the way
``check_axe`` runs (violations only), alternating which goes first, and prints a
table of the per-page times.

Run from the repository root after ``make book`` (a few minutes on two cores; not a
timed test, so not one of ``make bench``'s ``bench_*.py``)::

    .venv/bin/python benchmarks/axe_equivalence.py [page.html ...]
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

import a11y  # noqa: E402
import psutil  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from site_pages import MODES, LoadedPages  # noqa: E402
from test_site import HTML, PAGES, TAB_STOPS_SETTLED  # noqa: E402

from tools.book.browser import CHROMIUM_ARGS, find_browser  # noqa: E402
from tools.book.local_server import serve  # noqa: E402

KINDS = ("passes", "incomplete", "violations", "inapplicable")
REPS = 2
SETTLED = "() => document.getAnimations().every(a => a.playState !== 'running')"

# Every result, each node with what each of its checks found; or only the
# violations, as check_axe asks, for the timing.
_RUN_JS = """([tags, tokens, twinsJs, everything, kinds]) => {
  const twins = (0, eval)(twinsJs)(tokens);
  const options = {runOnly: {type: 'tag', values: tags}, preload: false};
  if (!everything) { options.resultTypes = ['violations']; }
  const start = performance.now();
  return axe.run(document, options)
    .finally(() => document.getElementById('lc-axe-twins').remove())
    .then(r => {
      const ms = performance.now() - start;
      const checks = cs => cs.map(c => [c.id, JSON.stringify(c.data), c.message]);
      const node = n => [n.target.join(' '), n.html,
                         checks(n.any), checks(n.all), checks(n.none)];
      const out = {version: axe.version, twins: twins, ms: ms};
      if (everything) {
        for (const kind of kinds) {
          out[kind] = Object.fromEntries(r[kind].map(v => [v.id, v.nodes.map(node)]));
        }
      }
      return out;
    });
}"""


def cpu_seconds():
    """CPU time used so far by the browser's processes (all this script's children):
    on a shared machine a fairer measure of axe's cost than the time it took."""
    total = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            times = child.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


def timed(page, source):
    """Wall-clock and CPU seconds of one run of axe as check_axe runs it."""
    cpu = cpu_seconds()
    wall = run(page, source, False)["ms"] / 1e3
    return wall, cpu_seconds() - cpu


def run(page, source, everything):
    """axe (``source``, injected afresh) after the twins pass, as a11y.axe_run runs."""
    page.evaluate(source)
    return page.evaluate(
        _RUN_JS, [list(a11y.TAGS), a11y.TOKENS, a11y._TWINS_JS, everything, list(KINDS)]
    )


def differences(before, after):
    """Each rule whose result or nodes differ, with the first node that differs."""
    found = []
    for kind in KINDS:
        a, b = before[kind], after[kind]
        for rule in sorted(set(a) | set(b)):
            if rule not in a or rule not in b:
                found.append(
                    f"{kind} {rule}: only {'after' if rule in b else 'before'}"
                )
            elif a[rule] != b[rule]:
                pairs = zip(a[rule] + [None], b[rule] + [None], strict=False)
                first = next(pair for pair in pairs if pair[0] != pair[1])
                found.append(f"{kind} {rule}: the nodes differ, first {first}")
    return found


def main(names):
    plain, patched = a11y.axe_source(), a11y.axe_script()
    rows, failures, k = [], 0, 0  # k: runs so far, for taking turns
    with serve(HTML) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_browser(), args=CHROMIUM_ARGS)
        pages = LoadedPages(browser, url)
        for name in names:
            for mode in MODES:
                page = pages.get(name, mode).page
                # As check_page runs axe: after the theme's colour transitions and,
                # on a phone, once the code blocks' Tab stops have settled.
                page.wait_for_function(SETTLED, timeout=5000)
                if mode == "phone":
                    page.wait_for_function(TAB_STOPS_SETTLED, timeout=5000)
                before, after = run(page, plain, True), run(page, patched, True)
                diff = differences(before, after)
                failures += bool(diff)
                counts = {kind: len(before[kind]) for kind in KINDS}
                nodes = sum(len(ns) for kind in KINDS for ns in before[kind].values())
                print(
                    f"{name} ({mode}): {'DIFFERENT' if diff else 'identical'};"
                    f" rules {counts}, {nodes} nodes",
                    flush=True,
                )
                for line in diff:
                    print("    " + line)
                # The best of REPS runs each (other processes share the CPU), taking
                # turns at going first, so neither gains from the other's warm-up.
                best = {"before": [], "after": []}
                for _ in range(REPS):
                    order = [("before", plain), ("after", patched)][:: (-1) ** k]
                    for label, source in order:
                        best[label].append(timed(page, source))
                    k += 1
                rows.append(
                    (name, mode, *[min(t) for t in zip(*best["before"], strict=True)])
                    + tuple(min(t) for t in zip(*best["after"], strict=True))
                )
            pages.tabs.pop(name).page.close()
        browser.close()
    print(
        f"\naxe-core {before['version']}: seconds per run (best of {REPS}), "
        "wall clock and CPU (the browser's processes)"
    )
    head = ("page", "mode", "wall before", "after", "CPU before", "after", "saved")
    print("{:34} {:5} {:>11} {:>6} {:>10} {:>6} {:>6}".format(*head))
    line = "{:34} {:5} {:11.2f} {:6.2f} {:10.2f} {:6.2f} {:6.0%}"
    for name, mode, w0, c0, w1, c1 in rows:
        print(line.format(name, mode, w0, w1, c0, c1, 1 - c1 / c0))
    w0, c0, w1, c1 = (sum(row[i] for row in rows) for i in range(2, 6))
    print(line.format("all", "", w0, w1, c0, c1, 1 - c1 / c0))
    print(f"{failures} page loads with different results")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or PAGES))
