"""Tests of linclass.multiclass: one-vs-rest, one-vs-one and the linear machine."""

import warnings

import numpy as np
import pytest
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.exceptions import ConvergenceWarning, NotFittedError
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB

from linclass import multiclass as multiclass_module
from linclass._margins import sequential_score
from linclass.lda import FisherLDA
from linclass.multiclass import MulticlassPerceptron, OneVsOne, OneVsRest
from linclass.perceptron import Perceptron


def blobs(seed, n=90, k=3, spread=0.4):
    """k well separated clusters on a circle of radius 3."""
    rng = np.random.default_rng(seed)
    angles = 2 * np.pi * np.arange(k) / k
    centres = 3 * np.column_stack([np.cos(angles), np.sin(angles)])
    y = np.arange(n) % k
    return centres[y] + spread * rng.standard_normal((n, 2)), y


def grid():
    xx, yy = np.meshgrid(np.linspace(-5, 5, 41), np.linspace(-5, 5, 41))
    return np.column_stack([xx.ravel(), yy.ravel()])


def machine_replay(X, y, K, eta, seqs):
    """The multi-class perceptron rule, one visit at a time, each score summed from
    the left."""
    W, b = np.zeros((K, X.shape[1])), np.zeros(K)
    t, steps = 0, []
    for seq in seqs:
        for i in seq:
            t += 1
            g = np.array([sequential_score(X[i], W[c], b[c]) for c in range(K)])
            rivals = [c for c in range(K) if c != y[i]]
            p = max(rivals, key=lambda c: (g[c], -c))
            if g[p] >= g[y[i]]:
                steps.append(t)
                W[y[i]] += eta * X[i]
                b[y[i]] += eta
                W[p] -= eta * X[i]
                b[p] -= eta
    return W, b, steps


@pytest.mark.parametrize("base", [FisherLDA(), LogisticRegression(), Perceptron()])
def test_one_vs_rest_scores_votes_and_prediction(base):
    X, y = blobs(0)
    labels = np.array(["north", "south", "west"])[y]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        ovr = OneVsRest(base).fit(X, labels)
    assert len(ovr.estimators_) == 3
    assert all(e is not base for e in ovr.estimators_)  # clones
    G = grid()
    S = ovr.scores(G)
    for c, est in enumerate(ovr.estimators_):
        np.testing.assert_array_equal(S[:, c], est.decision_function(G))
        assert est.classes_.tolist() == [0, 1]  # class c is the positive class
    np.testing.assert_array_equal(ovr.decision_function(G), S)
    np.testing.assert_array_equal(ovr.votes(G), S > 0)
    np.testing.assert_array_equal(ovr.ambiguous(G), (S > 0).sum(axis=1) != 1)
    np.testing.assert_array_equal(ovr.predict(G), ovr.classes_[S.argmax(axis=1)])
    assert ovr.score(X, labels) == 1.0


def test_one_vs_rest_has_ambiguous_regions_far_from_data():
    X, y = blobs(1)
    ovr = OneVsRest(FisherLDA()).fit(X, y)
    amb = ovr.ambiguous(grid())
    assert amb.any() and not amb.all()
    assert not ovr.ambiguous(X).any()


def test_one_vs_one_votes():
    X, y = blobs(2, k=4)
    ovo = OneVsOne(Perceptron()).fit(X, y)
    assert ovo.pairs_ == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    G = grid()
    V = ovo.votes(G)
    assert V.dtype.kind == "i" and np.all(V.sum(axis=1) == 6)
    manual = np.zeros_like(V)
    for (i, j), est in zip(ovo.pairs_, ovo.estimators_, strict=True):
        assert set(np.unique(est.classes_)) == {0, 1}
        pred = est.predict(G)
        manual[:, j] += pred == 1
        manual[:, i] += pred == 0
    np.testing.assert_array_equal(V, manual)
    top = V == V.max(axis=1, keepdims=True)
    np.testing.assert_array_equal(ovo.ambiguous(G), top.sum(axis=1) > 1)
    np.testing.assert_array_equal(ovo.predict(G), top.argmax(axis=1))  # lowest tie
    assert ovo.score(X, y) == 1.0


