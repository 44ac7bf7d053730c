"""Tests for linclass.geometry: hand-computed cases, identities and brute force."""

import math
import warnings

import numpy as np
import pytest
from exact_errors import raises_exactly
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import SVC

from linclass import data, geometry

XOR_X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
XOR_Y = np.array([1, 1, -1, -1])


def scan_margin_2d(X, y, fit_intercept=True, n_angles=40000):
    """Best margin over a fine grid of directions, the offset chosen per direction.

    For a unit direction u the best offset puts the hyperplane halfway between the
    lowest positive projection and the highest negative one; without an intercept
    the margin is simply min_i y_i u.x_i.
    """
    theta = np.linspace(0, 2 * np.pi, n_angles, endpoint=False)
    U = np.column_stack([np.cos(theta), np.sin(theta)])
    P = X @ U.T  # (n, n_angles)
    if fit_intercept:
        gam = (P[y > 0].min(axis=0) - P[y < 0].max(axis=0)) / 2
    else:
        gam = (y[:, None] * P).min(axis=0)
    return gam.max(), 2 * np.pi / n_angles


# --- small functions ---------------------------------------------------------------


def test_add_bias_appends_constant_column():
    Xt = geometry.add_bias([[1.0, 2.0], [3.0, 4.0]], value=-1.0)
    np.testing.assert_array_equal(Xt, [[1, 2, -1], [3, 4, -1]])


def test_bias_trick_reproduces_affine_score():
    rng = np.random.default_rng(0)
    X, w, b = rng.normal(size=(7, 3)), rng.normal(size=3), 0.7
    np.testing.assert_allclose(geometry.add_bias(X) @ np.r_[w, b], X @ w + b)


def test_signed_distance_hand_example():
    # w = (3, 4), b = -5: the line 3x + 4y = 5 is at distance 1 from the origin,
    # on the side w points to; (3, 4) has score 20, so distance 20 / 5 = 4.
    r = geometry.signed_distance([[0.0, 0.0], [3.0, 4.0]], [3.0, 4.0], -5.0)
    np.testing.assert_allclose(r, [-1.0, 4.0])


def test_signed_distance_moves_point_onto_hyperplane_and_is_scale_invariant():
    rng = np.random.default_rng(1)
    X, w, b = rng.normal(size=(10, 3)), rng.normal(size=3), -0.3
    r = geometry.signed_distance(X, w, b)
    foot = X - r[:, None] * w / np.linalg.norm(w)
    np.testing.assert_allclose(foot @ w + b, 0.0, atol=1e-12)
    np.testing.assert_allclose(geometry.signed_distance(X, 7 * w, 7 * b), r)


def test_margins_relations_and_string_labels():
    X = np.array([[1.0, 0.0], [3.0, 0.0], [4.0, 1.0]])
    w, b = np.array([2.0, 0.0]), -4.0
    f = geometry.functional_margin(X, [-1, 1, 1], w, b)
    np.testing.assert_allclose(f, [2.0, 2.0, 4.0])
    np.testing.assert_allclose(geometry.geometric_margin(X, [-1, 1, 1], w, b), f / 2)
    # Two arbitrary labels: the larger one is +1, as for the estimators.
    g = geometry.geometric_margin(X, ["no", "yes", "yes"], w, b)
    np.testing.assert_allclose(g, f / 2)
    assert geometry.margin(X, [-1, 1, 1], w, b) == 1.0
    assert geometry.margin(X, [1, 1, 1], w, b) == -1.0  # a single class is allowed


def test_functional_margin_scales_geometric_does_not():
    X, y = data.make_xor(n=20, random_state=0)
    w, b = np.array([0.3, -1.2]), 0.4
    np.testing.assert_allclose(
        geometry.functional_margin(X, y, 5 * w, 5 * b),
        5 * geometry.functional_margin(X, y, w, b),
    )
    np.testing.assert_allclose(
        geometry.geometric_margin(X, y, 5 * w, 5 * b),
        geometry.geometric_margin(X, y, w, b),
    )


def test_without_b_the_hyperplane_passes_through_the_origin():
    # b defaults to 0: the line 3x + 4y = 0, to which (3, 4) is 25 / 5 = 5 away
    X, y, w = [[3.0, 4.0], [-3.0, -4.0]], [1, -1], [3.0, 4.0]
    np.testing.assert_array_equal(geometry.signed_distance(X, w), [5.0, -5.0])
    np.testing.assert_array_equal(geometry.functional_margin(X, y, w), [25.0, 25.0])
    np.testing.assert_array_equal(geometry.geometric_margin(X, y, w), [5.0, 5.0])
    assert geometry.margin(X, y, w) == 5.0


def test_novikoff_bound_reads_exact_fractions_as_numbers():
    # a margin worked out by hand as a fraction, 1/2, is a number like 0.5
    from fractions import Fraction

    assert geometry.novikoff_bound(3, Fraction(1, 2)) == 36.0
    assert geometry.novikoff_bound(Fraction(3), 0.5) == 36.0


