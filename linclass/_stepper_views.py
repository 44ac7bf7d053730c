"""What a :class:`linclass.Stepper` draws for each kind of fitted estimator.

A view knows one history and the data. ``setup(fig)`` draws the fixed parts
and creates the movable artists; ``update(t)`` moves them to step ``t`` and
returns the caption of that step. Views never create artists after setup.
"""

from __future__ import annotations

import numpy as np

from linclass import plotting
from linclass._artists import (
    INK,
    MISTAKE,
    OLD,
    UPDATE,
    Arrow,
    Hyperplane,
    Rings,
    VectorFrame,
    binary_labels,
    cursor,
    scale_text,
    side_legend,
    status_title,
    view_limits,
)
from linclass._palette import TEXT_COLORS
from linclass._proof_panel import ProofPanel

# The ring is black on a correct visit and vermillion (MISTAKE) on a mistake.
VISITED = "visited point\n(vermillion: a mistake)"


def _pm(v):
    return "+1" if v > 0 else "−1"


def _count(n, noun):
    """``"1 point"``, ``"3 points"``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _mistakes(k):
    return _count(k, "mistake")


def _point(i):
    """Captions number the points from 1, like the x_1, ..., x_n of the text."""
    return f"point {i + 1}"


def _start(estimator, subscript=""):
    """``"w = 0, b = 0"``, without ``b`` for a classifier through the origin."""
    zero = f"w{subscript} = 0"
    if getattr(estimator, "fit_intercept", True):
        zero += f", b{subscript} = 0"
    return zero


def _bias_step(estimator, total=""):
    """The bias update in symbols: ``", b ← b + η y"``, ``R²`` for Shalizi's rule."""
    if not getattr(estimator, "fit_intercept", True):
        return ""
    r2 = " R²" if getattr(estimator, "bias_update", "unit") == "r2" else ""
    return f", b ← b + η {total}y{r2}"


def _status(t, T, mistake, k):
    """The one-line text box of a step."""
    return f"step {t} / {T} · {'mistake' if mistake else 'correct'} · {_mistakes(k)}"


def _show_visit(view, t, start):
    """Ring the point visited at step ``t`` and write the status line.

    Returns ``(index, mistake)``, or ``(None, False)`` for the initial state.
    """
    h = view.h
    if t == 0:
        view.ring.set(np.zeros((0, 2)))
        view.box.set_text(f"step 0 / {h.n_steps} · {start}")
        return None, False
    i, mistake = h.index_at(t), h.is_mistake(t)
    view.ring.set(view.X[i : i + 1], MISTAKE if mistake else INK)
    view.box.set_text(_status(t, h.n_steps, mistake, h.mistakes_until(t)))
    return i, mistake


