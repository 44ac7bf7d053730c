"""Hand-driven figures: turn a hyperplane, or a projection direction, with sliders.

Both explorers are :class:`linclass.Player` objects whose live widget shows
parameter sliders instead of a frame slider; their frames (the kernel-free
player) are a guided tour of parameter values with a caption each.
"""

from __future__ import annotations

import numpy as np

from linclass import plotting
from linclass._artists import (
    INK,
    MISTAKE,
    UPDATE,
    Arrow,
    Hyperplane,
    binary_labels,
    view_limits,
)
from linclass._validation import check_binary_labels, check_X_y
from linclass.geometry import best_offset, radius, unit
from linclass.player import Player

_LETTERS = "ABCD"


def _two_class_2d(X, y, who):
    X, y = check_X_y(X, y)
    if X.shape[1] != 2:
        raise ValueError(
            f"{who} draws 2-D data: X must have 2 features; got {X.shape[1]}"
        )
    classes, y_pm = check_binary_labels(y)
    return X, y_pm, classes


def fisher_geometry(X, y_pm):
    """Class means, within-class scatter and Fisher's direction of two classes.

    Returns
    -------
    diff : ndarray (d,)
        ``mu_1 - mu_0`` (class 1 is ``y = +1``).
    S_W : ndarray (d, d)
        Within-class scatter ``S_0 + S_1``.
    w : ndarray (d,)
        Fisher's direction ``S_W^{-1} (mu_1 - mu_0)`` (least squares if singular).

    Examples
    --------
    >>> X = np.array([[0.0, 0.0], [1.0, 0.2], [0.0, 1.0], [1.0, 1.2]])
    >>> diff, S_W, w = fisher_geometry(X, np.array([-1, -1, 1, 1]))
    >>> diff.tolist()
    [0.0, 1.0]
    """
    parts = [X[y_pm < 0], X[y_pm > 0]]
    means = [p.mean(axis=0) for p in parts]
    S_W = sum((p - m).T @ (p - m) for p, m in zip(parts, means, strict=True))
    diff = means[1] - means[0]
    return diff, S_W, np.linalg.lstsq(S_W, diff, rcond=None)[0]


class _Explorer(Player):
    """A Player driven by named parameters (sliders) with a tour as its frames."""

    def __init__(self, tour, title, figsize):
        self.tour = tour  # list of (params dict, caption prefix)
        self.params = dict(tour[0][0])
        self._syncing = False
        super().__init__(
            len(tour),
            self.setup,
            self._tour_frame,
            max_static_frames=max(2, len(tour)),
            title=title,
            figsize=figsize,
        )

    def _tour_frame(self, i):
        params, story = self.tour[i]
        text = self.show(**params)
        return f"{story} · {text}" if story else text

    def _controls(self, widgets):
        self._sliders = self._make_sliders(widgets)
        for slider in self._sliders.values():
            slider.observe(self._on_param, names="value")
        self._sync_controls()
        wrap = widgets.Layout(flex_flow="row wrap")
        return [widgets.HBox(list(self._sliders.values()), layout=wrap)]

    def _on_param(self, change):
        if self._syncing:
            return
        self.caption = self.show(**{k: s.value for k, s in self._sliders.items()})
        self._refresh_widget()

    def _sync_controls(self):
        self._syncing = True
        try:
            for name, slider in self._sliders.items():
                slider.value = self.params[name]
        finally:
            self._syncing = False