def test_line_endpoints_reads_the_box_in_any_number_type():
    # limits typed as decimals (as a text box gives them) are read as floats
    from decimal import Decimal

    box = (Decimal("-1"), Decimal("1"))
    assert geometry.line_endpoints([0.0, 1.0], -0.5, box, box) == (
        (1.0, 0.5),
        (-1.0, 0.5),
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: geometry.add_bias([[1.0]], np.nan),
            "value contains NaN or infinity",
        ),
        (
            lambda: geometry.add_bias([[1.0]], [1.0, 2.0]),
            "value must be a 1-D vector; got shape (1, 2)",
        ),
        (
            lambda: geometry.novikoff_bound(np.nan, 0.5),
            "R and gamma must be finite numbers; got NaN or infinity",
        ),
        (
            lambda: geometry.novikoff_bound(1.0, np.inf),
            "R and gamma must be finite numbers; got NaN or infinity",
        ),
        (
            lambda: geometry.line_endpoints([1.0, 0.0, 0.0], 0.0, (0, 1), (0, 1)),
            "w must have length 2; got shape (3,)",
        ),
    ],
)
def test_small_functions_say_exactly_what_is_wrong(call, message):
    raises_exactly(call, ValueError, message)


def test_radius_novikoff_and_distance_to_origin():
    assert geometry.radius([[3.0, 4.0], [-1.0, 0.0]]) == 5.0
    assert geometry.novikoff_bound(3.0, 0.5) == 36.0
    np.testing.assert_allclose(geometry.novikoff_bound(1.0, [0.5, 0.25]), [4.0, 16.0])
    # The closest point of 3x + 4y = 10 to the origin is 10 (3, 4) / 25 = (1.2, 1.6).
    assert geometry.distance_to_origin([3.0, 4.0], -10.0) == pytest.approx(2.0)
    assert geometry.distance_to_origin([1.0, 0.0], 0.0) == 0.0


@st.composite
def _data_matrices(draw):
    d = draw(st.integers(1, 12))  # from 8 columns on numpy adds in SIMD lanes
    row = st.lists(st.floats(-1e150, 1e150), min_size=d, max_size=d)
    return draw(st.lists(row, min_size=1, max_size=6))


@settings(max_examples=200, deadline=None)
@given(_data_matrices())
def test_radius_is_a_left_to_right_sum_of_squares(rows):
    # The one definition of R. Python floats are IEEE doubles, so this loop fixes
    # the bits that every numpy version must reproduce; np.linalg.norm and einsum
    # add in other orders and fail this test.
    squares = [0.0] * len(rows)
    for i, row in enumerate(rows):
        for v in row:
            squares[i] += v * v
    assert geometry.radius(rows) == math.sqrt(max(squares))


def test_radius_of_many_rows_is_the_same_sum():
    # More rows than one block of the blocked sum; the farthest point is the last.
    X = np.random.default_rng(3).standard_normal((20_000, 9))
    X[-1] *= 100.0
    squares = 0.0
    for v in X[-1].tolist():
        squares += v * v
    assert geometry.radius(X) == math.sqrt(squares)


def test_unit_vectors():
    assert np.allclose(geometry.unit(np.pi / 2), [0.0, 1.0])
    V = geometry.unit(np.linspace(0, 6, 7))
    assert V.shape == (7, 2)
    np.testing.assert_allclose(np.linalg.norm(V, axis=1), 1.0)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: geometry.signed_distance([[1.0, 2.0]], [0.0, 0.0]), "non-zero"),
        (lambda: geometry.signed_distance([[1.0, 2.0]], [1.0, 2.0, 3.0]), "length 2"),
        (lambda: geometry.signed_distance([1.0, 2.0], [1.0, 2.0]), "2-D"),
        (lambda: geometry.margin([[np.nan, 1.0]], [1], [1.0, 0.0]), "NaN"),
        (lambda: geometry.margin([[1.0, 1.0]], [1, -1], [1.0, 0.0]), "1 rows"),
        (lambda: geometry.margin([[1.0], [2.0], [3.0]], [0, 1, 2], [1.0]), "two"),
        (lambda: geometry.novikoff_bound(1.0, 0.0), "gamma"),
        (lambda: geometry.novikoff_bound(-1.0, 0.1), "R must"),
        (lambda: geometry.line_endpoints([1.0, 0.0, 0.0], 0.0, (0, 1), (0, 1)), "2"),
        (lambda: geometry.max_margin(XOR_X, XOR_Y), "not linearly separable"),
        (lambda: geometry.max_margin(XOR_X, [1, 1, 1, 1]), "both classes"),
        (lambda: geometry.unit(np.inf), "NaN or infinity"),
    ],
)
def test_bad_input_is_named(call, message):
    with pytest.raises((ValueError, TypeError), match=message):
        call()


# --- line_endpoints ----------------------------------------------------------------


