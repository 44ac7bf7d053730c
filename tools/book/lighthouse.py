"""``make lighthouse``: every page of the built site in Lighthouse's mobile profile.

Lighthouse (pinned in ``tools/lighthouse/package.json``, installed there by
``npm ci``, never globally) loads each served page of ``_build/html`` from a local
server that gzips text as GitHub Pages does, in its default mobile profile (a
mid-range phone on a slow 4G line, simulated), three runs a page. The table holds
each figure's median over the runs: the performance and accessibility scores,
largest contentful paint, total blocking time, cumulative layout shift, the bytes
transferred and the DOM's size, against the course's budgets. It is written to
``benchmarks/lighthouse.md`` with the machine and copied into README's performance
section between its own marker lines.

    python -m tools.book.lighthouse [--pages index chapters/02_perceptron] [--runs 3]
        [--fail-under 90] [--no-readme]

The exit status is 1 when a page misses a budget with ``--fail-under`` given
(the CI workflow does that), 2 when Lighthouse cannot run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from tools.book import bench_report
from tools.book.bench_report import ROOT, machine_lines
from tools.book.browser import find_browser
from tools.book.local_server import serve

HTML = ROOT / "_build" / "html"
TOOL = ROOT / "tools" / "lighthouse"
RESULTS = Path("benchmarks", "lighthouse.md")
BEGIN = (
    "<!-- begin benchmarks/lighthouse.md: written by `make lighthouse`, do not edit -->"
)
END = "<!-- end benchmarks/lighthouse.md -->"
# Every page a reader can land on (the chapters are found in the built site).
PAGES = (
    "intro",
    "teaching",
    "api",
    "api-helpers",
    "references",
    "search",
    "genindex",
    "py-modindex",
    "prf-prf",
)
# figure: (budget, True when higher is better)
BUDGETS = {
    "perf": (90, True),
    "a11y": (100, True),
    "lcp_s": (2.5, False),
    "tbt_ms": (200, False),
    "cls": (0.1, False),
    "kb": (400, False),
    "dom": (6000, False),
}
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run"


def pages(html=HTML):
    """The served pages, landing page first, as paths without ``.html``."""
    chapters = sorted(p.stem for p in (html / "chapters").glob("[0-9]*.html"))
    found = [PAGES[0], *(f"chapters/{c}" for c in chapters), *PAGES[1:]]
    return [page for page in found if (html / f"{page}.html").is_file()]


def figures(report):
    """The table's figures from one Lighthouse JSON report."""
    audits = report["audits"]
    cats = report["categories"]
    return {
        "perf": round(cats["performance"]["score"] * 100),
        "a11y": round(cats["accessibility"]["score"] * 100),
        "lcp_s": audits["largest-contentful-paint"]["numericValue"] / 1000,
        "tbt_ms": audits["total-blocking-time"]["numericValue"],
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "kb": audits["total-byte-weight"]["numericValue"] / 1000,
        "dom": audits["dom-size"]["numericValue"],
    }


def median_figures(runs):
    """Each figure's median over the runs (a figure of its own, not one run's)."""
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def misses(row):
    """The budgets a page's figures miss, by name."""
    out = []
    for key, (budget, higher) in BUDGETS.items():
        if (row[key] < budget) if higher else (row[key] > budget):
            out.append(key)
    return out


def table(rows):
    """The Markdown table of the medians, one row per page."""
    head = (
        "| page | performance | accessibility | LCP (s) | TBT (ms) | CLS | "
        "transferred (KB) | DOM elements | budgets missed |\n"
        "|---|--:|--:|--:|--:|--:|--:|--:|---|\n"
    )
    lines = []
    for page, row in rows.items():
        missed = ", ".join(misses(row)) or "none"
        lines.append(
            f"| {page} | {row['perf']:.0f} | {row['a11y']:.0f} | {row['lcp_s']:.1f} "
            f"| {row['tbt_ms']:.0f} | {row['cls']:.3f} | {row['kb']:.0f} "
            f"| {row['dom']:.0f} | {missed} |"
        )
    budget = (
        "Budgets: performance >= 90, accessibility 100, LCP <= 2.5 s, TBT <= 200 ms, "
        "CLS <= 0.1, <= 400 KB transferred, <= 6,000 DOM elements."
    )
    return head + "\n".join(lines) + "\n\n" + budget + "\n"


