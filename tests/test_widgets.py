"""Tests of linclass.widgets: Stepper and the explorers (Agg, no browser)."""

import re
import warnings

import ipywidgets as widgets
import numpy as np
import pytest
from matplotlib.colors import to_hex
from matplotlib.markers import MarkerStyle
from player_html import payload, static_frame
from sklearn.linear_model import Perceptron as SkPerceptron

import linclass as lc
from linclass.geometry import line_endpoints
from linclass.widgets import (
    HyperplaneExplorer,
    ProjectionExplorer,
    Stepper,
    stepper_frames,
)


def _segment(line):
    x, y = line.get_data()
    return None if len(x) == 0 else ((x[0], y[0]), (x[1], y[1]))


def _caption(stepper, t):
    stepper.step = int(t)
    return stepper.caption


def _children(box):
    out, stack = [], [box]
    while stack:
        w = stack.pop()
        out.append(w)
        stack.extend(getattr(w, "children", ()))
    return out


@pytest.fixture(scope="module")
def run():
    """A homogeneous perceptron run long enough for more than 60 frames."""
    data = lc.data.make_separable(
        n=60, margin=0.05, fit_intercept=False, random_state=0
    )
    clf = lc.Perceptron(fit_intercept=False).fit(data.X, data.y)
    assert clf.history_.n_steps > 100 and clf.history_.n_mistakes > 10
    return data, clf


@pytest.fixture(scope="module")
def stepper(run):
    data, clf = run
    return Stepper(clf, data.X, data.y)


@pytest.fixture(scope="module")
def stepper_html(stepper):
    return stepper.to_html()


# --------------------------------------------------------------- the widget
def test_widget_has_play_slider_buttons_over_all_steps(stepper):
    T = stepper.history.n_steps
    assert stepper.n_steps == T and stepper.n_frames == T + 1
    parts = _children(stepper.widget)
    (play,) = [w for w in parts if isinstance(w, widgets.Play)]
    (slider,) = [w for w in parts if isinstance(w, widgets.IntSlider)]
    buttons = [w for w in parts if isinstance(w, widgets.Button)]
    assert (play.min, play.max, slider.min, slider.max) == (0, T, 0, T)
    assert {b.tooltip for b in buttons} == {"step back", "step forward"}
    (forward,) = [b for b in buttons if b.tooltip == "step forward"]
    stepper.step = 3
    forward.click()
    assert stepper.step == 4 and slider.value == 4 and play.value == 4


def test_hyperplane_follows_the_history(run, stepper):
    data, clf = run
    view = stepper.view
    xlim, ylim = view.plane.ax.get_xlim(), view.plane.ax.get_ylim()
    for t in (1, 17, int(clf.history_.mistake_steps[5]), stepper.n_steps):
        stepper.step = t
        w, b = stepper.weights_at(t)
        expected = line_endpoints(w, b, xlim, ylim)
        np.testing.assert_allclose(_segment(view.plane.line), expected)
    # the last state is the fitted classifier
    np.testing.assert_array_equal(stepper.weights_at(stepper.n_steps)[0], clf.coef_[0])


def test_zero_weights_show_a_message_not_a_line(stepper):
    stepper.step = 0
    assert stepper.view.undefined.get_visible()
    assert _segment(stepper.view.plane.line) is None
    stepper.step = 1  # the first visit is always a mistake from w = 0
    assert not stepper.view.undefined.get_visible()
    assert "mistake on point 1" in stepper.caption  # x_1, as in the text


def test_captions_number_points_from_1_and_leave_out_b_through_the_origin(run):
    data, clf = run
    # A stepper of its own: the shared one has a live widget by now, which would
    # render every frame's picture as the step moves (seconds), not only its caption.
    stepper = Stepper(clf, data.X, data.y)
    captions = [_caption(stepper, t) for t in range(stepper.n_frames)]
    assert captions[0] == f"step 0 of {stepper.n_steps}: the weights start at w = 0"
    for t, caption in enumerate(captions[1:], start=1):
        i = clf.history_.index_at(t)
        assert f"point {i + 1} (y = " in caption, (t, caption)
        assert "b ←" not in caption and "b =" not in caption, caption