def test_line_endpoints_on_line_and_box_boundary():
    rng = np.random.default_rng(2)
    xlim, ylim = (-2.0, 3.0), (-1.0, 1.5)
    hits = 0
    for _ in range(200):
        w, b = rng.normal(size=2), rng.normal()
        seg = geometry.line_endpoints(w, b, xlim, ylim)
        if seg is None:
            continue
        hits += 1
        for x, y in seg:
            assert w @ [x, y] + b == pytest.approx(0.0, abs=1e-9)
            on_x = np.isclose(x, xlim).any() and ylim[0] - 1e-9 <= y <= ylim[1] + 1e-9
            on_y = np.isclose(y, ylim).any() and xlim[0] - 1e-9 <= x <= xlim[1] + 1e-9
            assert on_x or on_y
        # Ordered along (-w2, w1), so the segment never flips as w turns slowly.
        (x0, y0), (x1, y1) = seg
        assert (x1 - x0) * -w[1] + (y1 - y0) * w[0] > 0
    assert hits > 50


def test_line_endpoints_axis_parallel_and_misses():
    assert geometry.line_endpoints([1.0, 0.0], -0.5, (0, 1), (0, 2)) == (
        (0.5, 0.0),
        (0.5, 2.0),
    )
    assert geometry.line_endpoints([1.0, 0.0], -5.0, (0, 1), (0, 2)) is None
    # x + y = 2 touches the box [0, 1]^2 only at its corner (1, 1).
    assert geometry.line_endpoints([1.0, 1.0], -2.0, (0, 1), (0, 1)) is None
    # A diagonal through the box runs corner to corner.
    seg = geometry.line_endpoints([1.0, -1.0], 0.0, (0, 1), (0, 1))
    np.testing.assert_allclose(sorted(seg), [(0.0, 0.0), (1.0, 1.0)], atol=1e-12)


# --- separability and the maximum margin ---------------------------------------------


def test_is_separable():
    assert not geometry.is_separable(XOR_X, XOR_Y)
    assert geometry.is_separable(XOR_X, [-1, 1, -1, 1])
    # x = 5 separates these, but no line through the origin does: (6, 0) is a
    # positive multiple of (4, 0), so w.x has the same sign at both.
    X = np.array([[4.0, 0.0], [6.0, 0.0], [4.0, 1.0], [6.0, 1.0]])
    y = np.array([-1, 1, -1, 1])
    assert geometry.is_separable(X, y)
    assert not geometry.is_separable(X, y, fit_intercept=False)
    with pytest.raises(ValueError, match="through the origin"):
        geometry.max_margin(X, y, fit_intercept=False)


def test_best_offset_hand_example():
    # Positives project to 3 and 5, negatives to 0 and 1: best cut at 2, margin 1
    # (for the unit w); with w scaled by 2 the offset doubles, the margin does not.
    X, y = [[0.0], [1.0], [3.0], [5.0]], [-1, -1, 1, 1]
    assert geometry.best_offset(X, y, [1.0]) == (-2.0, 1.0)
    assert geometry.best_offset(X, y, [2.0]) == (-4.0, 1.0)


def test_max_margin_hand_example():
    # Symmetric square: the best line is x1 = 1, margin 1.
    X = [[0.0, 0.0], [0.0, 2.0], [2.0, 0.0], [2.0, 2.0]]
    w, b, gamma = geometry.max_margin(X, [-1, -1, 1, 1])
    np.testing.assert_allclose(w, [1.0, 0.0], atol=1e-9)
    assert b == pytest.approx(-1.0, abs=1e-9)
    assert gamma == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("fit_intercept", [True, False])
def test_max_margin_matches_brute_force_angle_scan(seed, fit_intercept):
    d = data.make_separable(
        n=60, margin=0.05, center=[0.4, -0.3], fit_intercept=fit_intercept,
        random_state=seed,
    )  # fmt: skip
    w, b, gamma = geometry.max_margin(d.X, d.y, fit_intercept=fit_intercept)
    assert np.linalg.norm(w) == pytest.approx(1.0)
    assert gamma == pytest.approx(geometry.margin(d.X, d.y, w, b), abs=1e-12)
    assert gamma >= d.margin  # the generator's own separator achieves d.margin
    if not fit_intercept:
        assert b == 0.0
    best, step = scan_margin_2d(d.X, d.y, fit_intercept)
    R = geometry.radius(d.X)
    # The scan can only miss the optimum by the change over half a grid step.
    assert best <= gamma + 1e-9
    assert best >= gamma - R * step


def test_max_margin_support_vectors_on_both_sides():
    d = data.make_separable(n=80, d=3, margin=0.1, random_state=4)
    w, b, gamma = geometry.max_margin(d.X, d.y)
    r = d.y * (d.X @ w + b)
    tight = np.abs(r - gamma) < 1e-7
    assert set(d.y[tight]) == {-1, 1}


@pytest.mark.parametrize("seed", range(3))
def test_max_margin_not_worse_than_svc_in_3d(seed):
    d = data.make_separable(n=150, d=3, margin=0.1, random_state=seed)
    w, b, gamma = geometry.max_margin(d.X, d.y)
    svc = SVC(kernel="linear", C=1e6, tol=1e-8).fit(d.X, d.y)
    svc_gamma = geometry.margin(d.X, d.y, svc.coef_[0], svc.intercept_[0])
    assert gamma >= svc_gamma - 1e-9
    assert gamma == pytest.approx(svc_gamma, abs=1e-4)


