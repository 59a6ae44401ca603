"""pytest_answerbench.report.stats checked against independent computations (direct binomial sums, normal theory)."""

from __future__ import annotations

import math
import random
import time
from fractions import Fraction
from statistics import NormalDist

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_answerbench.report.stats import (
    MIN_PERCENTILE_RESAMPLES,
    WORK_BUDGET,
    binomial_draw,
    bootstrap_mean_ci,
    bootstrap_means,
    holm,
    mcnemar_exact,
    mean_ci,
    min_detectable_effect,
    wilson,
    z_quantile,
)

Z975 = NormalDist().inv_cdf(0.975)


def direct_mcnemar(b: int, c: int) -> float:
    """Two-sided exact McNemar p by summing every binomial term (exact rational arithmetic)."""
    n = b + c
    if n == 0:
        return 1.0
    tail = sum(Fraction(math.comb(n, k), 2 ** n) for k in range(min(b, c) + 1))
    return float(min(Fraction(1), 2 * tail))


# ------------------------------------------------------------------------------------------- binomial

# inversion (small means) and BTRS rejection (n * min(p, 1-p) >= 10), both tails of p
@pytest.mark.parametrize("n,p", [(10, 0.3), (1, 0.5), (40, 0.02), (25, 0.9), (50, 0.2), (400, 0.45),
                                 (1000, 0.03), (120, 0.85)])
def test_binomial_draw_matches_the_binomial_law(n, p):
    rng = random.Random(7)
    draws = 40000
    seen = [0] * (n + 1)
    for _ in range(draws):
        seen[binomial_draw(rng, n, p)] += 1
    # chi-square over cells with an expected count >= 5 (rest pooled); 0.9999 quantile bound for its dof
    expected = [draws * math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]
    cells, pooled_obs, pooled_exp = [], 0, 0.0
    for obs, exp in zip(seen, expected):
        if exp >= 5:
            cells.append((obs, exp))
        else:
            pooled_obs, pooled_exp = pooled_obs + obs, pooled_exp + exp
    if pooled_exp > 0:
        cells.append((pooled_obs, pooled_exp))
    chi2 = sum((o - e) ** 2 / e for o, e in cells)
    dof = max(1, len(cells) - 1)
    bound = dof + 4.0 * math.sqrt(2 * dof) + 10  # far above the 0.9999 quantile for these dof
    assert chi2 < bound, (chi2, dof, seen)


def test_binomial_draw_large_n_moments():
    rng = random.Random(3)
    n, p = 100_000, 0.05
    xs = [binomial_draw(rng, n, p) for _ in range(4000)]
    mean = sum(xs) / len(xs)
    var = sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)
    assert abs(mean - n * p) < 4 * math.sqrt(n * p * (1 - p) / len(xs))
    assert abs(var / (n * p * (1 - p)) - 1) < 0.1


def test_binomial_draw_edges():
    rng = random.Random(0)
    assert binomial_draw(rng, 0, 0.5) == 0
    assert binomial_draw(rng, 12, 0.0) == 0
    assert binomial_draw(rng, 12, 1.0) == 12
    assert binomial_draw(random.Random(5), 1000, 0.3) == binomial_draw(random.Random(5), 1000, 0.3)


# ------------------------------------------------------------------------------------------- mcnemar

@pytest.mark.parametrize("b,c", [(0, 0), (0, 1), (1, 0), (5, 5), (3, 10), (10, 3), (0, 25), (60, 10),
                                 (12, 4), (400, 520), (10, 2000), (1500, 1400)])
def test_mcnemar_exact_equals_the_summed_binomial_tail(b, c):
    assert mcnemar_exact(b, c) == pytest.approx(direct_mcnemar(b, c), rel=1e-12, abs=1e-300)


@given(st.integers(0, 300), st.integers(0, 300))
@settings(max_examples=60, deadline=None)
def test_mcnemar_exact_property(b, c):
    p = mcnemar_exact(b, c)
    assert p == pytest.approx(direct_mcnemar(b, c), rel=1e-12, abs=1e-300)
    assert p == mcnemar_exact(c, b)
    assert 0.0 <= p <= 1.0


def test_mcnemar_known_value_and_errors():
    # b=1, c=9: 2 * (1 + 10) / 1024
    assert mcnemar_exact(1, 9) == pytest.approx(22 / 1024)
    assert mcnemar_exact(7, 7) == 1.0
    with pytest.raises(ValueError, match="counts must be >= 0"):
        mcnemar_exact(-1, 3)


