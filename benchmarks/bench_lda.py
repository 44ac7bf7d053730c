"""linclass.FisherLDA.fit against scikit-learn's LinearDiscriminantAnalysis.

Issue 6 target: 100k x 100, ratio <= 0.25 against ``solver="svd"`` (the
default). Fisher's two-class direction needs only the class means and the
within-class scatter (one d x d product per class and a d x d solve), while
the SVD solver factorises the whole centred n x d data matrix. The directions
must agree (|cosine| > 1 - 1e-9) before anything is timed.

Run: ``.venv/bin/python benchmarks/bench_lda.py`` (single-threaded BLAS).
"""

import os

os.environ["OPENBLAS_NUM_THREADS"] = "1"  # before numpy: stable, comparable numbers

import sys  # noqa: E402

import numpy as np  # noqa: E402
from bench_perceptron import median_times  # noqa: E402  (same directory)
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis  # noqa: E402

from linclass.lda import FisherLDA  # noqa: E402


def main():
    rng = np.random.default_rng(0)
    n, d = 100_000, 100
    mixing = rng.standard_normal((d, d)) / np.sqrt(d) + np.eye(d)
    y = rng.integers(0, 2, n)
    X = rng.standard_normal((n, d)) @ mixing.T + np.outer(y, rng.standard_normal(d))
    ours = FisherLDA().fit(X, y)
    ref = LinearDiscriminantAnalysis(solver="svd").fit(X, y)
    w, v = ours.coef_[0], ref.coef_[0]
    cosine = w @ v / (np.linalg.norm(w) * np.linalg.norm(v))
    assert cosine > 1 - 1e-9, cosine
    assert np.mean(ours.predict(X) == ref.predict(X)) > 0.999
    t_ours, t_ref, _ = median_times(
        lambda: FisherLDA().fit(X, y),
        lambda: LinearDiscriminantAnalysis(solver="svd").fit(X, y),
        3,
    )
    ratio = t_ours / t_ref
    header = (
        f"{'FisherLDA.fit':<22} {'linclass s':>10} {'sklearn svd s':>13} "
        f"{'ratio':>6} {'target':>6}  ok"
    )
    print(header)
    print("-" * len(header))
    print(
        f"{'100k x 100':<22} {t_ours:>10.4f} {t_ref:>13.4f} {ratio:>6.3f} "
        f"{0.25:>6.2f}  {'yes' if ratio <= 0.25 else 'NO'}"
    )
    versions = f"numpy {np.__version__}, Python {sys.version.split()[0]}"
    print(f"(1 - cosine of the two directions = {1 - cosine:.1e}; medians; {versions})")


if __name__ == "__main__":
    main()