def test_max_margin_equivariant_to_shift_and_scale():
    d = data.make_separable(n=50, margin=0.1, random_state=7)
    w, b, gamma = geometry.max_margin(d.X, d.y)
    shift = np.array([300.0, -200.0])
    w2, b2, gamma2 = geometry.max_margin(3 * d.X + shift, d.y)
    np.testing.assert_allclose(w2, w, atol=1e-6)
    assert gamma2 == pytest.approx(3 * gamma, rel=1e-6)
    # Same hyperplane: the image of a point on the old one lies on the new one.
    on_plane = -b * w
    assert w2 @ (3 * on_plane + shift) + b2 == pytest.approx(0.0, abs=1e-4)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    d=st.integers(1, 4),
    margin=st.floats(0.01, 0.5),
    fit_intercept=st.booleans(),
)
def test_max_margin_at_least_generator_margin(seed, d, margin, fit_intercept):
    sep = data.make_separable(
        n=40, d=d, margin=margin, fit_intercept=fit_intercept, random_state=seed
    )
    w, b, gamma = geometry.max_margin(sep.X, sep.y, fit_intercept=fit_intercept)
    assert gamma >= sep.margin - 1e-9
    assert geometry.margin(sep.X, sep.y, w, b) == pytest.approx(gamma, abs=1e-12)


def test_a_line_along_an_edge_of_the_box_is_that_edge():
    # y = -1 and y = 1 lie on the box's lower and upper edges: the edge is visible.
    assert geometry.line_endpoints([0.0, 1.0], 1.0, (-1, 1), (-1, 1)) == (
        (1.0, -1.0),
        (-1.0, -1.0),
    )
    assert geometry.line_endpoints([0.0, 1.0], -1.0, (-1, 1), (-1, 1)) == (
        (1.0, 1.0),
        (-1.0, 1.0),
    )


def test_margins_check_the_hyperplane_against_the_data():
    with pytest.raises(ValueError, match="w must have length 2; got shape"):
        geometry.functional_margin([[1.0, 0.0]], [1], [1.0, 2.0, 3.0])


def test_novikoff_bound_of_a_zero_radius_is_zero():
    assert geometry.novikoff_bound(0, 0.5) == 0.0


def test_unit_vectors_are_float64_and_reject_non_finite_angles():
    assert geometry.unit(np.float32(0.3)).dtype == np.float64
    with pytest.raises(ValueError, match="^theta contains NaN or infinity$"):
        geometry.unit(np.nan)


# --- the separators' tolerance, edge cases and messages (found by mutation testing) --


