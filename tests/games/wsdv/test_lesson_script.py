"""The first games with a guide of Wir sind das Volk! and of 2+2 (rulebook/learn/*.toml): their
scripts, played through the engine, leave the board the guide's words describe — factory values,
living standards, West Berlin's sector, the mass protests of 17. Juni, the tracks, treasury and
doves of 2+2, the automatic card's choice — and the words never name a card the learner cannot
see."""

from __future__ import annotations

from typing import Any

import pytest

from realpolitik import rulebook
from realpolitik.engine import State
from realpolitik.engine.lessons import Lesson
from realpolitik.games import get
from realpolitik.i18n import LANGUAGES


def lesson_of(game_id: str) -> Lesson:
    found = rulebook.lesson(get(game_id))
    assert found is not None
    return found


def played(game_id: str, learner_steps: int | None = None, before: bool = False) -> State:
    """The game after the script's ``learner_steps``-th move of the learner (``before``: just before
    it), or after the whole script."""
    lesson = lesson_of(game_id)
    state = get(game_id).new_state(lesson.players, lesson.options, lesson.seed)
    seen = 0
    for i, step in enumerate(lesson.step):
        if lesson.learner(i):
            seen += 1
            if before and seen == learner_steps:
                return state
        state.apply(step.do)
        if not before and learner_steps is not None and seen == learner_steps and lesson.learner(i):
            return state
    assert learner_steps is None, f"the script has only {seen} learner steps"
    return state


def public(state: State, seat: str) -> dict[str, Any]:
    return state.view(state.seats.index(seat), choices=False)["public"]


def provinces(state: State, seat: str) -> dict[str, dict[str, Any]]:
    return {p["key"]: p for p in public(state, seat)["provinces"]}


# ---------------------------------------------------------------- Wir sind das Volk! (West)


def test_wsdv_a_line_makes_both_factories_worth_two():
    state = played("wsdv", 3)  # build dortmund/koeln
    view = public(state, "west")
    assert view["factories"]["dortmund"]["value"] == view["factories"]["koeln"]["value"] == 2
    assert provinces(state, "west")["nrw"]["economy"] == 4
    assert provinces(played("wsdv", 4), "west")["he"]["economy"] == 1  # build frankfurt


def test_wsdv_living_standards_and_the_delivery_to_west_berlin():
    before = provinces(played("wsdv", 6, before=True), "west")
    assert before["he"]["economy"] == 1 and before["nrw"]["economy"] == 4
    assert provinces(played("wsdv", 6), "west")["he"]["ls"] == 1  # the card's 2 points fill up to 3
    assert provinces(played("wsdv", 6), "west")["he"]["unrest"] == before["he"]["unrest"] - 1
    assert provinces(played("wsdv", 7), "west")["nrw"]["ls"] == 1
    delivered = played("wsdv", 8)
    after = provinces(delivered, "west")
    assert after["nrw"]["ls"] == 0 and after["nrw"]["unrest"] == before["nrw"]["unrest"]
    assert public(delivered, "west")["west_berlin"]["sectors"]["british"] == 1
    assert after["wb"]["unrest"] == before["wb"]["unrest"] - 1 == 2


def test_wsdv_seventeenth_of_june_makes_four_protests_and_the_socialist_calms_one():
    ready = played("wsdv", 10, before=True)
    unrest = {key: p["unrest"] for key, p in provinces(ready, "west").items()}
    assert [unrest[key] for key in ("mv", "bb", "sn", "th")] == [3, 3, 3, 3]
    assert unrest["eb"] == unrest["sa"] == 2
    assert public(ready, "west")["special"] is None  # East spent Russische Panzer
    four = played("wsdv", 13)  # unrest th
    assert public(four, "west")["mass_protests"]["east"] == 4
    assert public(four, "west")["socialist_box"] == 1


def test_wsdv_the_script_ends_with_east_s_answer_and_west_to_act():
    state = played("wsdv")
    east = provinces(state, "west")
    assert [key for key, p in east.items() if p["mass_protests"]] == ["bb", "th"]
    assert east["mv"]["socialists"] == 1
    assert east["sn"]["ls"] == east["sa"]["ls"] == 1
    assert state.seats[state.to_act] == "west" and not state.is_over()


# ---------------------------------------------------------------- 2+2 (the USA)


def cold_war(state: State) -> dict[str, Any]:
    return public(state, "usa")["cold_war"]


def test_2p2_the_arms_race_arrow_draws_a_card_that_costs_a_dove():
    state = played("wsdv-2p2", 2)  # next arms
    assert cold_war(state)["arms_race"] == -1  # one step toward the USA
    assert cold_war(state)["doves"] == 5


def test_2p2_sputnik_moves_two_tracks_and_costs_three_dollars():
    state = played("wsdv-2p2", 7)
    war = cold_war(state)
    assert (war["space_race"], war["dominance"], war["treasury"]["usa"]) == (-1, -2, 3)


def test_2p2_the_usa_places_the_automatic_card_s_icon():
    state = played("wsdv-2p2", 8, before=True)
    assert state.seats[state.to_act] == "usa"
    assert cold_war(state)["arms_race"] == 0  # level again after the card's own arrow
    assert public(state, "usa")["display"] == []
    assert {choice.action for choice in state.choices()} >= {"calm bb", "calm mv"}
    assert provinces(state, "usa")["bb"]["unrest"] == 2


def test_2p2_the_usa_ends_its_ally_s_protest_in_bayern():
    ready = played("wsdv-2p2", 10, before=True)
    assert cold_war(ready)["treasury"]["usa"] == 4
    assert provinces(ready, "usa")["by"]["mass_protests"] == 1
    state = played("wsdv-2p2")
    assert provinces(state, "usa")["by"]["unrest"] == 3
    assert public(state, "usa")["mass_protests"]["west"] == 0
    war = cold_war(state)
    assert (war["arms_race"], war["space_race"], war["dominance"]) == (-1, -1, -1)
    assert war["victory_points"]["usa"] == 1 and war["doves"] == 5
    assert "x3" in public(state, "usa")["display"]
    assert state.seats[state.to_act] == "ussr" and not state.is_over()


# ---------------------------------------------------------------- both: no hidden card named


@pytest.mark.parametrize("game_id", ["wsdv", "wsdv-2p2"])
def test_the_guide_names_only_cards_the_learner_sees(game_id):
    lesson = lesson_of(game_id)
    state = get(game_id).new_state(lesson.players, lesson.options, lesson.seed)
    keys: dict[str, set[str]] = {}  # a title and its cards (2+2 prints the special cards again)
    for key, card in state.content.cards.items():
        keys.setdefault(card.title, set()).add(key)
    seat = state.seats.index(lesson.seat)

    def check(words: dict[str, str], where: str) -> None:
        view = state.view(seat, choices=False)
        seen = {*view["public"]["display"], *view["public"]["played"], *view["private"]["hand"],
                view["public"]["special"]}
        shown = {title for title, cards in keys.items() if cards & seen}
        for lang in LANGUAGES:
            for title in set(keys) - shown:
                # a title the words name only inside a longer one ("Beitritt zum Warschauer Pakt") is that one
                if title in words[lang] and not any(title in other and other in words[lang]
                                                    for other in shown - {title}):
                    raise AssertionError(f"{where} ({lang}) names {title}, which {lesson.seat} cannot see")

    check(lesson.intro, "intro")
    for i, step in enumerate(lesson.step):
        if lesson.learner(i):
            check(step.text, f"step {i + 1}")
        state.apply(step.do)
    check(lesson.outro, "outro")
