"""The hand-written statistics of ``report/stats.py`` against SciPy's (a test dependency only: the package stays
pure Python, so every formula written here by hand is checked against an independent implementation).

* Wilson's interval: ``scipy.stats.binomtest(...).proportion_ci(method="wilson")``;
* the exact McNemar p-value: ``scipy.stats.binomtest(min(b, c), b + c, 0.5)`` (two-sided);
* the standard normal quantile: ``scipy.stats.norm.ppf``;
* the binomial draws of the bootstrap: their frequencies against ``scipy.stats.binom.pmf`` (chi-square, fixed
  seeds, both of ``binomial_draw``'s methods);
* the bootstrap interval: for 0/1 scores the resampled sum is Binomial(n, mean) exactly, so the percentile
  interval must sit at ``scipy.stats.binom.ppf``'s quantiles; for partial scores, near ``scipy.stats.bootstrap``'s;
* Holm's adjustment: SciPy has none, so against the step-down procedure itself (the smallest level at which
  it rejects each hypothesis);
* the minimum detectable effect: at the effect returned, the normal approximation's power (``scipy.stats.norm``)
  is the power asked for, and the exact power of the exact McNemar test (summed with ``scipy.stats.binom``) is
  within a few points of it.
"""

from __future__ import annotations

import random

import pytest

from pytest_answerbench.report.stats import (
    binomial_draw,
    bootstrap_mean_ci,
    holm,
    mcnemar_exact,
    min_detectable_effect,
    wilson,
    z_quantile,
)

np = pytest.importorskip("numpy")
stats = pytest.importorskip("scipy.stats")


@pytest.mark.parametrize("k, n", [(0, 1), (1, 1), (0, 10), (3, 10), (10, 10), (37, 120), (500, 1000),
                                  (1, 10000), (9990, 10000), (2.5, 7)])
def test_wilson_matches_scipy(k, n):
    if k != int(k):  # partial scores: SciPy takes whole counts, so the formula with SciPy's quantile
        assert wilson(k, n) == pytest.approx(list(_wilson_formula(k / n, n)), abs=5e-5)
        return
    ci = stats.binomtest(int(k), n).proportion_ci(confidence_level=0.95, method="wilson")
    assert wilson(k, n) == pytest.approx([ci.low, ci.high], abs=5e-5)  # ours is rounded to 4 places


def _wilson_formula(p: float, n: int) -> tuple[float, float]:
    """Wilson's interval with SciPy's normal quantile (for a fractional success count)."""
    z = stats.norm.ppf(0.975)
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def test_wilson_has_no_interval_without_rows():
    assert wilson(0, 0) is None


@pytest.mark.parametrize("b, c", [(0, 0), (0, 1), (1, 0), (3, 3), (5, 1), (1, 9), (0, 25), (12, 30),
                                  (40, 60), (200, 260), (1500, 1620), (2, 3000)])
def test_mcnemar_exact_matches_scipys_binomial_test(b, c):
    expected = stats.binomtest(min(b, c), b + c, 0.5, alternative="two-sided").pvalue if b + c else 1.0
    assert mcnemar_exact(b, c) == pytest.approx(expected, rel=1e-9, abs=1e-300)


def test_mcnemar_exact_rejects_negative_counts():
    with pytest.raises(ValueError, match="counts must be >= 0"):
        mcnemar_exact(-1, 3)


@pytest.mark.parametrize("p", [0.5, 0.8, 0.9, 0.975, 0.995, 0.001])
def test_z_quantile_matches_scipy(p):
    assert z_quantile(p) == pytest.approx(stats.norm.ppf(p), rel=1e-12)


@pytest.mark.parametrize("n, p", [(20, 0.1), (7, 0.5), (60, 0.3), (1000, 0.02), (500, 0.45), (5000, 0.7)])
def test_binomial_draws_follow_scipys_binomial(n, p):
    """Both methods (inversion below n*p = 10, BTRS above, p > 1/2 by symmetry): a chi-square test of 20,000
    seeded draws against the exact probabilities, cells with an expected count under 5 pooled."""
    rng = random.Random(20240611)
    draws = np.array([binomial_draw(rng, n, p) for _ in range(20000)])
    assert draws.min() >= 0 and draws.max() <= n
    ks = np.arange(n + 1)
    expected = stats.binom.pmf(ks, n, p) * len(draws)
    observed = np.bincount(draws, minlength=n + 1).astype(float)
    keep = expected >= 5
    cells_o = list(observed[keep]) + [observed[~keep].sum()]
    cells_e = list(expected[keep]) + [expected[~keep].sum()]
    if cells_e[-1] < 5:  # nothing much outside: fold the remainder into the largest cell
        big = int(np.argmax(cells_e[:-1]))
        cells_o[big] += cells_o.pop()
        cells_e[big] += cells_e.pop()
    cells_e = np.array(cells_e) * (sum(cells_o) / sum(cells_e))
    assert stats.chisquare(cells_o, cells_e).pvalue > 1e-4


@pytest.mark.parametrize("n, ones", [(200, 60), (1000, 730), (50_000, 12_345)])
def test_bootstrap_interval_of_0_1_scores_sits_at_the_exact_binomial_quantiles(n, ones):
    """A bootstrap resample of 0/1 scores has Binomial(n, mean) ones: the percentile interval estimates that
    distribution's 2.5% and 97.5% quantiles (Monte Carlo error of 10,000 resamples: about 0.2 standard errors)."""
    scores = [1.0] * ones + [0.0] * (n - ones)
    out = bootstrap_mean_ci(scores, resamples=10000, seed=3)
    assert out["method"] == "percentile" and out["resamples"] == 10000
    mean = ones / n
    lo, hi = (stats.binom.ppf(q, n, mean) / n for q in (0.025, 0.975))
    se = np.sqrt(mean * (1 - mean) / n)
    assert out["ci"][0] == pytest.approx(lo, abs=0.25 * se + 1 / n)
    assert out["ci"][1] == pytest.approx(hi, abs=0.25 * se + 1 / n)


