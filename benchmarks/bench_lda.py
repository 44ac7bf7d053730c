"""linclass.FisherLDA.fit against scikit-learn's LinearDiscriminantAnalysis.

Two cases, 100k x 100, against ``solver="svd"`` (scikit-learn's default):

- two classes (issue 6, target ratio <= 0.25): Fisher's direction needs only the
  class means and the within-class scatter (one d x d product per class and a
  d x d solve), while the SVD solver factorises the whole centred n x d data
  matrix. The directions must agree (|cosine| > 1 - 1e-9) before anything is
  timed.
- ten classes (issue 17, target ratio <= 0.1): the within-class scatter (one
  n_c x d product per class, each class centred on its own mean), a d x d
  generalised eigenproblem and a d x d solve for
  the Gaussian linear machine. The subspaces spanned by the K - 1 directions must
  agree (largest principal angle < 1e-6) and so must the predictions.

Run: ``.venv/bin/python benchmarks/bench_lda.py`` (single-threaded BLAS).
"""

import os

os.environ["OPENBLAS_NUM_THREADS"] = "1"  # before numpy: stable, comparable numbers

import sys  # noqa: E402

import numpy as np  # noqa: E402
from bench_perceptron import median_times  # noqa: E402  (same directory)
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis  # noqa: E402

from linclass.lda import FisherLDA  # noqa: E402


def make_data(n, d, k, seed=0):
    rng = np.random.default_rng(seed)
    mixing = rng.standard_normal((d, d)) / np.sqrt(d) + np.eye(d)
    y = rng.integers(0, k, n)
    centres = rng.standard_normal((k, d))
    return rng.standard_normal((n, d)) @ mixing.T + centres[y], y


def largest_angle(A, B):
    """Largest principal angle (radians) between the column spaces of A and B."""
    qa, qb = np.linalg.qr(A)[0], np.linalg.qr(B)[0]
    return float(np.arccos(min(1.0, np.linalg.svd(qa.T @ qb, compute_uv=False).min())))


def agreement(ours, ref, k):
    """1 - cosine (two classes) or the largest principal angle (K classes)."""
    if k == 2:
        w, v = ours.coef_[0], ref.coef_[0]
        return 1 - w @ v / (np.linalg.norm(w) * np.linalg.norm(v))
    return largest_angle(ours.scalings_, ref.scalings_[:, : k - 1])


def main():
    n, d = 100_000, 100
    header = (
        f"{'FisherLDA.fit':<22} {'linclass s':>10} {'sklearn svd s':>13} "
        f"{'ratio':>6} {'target':>6}  ok"
    )
    print(header)
    print("-" * len(header))
    for k, target, tol in ((2, 0.25, 1e-9), (10, 0.1, 1e-6)):
        X, y = make_data(n, d, k)
        ours = FisherLDA().fit(X, y)
        ref = LinearDiscriminantAnalysis(solver="svd").fit(X, y)
        gap = agreement(ours, ref, k)
        assert gap < tol, gap
        assert np.mean(ours.predict(X) == ref.predict(X)) > 0.999
        t_ours, t_ref, _ = median_times(
            lambda X=X, y=y: FisherLDA().fit(X, y),
            lambda X=X, y=y: LinearDiscriminantAnalysis(solver="svd").fit(X, y),
            3,
        )
        ratio = t_ours / t_ref
        label = f"100k x 100, K = {k}"
        print(
            f"{label:<22} {t_ours:>10.4f} {t_ref:>13.4f} {ratio:>6.3f} "
            f"{target:>6.2f}  {'yes' if ratio <= target else 'NO'}  ({gap:.1e})"
        )
    versions = f"numpy {np.__version__}, Python {sys.version.split()[0]}"
    print(
        "(last column: 1 - cosine for K = 2, largest principal angle for K > 2; "
        f"medians; {versions})"
    )


if __name__ == "__main__":
    main()
