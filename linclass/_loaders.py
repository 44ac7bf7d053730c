"""Loaders for the real data sets bundled with scikit-learn (re-exported by
linclass.data). Nothing is downloaded: only ``sklearn.datasets.load_*`` is used.
"""

from __future__ import annotations

import numbers

import numpy as np
from sklearn import datasets as _skd

__all__ = ["load_iris", "load_digits", "load_breast_cancer"]


def _select(wanted, names, what):
    """Indices of ``wanted`` (names or integer positions) in ``names``."""
    if len(wanted) == 0:  # an empty data set would fail later, far from the cause
        raise ValueError(f"choose at least one {what}, or None for all of them")
    short = [
        str(s).split(" (")[0] for s in names
    ]  # "petal length (cm)" -> "petal length"
    out = []
    for item in wanted:
        if isinstance(item, numbers.Integral) and not isinstance(item, bool):
            if not 0 <= item < len(names):
                raise ValueError(
                    f"{what} index {item} out of range 0..{len(names) - 1}"
                )
            out.append(int(item))
        elif item in list(names) or item in short:
            out.append(
                list(names).index(item) if item in list(names) else short.index(item)
            )
        else:
            raise ValueError(f"unknown {what} {item!r}; choose from {list(names)}")
    if len(set(out)) != len(out):
        raise ValueError(f"{what}s must not repeat; got {list(wanted)}")
    return out


def load_iris(classes=None, features=None):
    """Fisher's iris data (scikit-learn's bundled copy, which follows Fisher's table).

    Parameters
    ----------
    classes : sequence of str or int, default=None
        Species to keep, by name (``"setosa"``, ``"versicolor"``, ``"virginica"``) or
        index; labels are renumbered ``0, 1, ...`` in the order given, so
        ``classes=["setosa", "versicolor"]`` makes versicolor the positive class.
    features : sequence of str or int, default=None
        Columns to keep, by name (``"petal length (cm)"`` or just ``"petal length"``)
        or index, in the order given.

    Returns
    -------
    X : ndarray of shape (n, d)
    y : ndarray of int, shape (n,)
    feature_names : list of str
    class_names : list of str
        ``class_names[y[i]]`` is the species of row i.

    Examples
    --------
    >>> X, y, feats, names = load_iris(["setosa", "versicolor"], ["petal length"])
    >>> X.shape, feats, names
    ((100, 1), ['petal length (cm)'], ['setosa', 'versicolor'])
    """
    bunch = _skd.load_iris()
    all_classes = [str(c) for c in bunch.target_names]
    keep_c = (
        list(range(3)) if classes is None else _select(classes, all_classes, "class")
    )
    keep_f = (
        list(range(4))
        if features is None
        else _select(features, bunch.feature_names, "feature")
    )
    rows = np.isin(bunch.target, keep_c)
    relabel = {c: i for i, c in enumerate(keep_c)}
    y = np.array([relabel[t] for t in bunch.target[rows]], dtype=int)
    X = bunch.data[rows][:, keep_f].astype(np.float64)
    return (
        X,
        y,
        [bunch.feature_names[j] for j in keep_f],
        [all_classes[c] for c in keep_c],
    )


def load_digits(classes=None):
    """The 8x8 handwritten digits (scikit-learn's bundled copy, 1797 images).

    Parameters
    ----------
    classes : sequence of int, default=None
        Digits to keep (labels stay the digits themselves), e.g. ``(3, 8)``.

    Returns
    -------
    X : ndarray of shape (n, 64)
        Pixel intensities 0..16; ``X[i].reshape(8, 8)`` is the image.
    y : ndarray of int, shape (n,)

    Examples
    --------
    >>> X, y = load_digits(classes=(3, 8))
    >>> sorted(set(y.tolist()))
    [3, 8]
    """
    bunch = _skd.load_digits()
    X, y = bunch.data.astype(np.float64), bunch.target.astype(int)
    if classes is not None:
        keep = _select(classes, [str(i) for i in range(10)], "class")
        rows = np.isin(y, keep)
        X, y = X[rows], y[rows]
    return X, y


def load_breast_cancer():
    """The Wisconsin diagnostic breast cancer data (scikit-learn's bundled copy).

    Returns
    -------
    X : ndarray of shape (569, 30)
    y : ndarray of int, shape (569,)
        scikit-learn's coding: 0 = malignant, 1 = benign.
    feature_names : list of str

    Examples
    --------
    >>> X, y, names = load_breast_cancer()
    >>> X.shape, len(names)
    ((569, 30), 30)
    """
    bunch = _skd.load_breast_cancer()
    return (
        bunch.data.astype(np.float64),
        bunch.target.astype(int),
        list(bunch.feature_names),
    )