class BinaryView:
    """Data panel of a binary run: data, hyperplane(s), w, update, visited point."""

    title = "The perceptron, step by step"

    def __init__(self, estimator, X, y_pm, reference=None):
        self.h = estimator.history_
        self.X, self.y = X, y_pm
        self.labels = binary_labels(estimator.classes_)
        self.eta = float(getattr(estimator, "eta", 1.0))
        self.start = _start(estimator)
        self.bias_step, self.batch_bias_step = (
            _bias_step(estimator),
            _bias_step(estimator, "Σ "),
        )
        self.converged = bool(getattr(estimator, "converged_", False))
        self.batch = self.h.n_steps > 0 and self.h.index_at(1) < 0
        self.xlim, self.ylim = view_limits(X)
        self.vectors = VectorFrame(self.xlim, self.ylim)
        self.proof = None
        if reference is not None:
            self.proof = ProofPanel(estimator, X, y_pm, reference)
        self.panels = 1 if self.proof is None else 2

    @property
    def figsize(self):
        """Figure size in inches: one or two panels."""
        return (6.6, 4.0) if self.panels == 1 else (9.6, 3.9)

    # ----------------------------------------------------------------- setup
    def _axes(self, fig):
        fig.set_layout_engine("constrained")
        if self.panels == 1:
            return fig.add_subplot(), None
        ax, ax2 = fig.subplots(1, 2, width_ratios=[1.15, 1])
        return ax, ax2

    def _data_panel(self, ax, label="decision boundary", **line):
        plotting.plot_data(ax, self.X, self.y, labels=self.labels)
        plotting.setup_axes(ax, self.xlim, self.ylim)
        positive = plotting.class_colors(2)[1]
        self.plane = Hyperplane(ax, shade=positive, label=label, **line)
        self.box = status_title(ax)
        self.undefined = ax.text(
            0.5,
            0.5,
            "w = 0: the hyperplane\nis not defined yet",
            transform=ax.transAxes,
            ha="center",
            va="center",
            fontsize=10,
            color=TEXT_COLORS["warning"],
            zorder=6,
            animated=True,
            bbox=dict(boxstyle="round", fc="white", ec=MISTAKE),
        )

    def setup(self, fig):
        """Draw the fixed parts and create the movable artists."""
        ax, ax2 = self._axes(fig)
        self._data_panel(ax)
        self.old_plane = Hyperplane(
            ax, color=OLD, ls="--", lw=1.4, label="boundary before"
        )
        self.w_old = Arrow(ax, color=OLD, lw=1.4, label="w before")
        tail = "origin" if self.vectors.from_origin else "centre"
        self.w_arrow = Arrow(ax, color=INK, label=f"w (from the {tail})")
        update = "η Σ y x (update)" if self.batch else "η y x (update)"
        self.dw_arrow = Arrow(ax, color=UPDATE, label=update)
        # In a batch frame the rings are the mistakes of the dashed "boundary before".
        ring_label = "misclassified before" if self.batch else VISITED
        self.ring = Rings(ax, color=MISTAKE if self.batch else INK, label=ring_label)
        # A diamond, so that it cannot be read as the square marker of the +1 class;
        # vermillion, because a broken point is now a mistake (green is the update).
        self.broken = Rings(
            ax,
            color=MISTAKE,
            size=260,
            lw=1.8,
            marker="D",
            label="broken by the update",
        )
        self.note = side_legend(ax)
        if self.proof is not None:
            self.proof.setup(ax2)

    # ---------------------------------------------------------------- update
    def _move_vectors(self, w, w_old=None, dw=None):
        s = self.vectors.scale(w, *([] if w_old is None else [w_old]))
        a = self.vectors.anchor
        self.w_arrow.set(a, a + s * w)
        if w_old is None:
            self.w_old.hide()
            self.dw_arrow.hide()
        else:
            self.w_old.set(a, a + s * w_old)
            self.dw_arrow.set(a + s * w_old, a + s * (w_old + dw))
        return s

    def broken_at(self, t):
        """Indices of the points correct before step ``t`` and wrong after it.

        Examples
        --------
        >>> import linclass as lc
        >>> X = np.array([[1.0, 1.0], [0.5, -1.0], [-1.0, 0.0]])
        >>> y = np.array([1, 1, -1])
        >>> view = BinaryView(lc.Perceptron().fit(X, y), X, y)
        >>> [view.broken_at(t).tolist() for t in (1, 2, 3)]
        [[], [], [1]]
        """
        if t == 0:
            return np.zeros(0, dtype=np.intp)
        (w_old, b_old), (w, b) = self.h.weights_at(t - 1), self.h.weights_at(t)
        before = self.y * (self.X @ w_old + b_old) > 0
        after = self.y * (self.X @ w + b) <= 0
        return np.flatnonzero(before & after)

    def update(self, t):
        """Move everything to step ``t``; return the caption."""
        h, T = self.h, self.h.n_steps
        w, b = h.weights_at(t)
        self.undefined.set_visible(not np.any(w))
        self.plane.set(w, b)
        k = h.mistakes_until(t)
        if self.proof is not None:
            self.proof.update(k)
        broken = self.broken_at(t)
        self.broken.set(self.X[broken])
        # The source lecture stresses it: fixing one point can break others.
        hurt = ""
        if len(broken):
            hurt = f" · it broke {_count(len(broken), 'correct point')}"
        if t == 0:
            self.old_plane.set(np.zeros(2), 0.0)
            self.ring.set(np.zeros((0, 2)))
            s = self._move_vectors(w)
            self._box(f"step 0 / {T} · start: {self.start}", s)
            return f"step 0 of {T}: the weights start at {self.start}"
        w_old, b_old = h.weights_at(t - 1)
        mistake = h.is_mistake(t)
        dw = h.update_at(t)[0]
        self.old_plane.set(w_old if mistake else np.zeros(2), b_old)
        if self.batch:
            wrong = self.y * (self.X @ w_old + b_old) <= 0
            self.ring.set(self.X[wrong])
            s = self._move_vectors(w, w_old, dw) if mistake else self._move_vectors(w)
            what = _count(int(wrong.sum()), "point") + " misclassified"
            self._box(f"step {t} / {T} · {what} · {_count(k, 'update')}{hurt}", s)
            step = f"w ← w + η Σ y x{self.batch_bias_step} over them"
            tail = step if mistake else "no mistake: converged"
            return f"step {t} of {T} (one pass over the data): {what}; {tail}{hurt}"
        i = h.index_at(t)
        self.ring.set(self.X[i : i + 1], MISTAKE if mistake else INK)
        if mistake:
            s = self._move_vectors(w, w_old, dw)
            verdict = f"mistake on {_point(i)} (y = {_pm(self.y[i])})"
            action = f"w ← w + η y x{self.bias_step}"
        else:
            s = self._move_vectors(w)
            verdict = f"{_point(i)} (y = {_pm(self.y[i])}) is correct"
            action = "nothing changes"
        self._box(_status(t, T, mistake, k) + hurt, s)
        done = " · converged" if t == T and self.converged else ""
        return (
            f"step {t} of {T}: {verdict}: {action}{hurt} · {_mistakes(k)} so far{done}"
        )

    def _box(self, text, scale):
        self.box.set_text(text)
        self.note.set_text(scale_text(scale))