@pytest.mark.parametrize("sampler_case", ["multinomial", "rows", "binned"])
def test_bootstrap_interval_of_partial_scores_is_near_scipys(sampler_case):
    """Partial scores through each of the three samplers, against ``scipy.stats.bootstrap`` (percentile method,
    its own seeded generator): the two Monte Carlo estimates agree within a fifth of a standard error."""
    rng = random.Random(11)
    if sampler_case == "multinomial":  # few distinct values, many rows
        scores = [rng.choice([0.0, 0.25, 0.5, 1.0]) for _ in range(2000)]
    elif sampler_case == "rows":  # many distinct values, few rows
        scores = [rng.random() for _ in range(150)]
    else:  # many distinct values, more rows than the budget draws one by one: binned
        scores = [rng.betavariate(2, 5) for _ in range(2000)]
    out = bootstrap_mean_ci(scores, resamples=10000, seed=5)
    assert out["sampler"] == sampler_case
    data = np.array(scores)
    ref = stats.bootstrap((data,), np.mean, n_resamples=10000, method="percentile", confidence_level=0.95,
                          rng=np.random.default_rng(5), vectorized=True)
    se = data.std(ddof=1) / np.sqrt(len(data))
    assert out["mean"] == pytest.approx(data.mean(), rel=1e-12)
    assert out["ci"][0] == pytest.approx(ref.confidence_interval.low, abs=0.2 * se)
    assert out["ci"][1] == pytest.approx(ref.confidence_interval.high, abs=0.2 * se)


def _holm_by_procedure(pvalues: list[float]) -> list[float]:
    """The adjusted p-value of each hypothesis: the smallest level alpha at which Holm's step-down procedure
    (reject the j-th smallest while p_(j) <= alpha / (m - j + 1), stop at the first that is not) rejects it.
    Only the levels m'·p for m' in 1..m and p among the inputs can be such a smallest level (or 1)."""
    m = len(pvalues)
    levels = sorted({min(1.0, k * p) for p in pvalues for k in range(1, m + 1)} | {1.0})

    def rejected(alpha: float) -> set[int]:
        out = set()
        for j, i in enumerate(sorted(range(m), key=lambda i: pvalues[i])):
            if min(1.0, (m - j) * pvalues[i]) > alpha:  # (as the levels are computed: no rounding apart)
                break
            out.add(i)
        return out

    return [next((a for a in levels if i in rejected(a)), 1.0) for i in range(m)]


@pytest.mark.parametrize("seed", range(6))
def test_holm_is_the_step_down_procedure(seed):
    rng = random.Random(seed)
    pvalues = [rng.choice([rng.random() * 0.05, rng.random(), 0.01, 0.04]) for _ in range(rng.randint(1, 9))]
    assert holm(pvalues) == pytest.approx(_holm_by_procedure(pvalues), rel=1e-12)


def test_holm_keeps_missing_values_out_of_the_count():
    assert holm([0.01, None, 0.04]) == pytest.approx([0.02, None, 0.04])


@pytest.mark.parametrize("n, psi, alpha, power", [(200, 0.2, 0.05, 0.8), (500, 0.1, 0.05, 0.8),
                                                  (1000, 0.3, 0.01, 0.9), (2000, 0.05, 0.05, 0.8)])
def test_min_detectable_effect_has_the_power_asked_for(n, psi, alpha, power):
    delta = min_detectable_effect(n, psi, alpha, power)
    assert 0 < delta < np.sqrt(psi)
    # Connor's normal approximation of McNemar's test, evaluated with SciPy's normal distribution
    z = stats.norm.ppf(1 - alpha / 2)
    approx_power = stats.norm.cdf((np.sqrt(n) * delta - z * np.sqrt(psi)) / np.sqrt(psi - delta ** 2))
    assert approx_power == pytest.approx(power, abs=1e-9)
    # the exact test's exact power at that effect: the approximation is a few points optimistic, no more
    assert _exact_mcnemar_power(n, psi, delta, alpha) == pytest.approx(power, abs=0.05)


def _exact_mcnemar_power(n: int, psi: float, delta: float, alpha: float) -> float:
    """P(exact McNemar p < alpha): d discordant pairs ~ Binomial(n, psi), b of them one way ~ Binomial(d,
    (psi + delta) / (2 psi)); the two-sided p-value of the symmetric binomial test is 2 P(X <= min(b, d - b))
    (1 when b = d - b), from SciPy's binomial distribution."""
    total = 0.0
    q = (psi + delta) / (2 * psi)
    for d in range(1, n + 1):
        weight = stats.binom.pmf(d, n, psi)
        if weight < 1e-12:
            continue
        b = np.arange(d + 1)
        p = np.minimum(1.0, 2 * stats.binom.cdf(np.minimum(b, d - b), d, 0.5))
        reject = (p < alpha) & (2 * b != d)
        total += weight * stats.binom.pmf(b, d, q)[reject].sum()
    return total


def test_min_detectable_effect_edges():
    assert min_detectable_effect(0, 0.2) is None
    assert min_detectable_effect(100, 0.0) == 0.0
    # too few rows for any change to reach the power: the largest possible change is returned
    assert min_detectable_effect(3, 0.01) == pytest.approx(0.1)
