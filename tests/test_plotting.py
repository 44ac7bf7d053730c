"""Tests for linclass.plotting (Agg): the artists exist and sit where the maths says."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402

from linclass import data, plotting  # noqa: E402

# The Okabe-Ito colours as published (Okabe & Ito 2008, "Color Universal Design").
OKABE_ITO = {
    "#000000", "#E69F00", "#56B4E9", "#009E73",
    "#F0E442", "#0072B2", "#D55E00", "#CC79A7",
}  # fmt: skip


@pytest.fixture
def ax():
    fig, ax = plt.subplots()
    yield ax
    plt.close(fig)


def box_ax(ax, xlim=(-2.0, 3.0), ylim=(-1.0, 2.0)):
    plotting.setup_axes(ax, xlim, ylim)
    return ax


def shoelace(xy):
    x, y = np.asarray(xy, float).T
    return 0.5 * abs(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1)))


# --- palette, limits, axes ---------------------------------------------------------


def test_palette_is_okabe_ito_and_class_colors_distinct():
    assert set(plotting.PALETTE.values()) == OKABE_ITO
    cols = plotting.class_colors(7)
    assert len(set(cols)) == 7 and set(cols) <= OKABE_ITO
    assert plotting.PALETTE["black"] not in cols  # black is kept for lines
    with pytest.raises(ValueError, match="at most 7 classes"):
        plotting.class_colors(9)
    with pytest.raises(ValueError, match="positive integer"):
        plotting.class_colors(0)


def test_data_limits_and_setup_axes(ax):
    xlim, ylim = plotting.data_limits([[1.0, 1.0], [3.0, 2.0]], pad=0.5, origin=True)
    assert xlim == (-1.5, 4.5) and ylim == (-1.5, 3.5)  # span 3, pad 1.5
    lines = plotting.setup_axes(ax, (-1, 4), (0.5, 2), xlabel="a", ylabel="b")
    assert ax.get_xlim() == (-1, 4) and ax.get_ylim() == (0.5, 2)
    assert ax.get_xlabel() == "a" and ax.get_aspect() == 1.0
    # Only the vertical origin line is in view (y = 0 is below the view).
    assert len(lines) == 1 and lines[0] in ax.lines
    assert np.all(np.asarray(lines[0].get_xdata()) == 0)


# --- plot_data ---------------------------------------------------------------------


def test_plot_data_one_artist_per_class_with_distinct_markers(ax):
    X, y = data.make_multiclass(n=30, k=3, random_state=0)
    arts = plotting.plot_data(ax, X, y, labels={0: "zero", 2: "two"})
    assert len(arts) == 3 and all(a in ax.collections for a in arts)
    for c, art in enumerate(arts):
        np.testing.assert_array_equal(art.get_offsets(), X[y == c])
    assert [a.get_label() for a in arts] == ["zero", "1", "two"]
    paths = [a.get_paths()[0].vertices.tolist() for a in arts]
    assert paths[0] != paths[1] != paths[2] != paths[0]  # markers, not colour only
    colors = {tuple(a.get_facecolor()[0]) for a in arts}
    assert len(colors) == 3


def test_plot_data_default_labels_and_fixed_class_order(ax):
    arts = plotting.plot_data(ax, [[0, 0], [1, 1]], [1, -1])
    assert [a.get_label() for a in arts] == ["$y = -1$", "$y = +1$"]
    # A panel missing class "a" keeps "b" in the second colour when told the classes.
    arts2 = plotting.plot_data(ax, [[0, 0]], ["b"], classes=["a", "b"])
    assert arts2[1].get_label() == "b" and len(arts2[0].get_offsets()) == 0
    assert matplotlib.colors.to_hex(arts2[1].get_facecolor()[0]).upper() == "#E69F00"


@pytest.mark.parametrize(
    "args, message",
    [
        (([[0, 0, 0]], [1]), "2-D points"),
        (([[0, 0]], [1, 2]), "1 rows"),
        (([[0, 0], [1, 1]], [0, 1], ["only one"]), "1 names for 2 classes"),
    ],
)
def test_plot_data_rejects_bad_input(ax, args, message):
    with pytest.raises(ValueError, match=message):
        plotting.plot_data(ax, *args)


# --- hyperplane and margin -----------------------------------------------------------


def test_plot_hyperplane_line_and_normal_where_the_maths_says(ax):
    box_ax(ax)
    w, b = np.array([1.0, 2.0]), -1.0
    arts = plotting.plot_hyperplane(ax, w, b)
    assert arts["line"] in ax.lines and arts["normal"] in ax.get_children()
    assert ax.get_xlim() == (-2.0, 3.0)  # the view is kept
    xs, ys = arts["line"].get_data()
    np.testing.assert_allclose(w[0] * xs + w[1] * ys + b, 0, atol=1e-12)
    # The line spans the box: its ends lie on the box's edges.
    for x, y in zip(xs, ys, strict=True):
        assert np.isclose(x, [-2, 3]).any() or np.isclose(y, [-1, 2]).any()
    # The arrow starts at the foot of the perpendicular from the origin,
    # -b w / ||w||^2 = (0.2, 0.4), and points along +w with length 0.2 * 3.
    base, tip = np.array(arts["normal"].xyann), np.array(arts["normal"].xy)
    np.testing.assert_allclose(base, [0.2, 0.4])
    np.testing.assert_allclose(tip - base, 0.6 * w / np.linalg.norm(w))
    assert arts["text"].get_text() == r"$\mathbf{w}$"


def test_plot_hyperplane_far_line_uses_projection_of_view_centre(ax):
    box_ax(ax, (10.0, 14.0), (10.0, 12.0))
    w, b = np.array([1.0, 0.0]), -11.0  # the line x = 11; its foot (11, 0) is out
    arts = plotting.plot_hyperplane(ax, w, b, normal_length=0.5)
    np.testing.assert_allclose(arts["normal"].xyann, [11.0, 11.0])
    np.testing.assert_allclose(arts["normal"].xy, [11.5, 11.0])


def test_plot_hyperplane_missing_line_and_update(ax):
    box_ax(ax, (0.0, 1.0), (0.0, 1.0))
    arts = plotting.plot_hyperplane(ax, [1.0, 0.0], -5.0, color="#0072B2", ls="--")
    assert len(arts["line"].get_xdata()) == 0 and not arts["normal"].get_visible()
    assert arts["line"].get_linestyle() == "--"
    plotting.update_hyperplane(arts, [0.0, 1.0], -0.25)
    np.testing.assert_allclose(arts["line"].get_ydata(), [0.25, 0.25])
    assert arts["normal"].get_visible()
    with pytest.raises(ValueError, match="non-zero"):
        plotting.update_hyperplane(arts, [0.0, 0.0], 1.0)
    no_normal = plotting.plot_hyperplane(ax, [1.0, 1.0], -1.0, normal=False)
    assert no_normal["normal"] is None and no_normal["text"] is None


def test_plot_margin_lines_at_distance_gamma_and_band_area(ax):
    box_ax(ax, (-2.0, 2.0), (-2.0, 2.0))
    w, b, gamma = np.array([3.0, 4.0]), -1.0, 0.5
    arts = plotting.plot_margin(ax, w, b, gamma)
    for key, sign in (("upper", 1), ("lower", -1)):
        xs, ys = arts[key].get_data()
        assert arts[key] in ax.lines and len(xs) == 2
        np.testing.assert_allclose((w[0] * xs + w[1] * ys + b) / 5, sign * gamma)
    # Axis-aligned case: the slab |x| <= 0.5 inside [-2, 2]^2 has area 1 * 4.
    plotting.update_margin(arts, [2.0, 0.0], 0.0, 0.5)
    band = arts["band"].get_xy()
    assert shoelace(band) == pytest.approx(4.0)
    assert np.all(np.abs(band[:, 0]) <= 0.5 + 1e-12)


def test_plot_margin_band_covers_box_inside_slab(ax):
    box_ax(ax, (-1.0, 1.0), (-1.0, 1.0))
    arts = plotting.plot_margin(ax, [1.0, 0.0], 0.0, 5.0)
    assert len(arts["upper"].get_xdata()) == 0  # both lines out of view
    assert shoelace(arts["band"].get_xy()) == pytest.approx(4.0)
    with pytest.raises(ValueError, match="gamma must be a positive"):
        plotting.plot_margin(ax, [1.0, 0.0], 0.0, 0.0)


# --- regions, projections, steps ---------------------------------------------------


def test_plot_decision_regions_boundary_where_predict_changes(ax):
    arts = plotting.plot_decision_regions(
        ax, lambda Z: np.where(Z[:, 0] > 0.3, "right", "left"), (-1, 1), (-1, 1), 101
    )
    assert arts["fill"] in ax.get_children()
    (bound,) = arts["boundaries"]
    verts = np.vstack([p.vertices for p in bound.get_paths()])
    step = 2 / 100
    assert np.all(np.abs(verts[:, 0] - 0.3) <= step)  # within one grid cell
    assert verts[:, 1].min() == pytest.approx(-1) and verts[:, 1].max() == (
        pytest.approx(1)
    )
    assert ax.get_xlim() == (-1, 1)


def test_plot_decision_regions_uses_estimator_classes(ax):
    X, y = data.make_multiclass(n=90, k=3, random_state=1)
    clf = LogisticRegression().fit(X, y)
    arts = plotting.plot_decision_regions(ax, clf, (-5, 5), (-5, 5), resolution=60)
    assert len(arts["boundaries"]) == 2
    with pytest.raises(TypeError, match="callable"):
        plotting.plot_decision_regions(ax, 3, (0, 1), (0, 1))
    with pytest.raises(ValueError, match="expected"):
        plotting.plot_decision_regions(ax, lambda Z: Z, (0, 1), (0, 1), 10)
    with pytest.raises(ValueError, match="not in classes"):
        plotting.plot_decision_regions(ax, clf, (-5, 5), (-5, 5), classes=[0, 1])


def test_plot_projection_counts_and_positions(ax):
    X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [3.0, 1.0], [1.0, 1.0]])
    y = np.array([0, 1, 1, 1, 0])
    w = np.array([3.0, 4.0])
    arts = plotting.plot_projection(ax, X, y, w, bins=4, threshold=1.0)
    z = X @ w / 5  # projections on the unit vector: 0.8, 0.6, 2.8, 2.6, 1.4
    assert len(arts["fills"]) == 2 and all(p in ax.patches for p in arts["fills"])
    for c, poly in enumerate(arts["outlines"]):
        xy = poly.get_xy()
        # Outline spans the shared bin edges; its area (bin width 0.55) is the count.
        assert xy[:, 0].min() == pytest.approx(z.min())
        assert xy[:, 0].max() == pytest.approx(z.max())
        assert xy[:, 1].max() <= (y == c).sum()
    heights = [p.get_xy()[:, 1].max() for p in arts["outlines"]]
    assert heights == [1, 2]  # class 0: 0.8, 1.4 in different bins; class 1: 2.6, 2.8
    np.testing.assert_allclose(arts["threshold"].get_xdata(), [1.0, 1.0])
    assert "mathbf{w}" in ax.get_xlabel() and ax.get_ylabel() == "count"


def test_plot_projection_unnormalised_and_errors(ax):
    X, y = [[1.0, 1.0], [2.0, 2.0]], [0, 1]
    arts = plotting.plot_projection(ax, X, y, [2.0, 0.0], bins=2, normalize=False)
    assert arts["outlines"][1].get_xy()[:, 0].max() == pytest.approx(4.0)
    with pytest.raises(ValueError, match="non-zero"):
        plotting.plot_projection(ax, X, y, [0.0, 0.0])
    with pytest.raises(ValueError, match="length 2"):
        plotting.plot_projection(ax, X, y, [1.0])


def test_plot_steps(ax):
    line = plotting.plot_steps(ax, [0, 2, 5], [3, 1, 2], "mistakes", end=8)
    assert line in ax.lines and line.get_label() == "mistakes"
    assert line.get_drawstyle() == "steps-post"
    np.testing.assert_array_equal(line.get_xdata(), [0, 2, 5, 8])
    np.testing.assert_array_equal(line.get_ydata(), [3, 1, 2, 2])
    with pytest.raises(ValueError, match="non-decreasing"):
        plotting.plot_steps(ax, [2, 1], [0, 0], "x")
    with pytest.raises(ValueError, match="values must have length 2"):
        plotting.plot_steps(ax, [1, 2], [0], "x")
    with pytest.raises(ValueError, match="before the last step"):
        plotting.plot_steps(ax, [1, 2], [0, 0], "x", end=1)


def test_plot_distances_perpendicular_feet_on_the_line(ax):
    box_ax(ax)
    X = np.array([[1.0, 1.5], [-1.0, 0.0], [2.5, -0.5]])
    w, b = np.array([1.0, 2.0]), -1.0
    segs = plotting.plot_distances(ax, X, w, b)
    assert segs in ax.collections and ax.get_xlim() == (-2.0, 3.0)
    starts, feet = np.array(segs.get_segments()).transpose(1, 0, 2)
    np.testing.assert_array_equal(starts, X)
    np.testing.assert_allclose(feet @ w + b, 0, atol=1e-12)  # feet on the line
    along = feet - starts
    np.testing.assert_allclose(along[:, 0] * w[1] - along[:, 1] * w[0], 0, atol=1e-12)
    lengths = np.linalg.norm(along, axis=1)
    np.testing.assert_allclose(lengths, np.abs(X @ w + b) / np.sqrt(5))


def test_plot_decision_regions_respects_given_class_order(ax):
    # Classes listed out of sorted order: colours follow the list, not the sort.
    colors = ["#111111", "#222222"]
    arts = plotting.plot_decision_regions(
        ax, lambda Z: np.where(Z[:, 0] > 0, "a", "b"), (-1, 1), (-1, 1), 20,
        classes=["b", "a"], colors=colors,
    )  # fmt: skip
    # Level 0 (class "b", x < 0) gets the first colour.
    fills = arts["fill"]
    left = np.array([[-0.5, 0.0]])
    level_paths = fills.get_paths()
    assert level_paths[0].contains_points(left)[0]
    assert matplotlib.colors.to_hex(fills.get_facecolor()[0]) == "#111111"
