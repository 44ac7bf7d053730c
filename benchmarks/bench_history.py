"""Memory and speed of a perceptron's ``history_``.

Issue 6 targets, for a run of 10^6 steps with about a hundred mistakes at
d = 50: the history holds at most 10 MB (a dense weights-per-step array would
take 10^6 x 51 x 8 bytes = 408 MB; that figure is computed, not allocated),
and ``weights_at(t)`` costs at most 20 microseconds for random t.

Run: ``.venv/bin/python benchmarks/bench_history.py``.
"""

import os

os.environ["OPENBLAS_NUM_THREADS"] = "1"  # before numpy: stable, comparable numbers

import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

from linclass.data import make_separable  # noqa: E402
from linclass.perceptron import Perceptron  # noqa: E402


def check_against_updates(history, est, rng):
    """weights_at(t) must equal the sequential sum of the updates up to t."""
    T = history.n_steps
    assert np.array_equal(history.weights_at(T)[0], est.coef_[0])
    assert history.weights_at(T)[1] == est.intercept_[0]
    for t in rng.integers(0, T + 1, 20):
        w, b = np.zeros(est.n_features_in_), 0.0
        for s in history.mistake_steps[history.mistake_steps <= t]:
            dw, db = history.update_at(int(s))
            w, b = w + dw, b + db
        got_w, got_b = history.weights_at(int(t))
        assert np.array_equal(got_w, w) and got_b == b


def measure(label, est, X, y, rng):
    est.fit(X, y)
    h = est.history_
    check_against_updates(h, est, rng)
    dense = h.n_steps * (X.shape[1] + 1) * 8  # bytes of a (T, d + 1) float64 array
    ts = rng.integers(0, h.n_steps + 1, 10_000).tolist()
    times = []
    for _ in range(5):
        start = time.perf_counter()
        for t in ts:
            h.weights_at(t)
        times.append((time.perf_counter() - start) / len(ts))
    per_call = float(np.median(times))
    return label, h.n_steps, len(h.mistake_steps), h.nbytes, dense, per_call


def main():
    rng = np.random.default_rng(0)
    data = make_separable(n=250_000, d=50, margin=0.05, random_state=3)
    rows = [
        measure("cyclic order", Perceptron(), data.X, data.y, rng),
        measure(
            "random order (int32 visits)",
            Perceptron(order="random", random_state=1),
            data.X,
            data.y,
            rng,
        ),
    ]
    header = (
        f"{'history_ (d = 50)':<28} {'steps':>9} {'mistakes':>8} {'held MB':>8} "
        f"{'dense MB':>8} {'ok <=10':>7} {'weights_at us':>13} {'ok <=20':>7}"
    )
    print(header)
    print("-" * len(header))
    for label, steps, mistakes, held, dense, per_call in rows:
        print(
            f"{label:<28} {steps:>9} {mistakes:>8} {held / 1e6:>8.3f} "
            f"{dense / 1e6:>8.0f} {'yes' if held <= 10e6 else 'NO':>7} "
            f"{per_call * 1e6:>13.2f} {'yes' if per_call <= 20e-6 else 'NO':>7}"
        )
    versions = f"numpy {np.__version__}, Python {sys.version.split()[0]}"
    print(f"(weights_at: median over 5 x 10^4 random steps; {versions})")


if __name__ == "__main__":
    main()