def test_one_vs_one_pair_classifiers_see_only_their_classes():
    X, y = blobs(3)
    ovo = OneVsOne(FisherLDA()).fit(X, y)
    for (i, j), est in zip(ovo.pairs_, ovo.estimators_, strict=True):
        mask = (y == i) | (y == j)
        np.testing.assert_allclose(est.means_[0], X[y == i].mean(axis=0))
        np.testing.assert_allclose(est.means_[1], X[y == j].mean(axis=0))
        assert est.n_features_in_ == 2 and mask.sum() == 60


def test_ovo_three_way_tie_is_ambiguous():
    X, y = blobs(4)
    ovo = OneVsOne(FisherLDA()).fit(X, y)
    V = ovo.votes(grid())
    cyclic = np.all(V == 1, axis=1)  # each class wins exactly one duel
    assert cyclic.any()
    assert ovo.ambiguous(grid())[cyclic].all()
    assert np.all(ovo.predict(grid())[cyclic] == 0)


@pytest.mark.parametrize("order", ["cyclic", "random"])
@pytest.mark.parametrize("eta", [1.0, 0.3])
def test_machine_matches_textbook_rule(order, eta):
    X, y = blobs(5, spread=1.2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        clf = MulticlassPerceptron(eta=eta, order=order, max_iter=6, random_state=9)
        clf.fit(X, y)
    h = clf.history_
    seqs = h.indices.reshape(clf.n_iter_, len(y))
    if order == "cyclic":
        np.testing.assert_array_equal(seqs, np.tile(np.arange(len(y)), (6, 1)))
    else:
        rng = np.random.default_rng(9)
        np.testing.assert_array_equal(seqs[0], rng.permutation(len(y)))
    W, b, steps = machine_replay(X, y, 3, eta, seqs)
    assert np.array_equal(clf.coef_, W) and np.array_equal(clf.intercept_, b)
    assert h.order == order
    np.testing.assert_array_equal(h.mistake_steps, steps)  # counted across epochs
    Wt, bt = h.weights_at(h.n_steps)
    assert np.array_equal(Wt, W) and np.array_equal(bt, b)
    W5, b5, _ = machine_replay(X, y, 3, eta, [seqs[0][:5]])
    assert np.array_equal(h.weights_at(5)[0], W5)


def test_machine_history_details():
    X, y = blobs(6, n=30)
    clf = MulticlassPerceptron().fit(X, y)
    h = clf.history_
    assert clf.converged_ and clf.score(X, y) == 1.0
    assert h.is_mistake(1) and h.predicted_at(1) == (1 if y[0] == 0 else 0)
    dW, db = h.update_at(1)
    assert np.array_equal(dW[y[0]], X[0]) and db[y[0]] == 1.0
    assert db.sum() == 0.0 and np.array_equal(dW.sum(axis=0), np.zeros(2))
    assert clf.n_mistakes_ == len(h.mistake_steps)
    quiet = next(t for t in range(1, h.n_steps + 1) if not h.is_mistake(t))
    assert h.predicted_at(quiet) == -1


def test_machine_warns_when_not_separable():
    X, y = blobs(7, spread=3.0)
    with pytest.warns(ConvergenceWarning) as record:
        clf = MulticlassPerceptron(max_iter=4).fit(X, y)
    assert [str(r.message) for r in record] == [
        "MulticlassPerceptron did not converge in 4 epochs; the data may not be "
        "linearly separable"
    ]
    assert record[0].filename != multiclass_module.__file__  # the caller's line
    assert not clf.converged_ and clf.n_iter_ == 4


@pytest.mark.parametrize("order", ["cyclic", "random"])
def test_machine_with_no_epoch_keeps_zero_weights(order):
    with pytest.warns(ConvergenceWarning):
        clf = MulticlassPerceptron(max_iter=0, order=order).fit([[0.0], [1.0]], [0, 1])
    assert np.array_equal(clf.coef_, np.zeros((2, 1))) and not clf.intercept_.any()
    assert (clf.n_iter_, clf.n_mistakes_, clf.converged_) == (0, 0, False)
    assert clf.history_.n_steps == 0 and clf.history_.n_mistakes == 0


def test_machine_two_classes_and_no_intercept():
    X, y = blobs(8, k=2)
    clf = MulticlassPerceptron(fit_intercept=False).fit(X, y)
    assert np.all(clf.intercept_ == 0.0)
    d = clf.decision_function(X)
    assert d.shape == (len(y),)
    np.testing.assert_array_equal(clf.predict(X), (d > 0).astype(int))


@pytest.mark.parametrize(
    ("est", "error", "match"),
    [
        (MulticlassPerceptron(eta=-1), ValueError, "eta must be a positive number"),
        (MulticlassPerceptron(max_iter=-2), ValueError, "max_iter must be a non-neg"),
        (MulticlassPerceptron(order="zigzag"), ValueError, "order must be one of"),
        (MulticlassPerceptron(fit_intercept=0), TypeError, "fit_intercept must be"),
    ],
)
def test_machine_bad_hyper_parameters(est, error, match):
    X, y = blobs(9)
    with pytest.raises(error, match=match):
        est.fit(X, y)


@pytest.mark.parametrize(
    "est", [MulticlassPerceptron(), OneVsRest(FisherLDA()), OneVsOne(Perceptron())]
)
def test_bad_data(est):
    with pytest.raises(ValueError, match="at least 2 classes; got 1"):
        est.fit([[0.0], [1.0]], [4, 4])
    with pytest.raises(ValueError, match="NaN or infinity"):
        est.fit([[0.0], [np.inf]], [0, 1])
    with pytest.raises(ValueError, match="X has 2 rows but y has 1 labels"):
        est.fit([[0.0], [1.0]], [0])
    X, y = blobs(10)
    est.fit(X, y)
    with pytest.raises(ValueError, match="X has 3 features"):
        est.predict(np.zeros((2, 3)))


def test_ovo_a_point_on_a_pair_boundary_votes_for_the_pair_first_class():
    # Each pairwise perceptron predicts its first class where its score is exactly
    # 0 (as a binary classifier predicts classes_[0] on its hyperplane): the votes
    # follow that, boundary by boundary.
    ovo = OneVsOne(Perceptron()).fit([[0.0], [4.0], [8.0]], [0, 1, 2])
    for (i, _), est in zip(ovo.pairs_, ovo.estimators_, strict=True):
        x = -est.intercept_[0] / est.coef_[0, 0]
        assert est.decision_function([[x]])[0] == 0.0  # exactly on the boundary
        won = ovo.votes([[x]])[0]
        by_pairs = [
            (a if e.predict([[x]])[0] == 0 else c)
            for (a, c), e in zip(ovo.pairs_, ovo.estimators_, strict=True)
        ]
        np.testing.assert_array_equal(won, np.bincount(by_pairs, minlength=3))
        assert i in by_pairs and est.predict([[x]])[0] == 0


def test_binary_estimators_learn_integer_labels_0_and_1():
    # Each one-vs-rest estimator tells its class (1) from the rest (0), as ints:
    # its classes_ are exactly [0, 1], whatever the labels of the data.
    X = np.array([[0.0, 0.0], [10.0, 0.0], [0.0, 10.0], [1.0, 1.0]])
    ovr = OneVsRest(Perceptron()).fit(X, ["a", "b", "c", "a"])
    for est in ovr.estimators_:
        assert est.classes_.dtype.kind == "i" and est.classes_.tolist() == [0, 1]


def test_ovo_estimators_learn_integer_labels_0_and_1_too():
    # Each pairwise estimator tells class j (1) from class i (0), as ints.
    X = np.array([[0.0, 0.0], [10.0, 0.0], [0.0, 10.0], [1.0, 1.0]])
    ovo = OneVsOne(Perceptron()).fit(X, ["a", "b", "c", "a"])
    for est in ovo.estimators_:
        assert est.classes_.dtype.kind == "i" and est.classes_.tolist() == [0, 1]


def test_ovr_a_score_of_exactly_zero_is_not_a_vote_for_the_class():
    # votes() is "score > 0": a point on classifier c's hyperplane is not claimed by c.
    ovr = OneVsRest(Perceptron()).fit([[0.0], [4.0]], [0, 1])
    for c, est in enumerate(ovr.estimators_):
        x = -est.intercept_[0] / est.coef_[0, 0]
        assert ovr.scores([[x]])[0, c] == 0.0  # exactly on the hyperplane
        assert not ovr.votes([[x]])[0, c]


def test_an_estimator_without_decision_function_scores_by_its_probability():
    # GaussianNB has only predict_proba: its score is P(class 1) - 0.5, so "my class"
    # (a positive score) means a probability above one half.
    X, y = blobs(11)
    ovr = OneVsRest(GaussianNB()).fit(X, y)
    G = grid()
    for c, est in enumerate(ovr.estimators_):
        assert not hasattr(est, "decision_function")
        np.testing.assert_array_equal(
            ovr.scores(G)[:, c], est.predict_proba(G)[:, 1] - 0.5
        )
    np.testing.assert_array_equal(
        ovr.votes(G),
        np.column_stack([e.predict_proba(G)[:, 1] > 0.5 for e in ovr.estimators_]),
    )
    assert ovr.score(X, y) == 1.0
    ovo = OneVsOne(GaussianNB()).fit(X, y)
    assert ovo.score(X, y) == 1.0


class _ColumnScores(ClassifierMixin, BaseEstimator):
    """A binary classifier on the first feature whose scores are a column (n, 1)."""

    def fit(self, X, y):
        x, y = np.asarray(X)[:, 0], np.asarray(y)
        self.classes_ = np.unique(y)
        lo, hi = x[y == 0].mean(), x[y == 1].mean()
        self.mid_, self.sign_ = (lo + hi) / 2, np.sign(hi - lo)
        return self

    def decision_function(self, X):
        return self.sign_ * (np.asarray(X)[:, :1] - self.mid_)


@pytest.mark.parametrize("combine", [OneVsRest, OneVsOne])
def test_a_column_of_binary_scores_is_read_as_one_score_per_point(combine):
    X, y = [[0.0], [4.0], [8.0]], [0, 1, 2]
    est = combine(_ColumnScores()).fit(X, y)
    votes = {OneVsRest: [[1, 0, 0], [0, 0, 1]], OneVsOne: [[2, 1, 0], [0, 1, 2]]}
    assert est.votes([[0.0], [8.0]]).astype(int).tolist() == votes[combine]
    assert est.predict([[0.0], [8.0]]).tolist() == [0, 2]


@pytest.mark.parametrize("combine", [OneVsRest, OneVsOne])
def test_a_fit_that_failed_leaves_the_estimator_unfitted(combine):
    # fit reads the classes before it fits the binary estimators: if one of those
    # fits fails, predicting still says "not fitted", not a stray AttributeError.
    est = combine(Perceptron(eta=-1.0))
    with pytest.raises(ValueError):
        est.fit([[0.0], [4.0], [8.0]], [0, 1, 2])
    with pytest.raises(NotFittedError):
        est.predict([[1.0]])


@pytest.mark.parametrize("combine", [OneVsRest, OneVsOne])
def test_a_refit_that_failed_leaves_the_model_it_had(combine):
    # the classes are read before the binary estimators are fitted: a failed refit
    # on other classes must not pair the new classes with the old estimators
    X, y = [[0.0, 0.0], [4.0, 4.0], [8.0, 0.0]], [0, 1, 2]  # each class apart
    est = combine(Perceptron()).fit(X, y)
    new = [[0.5, 0.0], [4.2, 3.5], [7.5, 0.5]]
    before = est.predict(new).tolist()
    est.set_params(estimator=Perceptron(eta=-1.0))
    with pytest.raises(ValueError):
        est.fit([[0.0, 1.0], [1.0, 1.0], [5.0, 1.0]], ["a", "a", "b"])
    assert est.classes_.tolist() == [0, 1, 2] and len(est.estimators_) == 3
    assert est.predict(new).tolist() == before


def test_the_machine_documents_its_defaults():
    # the defaults the docstring states (clone and get_params read them)
    assert MulticlassPerceptron().get_params() == {
        "eta": 1.0,
        "max_iter": 1000,
        "order": "cyclic",
        "fit_intercept": True,
        "random_state": None,
    }
