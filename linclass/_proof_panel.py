"""The convergence proof of the perceptron, live: the panel of ``Stepper(reference=)``.

Novikoff's argument sandwiches two numbers after ``k`` mistakes: the progress
along a unit separator ``w*`` grows at least linearly,
``w_k . w* >= eta k gamma``, while the length grows at most like a square
root, ``||w_k|| <= eta R sqrt(k)``. Since ``w_k . w* <= ||w_k||``, ``k`` cannot
exceed ``(R / gamma)^2``. The panel draws the four curves against ``k`` with a
cursor at the current step.
"""

from __future__ import annotations

import numpy as np
from matplotlib.ticker import MaxNLocator

from linclass._artists import INK, MISTAKE, cursor
from linclass._radius import max_norm

_BLUE = "#0072B2"
_MAX_POINTS = 4000


class ProofPanel:
    """Curves of ``w_k.w*``, ``eta k gamma``, ``||w_k||`` and ``eta R sqrt(k)``.

    The curves live in the augmented space the run learns in: ``x~ = (x, c)``
    and ``w~ = (w, b / c)``, with ``c = 1`` (``bias_update="unit"``) or
    ``c = R`` (``bias_update="r2"``); without an intercept, ``x~ = x``.
    ``w_star`` must be a unit vector of that space and ``gamma`` at most its
    margin on the data.
    """

    def __init__(self, estimator, X, y_pm, reference):
        h = estimator.history_
        if h.n_steps > 0 and h.index_at(1) < 0:
            raise ValueError(
                "reference needs an online run (mode='online'): the batch rule "
                "adds several points per step and the mistake bound does not apply"
            )
        try:
            w_star, gamma = reference
        except (TypeError, ValueError):
            raise TypeError("reference must be a pair (w_star, gamma)") from None
        self.h = h
        self.eta = float(getattr(estimator, "eta", 1.0))
        radius = max_norm(X)
        intercept = bool(getattr(estimator, "fit_intercept", True))
        r2 = getattr(estimator, "bias_update", "unit") == "r2"
        self.c = (radius if r2 else 1.0) if intercept else 0.0
        Xa = np.hstack([X, np.full((len(X), 1), self.c)])
        w_star = np.asarray(w_star, dtype=float).ravel()
        d = X.shape[1]
        if w_star.shape == (d,) and not intercept:
            w_star = np.append(w_star, 0.0)
        if w_star.shape != (d + 1,) or not np.all(np.isfinite(w_star)):
            want = f"{d + 1} (w*, b*)" if intercept else f"{d}"
            raise ValueError(
                f"reference w_star must have {want} finite entries; "
                f"got shape {w_star.shape}"
            )
        norm = float(np.linalg.norm(w_star))
        if abs(norm - 1.0) > 1e-6:
            raise ValueError(
                f"reference w_star must have unit norm (the theorem is stated for "
                f"||w*|| = 1 in the augmented space); got norm {norm:.4g}"
            )
        gamma = float(gamma)
        margin = float(np.min(y_pm * (Xa @ w_star)))
        if not 0 < gamma <= margin + 1e-9:
            raise ValueError(
                f"reference gamma must lie in (0, {margin:.4g}], the "
                f"margin of w_star on X; got {gamma:.4g}"
            )
        self.w_star, self.gamma = w_star, gamma
        self.R = max_norm(Xa)
        self._curves()

    def _augmented(self, t):
        w, b = self.h.weights_at(int(t))
        return np.append(w, b / self.c if self.c else 0.0)

    def _curves(self):
        steps = self.h.mistake_steps
        m = len(steps)
        ks = np.arange(m + 1)
        if m + 1 > _MAX_POINTS:  # a long run: the curves need not every mistake
            ks = np.unique(np.linspace(0, m, _MAX_POINTS).round().astype(int))
        W = np.array([self._augmented(0 if k == 0 else steps[k - 1]) for k in ks])
        self.ks = ks
        self.progress = W @ self.w_star
        self.length = np.linalg.norm(W, axis=1)
        self.bound = (self.R / self.gamma) ** 2

    def setup(self, ax):
        """Draw the two bounds; create the cursor and the two measured curves."""
        m = int(self.ks[-1])
        top = max(m, 1) * 1.08
        if self.bound <= 3 * max(m, 1):
            top = max(top, 1.08 * self.bound)  # show where the bounds cross
        k = np.linspace(0, top, 300)
        eta = self.eta
        # The measured curves grow with the cursor: a frame shows no future mistakes.
        (self.progress_line,) = ax.plot(
            [], [], color=_BLUE, lw=2, label="$w_k\\cdot w^*$", animated=True
        )
        ax.plot(
            k,
            eta * k * self.gamma,
            color=_BLUE,
            ls="--",
            lw=1.3,
            label="$\\eta k\\gamma$ (lower bound)",
        )
        (self.length_line,) = ax.plot(
            [], [], color=MISTAKE, lw=2, label="$\\|w_k\\|$", animated=True
        )
        ax.plot(
            k,
            eta * self.R * np.sqrt(k),
            color=MISTAKE,
            ls="--",
            lw=1.3,
            label="$\\eta R\\sqrt{k}$ (upper bound)",
        )
        if self.bound <= top:
            ax.axvline(
                self.bound,
                color=INK,
                ls=":",
                lw=1,
                label=f"$(R/\\gamma)^2 = {self.bound:.3g}$",
            )
        ax.set(
            xlim=(0, top),
            xlabel="mistakes k",
            ylabel="value",
        )
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # k counts mistakes
        ax.set_ylim(
            min(0.0, float(self.progress.min())) * 1.1,
            1.4 * eta * self.R * np.sqrt(top),
        )
        ax.set_title("Novikoff's proof, live", fontsize=10)
        ax.legend(loc="upper left", fontsize=8)
        self.cursor = cursor(ax)
        self.dots = ax.scatter(
            [0, 0], [0, 0], s=28, c=[_BLUE, MISTAKE], zorder=5, animated=True
        )

    def update(self, k):
        """Put the cursor at ``k`` mistakes and draw the measured curves up to it."""
        j = min(int(np.searchsorted(self.ks, k)), len(self.ks) - 1)
        self.cursor.set_xdata([k, k])
        self.dots.set_offsets([[k, self.progress[j]], [k, self.length[j]]])
        done = self.ks < k
        ks = np.append(self.ks[done], k)
        self.progress_line.set_data(
            ks, np.append(self.progress[done], self.progress[j])
        )
        self.length_line.set_data(ks, np.append(self.length[done], self.length[j]))