def _two_rays(half_gap, R=100.0, n=400, offset=(10.0, 1000.0)):
    """n points on a line of length 2R, split by a gap of half-width half_gap * R at
    its middle (positive on the right), far from the origin; x2 is constant."""
    s = np.linspace(0.0, R, n // 2)
    x = np.r_[half_gap * R + s, -(half_gap * R + s)]
    y = np.r_[np.ones(n // 2), -np.ones(n // 2)]
    return np.c_[x + offset[0], np.full(n, offset[1])], y


def test_separable_means_a_gap_above_1e9_of_the_datas_own_size():
    # The tolerance is relative to the data's radius around their mean: where the
    # data sit (here near (10, 1000)) and how large they are (100) do not matter.
    assert geometry.is_separable(*_two_rays(3e-9))
    assert not geometry.is_separable(*_two_rays(5e-10))
    small = _two_rays(3e-9, R=0.01, offset=(-5.0, 0.0))
    assert geometry.is_separable(*small)
    assert not geometry.is_separable(*_two_rays(5e-10, R=0.01, offset=(-5.0, 0.0)))


def test_separable_by_an_offset_only():
    X, y = [[0.0], [1.0], [2.0], [3.0]], [-1, -1, -1, 1]
    assert geometry.is_separable(X, y)  # x = 2.5
    assert not geometry.is_separable(X, y, fit_intercept=False)  # 0 is on no side
    w, b, gamma = geometry.max_margin(X, y)
    assert (w.tolist(), b, gamma) == ([1.0], -2.5, 0.5)


def test_identical_points_and_a_single_class():
    X = [[1.0, 2.0]] * 3
    assert not geometry.is_separable(X, [1, -1, 1])
    assert geometry.is_separable(X, [1, 1, 1])  # any hyperplane away from them
    assert geometry.is_separable(X, [-1, -1, -1])
    with pytest.raises(ValueError, match="^the data are not linearly separable: "):
        geometry.max_margin(X, [1, -1, 1])


def test_max_margin_is_exact_where_the_box_lp_is_not_optimal():
    # The negative point at the origin, the positives at (3, 0) and (0, 1): the
    # closest point of their segment is p = (0.3, 0.9), so w = p / |p| =
    # (1, 3) / sqrt(10), gamma = |p| / 2 and b = -|p| / 2 (the LP that starts the
    # search, with |w_j| <= 1, picks another direction).
    X, y = [[0.0, 0.0], [3.0, 0.0], [0.0, 1.0]], [-1, 1, 1]
    w, b, gamma = geometry.max_margin(X, y)
    np.testing.assert_allclose(w, np.array([1.0, 3.0]) / np.sqrt(10), rtol=1e-14)
    assert gamma == pytest.approx(np.sqrt(0.9) / 2, rel=1e-14)
    assert b == pytest.approx(-np.sqrt(0.9) / 2, rel=1e-14)


def test_labels_other_than_minus_one_and_one_are_mapped():
    # -2 and 1: the larger is the positive class, as everywhere in linclass
    X = [[0.0, 0.0], [3.0, 0.0], [0.0, 1.0]]
    w, b, gamma = geometry.max_margin(X, [-2, 1, 1])
    expected = geometry.max_margin(X, [-1, 1, 1])
    np.testing.assert_allclose(w, expected[0], rtol=1e-12)
    assert (b, gamma) == pytest.approx(expected[1:], rel=1e-12)
    assert geometry.margin(X, [-2, 1, 1], w, b) == pytest.approx(gamma, rel=1e-12)
    # where the negative point is the closest one, its margin is not doubled
    closest = geometry.margin(X, [-2, 1, 1], [1.0, 1.0], -0.25)
    assert closest == geometry.margin(X, [-1, 1, 1], [1.0, 1.0], -0.25)
    assert closest == pytest.approx(0.25 / np.sqrt(2), rel=1e-15)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: geometry.max_margin(XOR_X, [1, 1, 1, 1]),
            ValueError,
            "max_margin needs points of both classes: with one class the margin of "
            "an affine separator is unbounded",
        ),
        (
            lambda: geometry.max_margin(XOR_X, XOR_Y),
            ValueError,
            "the data are not linearly separable: no hyperplane puts every point "
            "strictly on its own side, so there is no maximum margin",
        ),
        (
            lambda: geometry.max_margin([[4.0], [6.0]], [-1, 1], fit_intercept=False),
            ValueError,
            "the data are not linearly separable by a hyperplane through the origin: "
            "no hyperplane puts every point strictly on its own side, so there is no "
            "maximum margin",
        ),
        (
            lambda: geometry.best_offset([[0.0], [1.0]], [1, 1], [1.0]),
            ValueError,
            "best_offset needs points of both classes",
        ),
        (
            lambda: geometry.best_offset([[0.0], [1.0]], [-1, 1], [1.0, 0.0]),
            ValueError,
            "w must have length 1; got shape (2,)",
        ),
        (
            lambda: geometry.margin([[0.0], [1.0]], [-1, 1], [0.0], 0.0),
            ValueError,
            "w must be non-zero: the zero vector defines no hyperplane",
        ),
        (
            lambda: geometry.margin([[0.0], [1.0]], [-1, 1], [1.0], [0.0, 1.0]),
            ValueError,
            "b must have length 1; got shape (2,)",
        ),
        (
            lambda: geometry.margin([[0.0], [1.0]], [-1, 1], [1.0], np.nan),
            ValueError,
            "b contains NaN or infinity",
        ),
    ],
)
def test_separator_errors_say_exactly_what_is_wrong(call, error, message):
    raises_exactly(call, error, message)


def _polish_problem():
    """The three points above and a fourth, (-0.75, 0), negative, at functional
    margin 1.5 of the optimum z* = (w, b) = (2/3, 2, -1) (margin 1 on the others)."""
    from linclass._separators import _constraint_matrix

    X = np.array([[0.0, 0.0], [3.0, 0.0], [0.0, 1.0], [-0.75, 0.0]])
    A = _constraint_matrix(X, np.array([-1.0, 1.0, 1.0, -1.0]), True)
    return A, np.array([2.0 / 3.0, 2.0, -1.0])


def test_polish_turns_a_near_optimum_into_the_optimum():
    # SLSQP stops within about 1e-8; the exact solve on the support vectors (the
    # constraints within 1e-6 of equality, not the fourth point) finishes the job.
    from linclass._separators import _polish

    A, optimum = _polish_problem()
    np.testing.assert_array_equal(A @ optimum, [1.0, 1.0, 1.0, 1.5])
    near = optimum + 1e-7 * np.array([1.0, 1.0, 0.5])
    np.testing.assert_allclose(_polish(A, near, True), optimum, rtol=0, atol=1e-14)


def test_polish_certifies_nothing_from_a_single_support_vector():
    # Scaled to touch the margin, (4, 4, -1.5) has one constraint at equality, the
    # negative point at the origin: the solve on it alone gives w = 0, b = -1, which
    # separates nothing, so polish certifies no optimum (None), rather than guess.
    from linclass._separators import _polish

    A, _ = _polish_problem()
    far = np.array([4.0, 4.0, -1.5])
    np.testing.assert_array_equal(A @ far, [1.5, 10.5, 2.5, 4.5])
    assert _polish(A, far, True) is None


def test_polish_starts_from_the_closest_points_of_a_loose_separator():
    # Twice the optimum has every constraint slack (2, 2, 2, 3): scaled down by its
    # smallest value it is the optimum again, with its three support vectors.
    from linclass._separators import _polish

    A, optimum = _polish_problem()
    polished = _polish(A, 2 * optimum, True)
    np.testing.assert_allclose(polished, optimum, rtol=0, atol=1e-14)