@pytest.mark.parametrize(
    ("kwargs", "bias"), [({}, "b ← b + η y"), ({"bias_update": "r2"}, "b ← b + η y R²")]
)
def test_captions_write_the_bias_update_in_symbols(kwargs, bias):
    data = lc.data.make_separable(n=20, margin=0.1, center=(3.0, 0.0), random_state=2)
    clf = lc.Perceptron(eta=0.5, **kwargs).fit(data.X, data.y)
    s = Stepper(clf, data.X, data.y)
    assert _caption(s, 0).endswith("the weights start at w = 0, b = 0")
    for t in clf.history_.mistake_steps:
        i = clf.history_.index_at(t)
        caption = _caption(s, t)
        assert f"mistake on point {i + 1} " in caption
        assert f"w ← w + η y x, {bias} · " in caption, caption
    batch = lc.Perceptron(mode="batch", **kwargs).fit(data.X, data.y)
    tail = "w ← w + η Σ y x, " + bias.replace("η y", "η Σ y") + " over them"
    assert tail in _caption(Stepper(batch, data.X, data.y), 1)


def test_update_vector_is_eta_y_x_from_the_tip_of_the_old_w(run, stepper):
    data, clf = run
    view = stepper.view
    t = int(clf.history_.mistake_steps[4])
    stepper.step = t
    i = (t - 1) % len(data.y)  # cyclic order, independent of the history
    np.testing.assert_allclose(view.ring.collection.get_offsets(), data.X[i : i + 1])
    old_tip = np.array(view.w_old.annotation.xy)
    tail = np.array(view.dw_arrow.annotation.xyann)
    tip = np.array(view.dw_arrow.annotation.xy)
    np.testing.assert_allclose(tail, old_tip)
    np.testing.assert_allclose(np.array(view.w_arrow.annotation.xy), tip)
    # the drawn update is parallel to (and as long, up to the drawing scale) y x
    drawn = tip - tail
    update = data.y[i] * data.X[i]
    assert abs(drawn[0] * update[1] - drawn[1] * update[0]) < 1e-9
    assert drawn @ update > 0
    correct = next(
        s for s in range(t, stepper.n_steps) if not clf.history_.is_mistake(s)
    )
    stepper.step = correct
    assert not view.dw_arrow.annotation.get_visible()


def test_stepping_adds_no_artists(stepper):
    fig = stepper.figure
    before = [len(ax.get_children()) for ax in fig.axes]
    for t in (0, 1, 2, 50, stepper.n_steps, 3):
        stepper.step = t
        stepper.render_png()
    assert [len(ax.get_children()) for ax in fig.axes] == before


def test_mimebundle_and_static_html(stepper, stepper_html):
    bundle = stepper._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert 'class="lc-player"' in bundle["text/html"]
    html = stepper_html
    assert "http" not in html
    assert len(html.encode()) <= 1_000_000
    data = payload(html)
    assert len(data["index"]) >= 50
    assert data["steps"][:10] == list(range(10))  # the first steps, one by one
    assert data["steps"][-1] == stepper.n_steps
    updates = stepper.history.mistake_steps.tolist()
    assert set(updates) | {t - 1 for t in updates} <= set(data["steps"])
    assert data["captions"][-1].endswith("converged")


def test_static_frames_are_the_live_frames(stepper, stepper_html):
    data = payload(stepper_html)
    for k in (0, 5, 40, len(data["steps"]) - 1):
        stepper.step = data["steps"][k]
        live = stepper.render_rgb()
        static = static_frame(stepper_html, k)
        assert np.abs(static.astype(int) - live).mean() < 1.0
        assert stepper.caption == data["captions"][k]


def test_contact_sheet_shows_the_start_mistakes_and_the_end(stepper, stepper_html):
    data = payload(stepper_html)
    sheet, steps = data["sheet"], data["steps"]
    assert sheet[0] == 0 and sheet[-1] == len(steps) - 1 and len(sheet) == 6
    inner = [steps[k] for k in sheet[1:-1]]
    assert all(stepper.history.is_mistake(t) for t in inner), inner
    assert "mistake" in " ".join(data["captions"][k] for k in sheet[1:-1])


def test_stepper_frame_choice():
    assert stepper_frames(10).tolist() == list(range(11))
    frames = stepper_frames(5000, max_frames=60)
    assert len(frames) <= 60 and frames[-1] == 5000
    assert frames[:31].tolist() == list(range(31))
    gaps = np.diff(frames[30:])
    assert np.all(gaps[1:] >= gaps[:-1])  # geometric: the gaps only grow
    assert len(stepper_frames(120, max_frames=60)) >= 50