class HyperplaneExplorer(_Explorer):
    """Turn, stretch and shift a hyperplane ``w.x + b = 0`` over 2-D data.

    Sliders set the angle of ``w`` (degrees), its length ``||w||``, ``b``, and a
    common factor ``s > 0`` that scales ``(w, b)`` together (it moves nothing).
    The figure shows the boundary, the normal ``w``, the signed distances
    ``r = (w.x + b) / ||w||`` of four marked points, the margin (the smallest
    ``y r``) and the mistake fraction. Without a kernel, a guided tour: rotate
    ``w``; scale ``(w, b)`` together, which changes nothing but the functional
    margin; then move ``b``.

    Parameters
    ----------
    X : array-like of shape (n, 2)
    y : array-like of shape (n,)
        Two classes (``classes_[1]`` is ``y = +1``).

    Examples
    --------
    >>> import linclass as lc
    >>> data = lc.data.make_separable(n=30, random_state=0)
    >>> explorer = lc.HyperplaneExplorer(data.X, data.y)
    >>> text = explorer.show(theta=45.0, norm=2.0, b=0.0)
    >>> "mistake fraction" in text
    True
    """

    def __init__(self, X, y):
        self.X, self.y, self.classes = _two_class_2d(X, y, "HyperplaneExplorer")
        self.xlim, self.ylim = view_limits(self.X)
        self.marked = self._pick_points()
        self.R = radius(self.X)
        super().__init__(self._make_tour(), "Exploring a hyperplane", (7.6, 4.2))

    def _pick_points(self):
        # Per class: a point near the other class and one deep inside its own.
        # Every distance segment is parallel to w, and the tour ends with w along
        # Fisher's direction; points with nearly the same coordinate along the
        # boundary would give two segments that meet and read as one line, so the
        # picks come from the top third of each ranking, keeping a gap along the
        # boundary (or the widest one available).
        diff, _, w = fisher_geometry(self.X, self.y)
        along = self.X @ np.array([-w[1], w[0]])
        gap = 0.1 * np.ptp(along)
        picked = []
        for sign in (-1, 1):
            idx = np.flatnonzero(self.y == sign)
            depth = sign * (self.X[idx] - self.X.mean(axis=0)) @ diff
            for ranked in (idx[np.argsort(depth)], idx[np.argsort(-depth)]):
                top = ranked[: max(1, len(ranked) // 3)]
                room = [_nearest(along, i, picked) for i in top]
                wide = [i for i, r in zip(top, room, strict=True) if r >= gap]
                picked.append(wide[0] if wide else top[int(np.argmax(room))])
        return np.array(picked)

    def _make_tour(self):
        _, _, w = fisher_geometry(self.X, self.y)
        theta0 = float(np.degrees(np.arctan2(w[1], w[0])))
        b0 = best_offset(self.X, self.y, _unit(theta0))[0]
        tour = []
        for th in np.linspace(theta0 - 150, theta0, 26):
            story = "rotating w (‖w‖ = 1, b fixed)"
            tour.append(
                ({"theta": _wrap(th), "norm": 1.0, "b": b0, "scale": 1.0}, story)
            )
        for s in np.r_[np.geomspace(1, 0.5, 4), np.geomspace(0.5, 3, 9)[1:]]:
            story = (
                f"scaling (w, b) by {s:.2f} changes nothing but the functional margin"
            )
            params = {"theta": _wrap(theta0), "norm": 1.0, "b": b0, "scale": s}
            tour.append((params, story))
        for b in b0 + np.linspace(-0.8, 0.8, 15) * self.R:
            story = "moving b shifts the boundary along w"
            params = {"theta": _wrap(theta0), "norm": 1.0, "b": b, "scale": 1.0}
            tour.append((params, story))
        return tour

    def setup(self, fig):
        """Draw the data and create the movable artists."""
        fig.set_layout_engine("constrained")
        ax, info = fig.subplots(1, 2, width_ratios=[1.7, 1])
        labels = binary_labels(self.classes)
        plotting.plot_data(ax, self.X, self.y, labels=labels)
        plotting.setup_axes(ax, self.xlim, self.ylim)
        shade = plotting.class_colors(2)[1]
        self.plane = Hyperplane(ax, shade=shade, normal=False)
        self.w_arrow = Arrow(ax, color=INK, label="w (from the origin)")
        self.segments = [
            ax.plot([], [], ls=":", lw=1.5, animated=True)[0] for _ in range(4)
        ]
        offset = 0.035 * np.ptp(self.xlim)
        for letter, i in zip(_LETTERS, self.marked, strict=True):
            ax.text(
                *(self.X[i] + offset), letter, fontsize=9, fontweight="bold", zorder=6
            )
        ax.scatter(
            *self.X[self.marked].T,
            s=150,
            facecolors="none",
            edgecolors=INK,
            lw=1.2,
            zorder=4,
            label="marked points",
        )
        for color, side in ((UPDATE, "right"), (MISTAKE, "wrong")):
            ax.plot([], [], ls=":", lw=1.5, color=color, label=f"distance, {side} side")
        info.axis("off")
        handles, names = ax.get_legend_handles_labels()
        info.legend(handles, names, loc="upper left", fontsize=8, frameon=False)
        # Fixed labels are drawn once; only the numbers are redrawn (text is
        # the slowest thing Agg draws).
        style = dict(transform=info.transAxes, va="top", fontsize=8, linespacing=1.5)
        style["family"] = "monospace"
        ys = [f"{self.y[i]:+.0f}" for i in self.marked]
        labels = ["w", "b", "‖w‖", "|b|/‖w‖", "", "signed distance r", "= (w·x+b)/‖w‖"]
        labels += [f"  {a} (y = {v})" for a, v in zip(_LETTERS, ys, strict=True)]
        labels += ["", "margin min y·r", "min y(w·x+b)", "mistake fraction ε≤"]
        info.text(0.0, 0.6, "\n".join(labels), **style)
        self.info = info.text(0.98, 0.6, "", ha="right", animated=True, **style)

    def show(self, theta, norm, b, scale=1.0):
        """Draw the hyperplane ``s w.x + s b = 0``, ``w = norm (cos theta, sin theta)``.

        Parameters
        ----------
        theta : float
            Angle of ``w`` in degrees.
        norm : float
            Length of ``w``.
        b : float
            Offset.
        scale : float, default=1.0
            The factor ``s > 0`` applied to both ``w`` and ``b``: the boundary,
            the signed distances, the margin and the errors do not change.

        Returns
        -------
        str
            One-line summary (margin, mistake fraction), used as the caption.

        Examples
        --------
        >>> import linclass as lc
        >>> X, y = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], [-1, -1, 1, 1]
        >>> lc.HyperplaneExplorer(X, y).show(theta=90.0, norm=1.0, b=-0.5)
        'margin +0.500 · functional margin +0.500 · mistake fraction 0%'
        """
        if not scale > 0:
            raise ValueError(f"scale must be positive; got {scale}")
        self.params = {"theta": float(theta), "norm": float(norm), "b": float(b)}
        self.params["scale"] = float(scale)
        w = float(scale) * float(norm) * _unit(theta)
        b = float(scale) * float(b)
        norm = float(np.linalg.norm(w))
        self.plane.set(w, b)
        self.w_arrow.set(np.zeros(2), w)
        score = self.X @ w + b
        r = score / np.linalg.norm(w)
        lines = []
        for seg, i in zip(self.segments, self.marked, strict=True):
            foot = self.X[i] - r[i] * w / np.linalg.norm(w)
            ok = self.y[i] * r[i] > 0
            seg.set_data([self.X[i, 0], foot[0]], [self.X[i, 1], foot[1]])
            seg.set_color(UPDATE if ok else MISTAKE)
            lines.append(f"{r[i]:+.3f}")
        gamma = float(np.min(self.y * r))
        functional = float(np.min(self.y * score))
        wrong = int(np.sum(self.y * score <= 0))
        error = wrong / len(self.y)
        values = [f"({w[0]:+.2f}, {w[1]:+.2f})", f"{b:+.2f}", f"{norm:.2f}"]
        values += [f"{abs(b) / norm:.2f}", "", "", "", *lines, ""]
        values += [f"{gamma:+.3f}", f"{functional:+.3f}", f"{error:.0%} ({wrong})"]
        self.info.set_text("\n".join(values))
        return (
            f"margin {gamma:+.3f} · functional margin {functional:+.3f} · "
            f"mistake fraction {error:.0%}"
        )

    def _make_sliders(self, widgets):
        style = {"description_width": "initial"}
        return {
            "theta": widgets.FloatSlider(
                min=-180, max=180, step=1, description="angle of w (°)", style=style
            ),
            "norm": widgets.FloatSlider(
                min=0.25, max=4, step=0.05, description="‖w‖", style=style
            ),
            "b": widgets.FloatSlider(
                min=-2 * self.R,
                max=2 * self.R,
                step=self.R / 50,
                description="b",
                style=style,
            ),
            "scale": widgets.FloatSlider(
                min=0.25, max=4, step=0.05, description="scale (w, b) by s", style=style
            ),
        }


def _nearest(values, i, chosen):
    """Distance from ``values[i]`` to the closest ``values[chosen]`` (inf if none)."""
    return float(np.min(np.abs(values[i] - values[chosen]), initial=np.inf))


def _unit(theta_deg):
    return unit(np.radians(theta_deg))


def _wrap(theta_deg):
    return float((theta_deg + 180) % 360 - 180)