def test_polish_refuses_a_support_set_whose_solution_is_infeasible():
    # (0, 0) negative, (0, 1) and (3, 0.75) positive: z = (1, 2, -1) separates them
    # with the first two on its margin; their minimum-norm solution, w = (0, 2),
    # b = -1, leaves (3, 0.75) inside the margin (0.5 < 1): no certificate.
    from linclass._separators import _constraint_matrix, _polish

    X = np.array([[0.0, 0.0], [0.0, 1.0], [3.0, 0.75]])
    A = _constraint_matrix(X, np.array([-1.0, 1.0, 1.0]), True)
    z = np.array([1.0, 2.0, -1.0])
    np.testing.assert_array_equal(A @ z, [1.0, 1.0, 3.5])
    np.testing.assert_array_equal(A @ np.array([0.0, 2.0, -1.0]), [1.0, 1.0, 0.5])
    assert _polish(A, z, True) is None


def test_polish_judges_the_multipliers_relative_to_their_size():
    # The three points above, shrunk by 1e-4: the margin is 1e-4, |w| is 1e4 and the
    # multipliers of the first two 5e7 (they scale like 1 / margin^2), the third
    # one's 0: the rounding errors of such numbers are judged relative to them.
    from linclass._separators import _constraint_matrix, _polish

    X = 1e-4 * np.array([[0.0, 0.0], [2.0, 0.0], [2.0, 1.0]])
    A = _constraint_matrix(X, np.array([-1.0, 1.0, 1.0]), True)
    optimum = np.array([1e4, 0.0, -1.0])
    np.testing.assert_allclose(A @ optimum, [1.0, 1.0, 1.0], rtol=1e-15)
    near = optimum + 1e-7 * np.array([1e4, 0.5e4, -0.5])
    polished = _polish(A, near, True)
    assert polished is not None  # certified
    np.testing.assert_allclose(polished, optimum, rtol=0, atol=1e-9)


def test_polish_refuses_a_support_set_with_a_negative_multiplier():
    # Through the origin, y_i x_i = (1, 0) and (2, 1): z = (1, -1) puts both on its
    # margin and separates, but w = 3 (1, 0) - (2, 1) needs a negative multiplier
    # (the optimum (1, 0) keeps (2, 1) off the margin), so it is no certificate.
    from linclass._separators import _polish

    A = np.array([[1.0, 0.0], [2.0, 1.0]])
    np.testing.assert_array_equal(A @ np.array([1.0, -1.0]), [1.0, 1.0])
    assert _polish(A, np.array([1.0, -1.0]), False) is None


def test_polish_accepts_a_support_vector_that_needs_no_multiplier():
    # (0, 0) negative, (2, 0) and (2, 1) positive: all three lie on the margin of
    # z* = (1, 0, -1), but w* = (1, 0) is built from the first two alone, so the
    # multiplier of (2, 1) is 0 (rounded either way), not a sign of a wrong set.
    from linclass._separators import _constraint_matrix, _polish

    A = _constraint_matrix(
        np.array([[0.0, 0.0], [2.0, 0.0], [2.0, 1.0]]), np.array([-1.0, 1.0, 1.0]), True
    )
    optimum = np.array([1.0, 0.0, -1.0])
    near = optimum + 1e-7 * np.array([1.0, 0.5, -0.5])
    np.testing.assert_allclose(_polish(A, near, True), optimum, rtol=0, atol=1e-14)


def test_polish_finds_non_negative_multipliers_among_many():
    # (0, 0), (0, 1) negative, (2, 1), (2, 3) positive: all four lie on the margin
    # of z* = (1, 0, -1), the optimum (the classes' closest points are (0, 1) and
    # (2, 1)), and its multipliers are not unique: (0, 1/2, 1/2, 0) certifies it,
    # while the minimum-norm ones, (0.1, 0.4, 0.55, -0.05), have a negative entry.
    from linclass._separators import _constraint_matrix, _polish

    X = np.array([[0.0, 0.0], [0.0, 1.0], [2.0, 1.0], [2.0, 3.0]])
    A = _constraint_matrix(X, np.array([-1.0, -1.0, 1.0, 1.0]), True)
    optimum = np.array([1.0, 0.0, -1.0])
    np.testing.assert_array_equal(A @ optimum, [1.0, 1.0, 1.0, 1.0])
    np.testing.assert_allclose(A.T @ [0.0, 0.5, 0.5, 0.0], [1.0, 0.0, 0.0])
    near = optimum + 1e-7 * np.array([1.0, 0.5, -0.5])
    np.testing.assert_allclose(_polish(A, near, True), optimum, rtol=0, atol=1e-14)


def test_max_margin_far_from_the_origin():
    # A gap of 2e-4 between rays of length 1, a million away from the origin: the
    # data are centred before the LP, so the gap is not lost against 1e-9 * 1e6.
    X, y = _two_rays(1e-4, R=1.0, n=40, offset=(1e6, -3e6))
    w, b, gamma = geometry.max_margin(X, y)
    np.testing.assert_allclose(w, [1.0, 0.0], rtol=0, atol=1e-12)
    gap = X[y > 0, 0].min() - X[y < 0, 0].max()
    assert gamma == pytest.approx(gap / 2, rel=1e-6)