def test_stepper_frames_show_every_mistake_and_the_step_before():
    keep = [45, 63, 66, 123, 900, 4999]
    frames = stepper_frames(5000, max_frames=60, keep=keep)
    assert len(frames) <= 60 and frames[0] == 0 and frames[-1] == 5000
    assert set(keep) | {t - 1 for t in keep} <= set(frames.tolist())
    assert np.all(np.diff(frames) > 0)
    # Too many mistakes to pair within the budget: the plain spread.
    many = np.arange(1, 5000, 50)
    assert (
        stepper_frames(5000, 60, keep=many).tolist()
        == stepper_frames(5000, 60).tolist()
    )
    with pytest.raises(ValueError, match="outside"):
        stepper_frames(100, 60, keep=[0])


def test_old_weights_arrow_has_a_legend_entry():
    data = lc.data.make_separable(n=40, margin=0.1, random_state=1)
    stepper = Stepper(lc.Perceptron().fit(data.X, data.y), data.X, data.y)
    stepper.step = 2
    view = stepper.view
    assert view.w_old.annotation.get_visible(), "the frame draws the old w"
    legend = view.plane.ax.get_legend()
    texts = [t.get_text() for t in legend.get_texts()]
    entries = dict(zip(texts, legend.legend_handles, strict=True))
    old_colour = view.w_old.annotation.arrow_patch.get_edgecolor()
    assert to_hex(entries["w before"].get_color()) == to_hex(old_colour)


# --------------------------------------------------------- other estimators
def test_batch_mode_rings_every_current_mistake():
    data = lc.data.make_separable(n=40, margin=0.1, random_state=1)
    clf = lc.Perceptron(mode="batch").fit(data.X, data.y)
    stepper = Stepper(clf, data.X, data.y)
    # textbook batch rule, written out here: w += sum over mistakes of y x
    w, b = np.zeros(2), 0.0
    for t in range(1, min(4, stepper.n_steps) + 1):
        wrong = data.y * (data.X @ w + b) <= 0
        stepper.step = t
        rings = stepper.view.ring.collection.get_offsets()
        np.testing.assert_allclose(
            np.sort(rings, axis=0), np.sort(data.X[wrong], axis=0)
        )
        w, b = w + (data.y[wrong, None] * data.X[wrong]).sum(0), b + data.y[wrong].sum()
    labels = [t.get_text() for t in stepper.view.plane.ax.get_legend().get_texts()]
    assert "misclassified before" in labels, "the rings belong to the old w"


def test_pocket_shows_running_and_pocket_weights():
    data = lc.data.make_separable(n=50, margin=0.05, random_state=2)
    y = lc.data.flip_labels(data.y, 0.1, random_state=0)
    clf = lc.Pocket(max_iter=5, random_state=0).fit(data.X, y)
    stepper = Stepper(clf, data.X, y)
    view, h = stepper.view, clf.history_
    xlim, ylim = view.plane.ax.get_xlim(), view.plane.ax.get_ylim()
    t = h.n_steps
    stepper.step = t
    expected = line_endpoints(clf.coef_[0], clf.intercept_[0], xlim, ylim)
    np.testing.assert_allclose(_segment(view.pocket.line), expected)
    np.testing.assert_allclose(view.cursor.get_xdata(), [t, t])
    pocket_error = np.mean(clf.predict(data.X) != y)
    assert view.dots.get_offsets()[1, 1] == pytest.approx(pocket_error)
    # when the caption says the pocket took the running weights, both lines agree
    taken = 0
    for t in range(1, 120):
        stepper.step = t
        if "pocket takes" in stepper.caption:
            taken += 1
            np.testing.assert_allclose(
                _segment(view.pocket.line), _segment(view.plane.line)
            )
    assert taken >= 1


