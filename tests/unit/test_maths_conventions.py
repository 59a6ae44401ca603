"""Physics answers under another convention than the gold's (pytest_answerbench/maths/compare/conventions.py): SI
against Gaussian units, one quantity under a look-alike, generic or unnamed name, and a power of ten answering an
order of magnitude, each beside the near miss it must keep wrong. Written from the real trace_math misses of
DeepSeek-R1 on yale-nlp/Physics (tm-1372, tm-1399, tm-1411, tm-1418, tm-1430, tm-1444); the replies here are
shortened and the near misses written for these tests."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict

from pytest_answerbench.maths import equivalent

PROTON = ("Consider the proton to be a spherical shell of charge of radius $R$. Using first order perturbation theory "
          "calculate the change in the binding energy of hydrogen due to the non-point-like nature of the proton.")
PHASE = ("A plane polarized electromagnetic wave traveling in a dielectric medium of refractive index $n$ is reflected "
         "at normal incidence from the surface of a conductor. Find the phase change undergone by its electric "
         "vector if the refractive index of the conductor is $n_2 = n(1 + ip)$.")
PHASE_TWO = PHASE.replace("$n_2 = n(1 + ip)$.", "$n_2 = n(1 + ip)$ and its thickness is $q$.")
CAVITY = ("An electron is confined to the interior of a hollow spherical cavity of radius $R$ with impenetrable walls. "
          "Find an expression for the pressure exerted on the walls of the cavity by the electron in its ground state.")
CAVITY_MASS = CAVITY.replace("An electron is", "A particle of mass $\\mu$ and charge $m$ is")
FISSION = ("Estimate (order of magnitude) the ratio of the energy released when 1 g of uranium undergoes fission to "
           "the energy released when 1 g of TNT explodes.")
STARS = "Give the number of stars in our Galaxy to the nearest power of 10."
RATIO = "Find the ratio of the energy released when 1 g of uranium undergoes fission to that of 1 g of TNT."
TRANSITION = ("A hydrogen atom in its ground state is placed in a weak electric field $E = E_0 e^{-\\Gamma t}$ for "
              "$t > 0$. Find the probability of a transition to the 2p state after a long time.")


@pytest.mark.parametrize("gold, reply, question, status", [
    # Gaussian gold, SI reply: 4 pi eps0 = 1
    ("\\Delta E = \\frac{2e^2 R^2}{3a_0^3}", "\\boxed{\\dfrac{e^2 R^2}{6 \\pi \\varepsilon_0 a_0^3}}", PROTON, "correct"),
    ("\\frac{A^2 m^2 e^2}{9 \\hbar^4}", "\\boxed{\\left( \\dfrac{m e A}{12 \\pi \\hbar^2 \\epsilon_0} \\right)^2}", None,
     "correct"),
    # SI gold, Gaussian reply
    ("\\frac{e^2 R^2}{6 \\pi \\varepsilon_0 a_0^3}", "\\boxed{\\frac{2e^2R^2}{3a_0^3}}", PROTON, "correct"),
    # a factor of 4 pi off, another symbol, or both answers in SI: wrong
    ("\\Delta E = \\frac{2e^2 R^2}{3a_0^3}", "\\boxed{\\dfrac{e^2 R^2}{6 \\varepsilon_0 a_0^3}}", PROTON, "wrong"),
    ("\\Delta E = \\frac{2e^2 R^2}{3a_0^3}", "\\boxed{\\dfrac{e^2 R^3}{6 \\pi \\varepsilon_0 a_0^3}}", PROTON, "wrong"),
    ("\\frac{e^2 R^2}{6 \\pi \\varepsilon_0 a_0^3}", "\\boxed{\\frac{2e^2R^2}{3 \\varepsilon_0 a_0^3}}", PROTON, "wrong"),
    # the question's p for the gold's rho
    ("\\varphi = \\arctan \\left( \\frac{2}{\\rho} \\right)", "\\boxed{\\arctan\\left(\\frac{2}{p}\\right)}", PHASE,
     "correct"),
    # ... but another letter of the question, or the look-alike when the question writes none, stays wrong
    ("\\varphi = \\arctan \\left( \\frac{2}{\\rho} \\right)", "\\boxed{\\arctan\\left(\\frac{2}{q}\\right)}", PHASE_TWO,
     "wrong"),
    ("\\varphi = \\arctan \\left( \\frac{2}{\\rho} \\right)", "\\boxed{\\arctan\\left(\\frac{2}{p}\\right)}",
     "Find the phase change of the reflected wave.", "wrong"),
    ("\\varphi = \\arctan \\left( \\frac{2}{\\rho} \\right)", "\\boxed{\\arctan\\left(\\frac{p}{2}\\right)}", PHASE,
     "wrong"),
    # the particle's mass, named by neither the question nor the other answer
    ("p = \\frac{\\pi \\hbar^2}{4\\mu R^5}", "\\boxed{\\dfrac{\\hbar^2 \\pi}{4 m R^5}}", CAVITY, "correct"),
    ("p = \\frac{\\pi \\hbar^2}{4\\mu R^5}", "\\boxed{\\dfrac{\\hbar^2 \\pi}{2 m R^5}}", CAVITY, "wrong"),
    ("p = \\frac{\\pi \\hbar^2}{4\\mu R^5}", "\\boxed{\\dfrac{\\hbar^2 \\pi}{4 m R^5}}", CAVITY_MASS, "wrong"),
    # a transition's frequency by numbers and by letters
    ("P = \\frac{2^{15} a_0^2 e^2 E_0^2}{3^{10} \\hbar^2 (\\Gamma^2 + \\omega_{21}^2)}",
     "\\boxed{\\frac{32768 e^2 E_0^2 a_0^2}{59049 \\hbar^2 (\\Gamma^2 + \\omega_{fi}^2)}}", TRANSITION, "correct"),
    # two of one family stay two quantities
    ("\\frac{2^{15} a_0^2 e^2 E_0^2}{3^{10} \\hbar^2 (\\Gamma^2 + \\omega_{21}^2)}",
     "\\boxed{\\frac{32768 e^2 E_0^2 a_0^2}{59049 \\hbar^2 (\\Gamma^2 + \\omega_{31}^2)}}", TRANSITION, "wrong"),
    ("\\frac{m v_1^2}{2}", "\\boxed{\\frac{m v_f^2}{2}}", None, "wrong"),
    # h against hbar, with Gaussian units, and a system with a renamed mass
    ("\\frac{\\hbar^2}{m e^2}", "\\boxed{a_0 = \\dfrac{\\varepsilon_0 h^2}{\\pi m e^2}}",
     "Find the Bohr radius of hydrogen for an electron of mass $m$ and charge $-e$.", "correct"),
    ("\\frac{\\hbar^2}{m e^2}", "\\boxed{a_0 = \\dfrac{\\varepsilon_0 h^2}{2\\pi m e^2}}",
     "Find the Bohr radius of hydrogen for an electron of mass $m$ and charge $-e$.", "wrong"),
    ("\\frac{m e^4}{32\\pi^2\\varepsilon_0^2\\hbar^2}", "\\boxed{\\dfrac{m_e e^4}{2\\hbar^2}}",
     "Find the ionization energy of a ground-state hydrogen atom in terms of fundamental constants.", "correct"),
    ("\\frac{m e^4}{32\\pi^2\\varepsilon_0^2\\hbar^2}", "\\boxed{\\dfrac{m_e e^4}{\\hbar^2}}",
     "Find the ionization energy of a ground-state hydrogen atom in terms of fundamental constants.", "wrong"),
    # an order of magnitude asked
    ("2 \\times 10^7", "Order of magnitude: $10^7$. \\[\\boxed{10^7}\\]", FISSION, "correct"),
    ("2 \\times 10^7", "\\[\\boxed{10^8}\\]", FISSION, "wrong"),
    ("3 \\times 10^{15}", "\\[\\boxed{10^{15}}\\]", FISSION, "wrong"),
    ("1e11", "\\boxed{2.5 \\times 10^{11}}", STARS, "wrong"),
    ("1e11", "\\boxed{10^{11}}", STARS, "correct"),
    # a value asked: no order of magnitude read
    ("2 \\times 10^7", "\\[\\boxed{10^7}\\]", RATIO, "wrong"),
])
def test_physics_under_another_convention(gold, reply, question, status):
    assert _verdict(reply, gold, question) == status


@pytest.mark.parametrize("gold, pred, question, method", [
    ("\\frac{2e^2 R^2}{3a_0^3}", "\\dfrac{e^2 R^2}{6 \\pi \\varepsilon_0 a_0^3}", PROTON, "gaussian-units"),
    ("\\arctan(2/\\rho)", "\\arctan(2/p)", PHASE, "renamed-symbol"),
    ("2 \\times 10^7", "10^7", FISSION, "order-of-magnitude"),
    ("\\frac{h}{2\\pi}", "\\hbar", None, "planck-constant"),
    ("\\frac{m e^4}{32\\pi^2\\varepsilon_0^2\\hbar^2}", "\\frac{m_e e^4}{2\\hbar^2}", "Find the ionization energy.",
     "gaussian-units+renamed-symbol"),
])
def test_the_method_names_the_convention(gold, pred, question, method):
    assert equivalent(gold, pred, question=question) == (True, method)


def test_a_gold_label_is_no_parameter_of_a_family():
    """The step ``parameter`` renamed the reply's m to the gold's label p ("p = ... \\mu ..."), leaving the mass
    unread; a label letter written only before the gold's "=" is no family's parameter."""
    assert equivalent("p = \\frac{\\pi \\hbar^2}{4\\mu R^5}", "\\dfrac{\\hbar^2 \\pi}{4 m R^5}", question=CAVITY)[0]
    assert equivalent("(n, n+1)", "(m, m+1)", question="Find all pairs of consecutive integers.")[0]


# Written from trace_math tm-1385 and tm-1409 (DeepSeek-R1 on yale-nlp/Physics), read after the corpus was scored.
OSCILLATOR = ("A charged particle is bound in a harmonic oscillator potential $V = \\frac{1}{2} k x^2$. The system is "
              "placed in an external electric field $E$. Calculate the shift of the energy of the ground state to "
              "order $E^2$.")
OSCILLATOR_OMEGA = OSCILLATOR.replace("$V = \\frac{1}{2} k x^2$", "$V = \\frac{1}{2} m\\omega^2 x^2$ with $k$ a constant")
COLLIDER = ("At a future linear $e^+e^-$ collider the beams have equal energy $E$. Top quark pairs are produced; "
            "what restriction is placed on $E$ (expressed in terms of $m_t$)?")
BALL = "A ball of mass $m_t$ moves freely. Find its energy $E$."


@pytest.mark.parametrize("gold, reply, question, status", [
    # the oscillator's spring constant against its frequency, k = m omega^2
    ("-\\frac{q^2 E^2}{2m\\omega^2}", "\\boxed{-\\dfrac{q^2 E^2}{2k}}", OSCILLATOR, "correct"),
    ("-\\frac{q^2 E^2}{2k}", "\\boxed{-\\dfrac{q^2 E^2}{2m\\omega^2}}", OSCILLATOR, "correct"),
    ("-\\frac{q^2 E^2}{2m\\omega^2}", "\\boxed{-\\dfrac{q^2 E^2}{k}}", OSCILLATOR, "wrong"),
    ("-\\frac{q^2 E^2}{2m\\omega^2}", "\\boxed{-\\dfrac{q^2 E^2}{2mk}}", OSCILLATOR, "wrong"),
    ("-\\frac{q^2 E^2}{2m\\omega^2}", "\\boxed{-\\dfrac{q^2 E^2}{2k}}", OSCILLATOR_OMEGA, "wrong"),  # omega its own
    # natural units where the question is set at a collider; elsewhere a missing c^2 is missing
    ("E = \\frac{5}{4}m_t c^2", "\\boxed{\\dfrac{5}{4} m_t}", COLLIDER, "correct"),
    ("E = \\frac{5}{4}m_t c^2", "\\boxed{\\dfrac{3}{4} m_t}", COLLIDER, "wrong"),
    ("E = \\frac{5}{4}m_t c^2", "\\boxed{\\dfrac{5}{4} m_t}", BALL, "wrong"),
])
def test_a_spring_constant_and_natural_units(gold, reply, question, status):
    assert _verdict(reply, gold, question) == status
