"""Random sampling and parameter checks shared by the generators of linclass.data."""

from __future__ import annotations

import numbers

import numpy as np

from ._validation import check_nonnegative_int


def as_generator(random_state):
    """A numpy Generator from None, a non-negative int, a Generator or a RandomState."""
    if isinstance(random_state, np.random.Generator):
        return random_state
    if isinstance(random_state, np.random.RandomState):
        return np.random.default_rng(random_state.randint(2**31))
    if random_state is not None:
        check_nonnegative_int(random_state, "random_state")
    return np.random.default_rng(random_state)


def check_count(value, name, minimum):
    """An integer count that must be at least ``minimum`` (e.g. n >= 2)."""
    value = check_nonnegative_int(value, name)
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}; got {value}")
    return value


def check_fraction(value, name, upper_open=False):
    """A real number in [0, 1] (or [0, 1) with ``upper_open``), e.g. a flip rate."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number; got {type(value).__name__}")
    if not (0 <= value < 1 if upper_open else 0 <= value <= 1):
        bound = "1)" if upper_open else "1]"
        raise ValueError(f"{name} must lie in [0, {bound}; got {value!r}")
    return float(value)


def in_ball(rng, n, k, r_lo, r_hi):
    """n points uniform in the shell r_lo <= ||z|| <= r_hi of R^k (k may be 0)."""
    if k == 0:
        return np.zeros((n, 0))
    z = rng.standard_normal((n, k))
    z /= np.linalg.norm(z, axis=1, keepdims=True)
    # Radius by inverse CDF: the volume inside radius r grows like r^k.
    r = (r_lo**k + rng.random(n) * (r_hi**k - r_lo**k)) ** (1.0 / k)
    return z * r[:, None]


def slice_of_ball(rng, n, d, R, u_lo, u_hi):
    """n points uniform in the d-ball of radius R whose first coordinate is in
    [u_lo, u_hi]."""
    # The first coordinate has density proportional to (R^2 - u^2)^((d-1)/2);
    # sample it by inverting its CDF on a fine grid, then fill the other
    # coordinates uniformly in the (d-1)-ball of the remaining radius.
    grid = np.linspace(u_lo, u_hi, 4097)
    # In log space, scaled to a maximum of 1: in high dimension the raw density
    # underflows to zero near the sphere.
    pdf = np.ones_like(grid)
    if d > 1:
        with np.errstate(divide="ignore"):
            log_pdf = (d - 1) / 2 * np.log(np.clip(R**2 - grid**2, 0, None))
        pdf = np.exp(log_pdf - log_pdf.max())
    cdf = np.r_[0, np.cumsum((pdf[1:] + pdf[:-1]) / 2)]
    u = np.interp(rng.random(n) * cdf[-1], cdf, grid)
    u = np.clip(u, u_lo, u_hi)
    rest = (
        in_ball(rng, n, d - 1, 0.0, 1.0)
        * np.sqrt(np.clip(R**2 - u**2, 0, None))[:, None]
    )
    return np.hstack([u[:, None], rest])


def check_nonnegative(value, name):
    """A finite real number >= 0, e.g. a noise level."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number; got {type(value).__name__}")
    if not np.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a finite number >= 0; got {value!r}")
    return float(value)