class PocketView(BinaryView):
    """Pocket run: running (solid) and pocket (dashed) hyperplanes, error curves."""

    title = "The pocket algorithm, step by step"

    def __init__(self, estimator, X, y_pm, reference=None):
        if reference is not None:
            raise ValueError("reference is only available for a Perceptron run")
        super().__init__(estimator, X, y_pm)
        self.panels = 2  # data, error curves
        self.ratchet = bool(getattr(estimator, "ratchet", False))
        self.name = "ratchet pocket" if self.ratchet else "pocket"

    def setup(self, fig):
        """Draw the data panel and the error-curve panel."""
        ax, ax2 = self._axes(fig)
        # The colours and names of chapter 4's figures: running weights in
        # vermillion, the plain pocket in blue, the ratchet pocket in green.
        running = plotting.PALETTE["vermillion"]
        pocket = plotting.PALETTE["green" if self.ratchet else "blue"]
        name = self.name
        self._data_panel(ax, label="running weights", color=running)
        self.pocket = Hyperplane(ax, color=pocket, ls="--", lw=2.2, label=name)
        self.ring = Rings(ax, color=INK, label=VISITED)
        side_legend(ax)
        steps, running_err, pocket_err = self.h.error_curve()
        T = self.h.n_steps
        for values, color, label in (
            (running_err, running, "running weights"),
            (pocket_err, pocket, name),
        ):
            plotting.plot_steps(ax2, steps, values, label, end=T, color=color)
        top = max(0.05, 1.05 * float(np.max(running_err)))
        ax2.set(xlim=(0, max(T, 1)), ylim=(0, top))
        ax2.set(xlabel="step t", ylabel="training error")
        ax2.set_title("training error", fontsize=10)  # the legend names the curves
        ax2.legend(loc="upper right", fontsize=8)
        self.cursor = cursor(ax2)
        self.dots = ax2.scatter(
            [0, 0], [0, 0], s=30, c=[running, pocket], zorder=5, animated=True
        )

    def update(self, t):
        """Move everything to step ``t``; return the caption."""
        h, T = self.h, self.h.n_steps
        w, b = h.weights_at(t)
        self.undefined.set_visible(not np.any(w))
        self.plane.set(w, b)
        self.pocket.set(*h.pocket_weights_at(t))
        run_err, pocket_err = h.train_error_at(t), h.pocket_error_at(t)
        self.cursor.set_xdata([t, t])
        self.dots.set_offsets([[t, run_err], [t, pocket_err]])
        errors = f"running error {run_err:.0%} · {self.name} error {pocket_err:.0%}"
        i, mistake = _show_visit(self, t, self.start)
        if i is None:
            return f"step 0 of {T}: {self.start} · {errors}"
        what = "mistake on" if mistake else "correct on"
        steps = h.pocket_steps
        j = np.searchsorted(steps, t)
        took = (
            f" · the {self.name} takes the running weights"
            if (j < len(steps) and steps[j] == t)
            else ""
        )
        return f"step {t} of {T}: {what} {_point(i)} · {errors}{took}"


