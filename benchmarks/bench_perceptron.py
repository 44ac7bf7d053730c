"""linclass.Perceptron.fit against scikit-learn's compiled perceptron.

Both learn the textbook rule with the same epochs, so their weights must be
identical (this is asserted before timing). Rows (issue 6 targets):

- 100k x 50, separable with a margin: ratio <= 1.0
- 1M x 20, separable with a margin: ratio <= 1.0
- 100k x 50 with flipped labels (many mistakes per epoch): ratio <= 1.5; two
  noise levels show how the cost grows with the mistakes per epoch (each
  mistake costs a few microseconds of Python/numpy overhead, each visit of
  scikit-learn's compiled loop about 50 ns).

Run: ``.venv/bin/python benchmarks/bench_perceptron.py`` (single-threaded BLAS).
"""

import os

os.environ["OPENBLAS_NUM_THREADS"] = "1"  # before numpy: stable, comparable numbers

import sys  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402

import numpy as np  # noqa: E402
from sklearn.exceptions import ConvergenceWarning  # noqa: E402
from sklearn.linear_model import Perceptron as SkPerceptron  # noqa: E402

from linclass.data import flip_labels, make_separable  # noqa: E402
from linclass.perceptron import Perceptron  # noqa: E402


def median_times(fit_a, fit_b, repeats):
    """Medians of alternating runs (both see the same machine load), and the range
    of the ratio a/b over the pairs of consecutive runs."""
    times = {fit_a: [], fit_b: []}
    for _ in range(repeats):
        for fit in (fit_a, fit_b):
            start = time.perf_counter()
            fit()
            times[fit].append(time.perf_counter() - start)
    pairs = np.array(times[fit_a]) / np.array(times[fit_b])
    medians = float(np.median(times[fit_a])), float(np.median(times[fit_b]))
    return (*medians, (float(pairs.min()), float(pairs.max())))


def case(label, X, y, target, repeats, max_iter=None):
    """Fit both, check identical weights, then time both; returns a table row."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        ours = Perceptron(max_iter=max_iter or 1000)
        ours.fit(X, y)
        epochs = ours.n_iter_
        ref = SkPerceptron(
            shuffle=False, eta0=1.0, penalty=None, tol=None, max_iter=epochs
        )
        ref.fit(X, y)
        assert np.array_equal(ours.coef_, ref.coef_), label
        assert np.array_equal(ours.intercept_, ref.intercept_), label
        t_ours, t_ref, spread = median_times(
            lambda: ours.fit(X, y), lambda: ref.fit(X, y), repeats
        )
    per_epoch = ours.n_mistakes_ / epochs
    ratio = t_ours / t_ref
    row = (label, epochs, per_epoch, t_ours, t_ref, ratio, spread, target)
    return (*row, ratio <= target)


def main():
    rows = []
    data = make_separable(n=100_000, d=50, margin=0.05, random_state=0)
    rows.append(case("100k x 50, margin 0.05", data.X, data.y, 1.0, 7))
    for rate in (0.001, 0.003):
        noisy = flip_labels(data.y, rate, random_state=1)
        label = f"100k x 50, {100 * rate:.1f}% flipped"
        rows.append(case(label, data.X, noisy, 1.5, 5, max_iter=10))
    del data, noisy
    big = make_separable(n=1_000_000, d=20, margin=0.05, random_state=2)
    rows.append(case("1M x 20, margin 0.05", big.X, big.y, 1.0, 5))
    header = (
        f"{'Perceptron.fit (identical weights)':<26} {'epochs':>6} "
        f"{'mistakes/epoch':>14} {'linclass s':>10} {'sklearn s':>10} "
        f"{'ratio':>6} {'range':>11} {'target':>6}  ok"
    )
    print(header)
    print("-" * len(header))
    for label, epochs, per_epoch, t_ours, t_ref, ratio, spread, target, ok in rows:
        print(
            f"{label:<26} {epochs:>6} {per_epoch:>14.0f} {t_ours:>10.4f} "
            f"{t_ref:>10.4f} {ratio:>6.2f} {spread[0]:>5.2f}-{spread[1]:<5.2f} "
            f"{target:>6.2f}  {'yes' if ok else 'NO'}"
        )
    print(
        "(medians of alternating runs; range: the ratio over each pair of runs; "
        f"numpy {np.__version__}, Python {sys.version.split()[0]})"
    )


if __name__ == "__main__":
    main()