@pytest.mark.parametrize(
    ("half_gap", "R", "offset", "fit_intercept"),
    [
        (3e-9, 100.0, (10.0, 1000.0), True),
        (3e-9, 0.01, (-5.0, 0.0), True),
        (3e-9, 1.0, (0.0, 0.0), False),
        (1e-8, 1e4, (3.0, -7.0), True),
    ],
)
def test_max_margin_of_a_gap_just_above_the_tolerance(
    half_gap, R, offset, fit_intercept
):
    # Two rays of length R on one line, 2 * half_gap * R apart, x2 constant: the best
    # separator is the perpendicular bisector of the gap, w = (1, 0), with the
    # half-gap as margin (also through the origin: the gap is centred on x1 = 0).
    # SLSQP gives up at this scale, and the exact solve must not lose the tiny
    # direction (it returned (1, -1) / sqrt(2) once, a margin sqrt(2) too small).
    X, y = _two_rays(half_gap, R=R, offset=offset)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        w, b, gamma = geometry.max_margin(X, y, fit_intercept=fit_intercept)
    np.testing.assert_allclose(w, [1.0, 0.0], rtol=0, atol=1e-12)
    gap = X[y > 0, 0].min() - X[y < 0, 0].max()
    assert gamma == pytest.approx(gap / 2, rel=1e-6)
    middle = (X[y > 0, 0].min() + X[y < 0, 0].max()) / 2
    assert b == pytest.approx(-middle if fit_intercept else 0.0, abs=1e-6 * gap)


def _stuck_slsqp(x, message, success=False):
    """A stand-in for scipy's minimize that returns x as it is."""
    from scipy.optimize import OptimizeResult

    return lambda fun, x0, **kwargs: OptimizeResult(
        x=x0 if x is None else np.asarray(x), success=success, message=message
    )


def test_max_margin_warns_when_it_cannot_certify_the_optimum(monkeypatch):
    # Where SLSQP fails and the exact solve cannot certify a point (here from the
    # LP's separator, whose support set is the wrong one), the answer is the LP's
    # separator: valid, but short of the maximum sqrt(0.9) / 2. Say so.
    from linclass import _separators

    monkeypatch.setattr(_separators, "minimize", _stuck_slsqp(None, "Iteration limit"))
    X, y = [[0.0, 0.0], [3.0, 0.0], [0.0, 1.0]], [-1, 1, 1]
    with pytest.warns(ConvergenceWarning) as record:
        w, b, gamma = geometry.max_margin(X, y)
    assert [str(r.message) for r in record] == [
        "max_margin could not certify the maximum margin (SLSQP: Iteration limit; "
        "the exact solve on the support vectors gave no better feasible point): "
        "the separator returned is valid, but its margin may be below the maximum "
        "(typically the margin is tiny against the data's size)."
    ]
    assert record[0].filename != _separators.__file__  # the caller's line, not ours
    assert geometry.margin(X, y, w, b) == pytest.approx(gamma, rel=1e-12)
    assert 0 < gamma < np.sqrt(0.9) / 2 - 1e-3


@pytest.mark.parametrize(
    "end",
    [
        [-1.0, 0.0, 0.0],  # puts (3, 0) below (0, 0)
        [0.0, 0.0, 0.0],  # w = 0, b = 0: no hyperplane, every functional margin 0
    ],
)
def test_max_margin_falls_back_on_the_lp_when_slsqp_ends_infeasible(monkeypatch, end):
    # SLSQP claims success at a (w, b) that separates nothing: its functional
    # margin falls short of the 1 asked for by a whole unit, not by a rounding.
    # The LP's separator is kept instead (valid, margin > 0), with the warning,
    # since nothing certifies it.
    from linclass import _separators

    monkeypatch.setattr(
        _separators, "minimize", _stuck_slsqp(end, "Optimization terminated", True)
    )
    X, y = [[0.0, 0.0], [3.0, 0.0], [0.0, 1.0]], [-1, 1, 1]
    with pytest.warns(ConvergenceWarning, match=r"^max_margin could not certify"):
        w, b, gamma = geometry.max_margin(X, y)
    assert geometry.margin(X, y, w, b) == pytest.approx(gamma, rel=1e-12)
    assert 0 < gamma < np.sqrt(0.9) / 2 - 1e-3


