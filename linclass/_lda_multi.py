"""The K-class pieces of Fisher's discriminant (used by :class:`linclass.FisherLDA`).

With ``K`` classes Fisher's criterion becomes a ratio of scatters in a
``(K-1)``-dimensional subspace. The between-class scatter

    S_B = sum_c n_c (mu_c - mu)(mu_c - mu)'

has rank at most ``K - 1``, and the discriminant directions are the
eigenvectors of the generalised eigenproblem ``S_B w = lambda S_W w`` with the
``K - 1`` largest eigenvalues (Duda, Hart & Stork, section 3.8.3). Classification
uses the Gaussian linear machine: with the pooled covariance
``S = S_W / (n - K)`` and the class frequencies ``pi_c``,

    g_c(x) = mu_c' S^-1 x - mu_c' S^-1 mu_c / 2 + log pi_c,

the Bayes rule for Gaussian classes with a shared covariance matrix.
"""

from __future__ import annotations

import numpy as np
from scipy.linalg import eigh, solve

__all__ = ["class_statistics", "check_invertible", "discriminant_directions"]


def class_statistics(X, y_index, n_classes):
    """Class means, counts and the within-class scatter ``S_W``.

    Each class is centred on its own mean before its product, so the scatter
    stays accurate for data far from the origin and for classes far apart
    (subtracting ``sum_c n_c mu_c mu_c'`` from ``X'X`` would cancel digits).
    """
    d = X.shape[1]
    counts = np.bincount(y_index, minlength=n_classes)
    means = np.empty((n_classes, d))
    scatter = np.zeros((d, d))
    for c in range(n_classes):
        # one class at a time: the copy is n_c x d, never a second n x d array
        block = X[y_index == c]
        means[c] = block.mean(axis=0)
        block -= means[c]
        scatter += block.T @ block
    return means, counts, (scatter + scatter.T) / 2.0  # exactly symmetric


def check_invertible(system):
    """Raise a clear error if ``S_W + reg*I`` overflows or is numerically singular."""
    d = system.shape[0]
    if not np.isfinite(system).all():
        raise ValueError(
            "the within-class scatter matrix S_W overflows float64 (an entry is "
            "inf): the points are too far from their class means, about 1e154 or "
            "more; rescale X, e.g. divide it by its largest absolute value"
        )
    eig = np.linalg.eigvalsh(system)
    if eig[0] <= max(eig[-1], 1e-300) * (d * 1e-13):
        raise ValueError(
            "the within-class scatter matrix S_W + reg*I is singular "
            f"(eigenvalues from {eig[0]:.3g} to {eig[-1]:.3g}): the points, centred "
            "on their class means, do not span every direction, e.g. fewer points "
            "than features, collinear features (one a copy or linear combination "
            "of others) or a feature constant within each class; "
            "use reg > 0, e.g. FisherLDA(reg=1e-3)"
        )


def discriminant_directions(between, system, n_dof, n_directions):
    """The leading solutions of ``S_B w = lambda (S_W + reg*I) w``.

    Returns the eigenvalues (descending) and the directions as columns, scaled so
    that the projected data have unit pooled within-class variance
    (``w' S_W w / n_dof = 1``, with ``n_dof = n - K``), each with its largest
    component positive so that the result does not depend on the eigensolver.
    """
    d = system.shape[0]
    vals, vecs = eigh(between, system, subset_by_index=(d - n_directions, d - 1))
    vals, vecs = vals[::-1], vecs[:, ::-1]
    vecs *= np.sqrt(n_dof)  # eigh normalises w'(S_W + reg*I) w = 1
    signs = np.sign(vecs[np.abs(vecs).argmax(axis=0), np.arange(vecs.shape[1])])
    return np.clip(vals, 0.0, None), vecs * np.where(signs == 0, 1.0, signs)


def gaussian_machine(means, counts, system, n_dof):
    """Weights and biases of ``g_c(x) = mu_c' S^-1 x - mu_c' S^-1 mu_c / 2 + log pi_c``.

    ``S = system / n_dof`` is the pooled covariance (``system = S_W + reg*I``).
    """
    coef = n_dof * solve(system, means.T, assume_a="pos").T  # rows mu_c' S^-1
    priors = counts / counts.sum()
    intercept = -0.5 * np.einsum("cj,cj->c", coef, means) + np.log(priors)
    return coef, intercept, priors
