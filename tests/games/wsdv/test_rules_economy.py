"""Building up the economy (spec §4.2, the rule book's "Build up the economy"): exact positions
built by hand, the sites allowed taken from the rule book's words."""

from __future__ import annotations

import pytest

from realpolitik.engine.errors import IllegalAction
from realpolitik.games.wsdv.content import WEST


def test_rheinsberg_is_a_site_but_not_one_a_card_value_builds(table):
    """§4.2.1: Rheinsberg is a real site that only card 27's event builds — building it with a card's
    value is refused as not possible now (not as an unknown site); an unknown site is named so."""
    t = table().clear_board().factories("dortmund")
    t.turn(WEST, display=("19",))
    t.run("take 19 build")
    with pytest.raises(IllegalAction) as refused:
        t.st.apply("build rheinsberg")
    assert str(refused.value).startswith("'build rheinsberg' is not possible now.")
    with pytest.raises(IllegalAction) as refused:
        t.st.apply("build nowhere")
    assert str(refused.value).startswith("There is no site 'nowhere'.")
