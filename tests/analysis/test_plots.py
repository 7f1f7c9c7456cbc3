"""The report's plots draw every text as it is written, whatever a matplotlibrc asks for, and keep
a label to one short line."""

from __future__ import annotations

from matplotlib import rc_context

from realpolitik.analysis import plots

RATE = {"rate": 0.5, "ci95": [0.3, 0.7], "wins": 1, "games": 2}


def test_a_plot_draws_its_text_as_written_whatever_matplotlibrc_says():
    # LaTeX (not installed here: drawing would fail), mathtext and SVG text needing a font, all overruled
    with rc_context({"text.usetex": True, "text.parse_math": True, "svg.fonttype": "none"}):
        svg = plots.rates(["$x$ \\alpha_1^2 #1 50%", "b"], [[RATE, RATE]], [""], "win rate")
    assert glyphs(svg, "$x$ \\alpha_1^2 #1 50%") == len("$x$ \\alpha_1^2 #1 50%")
    assert "Oblique" not in svg and "<text" not in svg  # no math's italics; shapes, no font needed


def glyphs(svg: str, text: str) -> int:
    """How many glyphs an SVG of matplotlib's draws for ``text`` (its text drawn as shapes, each
    after a comment holding it): as many as it has characters when drawn as written."""
    assert f"<!-- {text} -->" in svg, text
    return svg.split(f"<!-- {text} -->", 1)[1].split("</g>", 1)[0].count("<use ")


def test_a_label_is_one_line_of_at_most_the_longest_characters():
    assert plots.label("a  b\nc") == "a b c"
    assert plots.label("x" * plots.LONGEST) == "x" * plots.LONGEST
    assert plots.label("y" * 1000) == "y" * (plots.LONGEST - 1) + "…"
