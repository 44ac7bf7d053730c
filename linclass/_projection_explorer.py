"""The projection explorer: two classes seen along one direction, and Fisher's J."""

from __future__ import annotations

import numpy as np

from linclass import plotting
from linclass._artists import INK, Arrow, binary_labels, cursor, text_box, view_limits
from linclass._explorers import _Explorer, _two_class_2d, _unit, fisher_geometry


class ProjectionExplorer(_Explorer):
    """Project two classes on a direction; watch the histograms and Fisher's J.

    A slider sets the angle of the unit direction ``u``. Left: the data and the
    direction. Middle: the histograms of ``u.x`` per class. Right: Fisher's
    criterion ``J_F(u) = (u.(mu_1 - mu_0))^2 / u' S_W u`` over all angles, with the
    current angle and Fisher's maximum ``S_W^{-1}(mu_1 - mu_0)`` marked. Without
    a kernel, the angle sweeps from 0 to 180 degrees.

    Parameters
    ----------
    X : array-like of shape (n, 2)
    y : array-like of shape (n,)
        Two classes (``classes_[1]`` is class 1, mean ``mu_1``).
    bins : int, default=24
        Histogram bins (shared by all angles).

    Examples
    --------
    >>> import linclass as lc
    >>> X, y = lc.data.make_elongated(n=100, random_state=0)
    >>> explorer = lc.ProjectionExplorer(X, y)
    >>> bool(0 <= explorer.fisher_angle < 180)
    True
    """

    def __init__(self, X, y, bins=24):
        self.X, self.y, self.classes = _two_class_2d(X, y, "ProjectionExplorer")
        self.xlim, self.ylim = view_limits(self.X, include_origin=False)
        self.diff, self.S_W, w = fisher_geometry(self.X, self.y)
        spread = np.linalg.eigvalsh(self.S_W)
        if spread[0] <= 1e-12 * max(spread[-1], 1e-300):
            raise ValueError(
                "ProjectionExplorer needs classes that spread in every direction: "
                "the within-class scatter S_W is singular (e.g. collinear points)"
            )
        self.fisher_angle = float(np.degrees(np.arctan2(w[1], w[0])) % 180)
        self.angles = np.linspace(0, 180, 361)
        self.J = self.criterion(self.angles)
        self.center = self.X.mean(axis=0)
        reach = float(np.max(np.linalg.norm(self.X - self.center, axis=1)))
        self.edges = np.linspace(-reach, reach, bins + 1)
        U = _unit(self.angles)
        counts = [self._counts(u) for u in U[::8]]
        self.ymax = 1.1 * max(float(np.max(c)) for c in counts)
        sweep = np.unique(np.r_[np.arange(0, 180, 3.0), round(self.fisher_angle, 1)])
        tour = [({"theta": float(a)}, "") for a in sweep]
        super().__init__(tour, "Projecting on a direction", (8.6, 3.3))

    def criterion(self, theta):
        """Fisher's criterion of the unit direction(s) at angle(s) ``theta`` (degrees).

        Examples
        --------
        >>> import linclass as lc
        >>> X, y = lc.data.make_elongated(n=60, random_state=1)
        >>> e = lc.ProjectionExplorer(X, y)
        >>> bool(e.criterion(e.fisher_angle) >= e.J.max() - 1e-9)
        True
        """
        U = _unit(np.asarray(theta, dtype=float)).reshape(-1, 2)
        J = (U @ self.diff) ** 2 / np.einsum("ij,jk,ik->i", U, self.S_W, U)
        return J.reshape(np.shape(theta))

    def _counts(self, u):
        z = (self.X - self.center) @ u
        return [np.histogram(z[self.y == s], bins=self.edges)[0] for s in (-1, 1)]

    def setup(self, fig):
        """Draw the fixed parts of the three panels; create the movable artists."""
        fig.set_layout_engine("constrained")
        ax, hist, crit = fig.subplots(1, 3, width_ratios=[1, 1.1, 1.1])
        labels = binary_labels(self.classes)
        plotting.plot_data(ax, self.X, self.y, labels=labels, s=18)
        plotting.setup_axes(ax, self.xlim, self.ylim, origin=False)
        (self.axis_line,) = ax.plot([], [], color=INK, ls="--", lw=1.2, animated=True)
        self.u_arrow = Arrow(ax, color=INK, lw=2)
        # Below the panels: the animated direction line sweeps every corner inside.
        handles, names = ax.get_legend_handles_labels()
        fig.legend(handles, names, loc="outside lower left", ncol=2, fontsize=7)
        ax.set_title("data and direction u", fontsize=10)
        colors = plotting.class_colors(2)
        self.fills, self.outlines = [], []
        for color, ls in zip(colors, ("-", "--"), strict=True):
            (fill,) = hist.fill([0], [0], color=color, alpha=0.35, lw=0, animated=True)
            (line,) = hist.plot([], [], color=color, lw=1.6, ls=ls, animated=True)
            self.fills.append(fill)
            self.outlines.append(line)
        hist.set(xlim=self.edges[[0, -1]], ylim=(0, self.ymax))
        hist.set(
            xlabel=r"projection $\mathbf{u}\cdot(\mathbf{x} - \bar{\mathbf{x}})$",
            ylabel="count",
        )
        hist.set_title("projections per class", fontsize=10)
        self.mean_marks = [
            hist.axvline(0, color=c, lw=1, animated=True) for c in colors
        ]
        crit.plot(self.angles, self.J, color=INK, lw=1.8, label="$J_F(\\theta)$")
        Jf = float(self.criterion(self.fisher_angle))
        crit.plot(
            [self.fisher_angle],
            [Jf],
            "*",
            ms=12,
            color=colors[1],
            mec=INK,
            label=f"Fisher: {self.fisher_angle:.0f}°",
        )
        crit.set(
            xlim=(0, 180),
            ylim=(0, 1.12 * Jf),
            xlabel="angle θ of u (degrees)",
            ylabel="$J_F$",
        )
        crit.set_xticks(range(0, 181, 45))
        crit.set_title("Fisher's criterion", fontsize=10)
        crit.legend(loc="upper left", fontsize=7)
        self.cursor = cursor(crit)
        self.dot = crit.scatter([0], [0], s=30, color=INK, zorder=5, animated=True)
        self.box = text_box(hist, fontsize=8)

    def show(self, theta):
        """Project on the direction at angle ``theta`` (degrees); return a caption.

        Examples
        --------
        >>> import linclass as lc
        >>> X, y = lc.data.make_elongated(n=60, random_state=1)
        >>> lc.ProjectionExplorer(X, y).show(90.0).startswith("angle 90°")
        True
        """
        theta = float(theta)
        self.params = {"theta": theta}
        u = _unit(theta)
        span = 2 * max(np.ptp(self.xlim), np.ptp(self.ylim))
        a, c = self.center - span * u, self.center + span * u
        self.axis_line.set_data([a[0], c[0]], [a[1], c[1]])
        self.u_arrow.set(
            self.center,
            self.center + 0.3 * min(np.ptp(self.xlim), np.ptp(self.ylim)) * u,
        )
        x = np.repeat(self.edges, 2)
        for fill, line, mark, counts, s in zip(
            self.fills,
            self.outlines,
            self.mean_marks,
            self._counts(u),
            (-1, 1),
            strict=True,
        ):
            y = np.r_[0, np.repeat(counts, 2), 0]
            fill.set_xy(np.c_[x, y])
            line.set_data(x, y)
            m = float((self.X[self.y == s] - self.center).mean(axis=0) @ u)
            mark.set_xdata([m, m])
        J = float(self.criterion(theta))
        self.cursor.set_xdata([theta, theta])
        self.dot.set_offsets([[theta, J]])
        self.box.set_text(f"θ = {theta:.0f}°\nJ_F = {J:.3g}")
        best = float(self.criterion(self.fisher_angle))
        return (
            f"angle {theta:.0f}° · J_F = {J:.3g} "
            f"(Fisher's maximum {best:.3g} at {self.fisher_angle:.0f}°)"
        )

    def _make_sliders(self, widgets):
        return {
            "theta": widgets.FloatSlider(
                min=0,
                max=180,
                step=1,
                description="angle θ (°)",
                style={"description_width": "initial"},
                layout=widgets.Layout(width="60%"),
            ),
        }