def test_the_separability_lp_measures_the_margin_of_a_w_in_the_unit_box():
    # is_separable's tolerance is a margin of 1e-9 for a w with every |w_j| <= 1
    # (on standardised data): in 1-D that is w = 1 or w = -1, whichever way the
    # classes lie, and the margin of two points 1 apart is 0.5.
    from linclass._separators import _lp_separator

    X = np.array([[-0.5], [0.5]])
    for y, w in [([-1.0, 1.0], 1.0), ([1.0, -1.0], -1.0)]:
        w_lp, b, t = _lp_separator(X, np.array(y), True)
        assert (w_lp.tolist(), b, t) == ([w], 0.0, 0.5)
    # through the origin, the offset returned is 0, not a variable of the LP
    w_lp, b, t = _lp_separator(X, np.array([-1.0, 1.0]), False)
    assert (w_lp.tolist(), b, t) == ([1.0], 0.0, 0.5)
    # one class with a bias: b alone separates by any margin; t stops at its cap, 1
    assert _lp_separator(np.array([[0.5], [-0.2]]), np.ones(2), True)[2] == 1.0


def test_a_margin_equal_to_the_tolerance_counts_as_not_separable():
    # The rule: separable means an LP optimum t above 1e-9, so t equal to 1e-9 is
    # "not separable", in is_separable and max_margin alike. These data are their
    # own standardisation (mean 0, radius 1), and the negative point at 1.5e-9
    # and the positive one at 3.5e-9 leave a gap of half-width 1e-9 for |w| <= 1.
    from linclass._separators import _SEPARABILITY_TOL, _lp_separator

    X, y = [[1.5e-9], [3.5e-9], [-5e-9], [-1.0], [1.0]], [-1, 1, -1, -1, 1]
    t = _lp_separator(np.array(X), np.array(y, dtype=float), True)[2]
    assert t == _SEPARABILITY_TOL  # the tie itself, to the last bit
    assert geometry.is_separable(X, y) is False
    raises_exactly(
        lambda: geometry.max_margin(X, y),
        ValueError,
        "the data are not linearly separable: no hyperplane puts every point "
        "strictly on its own side, so there is no maximum margin",
    )


def _margin_upper_bound(X, y, w, b, gamma):
    """An upper bound on the maximum margin, from multipliers found without
    max_margin: alpha >= 0 on the points within 1e-6 (relative) of the margin, by
    scipy's nnls, with sum_i alpha_i y_i (x_i, 1) = (w / gamma, 0). By weak duality
    every alpha >= 0 with sum alpha_i y_i = 0 bounds the maximum margin by
    1 / sqrt(2 D), D = sum(alpha) - |sum alpha_i y_i x_i|^2 / 2; the bound is
    gamma itself when (w, b) is the optimum. Returns the bound and the relative
    misfits of the two sums (each must be ~0 for the bound to hold)."""
    from scipy.optimize import nnls

    X, y = np.asarray(X, dtype=float), np.asarray(y, dtype=float)
    S = np.flatnonzero(y * (X @ w + b) <= gamma * (1 + 1e-6))
    M = np.vstack([(y[S, None] * X[S]).T, y[S]])
    alpha = nnls(M, np.r_[w / gamma, 0.0])[0]
    u = M[:-1] @ alpha
    bound = 1 / np.sqrt(2 * (alpha.sum() - u @ u / 2))
    misfit_w = np.linalg.norm(u - w / gamma) / np.linalg.norm(w / gamma)
    return bound, misfit_w, abs(y[S] @ alpha) / alpha.sum()


def _on_a_grid(n, d, margin, seed, step, repeats=0):
    # Points snapped to a grid (as measured data often are), some given twice:
    # more support vectors than the d + 1 a general position has, the hard case
    # for SLSQP and for the exact solve on the support vectors.
    S = data.make_separable(n=n, d=d, margin=margin, random_state=seed)
    X = np.round(S.X / step) * step
    return np.vstack([X, X[:repeats]]), np.r_[S.y, S.y[:repeats]]


@pytest.mark.parametrize(
    "case",
    [
        # plain data in 9-D, where SLSQP with its default tolerances stops short
        "plain",
        # points on a grid (of 1/8 with 5 repeated, in 2-D and 4-D; of 1/4 in
        # 3-D): more points on the margin than the dimension needs, so the
        # multipliers are not unique, and SLSQP stops early
        "grid-repeats",
        "grid-4d",
        "grid",
    ],
)
def test_max_margin_is_the_maximum_to_1e12_and_says_nothing(case):
    # What a learner relies on: gamma is the largest margin (not just a good one),
    # to 1e-12 relative, checked against the bound above; and no
    # ConvergenceWarning, since these maxima are certified.
    if case == "plain":
        S = data.make_separable(n=64, d=9, margin=0.06158541786483248, random_state=16)
        X, y = S.X, S.y
    elif case == "grid-repeats":
        X, y = _on_a_grid(180, 2, 0.015075584626860927, 8, 1 / 8, repeats=5)
    elif case == "grid-4d":
        X, y = _on_a_grid(66, 4, 0.025630367149448118, 257, 1 / 8, repeats=5)
    else:
        X, y = _on_a_grid(32, 3, 0.030437637526043858, 984, 1 / 4)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        w, b, gamma = geometry.max_margin(X, y)
    assert geometry.margin(X, y, w, b) == pytest.approx(gamma, rel=1e-12)
    bound, misfit_w, misfit_b = _margin_upper_bound(X, y, w, b, gamma)
    assert misfit_w < 1e-12 and misfit_b < 1e-12
    assert gamma == pytest.approx(bound, rel=1e-12)
