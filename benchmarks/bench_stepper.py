"""Time one step of a Stepper: move the artists, render with Agg, encode the PNG.

This is what the live widget does on every tick of its Play button; the target
is a median of at most 30 ms. Run: ``.venv/bin/python benchmarks/bench_stepper.py``.
"""

import time

import matplotlib
import numpy as np

matplotlib.use("Agg")

import linclass as lc  # noqa: E402
from linclass.perceptron import Perceptron  # noqa: E402
from linclass.widgets import Stepper  # noqa: E402


def median_ms(func, steps):
    times = []
    for t in steps:
        start = time.perf_counter()
        func(int(t))
        times.append(time.perf_counter() - start)
    return 1e3 * float(np.median(times))


def main():
    data = lc.data.make_separable(
        n=100, margin=0.03, fit_intercept=False, random_state=0
    )
    clf = Perceptron(fit_intercept=False).fit(data.X, data.y)
    gamma = float(np.min(data.y * (data.X @ data.w)))
    cases = {
        "perceptron": Stepper(clf, data.X, data.y),
        "perceptron + proof panel": Stepper(
            clf, data.X, data.y, reference=(data.w, gamma)
        ),
    }
    steps = np.linspace(1, clf.history_.n_steps, 200).round()
    for name, stepper in cases.items():
        stepper.render_png()  # warm-up: caches the background

        def one_step(t, stepper=stepper):
            stepper.step = t
            return stepper.render_png()

        def update_only(t, stepper=stepper):
            stepper.step = t

        print(
            f"{name:26s} update+render+PNG median {median_ms(one_step, steps):5.1f} ms"
            f"   (update alone {median_ms(update_only, steps):4.1f} ms)"
        )


if __name__ == "__main__":
    main()
