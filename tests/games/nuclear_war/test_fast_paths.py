"""The shortcuts the hot paths take agree with the straightforward rules, at every step of
seeded random games (two to six players, several rule options).

The straightforward rules are the package's plain forms beside the shortcuts: ``setup.plain_deal``
(the set-up), ``grammar.plain_placing``, ``common.plain_enemies`` and ``combat.interceptors`` (the
interceptions offered); the turn's frames run at once (``run_now``) where the frame loop would run
them; the cards the rules read in play are the ones the content checked, and the lines looked up in
``words`` are the messages written out.
"""

from __future__ import annotations

import pytest

from realpolitik.engine import Rng
from realpolitik.engine.content import entries, read_toml
from realpolitik.games import get
from realpolitik.games.nuclear_war import grammar, setup
from realpolitik.games.nuclear_war.combat import Intercept, NameTarget, interceptors
from realpolitik.games.nuclear_war.common import enemies, plain_enemies
from realpolitik.games.nuclear_war.content import DATA, Card, load
from realpolitik.games.nuclear_war.sequence import END_TURNS, REVEALS, PlaceCard
from realpolitik.games.nuclear_war.words import NO_WARHEAD, OUT_OF_FUEL, PAYLOAD_USED_UP, REPLACED, SPENT
from realpolitik.i18n import listed, render, t

OPTIONS = [{}, {"refill": "draw-one"}, {"retaliation_cards": "all", "first_player": "random"},
           {"retaliation_cards": "hand", "b70_intercept": "face-up"}]
GAMES = [(players, options) for players in range(2, 7) for options in OPTIONS]


def positions(players: int, options: dict, games: int = 3):
    """Every position of ``games`` seeded random games."""
    game = get("nuclear-war")
    for seed in range(games):
        st = game.new_state(players, dict(options), seed)
        rng = Rng(seed + 99)
        while not st.is_over():
            yield st
            st.apply(rng.choice(st.legal_actions()))


# ---------------------------------------------------------------------- the comparisons


class _Waiting(tuple):
    """Stands in for the opening round: a decision, so the frame loop stops before it (the deal alone)."""

    decision = True


@pytest.mark.parametrize("players", range(2, 7))
def test_the_deal_is_the_plain_deal(players, monkeypatch):
    monkeypatch.setattr(setup, "Opening", lambda seat: _Waiting((seat,)))
    game = get("nuclear-war")
    for seed in range(6):
        st = game.new_state(players, {}, seed)
        assert (st.pop, st.bank, st.hands) == setup.plain_deal(players, seed, st.content)


def test_the_printed_cards_hold_what_was_checked():
    path = DATA / "cards.toml"
    checked = entries(read_toml(path), "cards", Card, str(path))
    printed = load().cards
    assert list(printed) == [card.key for card in checked]
    for card in checked:
        assert all(getattr(printed[card.key], name) == value for name, value in card)
        assert printed[card.key].is_secret == card.is_secret and type(printed[card.key]).__slots__