def test_mcnemar_huge_counts_are_fast():
    start = time.process_time()
    p = mcnemar_exact(50_000, 51_000)
    assert time.process_time() - start < 5
    # normal approximation of the same tail for a sanity bound
    z = (51_000 - 50_000 - 1) / math.sqrt(101_000)
    assert p == pytest.approx(2 * (1 - NormalDist().cdf(z)), rel=0.05)


# ---------------------------------------------------------------------------------------------- holm

def test_holm_known_example():
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.2, None, 0.01]) == [pytest.approx(0.2), None, pytest.approx(0.02)]
    assert holm([]) == []


@given(st.lists(st.floats(0, 1), min_size=1, max_size=12), st.sampled_from([0.01, 0.05, 0.1]))
@settings(max_examples=80, deadline=None)
def test_holm_rejections_match_the_step_down_procedure(pvalues, alpha):
    # Holm's procedure as stated: walk the sorted p-values, reject p_(i) while p_(i) <= alpha / (m - i + 1)
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    rejected = set()
    for rank, i in enumerate(order):
        if pvalues[i] <= alpha / (m - rank):
            rejected.add(i)
        else:
            break
    adjusted = holm(pvalues)
    assert {i for i, a in enumerate(adjusted) if a <= alpha} == rejected
    assert all(a >= p for a, p in zip(adjusted, pvalues))


# ------------------------------------------------------------------------------------------ bootstrap

def normal_ci(values):
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean - Z975 * sd / math.sqrt(n), mean + Z975 * sd / math.sqrt(n)


@pytest.mark.parametrize("kind", ["ternary", "soft-grid", "soft-fine"])
def test_bootstrap_ci_agrees_with_the_normal_interval_for_large_n(kind):
    rng = random.Random(11)
    n = 20_000
    if kind == "ternary":  # paired 0/1 differences
        values = [rng.choice([-1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0]) for _ in range(n)]
    elif kind == "soft-grid":
        values = [rng.choice([0.0, 0.25, 0.5, 0.75, 1.0]) for _ in range(n)]
    else:
        values = [rng.random() ** 2 for _ in range(n)]
    out = bootstrap_mean_ci(values, resamples=4000, seed=1)
    lo, hi = normal_ci(values)
    width = hi - lo
    assert out["ci"][0] == pytest.approx(lo, abs=0.06 * width)
    assert out["ci"][1] == pytest.approx(hi, abs=0.06 * width)
    assert out["mean"] == pytest.approx(sum(values) / n)
    assert out["n"] == n and out["requested"] == 4000


def test_bootstrap_multinomial_sampler_matches_drawing_rows():
    # the count-vector sampler must have the law of resampling rows: compare with plain random.choices
    rng = random.Random(2)
    values = [rng.choice([-1.0, 0.0, 0.0, 0.0, 1.0]) for _ in range(3000)]
    means, sampler = bootstrap_means(values, 4000, seed=9)
    assert sampler == "multinomial"
    plain = random.Random(10)
    direct = sorted(sum(plain.choices(values, k=len(values))) / len(values) for _ in range(2000))
    means.sort()
    for q in (0.025, 0.5, 0.975):
        assert means[int(q * (len(means) - 1))] == pytest.approx(direct[int(q * (len(direct) - 1))], abs=0.004)
    sd = lambda xs: math.sqrt(sum((x - sum(xs) / len(xs)) ** 2 for x in xs) / (len(xs) - 1))  # noqa: E731
    assert sd(means) == pytest.approx(sd(direct), rel=0.08)


def test_bootstrap_small_input_draws_rows_and_is_seeded():
    values = [0.1, 0.5, 0.9, 0.3, 0.7, 0.2, 0.8, 0.4]
    a = bootstrap_mean_ci(values, 2000, seed=4)
    assert a == bootstrap_mean_ci(values, 2000, seed=4)
    assert a["ci"] != bootstrap_mean_ci(values, 2000, seed=5)["ci"]
    assert a["sampler"] == "rows" and a["method"] == "percentile" and a["resamples"] == 2000
    assert min(values) < a["ci"][0] < a["mean"] < a["ci"][1] < max(values)


def test_bootstrap_degenerate_and_empty():
    out = bootstrap_mean_ci([0.0] * 50, 1000, seed=0)
    assert out["ci"] == [0.0, 0.0] and out["mean"] == 0.0
    empty = bootstrap_mean_ci([], 1000)
    assert empty["ci"] is None and empty["mean"] is None and empty["resamples"] == 0


