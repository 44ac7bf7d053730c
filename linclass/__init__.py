"""linclass: linear classifiers for teaching.

The helper package of the *Linear Classifiers* course. It holds estimators that
follow scikit-learn's API (:class:`Perceptron`, :class:`Pocket`, :class:`FisherLDA`,
:class:`OneVsRest`, :class:`OneVsOne`, :class:`MulticlassPerceptron`), data
generators (:mod:`linclass.data`), geometry (:mod:`linclass.geometry`), feature maps
(:mod:`linclass.features`), plotting (:mod:`linclass.plotting`) and players that
step through an algorithm's iterations (:class:`Stepper`, :class:`Player`).

Examples
--------
>>> import linclass as lc
>>> data = lc.data.make_separable(n=20, margin=0.1, random_state=0)
>>> clf = lc.Perceptron().fit(data.X, data.y)
>>> clf.score(data.X, data.y)
1.0
"""

import importlib

__version__ = "0.2.0"

# Names are resolved on first use (PEP 562) so that `import linclass` stays fast and
# a notebook that never draws a widget never imports ipywidgets.
_CLASSES = {
    "Perceptron": "perceptron",
    "Pocket": "pocket",
    "FisherLDA": "lda",
    "OneVsRest": "multiclass",
    "OneVsOne": "multiclass",
    "MulticlassPerceptron": "multiclass",
    "Player": "player",
    "Stepper": "widgets",
    "HyperplaneExplorer": "widgets",
    "ProjectionExplorer": "widgets",
}
_SUBMODULES = (
    "data",
    "geometry",
    "features",
    "plotting",
    "widgets",
    "player",
    "check",
)
_FUNCTIONS = {"glue": "_glue"}

__all__ = sorted(_CLASSES) + sorted(_FUNCTIONS) + list(_SUBMODULES)


def __getattr__(name):
    if name in _CLASSES:
        module = importlib.import_module(f".{_CLASSES[name]}", __name__)
        return getattr(module, name)
    if name in _FUNCTIONS:
        module = importlib.import_module(f".{_FUNCTIONS[name]}", __name__)
        return getattr(module, name)
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'linclass' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