@pytest.mark.parametrize("players", range(2, 7))
def test_the_turn_lines_are_the_plain_messages(players):
    st = get("nuclear-war").new_state(players, {}, 0)
    lines, names = st.lines, st.content.names
    for s, seat in enumerate(st.seats):
        plain = [(lines.turn_begins[s], t("— {seat}'s turn —", seat=seat)),
                 (lines.draws_a_card[s], t("{seat} draws a card.", seat=seat)),
                 (lines.places_face_down[s], t("{seat} places a card face down.", seat=seat))]
        for table, words in [(lines.reveals, "{seat} reveals {card}."),
                             (lines.shows, "{seat} shows {card} in its deterrent force."),
                             (lines.takes_back, "{seat} takes back {card} from its deterrent force."),
                             (lines.places_shown, "{seat} places its deterrent {card} face down.")]:
            plain += [(table[s][key], t(words, seat=seat, card=name)) for key, name in names.items()]
        plain += [(lines.you_draw[key], t("You draw {cards}.", cards=listed([name]))) for key, name in names.items()]
        plain += [(lines.you_place[key], t("You place {card} face down.", card=name)) for key, name in names.items()]
        plain.append((lines.does_not_intercept[s], t("{seat} does not intercept.", seat=seat)))
        for key in st.content.secrets:
            card, top = st.content.cards[key], st.content.cards[key].kind == "top-secret"
            words = "{seat} plays the top secret card {card}: {text}" if top else \
                "{seat} plays the secret card {card}: {text}"
            plain.append((lines.plays_secret[s][key], t(words, seat=seat, card=names[key], text=t(card.text))))
        plain += [(lines.fallout[10 * tens + units], t("Fallout dice: {roll} — {result}.", roll=f"{tens}{units}",
                                                       result=t(st.content.fallout[10 * tens + units].text)))
                  for tens in range(10) for units in range(10)]
        plain += [(lines.attacks[s][target], t("{seat} attacks {target}.", seat=seat, target=st.seats[target]))
                  for target in range(players)]
        plain += [(lines.discarded[why][s][key], t("{seat}'s {card} is discarded ({why}).", seat=seat,
                                                   card=names[key], why=why))
                  for why in (REPLACED, NO_WARHEAD, OUT_OF_FUEL, SPENT, PAYLOAD_USED_UP)
                  for key, card in st.content.cards.items() if card.kind == "carrier"]
        cards = st.content.cards
        plain += [(lines.launches[s][target][w, c], t("{seat} launches a {warhead} on its {carrier} at {target}.",
                                                      seat=seat, warhead=names[w], carrier=names[c],
                                                      target=st.seats[target]))
                  for target in range(players) for w in cards if cards[w].kind == "warhead"
                  for c in cards if cards[c].kind == "carrier"]
        plain.append((lines.changes[s], t("{seat} changes a face-down card.", seat=seat)))
        plain += [(lines.you_swap[slot, key], t("You swap face-down card {slot} for {card}.", slot=slot,
                                                card=names[key])) for slot in (1, 2, 3) for key in cards]
        plain += [(lines.loses_turn[s], t("{seat} loses this turn.", seat=seat)),
                  (lines.will_lose_turn[s], t("{seat} will lose its next turn.", seat=seat)),
                  (lines.eliminated[s], t("{seat} has lost its entire population and is eliminated.", seat=seat))]
        for line, message in plain:
            assert line == message
            assert render(line, "de") == render(message, "de") and render(line, "en") == render(message, "en")


@pytest.mark.parametrize(("players", "options"), GAMES)
def test_legal_actions_and_turn_frames_follow_the_plain_rules(players, options):
    for st in positions(players, options):
        top = st.stack[-1]
        if isinstance(top, PlaceCard):
            seat = top.seat
            shown, may_move = st.shown[seat], st.moves < 2
            assert list(st.legal_actions()) == grammar.plain_placing(st.hands[seat], shown, may_move and len(shown) < 2,
                                                                     may_move)
            # the turn pushed its end, its reveal and (through the placing) this decision together: a
            # placement that ends the decision runs the reveal and the end of the turn at once
            assert st.stack[-3:-1] == [END_TURNS[seat], REVEALS[seat]]
            assert st.stack[-3] is END_TURNS[seat] and st.stack[-2] is REVEALS[seat]
        if isinstance(top, Intercept):
            antis = interceptors(st, top.seat, top.carrier)
            assert list(st.legal_actions()) == grammar.intercepts(antis) + [grammar.NO_INTERCEPT]
        if isinstance(top, NameTarget):
            assert st.legal_actions() == tuple(grammar.target(st.seats[t]) for t in plain_enemies(st, top.seat))
        for seat in range(players):
            assert list(enemies(st, seat)) == plain_enemies(st, seat)