def test_pocket_stepper_uses_the_colours_and_names_of_chapter_4():
    data = lc.data.make_separable(n=50, margin=0.05, random_state=2)
    y = lc.data.flip_labels(data.y, 0.1, random_state=0)
    palette = lc.plotting.PALETTE
    for ratchet, colour, name in (
        (False, "blue", "pocket"),
        (True, "green", "ratchet pocket"),
    ):
        clf = lc.Pocket(max_iter=3, ratchet=ratchet, random_state=0).fit(data.X, y)
        stepper = Stepper(clf, data.X, y)
        view = stepper.view
        assert to_hex(view.pocket.line.get_color()) == to_hex(palette[colour])
        assert to_hex(view.plane.line.get_color()) == to_hex(palette["vermillion"])
        legend = view.plane.ax.get_legend()
        labels = [text.get_text() for text in legend.get_texts()]
        assert name in labels and "pocket weights" not in labels
        stepper.step = stepper.n_steps
        assert f"{name} error" in stepper.caption


def test_multiclass_regions_are_the_predictions():
    X, y = lc.data.make_multiclass(n=60, k=3, random_state=0, std=1.1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        clf = lc.MulticlassPerceptron(max_iter=5).fit(X, y)
    stepper = Stepper(clf, X, y)
    stepper.step = stepper.n_steps
    view = stepper.view
    regions = np.asarray(view.regions.get_array()).ravel()
    predicted = clf.predict(view.grid)
    np.testing.assert_array_equal(clf.classes_[regions], predicted)
    t = int(clf.history_.mistake_steps[2])
    stepper.step = t
    assert "w_" in stepper.caption and "mistake" in view.box.get_text()
    # one arrow per class, along w_c
    W = clf.history_.weights_at(t)[0]
    for arrow, w in zip(view.arrows, W, strict=True):
        drawn = np.subtract(arrow.annotation.xy, arrow.annotation.xyann)
        assert abs(drawn[0] * w[1] - drawn[1] * w[0]) < 1e-9 and drawn @ w > 0


def test_reference_panel_sandwiches_the_proof(run):
    data, clf = run
    gamma = data.margin
    stepper = Stepper(clf, data.X, data.y, reference=(data.w, gamma))
    stepper.step = stepper.n_steps
    progress, length = stepper.view.proof.dots.get_offsets()
    k = clf.n_mistakes_
    R = np.max(np.linalg.norm(data.X, axis=1))
    assert progress[0] == length[0] == k
    assert progress[1] == pytest.approx(clf.coef_[0] @ data.w)
    assert length[1] == pytest.approx(np.linalg.norm(clf.coef_[0]))
    assert k * gamma <= progress[1] <= length[1] <= R * np.sqrt(k)


def test_reference_panel_draws_no_future_mistakes(run):
    data, clf = run
    stepper = Stepper(clf, data.X, data.y, reference=(data.w, data.margin))
    proof = stepper.view.proof
    t = clf.history_.mistake_steps[len(clf.history_.mistake_steps) // 2]
    stepper.step = t
    k = int(np.searchsorted(clf.history_.mistake_steps, t, side="right"))
    assert 0 < k < clf.n_mistakes_, "a step in the middle of the run"
    for line, values in (
        (proof.progress_line, proof.progress),
        (proof.length_line, proof.length),
    ):
        ks, drawn = line.get_data()
        assert ks[-1] == k and np.all(ks <= k), "the curve stops at the cursor"
        np.testing.assert_allclose(drawn, values[: len(drawn)])


def test_bad_input_is_rejected(run):
    data, clf = run
    with pytest.raises(ValueError, match="not fitted"):
        Stepper(lc.Perceptron(), data.X, data.y)
    sk = SkPerceptron().fit(data.X, data.y)
    with pytest.raises(TypeError, match="records no history_"):
        Stepper(sk, data.X, data.y)
    with pytest.raises(ValueError, match="2 features"):
        Stepper(clf, np.c_[data.X, data.X[:, :1]], data.y)
    with pytest.raises(ValueError, match="rows but y"):
        Stepper(clf, data.X, data.y[:-1])
    with pytest.raises(ValueError, match="unit norm"):
        Stepper(clf, data.X, data.y, reference=(2 * data.w, data.margin))
    with pytest.raises(ValueError, match="margin of w_star"):
        Stepper(clf, data.X, data.y, reference=(data.w, 10.0))
    batch = lc.Perceptron(mode="batch", fit_intercept=False).fit(data.X, data.y)
    with pytest.raises(ValueError, match="online"):
        Stepper(batch, data.X, data.y, reference=(data.w, data.margin))


# ---------------------------------------------------------------- explorers
@pytest.fixture(scope="module")
def hyperplane_explorer():
    data = lc.data.make_separable(n=40, margin=0.15, random_state=0)
    return HyperplaneExplorer(data.X, data.y), data


def test_hyperplane_explorer_sliders_move_the_line(hyperplane_explorer):
    explorer, data = hyperplane_explorer
    parts = _children(explorer.widget)
    sliders = {s.description: s for s in parts if isinstance(s, widgets.FloatSlider)}
    assert set(sliders) == {"angle of w (°)", "‖w‖", "b", "scale (w, b) by s"}
    assert (
        sliders["angle of w (°)"].min == -180 and sliders["angle of w (°)"].max == 180
    )
    explorer._sliders["theta"].value = 30.0
    explorer._sliders["norm"].value = 2.0
    explorer._sliders["b"].value = 0.1
    w = 2.0 * np.array([np.cos(np.radians(30)), np.sin(np.radians(30))])
    ax = explorer.plane.ax
    expected = line_endpoints(w, 0.1, ax.get_xlim(), ax.get_ylim())
    np.testing.assert_allclose(_segment(explorer.plane.line), expected)
    error = np.mean(data.y * (data.X @ w + 0.1) <= 0)
    assert f"mistake fraction {error:.0%}" in explorer.caption


def test_scaling_w_and_b_changes_nothing_in_the_tour(hyperplane_explorer):
    explorer, data = hyperplane_explorer
    scaling = [i for i, (_, story) in enumerate(explorer.tour) if "scaling" in story]
    assert len(scaling) >= 8
    scales = [explorer.tour[i][0]["scale"] for i in scaling]
    assert min(scales) == pytest.approx(0.5) and max(scales) == pytest.approx(3.0)
    segments, margins = [], []
    for i in scaling:
        explorer.step = i
        segments.append(_segment(explorer.plane.line))
        margins.append(re.search(r"^.*· margin ([-+.\d]+)", explorer.caption).group(1))
    np.testing.assert_allclose(segments, [segments[0]] * len(segments), atol=1e-9)
    assert len(set(margins)) == 1


def test_the_scale_slider_moves_nothing(hyperplane_explorer):
    explorer, _ = hyperplane_explorer
    assert explorer.widget is not None  # the sliders exist once the widget does
    explorer._sliders["theta"].value = 40.0
    explorer._sliders["b"].value = 0.3
    before, caption = _segment(explorer.plane.line), explorer.caption
    explorer._sliders["scale"].value = 3.0
    np.testing.assert_allclose(_segment(explorer.plane.line), before, atol=1e-9)
    margin = re.compile(r"(?:^|· )margin ([-+.\d]+)")
    assert margin.search(explorer.caption).group(1) == margin.search(caption).group(1)
    with pytest.raises(ValueError, match="scale must be positive"):
        explorer.show(theta=0.0, norm=1.0, b=0.0, scale=0.0)


def test_explorer_html_is_a_tour(hyperplane_explorer):
    explorer, _ = hyperplane_explorer
    html = explorer.to_html()
    data = payload(html)
    assert len(data["index"]) == len(explorer.tour) >= 50
    assert len(html.encode()) <= 1_000_000 and "http" not in html
    assert any("scaling (w, b)" in c for c in data["captions"])


def test_projection_explorer_finds_fishers_direction():
    X, y = lc.data.make_elongated(n=200, random_state=0)
    explorer = ProjectionExplorer(X, y)
    fisher = lc.FisherLDA().fit(X, y).coef_[0]
    angle = np.degrees(np.arctan2(fisher[1], fisher[0])) % 180
    assert explorer.fisher_angle == pytest.approx(angle, abs=1e-6)
    assert explorer.angles[np.argmax(explorer.J)] == pytest.approx(angle, abs=0.5)
    for theta in (0.0, angle):
        explorer.show(theta)
        counts = [fill.get_xy()[1:-1:2, 1].sum() for fill in explorer.fills]
        assert counts == [np.sum(y == -1), np.sum(y == 1)]
    assert "Fisher's maximum" in explorer.caption


def test_projection_explorer_legend_sits_outside_the_swept_axes():
    # The dashed direction line turns through every corner of the data panel and
    # is drawn over it; a legend inside would be crossed at some angle.
    X, y = lc.data.make_elongated(n=200, random_state=0)
    explorer = ProjectionExplorer(X, y)
    explorer.render_png()
    fig = explorer.figure
    renderer = fig.canvas.get_renderer()
    (legend,) = [leg.get_window_extent(renderer) for leg in fig.legends]
    assert legend.y1 <= fig.axes[0].get_window_extent(renderer).y0
    texts = [t.get_text() for t in fig.legends[0].texts]
    assert any("y = +1" in t for t in texts) and any("y = -1" in t for t in texts)
    assert legend.y0 >= 0, "the legend is cut off at the bottom of the figure"


def test_explorers_reject_bad_input():
    X, y = lc.data.make_multiclass(n=30, k=3, random_state=0)
    with pytest.raises(ValueError, match="exactly two classes"):
        HyperplaneExplorer(X, y)
    with pytest.raises(ValueError, match="2 features"):
        ProjectionExplorer(np.c_[X, X[:, :1]][y < 2], y[y < 2])
    bad = X[y < 2].copy()
    bad[0, 0] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        HyperplaneExplorer(bad, y[y < 2])
    line = np.c_[np.arange(6.0), 2 * np.arange(6.0)]
    with pytest.raises(ValueError, match="singular"):
        ProjectionExplorer(line, [0, 0, 0, 1, 1, 1])


def test_stepper_rings_and_counts_the_points_an_update_breaks(run, stepper):
    data, clf = run
    h, seen = clf.history_, 0
    for t in h.mistake_steps[:40]:
        (w0, b0), (w1, b1) = h.weights_at(int(t) - 1), h.weights_at(int(t))
        m0, m1 = data.y * (data.X @ w0 + b0), data.y * (data.X @ w1 + b1)
        broken = data.X[(m0 > 0) & (m1 <= 0)]
        stepper.step = int(t)
        rings = stepper.view.broken.collection.get_offsets()
        np.testing.assert_allclose(np.sort(rings, axis=0), np.sort(broken, axis=0))
        n = len(broken)
        if n:
            seen += 1
            word = "point" if n == 1 else "points"
            assert f"it broke {n} correct {word}" in stepper.caption
        else:
            assert "broke" not in stepper.caption
    assert seen > 0, "the run must contain an update that breaks a point"
    stepper.step = next(t for t in range(1, h.n_steps + 1) if not h.is_mistake(t))
    assert len(stepper.view.broken.collection.get_offsets()) == 0, "no update"


def test_broken_points_are_marked_by_a_shape_no_class_uses(stepper):
    drawn = stepper.view.broken.collection.get_paths()[0].vertices
    for m in lc.plotting.MARKERS[:2]:  # the binary classes' markers
        style = MarkerStyle(m)
        path = style.get_path().transformed(style.get_transform())
        assert path.vertices.shape != drawn.shape or not np.allclose(
            path.vertices, drawn
        ), f"the broken-point ring looks like the class marker {m!r}"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_explorer_distance_segments_never_line_up_in_the_last_part(seed):
    # In the tour's last part w lies along Fisher's direction and every distance
    # segment is parallel to it: two marked points with the same coordinate along
    # the boundary would draw segments that read as one line.
    data = lc.data.make_separable(n=40, d=2, margin=0.1, random_state=seed)
    explorer = HyperplaneExplorer(data.X, data.y)
    explorer.step = explorer.n_steps
    w = explorer.tour[-1][0]["norm"] * lc.geometry.unit(
        np.radians(explorer.tour[-1][0]["theta"])
    )
    along = data.X[explorer.marked] @ np.array([-w[1], w[0]])
    gaps = np.abs(along[:, None] - along[None, :])[np.triu_indices(4, 1)]
    assert len(set(explorer.marked.tolist())) == 4
    assert gaps.min() > 0.05 * np.ptp(data.X @ np.array([-w[1], w[0]]))


def test_ring_legend_says_a_mistake_is_vermillion():
    data = lc.data.make_separable(n=20, random_state=0)
    stepper = Stepper(lc.Perceptron().fit(data.X, data.y), data.X, data.y)
    stepper.step = int(stepper.history.mistake_steps[0])
    legend = stepper.view.plane.ax.get_legend()
    assert "visited point\n(vermillion: a mistake)" in [
        t.get_text() for t in legend.get_texts()
    ]
    edge = stepper.view.ring.collection.get_edgecolors()[0]
    assert to_hex(edge) == lc.plotting.PALETTE["vermillion"].lower()