def test_bootstrap_of_100k_rows_stays_within_the_work_budget():
    rng = random.Random(0)
    ternary = [rng.choice([-1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]) for _ in range(100_000)]
    start = time.process_time()
    out = bootstrap_mean_ci(ternary, 10_000, seed=0)
    assert out["resamples"] == 10_000 and out["sampler"] == "multinomial"
    fine = [rng.random() for _ in range(100_000)]
    soft = bootstrap_mean_ci(fine, 10_000, seed=0)
    # the naive bootstrap would take minutes; generous bound for a loaded 2-core machine
    assert time.process_time() - start < 20
    assert soft["sampler"] == "binned" and soft["resamples"] < 10_000 <= soft["requested"]
    assert soft["method"] == ("normal" if soft["resamples"] < MIN_PERCENTILE_RESAMPLES else "percentile")
    lo, hi = normal_ci(fine)
    assert soft["ci"][0] == pytest.approx(lo, abs=0.1 * (hi - lo))
    assert soft["ci"][1] == pytest.approx(hi, abs=0.1 * (hi - lo))


def test_smaller_budget_means_fewer_resamples_and_a_normal_interval():
    values = [float(i % 7) / 6 for i in range(5000)]
    small = bootstrap_mean_ci(values, 10_000, seed=0, budget=WORK_BUDGET / 200)
    assert small["resamples"] < MIN_PERCENTILE_RESAMPLES and small["method"] == "normal"
    lo, hi = normal_ci(values)
    assert small["ci"][0] == pytest.approx(lo, abs=0.15 * (hi - lo))


def test_mean_ci_uses_wilson_for_proportions_and_bootstrap_for_partial_scores():
    binary = [1.0] * 30 + [0.0] * 20
    assert mean_ci(binary) == {"mean": 0.6, "ci": wilson(30, 50), "method": "wilson", "n": 50}
    partial = mean_ci([0.5, 1.0, 0.0, 0.25] * 20, resamples=2000)
    assert partial["method"] == "bootstrap" and partial["ci"][0] < 0.4375 < partial["ci"][1]


# ----------------------------------------------------------------------------------------------- MDE

def exact_mcnemar_power(n: int, psi: float, delta: float, alpha: float = 0.05) -> float:
    """Power of the exact McNemar test at level alpha, summed over every outcome (no approximation).

    Pairs are discordant with probability psi; a discordant pair is a loss with probability
    (psi + delta) / (2 psi). For each number D of discordant pairs the test rejects when
    min(b, D - b) <= k*(D), the largest k whose two-sided tail 2 P(Bin(D, 1/2) <= k) is below alpha.
    """
    q = (psi + delta) / (2 * psi)
    power = 0.0
    for d in range(n + 1):
        p_d = math.comb(n, d) * psi ** d * (1 - psi) ** (n - d)
        if p_d < 1e-15:
            continue
        tail, k_star = 0.0, -1
        for k in range(d // 2 + 1):
            tail += math.comb(d, k) / 2 ** d
            if 2 * tail < alpha and 2 * k < d:
                k_star = k
            else:
                break
        if k_star < 0:
            continue
        reject = sum(math.comb(d, b) * q ** b * (1 - q) ** (d - b) for b in range(d + 1)
                     if min(b, d - b) <= k_star)
        power += p_d * reject
    return power


@pytest.mark.parametrize("n,psi", [(300, 0.2), (500, 0.1), (200, 0.3)])
def test_mde_has_80_percent_power_by_direct_computation(n, psi):
    mde = min_detectable_effect(n, psi)
    # the defining equation, evaluated as a normal-approximation power
    approx = NormalDist().cdf((math.sqrt(n) * mde - Z975 * math.sqrt(psi)) / math.sqrt(psi - mde ** 2))
    assert approx == pytest.approx(0.8, abs=1e-6)
    # the exact test is discrete and a little conservative: its power at the MDE is close to 80%
    assert 0.7 < exact_mcnemar_power(n, psi, mde) < 0.88
    assert exact_mcnemar_power(n, psi, 0.5 * mde) < 0.5


def test_mde_scales_and_edges():
    assert min_detectable_effect(4000, 0.1) == pytest.approx(min_detectable_effect(1000, 0.1) / 2, rel=0.03)
    assert min_detectable_effect(1000, 0.0) == 0.0
    assert min_detectable_effect(0, 0.1) is None
    assert min_detectable_effect(2, 0.04) == pytest.approx(0.2)  # capped at sqrt(psi): nothing detectable
    assert z_quantile(0.975) == pytest.approx(1.959963984540054)