def lighthouse_bin(tool=TOOL):
    path = tool / "node_modules" / ".bin" / "lighthouse"
    if not path.exists():
        raise SystemExit(
            f"Lighthouse is not installed in {tool}: run `npm ci --prefix {tool}` "
            "(make lighthouse does it)"
        )
    return path


def run_once(url, chrome, out):
    """One Lighthouse run of ``url``; its JSON report."""
    cmd = [
        str(lighthouse_bin()),
        url,
        "--quiet",
        "--output=json",
        f"--output-path={out}",
        "--only-categories=performance,accessibility",
        f"--chrome-flags={CHROME_FLAGS}",
    ]
    env = {**os.environ, "CHROME_PATH": chrome}
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if done.returncode or not Path(out).is_file():
        raise SystemExit(f"Lighthouse failed on {url}:\n{done.stderr[-2000:]}")
    return json.loads(Path(out).read_text(encoding="utf-8"))


def measure(names, runs=3, html=HTML, say=print):
    chrome = find_browser()
    rows = {}
    with serve(html, compress=True) as base, tempfile.TemporaryDirectory() as tmp:
        for name in names:
            got = []
            for k in range(runs):
                report = run_once(f"{base}{name}.html", chrome, Path(tmp, f"{k}.json"))
                got.append(figures(report))
            rows[name] = median_figures(got)
            row = rows[name]
            say(
                f"[lighthouse] {name}: performance {row['perf']:.0f}, "
                f"LCP {row['lcp_s']:.1f} s, TBT {row['tbt_ms']:.0f} ms, "
                f"{row['kb']:.0f} KB, {row['dom']:.0f} elements"
            )
    return rows


def version(tool=TOOL):
    lock = json.loads((tool / "package-lock.json").read_text(encoding="utf-8"))
    return lock["packages"]["node_modules/lighthouse"]["version"]


def results_text(rows, runs, chrome_version=""):
    lines = machine_lines()
    lines[0] = lines[0].replace("`make bench`", "`make lighthouse`")
    lines.append(
        f"- Lighthouse {version()}, mobile profile (simulated slow 4G, 4x CPU "
        f"slowdown), {chrome_version}; site served gzip-compressed from "
        f"127.0.0.1; median of {runs} runs a page"
    )
    return "\n".join(lines) + "\n\n" + table(rows)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", nargs="*", help="pages without .html (default: all)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--fail-under", type=float, default=None)
    parser.add_argument("--no-readme", action="store_true")
    parser.add_argument("--out", type=Path, default=ROOT / RESULTS)
    parser.add_argument("--site", type=Path, default=HTML, help="the built site")
    args = parser.parse_args(argv)
    names = args.pages or pages(args.site)
    if not names:
        raise SystemExit(f"no built pages in {args.site}: run make book first")
    chrome = find_browser()
    chrome_version = subprocess.run(
        [chrome, "--version"], capture_output=True, text=True
    ).stdout.strip()
    rows = measure(names, runs=args.runs, html=args.site)
    text = results_text(rows, args.runs, chrome_version)
    args.out.write_text(text, encoding="utf-8")
    print(text)
    if not args.no_readme:
        readme = ROOT / "README.md"
        new = bench_report.with_results(readme.read_text("utf-8"), text, BEGIN, END)
        readme.write_text(new, "utf-8")
        print(f"wrote {args.out} and README.md's Lighthouse table")
    if args.fail_under is not None:
        bad = {p: misses(r) for p, r in rows.items() if r["perf"] < args.fail_under}
        if bad:
            print(f"[lighthouse] below {args.fail_under:.0f}: {', '.join(bad)}")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