class MulticlassView:
    """Linear machine: decision regions, visited point, the two updated classes."""

    title = "The multi-class perceptron, step by step"
    resolution = 160

    def __init__(self, estimator, X, y_index, reference=None):
        if reference is not None:
            raise ValueError("reference is only available for a Perceptron run")
        self.h = estimator.history_
        self.X, self.y = X, y_index
        self.labels = [str(c) for c in estimator.classes_]
        self.K = len(self.labels)
        self.xlim, self.ylim = view_limits(X)
        self.vectors = VectorFrame(self.xlim, self.ylim)
        gx = np.linspace(*self.xlim, self.resolution)
        gy = np.linspace(*self.ylim, self.resolution)
        self.grid = np.stack(np.meshgrid(gx, gy), axis=-1).reshape(-1, 2)
        self.figsize = (6.6, 4.0)
        self.start = _start(estimator, "_c")

    def setup(self, fig):
        """Draw the data and create the region image and the highlights."""
        from matplotlib.colors import ListedColormap

        fig.set_layout_engine("constrained")
        ax = fig.add_subplot()
        colors = plotting.class_colors(self.K)
        self.regions = ax.imshow(
            np.zeros((self.resolution, self.resolution)),
            origin="lower",
            extent=(*self.xlim, *self.ylim),
            cmap=ListedColormap(colors),
            vmin=-0.5,
            vmax=self.K - 0.5,
            alpha=0.22,
            interpolation="nearest",
            aspect="auto",
            animated=True,
            zorder=0,
        )
        names = [f"class {c}" for c in self.labels]
        plotting.plot_data(ax, self.X, self.y, labels=names)
        plotting.setup_axes(ax, self.xlim, self.ylim)
        self.arrows = [Arrow(ax, color=c, lw=2.2) for c in colors]
        ax.plot([], [], color=INK, marker=">", ms=5, label="$w_c$ (class colour)")
        self.ring = Rings(ax, color=INK, label=VISITED)
        self.note = side_legend(ax)
        self.box = status_title(ax)

    def update(self, t):
        """Move everything to step ``t``; return the caption."""
        h, T = self.h, self.h.n_steps
        W, b = h.weights_at(t)
        scores = self.grid @ W.T + b
        self.regions.set_data(np.argmax(scores, axis=1).reshape(self.resolution, -1))
        s, a = self.vectors.scale(*W), self.vectors.anchor
        for arrow, w in zip(self.arrows, W, strict=True):
            arrow.set(a, a + s * w)
        self.note.set_text(scale_text(s))
        k = h.mistakes_until(t)
        i, mistake = _show_visit(self, t, f"all {self.start}")
        if i is None:
            first = self.labels[0]
            return f"step 0 of {T}: every {self.start} (all ties: class {first} wins)"
        c, pt = self.labels[self.y[i]], _point(i)
        if not mistake:
            return f"step {t} of {T}: {pt} (class {c}) is correct · {_mistakes(k)}"
        p = self.labels[h.predicted_at(t)]
        return (
            f"step {t} of {T}: {pt} of class {c} scored at least as high for "
            f"class {p}: w_{c} += η x, w_{p} −= η x · {_mistakes(k)} so far"
        )
