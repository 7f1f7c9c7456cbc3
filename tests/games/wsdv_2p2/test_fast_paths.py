"""2+2's fast paths agree with the plain rules they replace: pools run at once instead of as
frames, the tables kept with the content, the words kept per effect list, the display laid
off the deck in one slice. (The base game's and the shared ones: ``tests/games/wsdv/test_fast_paths.py``.)
"""

from __future__ import annotations

import pytest

from realpolitik.engine import Rng
from realpolitik.games import get
from realpolitik.games.wsdv.content import EAST, WEST
from realpolitik.games.wsdv.two_plus_two import end_of_decade, events, sequence, words
from realpolitik.games.wsdv.two_plus_two.cold_war import items_of
from realpolitik.games.wsdv.two_plus_two.events import Effects, effects_frame
from realpolitik.games.wsdv.two_plus_two.sequence import _fill_display, adds_income, draw_card
from realpolitik.games.wsdv.two_plus_two.words import effects_words
from realpolitik.i18n import listed


def record(games: int) -> list:
    """The legal actions and the digest at every step of seeded random games, and each game's log."""
    game = get("wsdv-2p2")
    out: list = []
    for seed in range(games):
        st = game.new_state(4, {}, seed)
        rng = Rng(seed + 7)
        while not st.is_over():
            legal = st.legal_actions()
            out.append((legal, st.digest()))
            st.apply(rng.choice(legal))
        out.append(st.log.redacted(None))
    return out


# ---------------------------------------------------------------------- a pool's frames, the plain way


def test_a_pool_run_at_once_is_the_pool_run_as_frames(monkeypatch):
    """Where the rules run a pool at once (``events.effects``) and go on with its rest while an item pushes
    nothing, every position, legal list and log line is the one of pushing each pool's frame and letting the
    frame loop run it, one item at a time (``framed``)."""
    fast = record(8)
    effects = events.effects

    def framed(st, seat: int, pool: tuple, ctx: tuple, item=None) -> None:
        if item is None:  # where the rules run a pool at once: its frame, for the loop to run
            st.stack.append(effects_frame(seat, pool, ctx))
        else:
            effects(st, seat, pool, ctx, item, framed=True)

    for module in (events, sequence, end_of_decade):
        monkeypatch.setattr(module, "effects", framed)
    monkeypatch.setattr(Effects, "run", lambda self, st: effects(st, *self, framed=True))
    assert record(8) == fast


# ---------------------------------------------------------------------- the tables kept with the content


def test_the_kept_card_values_income_events_and_icon_parts_are_the_contents():
    c = get("wsdv-2p2").new_state(4, seed=1).content
    for key, card in c.cards.items():
        for side in (WEST, EAST):
            assert c.card_values[key][side] == card.value_for(side)
            assert ((key, side) in c.income_events) == adds_income(card, side)
    assert c.income_events
    for slug, e in c.icons.items():
        side = {"west": WEST, "east": EAST}.get(e.side)
        assert c.icon_parts[slug] == (e.icon, side, e.amount if e.icon in ("pay", "income") else 0)


def test_the_kept_words_and_items_of_an_effect_list_are_its_plain_ones():
    st = get("wsdv-2p2").new_state(4, seed=1)
    c = st.content
    lists = [row for deck in (c.arms_deck, c.conflict_deck) for card in deck.values()
             for column in (card.usa, card.ussr) for row in column]
    lists += [box for pair in c.track_icons.values() for side in pair for box in side]
    kept = dict(c.effect_lists())
    assert list(kept.values()) == lists and len(kept) == len(lists)  # one content key per list
    for where, effects in kept.items():
        plain = words.words_of(st, effects)
        assert effects_words(st, where) == plain
        assert effects_words(st, where) == plain  # and as kept
        assert c.pools_kept[where] == items_of(effects)
    assert any(not effects for effects in lists)
    for key, card in c.arms_deck.items():  # the key the rules look up is the row they read
        for side in (0, 1):
            assert all(kept["arms", key, side, card.row(d)] is card.effects(side, d) for d in range(1, 5))


# ---------------------------------------------------------------------- the display off the deck


@pytest.mark.parametrize("left", [0, 1, 2, 3, 8])
@pytest.mark.parametrize("seen", [False, True])
def test_a_display_laid_in_one_slice_is_the_cards_drawn_one_by_one(left, seen):
    """Decade III: the display takes the deck's top cards, then unplayed decade II cards where the deck runs
    out (§4), as ``draw_card`` draws them one at a time; Guillaume's watchers follow the deck's cards."""
    game = get("wsdv-2p2")
    st = game.new_state(4, {}, 4)
    rng = Rng(4)  # a seed whose random game reaches decade III (many end earlier in a nuclear war)
    while st.decade < 3 or st.stack[-1].tag != "turn":
        st.apply(rng.choice(st.legal_actions()))
    del st.deck[:-left or len(st.deck)]
    st.deck_seen = [0, 2, 0, 5] if seen else [0] * 4
    st.half = 2
    fast, plain = st.clone(), st.clone()
    extra = ["x21", "x22"]
    _fill_display(fast, extra)
    n = plain.layout.display[plain.half - 1]
    cards = [k for k in (draw_card(plain) for _ in range(n)) if k is not None] + extra
    plain.display += cards
    shown = listed(map(plain.content.card_names.get, cards))
    plain.log.say(sequence.DISPLAY_SHOWS(sequence.SUB[plain.half - 1], shown))
    assert fast.digest() == plain.digest()
    assert fast.log.redacted(None) == plain.log.redacted(None)
    assert len(fast.display) == len(st.display) + n + len(extra)
