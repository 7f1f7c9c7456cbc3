"""analysis.review: one entry per action, chances from a seat's own information (the same whatever
the others truly hold), hindsight from the truth, turning points sorted by their loss, and the
page's chart in English and German."""

from __future__ import annotations

import json
from dataclasses import replace
from html import escape
from itertools import islice

import pytest

from realpolitik.analysis import review as core
from realpolitik.analysis.review_html import chances_figure, page
from realpolitik.bots.evaluate import BUDGET as BUDGET_STANDARD
from realpolitik.bots.evaluate import Evaluation, Tally, wilson
from realpolitik.engine import Game, Record, RecordError, Rng
from realpolitik.games import get

BUDGET = 1000  # enough playouts that the second pass names some turning points


def record_of(game_id: str, players: int, seed: int, finish: bool = True) -> Record:
    """A random game's record (finished unless ``finish`` is false: then its first ten actions)."""
    game = get(game_id)
    state = game.new_state(players, dict(game.conformance_options), seed)
    record = Record.start(state, seed, ["random"] * players)
    rng = Rng(seed)
    while not state.is_over() and (finish or len(record.actions) < 10):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        record.actions.append(action)
    if finish:
        record.finish(state)
    return record


@pytest.fixture(scope="module")
def nuclear_war() -> tuple[Record, core.Review]:
    record = record_of("nuclear-war", 2, 1)
    return record, core.review(record, get, budget=BUDGET, seed=1)


def test_one_entry_per_action_with_every_seat_s_chances(nuclear_war):
    record, review = nuclear_war
    data = review.to_json()
    json.dumps(data)
    assert data["complete"] and [p["ply"] for p in data["plies"]] == list(range(1, len(record.actions) + 1))
    assert [p["action"] for p in data["plies"]] == record.actions
    for p in data["plies"]:
        assert p["from"] is None  # no --seat: each seat's chance from its own information
        for key in ("chances", "hindsight"):
            assert set(p[key]) == {"p1", "p2"} and all(0 <= v <= 1 for v in p[key].values())
    outcome = record.result["outcome"]["winners"]
    assert data["plies"][-1]["hindsight"] == {label: float(label in outcome) for label in ("p1", "p2")}


def test_turning_points_lose_value_and_come_surest_first(nuclear_war):
    """A review's turning points are the second pass's: each a searched move judged again, its
    loss's 95 % interval clear of zero, the surest first; no verdict left out is surer."""
    record, review = nuclear_war
    points = review.to_json()["turning_points"]
    assert 0 < len(points) <= core.TURNING_POINTS
    sure = [tp["sure"] for tp in points]
    assert sure == sorted(sure, reverse=True)
    assert set(review.verdicts) == {ply for ply, _, _ in review.second_pass(record).moves}
    for tp in points:
        judged, again = review.plies[tp["ply"] - 1].evaluation, review.verdicts[tp["ply"] - 1]
        assert tp["played"] == review.plies[tp["ply"] - 1].action != tp["best"] == again.best
        assert tp["best"] in core.alternatives(judged, tp["played"])
        half = (again.high - again.low) / 2 * core.together(len(review.verdicts)) / core.Z95
        assert tp["loss"] == pytest.approx(again.loss, abs=1e-4)
        assert tp["sure"] == pytest.approx(again.loss - half, abs=1e-4)
        assert tp["loss_interval"] == [pytest.approx(again.loss - half, abs=1e-4),
                                       pytest.approx(again.loss + half, abs=1e-4)]
        assert tp["loss"] == pytest.approx(tp["value"] - tp["played_value"], abs=1e-3)
        assert 0 < tp["sure"] < tp["loss"]
        assert tp["interval"][0] <= tp["value"] <= tp["interval"][1]
    named = {tp["ply"] - 1 for tp in points}
    for ply, again in review.verdicts.items():  # none left out that lost value more surely than the least sure named
        low = again.loss - (again.high - again.low) / 2 * core.together(len(review.verdicts)) / core.Z95
        assert ply in named or low <= 0 or low <= min(sure) + 1e-9


def judged_move(ply: int, best: tuple[float, int], played: tuple[float, int]) -> core.PlyReview:
    """A ply whose search gave the preferred move ``best`` and the move played ``played`` (value, playouts)."""
    values = {"best": best[0], "played": played[0]}
    visits = {"best": best[1], "played": played[1]}
    found = Evaluation(0, "best", values, {a: wilson(values[a], visits[a]) for a in values}, visits, {0: 0.5},
                       {}, best[1] + played[1], {}, Tally(0, (0.0,)))
    return core.PlyReview(ply, 0, "played", 0, (0.5,), (0.5,), found)


def test_a_loss_of_few_playouts_comes_after_a_surer_one():
    """A move three quarters against one quarter over four playouts each lost more than one at
    0.6 against 0.3 over 400, but less surely; 0.5 against 0.25 over four is within the noise
    (a ``sure`` below 0) and comes last."""
    plies = [judged_move(0, (0.75, 4), (0.25, 4)), judged_move(1, (0.6, 400), (0.3, 400)),
             judged_move(2, (0.5, 4), (0.25, 4))]
    review = core.Review("wsdv", ("p1",), None, 100, 0, None, 3, plies)
    found = review.turning_points()
    assert [(tp.ply, round(tp.loss, 2)) for tp in found] == [(1, 0.3), (0, 0.5), (2, 0.25)]
    assert found[1].sure == pytest.approx(0.021, abs=1e-3) and found[2].sure < 0 < found[1].sure


def with_verdicts(*verdicts: tuple[float, float, float]) -> core.Review:
    """A review whose first pass found a loss at every ply and whose second pass judged each
    (loss, low, high)."""
    plies = [judged_move(ply, (0.6, 100), (0.4, 100)) for ply in range(len(verdicts))]
    review = core.Review("wsdv", ("p1",), None, 100, 0, None, len(plies), plies)
    review.verdicts = {ply: core.Verdict(200, "best", 0.5 + loss / 2, 0.5 - loss / 2, loss, low, high)
                       for ply, (loss, low, high) in enumerate(verdicts)}
    return review


def test_the_second_pass_names_only_losses_clear_of_zero_the_surest_first():
    """After the second pass a turning point is a verdict whose loss's interval lies above zero,
    with the verdict's numbers, the surest first; a loss whose interval reaches zero is not named,
    however large, and the first pass's numbers count no more. The intervals of the six verdicts
    are 95 % intervals together: each verdict's 95 % half-width (z 1.96) widened to z 2.638, the
    normal quantile of 1 - 0.05 / 2 / 6 (Bonferroni)."""
    review = with_verdicts((0.3, 0.1, 0.5), (0.2, 0.15, 0.25), (0.4, -0.01, 0.81), (0.05, 0.0, 0.1),
                           (0.12, 0.04, 0.2), (0.1, 0.02, 0.18))
    assert core.together(6) == pytest.approx(2.638, abs=1e-3)
    widen = 2.638 / 1.96
    found = review.turning_points()
    assert [tp.ply for tp in found] == [1, 0, 4]  # ply 5's 0.1 ± 0.108 reaches zero once widened, as ply 3's
    assert [(tp.loss, round(tp.sure, 3), tuple(round(x, 3) for x in tp.loss_interval)) for tp in found] == [
        (0.2, round(0.2 - 0.05 * widen, 3), (round(0.2 - 0.05 * widen, 3), round(0.2 + 0.05 * widen, 3))),
        (0.3, round(0.3 - 0.2 * widen, 3), (round(0.3 - 0.2 * widen, 3), round(0.3 + 0.2 * widen, 3))),
        (0.12, round(0.12 - 0.08 * widen, 3), (round(0.12 - 0.08 * widen, 3), round(0.12 + 0.08 * widen, 3)))]
    assert found[0].value == pytest.approx(0.6) and found[0].played_value == pytest.approx(0.4)
    assert [tp["ply"] for tp in review.to_json()["turning_points"]] == [2, 1, 5]
    assert len(with_verdicts(*[(0.2, 0.15, 0.25)] * 7).turning_points()) == core.TURNING_POINTS


def test_one_verdict_keeps_its_95_percent_interval():
    assert core.together(1) == pytest.approx(core.Z95) and core.together(0) == pytest.approx(core.Z95)
    assert [tp.sure for tp in with_verdicts((0.1, 0.02, 0.18)).turning_points()] == [pytest.approx(0.02)]


def test_the_second_pass_judges_every_searched_move(nuclear_war):
    """The second pass takes every move played after a search that tried another, the moves its
    search preferred too (the first pass's own ranking of losses is too noisy to choose what is
    judged), each against the search's preferred move (unless it was played) and its most tried
    others, and judges them again with the review's seed: a piece of it the same as the whole."""
    record, review = nuclear_war
    job = review.second_pass(record)
    searched = [p for p in review.plies if p.evaluation is not None and len(p.evaluation.visits) > 1]
    assert [(ply, played) for ply, _, played in job.moves] == [(p.ply, p.action) for p in searched]
    assert job.judged == len(job.moves) > len(review.candidates()) > core.TURNING_POINTS
    preferred = 0
    for ply, others, played in job.moves:  # the preferred move unless played, then the most tried others
        found = review.plies[ply].evaluation
        assert review.plies[ply].action == played and played not in others
        if found.best == played:
            preferred += 1
        else:
            assert others[0] == found.best
        rest = others[found.best != played:]
        assert 1 <= len(others) <= core.ALTERNATIVES and len(set(others)) == len(others)
        assert [found.visits[a] for a in rest] == sorted((found.visits[a] for a in rest), reverse=True)
        assert set(others) | {played} <= set(review.plies[ply].words)  # every move a verdict may name has words
    assert preferred > 0
    first = min(job.moves)
    assert core.rejudged(replace(job, seconds=0), get) == {first[0]: review.verdicts[first[0]]}


def test_a_verdict_plays_both_moves_on_the_same_deals():
    """The second pass plays both moves on each world with the same playout seed: a move judged
    against itself loses exactly nothing on every world, so its interval is a point at zero (two
    searches of their own would differ by their luck)."""
    record = record_of("nuclear-war", 3, 6)
    state = record.initial_state(get)
    for action in record.actions[:12]:
        state.apply(action)
    move = state.legal_actions()[0]
    same = core.verdict(state, (move,), move, 3000, 4, None)
    assert same.worlds > 5 and (same.loss, same.low, same.high) == (0, 0, 0) and same.best == move
    other = next(a for a in state.legal_actions() if a != move)
    again = core.verdict(state, (move,), other, 3000, 4, None)
    assert again == core.verdict(state, (move,), other, 3000, 4, None)
    assert again.loss == pytest.approx(again.value - again.played_value) and again.low <= again.loss <= again.high
    assert again.low < again.high


def test_a_verdict_weighs_the_move_played_against_the_best_of_its_alternatives():
    """Judged against several moves on the same worlds, the move played loses what it loses against
    the one that did best there, with the spread of those paired differences; a tie goes to the
    first pass's order."""
    worlds = [(1.0, 0.0, 1.0, 0.0), (0.0, 1.0, 1.0, 0.0), (1.0, 1.0, 0.0, 0.0), (0.0, 1.0, 1.0, 1.0)]
    found = core.weighed(worlds, ("a", "b", "c"))
    # means: a 0.5, b 0.75, c 0.75, played 0.25: b and c tie, b came first; b's differences 0, 1, 1, 0
    assert (found.worlds, found.best, found.value, found.played_value, found.loss) == (4, "b", 0.75, 0.25, 0.5)
    half = core.Z95 * (1 / 3 / 4) ** 0.5
    assert (found.low, found.high) == (pytest.approx(0.5 - half), pytest.approx(0.5 + half))
    record = record_of("nuclear-war", 3, 6)
    state = record.initial_state(get)
    for action in record.actions[:12]:
        state.apply(action)
    move = state.legal_actions()[0]
    among = core.verdict(state, (state.legal_actions()[1], move), move, 3000, 4, None)
    assert among.loss >= 0 and among.low <= among.loss <= among.high  # the move itself is one of the others


def scripted(monkeypatch, first: list[tuple[float, ...]], later: list[tuple[float, ...]]) -> list[tuple]:
    """Make ``compare`` answer ``first`` to a verdict's first round and ``later`` (each world's
    rewards of the first moves asked and the last) to each later one; the calls (moves, budget,
    key) are listed in the list returned."""
    calls = []

    def compare(ctx, actions, budget, key, spec):
        calls.append((tuple(actions), budget, key))
        return list(first) if len(calls) == 1 else [(*w[:len(actions) - 1], w[-1]) for w in later]

    monkeypatch.setattr(core, "compare", compare)
    return calls


def position(game_id: str):
    record = record_of(game_id, 2, 6)
    state = record.initial_state(get)
    for action in record.actions[:12]:
        state.apply(action)
    return state


def round_of(differences: list[int]) -> list[tuple[float, ...]]:
    """A first round of "a", "b", "c" and the move played: "a" gains the difference over the move
    played; "b" and "c" never win."""
    return [(float(d > 0), 0.0, 0.0, float(d < 0)) if d else (1.0, 0.0, 0.0, 1.0) for d in differences]


@pytest.mark.parametrize("game_id", ["wsdv", "nuclear-war"])
def test_a_verdict_that_may_name_a_move_stands_on_the_game_s_rounds_of_deals(monkeypatch, game_id):
    """A first round whose loss is at least half the half-width all the rounds together would
    have only screens: the move played and the game's rivals (the alternatives that did best) are
    played on the game's further rounds of new deals (each key its own, a budget for those moves
    of the four, so as many worlds) and judged on all the rounds together, whether the first
    round was clear of zero or not. A loss too small to clear with more deals, a gain, and a loss
    read at a larger z (more moves judged together: its half-width wider) stay one round. Wir sind
    das Volk! takes the standard four rounds and one rival, Nuclear War the more it declares."""
    state = position(game_id)
    rounds, rivals = state.game.review_rounds, state.game.review_rivals
    if game_id == "wsdv":
        assert (rounds, rivals) == (Game.review_rounds, Game.review_rivals) == (4, 1)
    else:
        assert rounds > Game.review_rounds and rivals == core.ALTERNATIVES
    others = ("a", "b", "c")
    key = core.ply_seed(4, -2 - state.to_act, state.ply)
    moves = (*others[:rivals], "played")
    close = round_of([1, 0, 1, 0, -1, 0, 1, 0])  # loss 0.25 ± 0.49
    clear = round_of([1, 1, 1, 1, 1, 1, 1, 0])  # 0.875 ± 0.245
    later = [(1.0, 0.0, 0.0, 0.0)] * 4 + [(0.0, 0.0, 0.0, 0.0)] * 4  # "a" gains 1 on half the worlds
    for first in (close, clear):
        calls = scripted(monkeypatch, first, later)
        found = core.verdict(state, others, "played", 3000, 4, None)
        assert calls == [(("a", "b", "c", "played"), 3000, key)] + [
            (moves, 3000 * len(moves) // 4, core.ply_seed(key, r, 0)) for r in range(1, rounds)]
        assert len({k for _, _, k in calls}) == rounds
        assert (found.worlds, found.best) == (8 * rounds, "a")
        kept = [(*w[:rivals], w[-1]) for w in first] + [(*w[:rivals], w[-1]) for w in later] * (rounds - 1)
        assert found == core.weighed(kept, moves[:-1])
    worlds = 8 * rounds  # clear: "a" wins the first round's 8 worlds and half of every later round's
    assert (found.value, found.played_value) == ((8 + 4 * (rounds - 1)) / worlds, 1 / worlds)
    for first, z in ((round_of([1, -1] * 7 + [1, 0]), core.Z95),  # 0.0625 ± 0.47: under half of 4 or 8 rounds'
                     (round_of([-1, 0, -1, 0, 1, 0, 0, -1]), core.Z95),  # a gain
                     (round_of([1, 0, 0, 0, -1, 0, 1, 0]), core.together(1000))):  # 0.125 ± 0.92 at z 4.05
        calls = scripted(monkeypatch, first, later)
        found = core.verdict(state, others, "played", 3000, 4, None, z)
        assert len(calls) == 1 and found == core.weighed(first, others)
    calls = scripted(monkeypatch, round_of([1, 0, 0, 0, -1, 0, 1, 0]), later)  # the same loss at z 1.96 passes
    assert core.verdict(state, others, "played", 3000, 4, None).worlds == worlds and len(calls) == rounds


def test_the_later_rounds_play_the_first_round_s_best_rivals_and_may_find_another_better(monkeypatch):
    """With two rivals, the later rounds play the two alternatives that did best in the first round
    (in the first pass's order) beside the move played, and the better move is the one of them
    that does best on all the rounds together, not on the first alone."""
    state = position("nuclear-war")
    monkeypatch.setattr(type(state.game), "review_rivals", 2)
    # the first round: "c" gains 0.375, "a" 0.25, "b" nothing over the move played
    first = [(1.0, 0.0, 1.0, 0.0)] * 2 + [(0.0, 0.0, 1.0, 0.0)] + [(0.0, 0.0, 0.0, 0.0)] * 5
    later = [(1.0, 0.0, 0.0)] * 4 + [(0.0, 0.0, 0.0)] * 4  # ("a", "c", played): "a" gains 0.5 a round, "c" nothing
    calls = scripted(monkeypatch, first, later)
    found = core.verdict(state, ("a", "b", "c"), "played", 3000, 4, None)
    rounds = state.game.review_rounds
    assert [moves for moves, _, _ in calls[1:]] == [("a", "c", "played")] * (rounds - 1)
    assert {budget for _, budget, _ in calls[1:]} == {2250}
    assert (found.best, found.worlds) == ("a", 8 * rounds)
    assert found.value == pytest.approx((2 + 4 * (rounds - 1)) / (8 * rounds)) and found.played_value == 0


def test_the_same_seed_gives_the_same_review():
    record = record_of("nuclear-war", 2, 4)
    first = list(islice(core.plies(record, get, budget=200, seed=3), 12))
    assert list(islice(core.plies(record, get, budget=200, seed=3), 12)) == first


def test_one_seat_s_information_at_every_ply():
    record = record_of("wsdv", 2, 3)
    reviewed = list(islice(core.plies(record, get, seat=1, budget=200, seed=1), 12))
    assert all(p.viewpoint == 1 for p in reviewed)
    assert all((p.evaluation is not None) == (p.seat == 1) for p in reviewed)
    assert {p.seat for p in reviewed} == {0, 1}


def test_each_seat_s_chance_comes_from_its_own_information():
    """Without a viewpoint, every seat's chance after an action is its own search of the position
    after it, the actor's too (never the actor's search before its move, which judges the move
    and whose few playouts of a move it did not prefer say little): the search that gives a
    seat's chance is the one that judges its next move."""
    record = record_of("nuclear-war", 3, 6)
    state = record.initial_state(get)
    for p in islice(core.plies(record, get, budget=120, seed=2), 8):
        judged = core.own_estimate(state, 120, 2, None)
        state.apply(p.action)
        assert p.viewpoint is None and p.evaluation == judged
        for seat in range(3):
            assert p.chances[seat] == core.onlooker_chances(state, seat, 120, 2, None)[seat]


def test_allies_who_win_together_get_their_team_s_chance():
    record = record_of("e1815-2vs2", 4, 0)
    teams = get("e1815-2vs2").teams(4)
    # from one seat's information (and in hindsight) allies share a chance; each from its own
    # information, allies may see their team's chances differently
    for p in islice(core.plies(record, get, seat=0, budget=150, seed=1), 6):
        for chances in (p.chances, p.hindsight):
            for s in range(4):
                assert chances[s] == pytest.approx(chances[teams.index(teams[s])])


def test_a_review_of_nationen_searches_its_declared_budget_unless_one_is_given(monkeypatch):
    """Nationen declares a review budget above the standard (its chances are noisier); a review
    with no budget searches it — the review's ``budget`` and every search —, one given wins, and
    a game that declares none keeps the standard."""
    nationen = get("nationen")
    assert nationen.review_budget > BUDGET_STANDARD and get("wsdv").review_budget is None
    record = record_of("nationen", 3, 4)
    assert core.start(record, get, None, None, 0, None).budget == nationen.review_budget
    assert core.start(record, get, None, 300, 0, None).budget == 300
    assert core.start(record_of("wsdv", 2, 3), get, None, None, 0, None).budget == BUDGET_STANDARD
    real, budgets = core.evaluate, []

    def searched(ctx, budget, seed, spec):
        budgets.append(budget)
        return real(ctx, budget, seed, spec)
    monkeypatch.setattr(core, "evaluate", searched)
    last = next(core.plies(record, get, first=len(record.actions) - 1))  # the last move: the searches around it
    assert last.evaluation is not None and budgets and set(budgets) == {nationen.review_budget}
    budgets.clear()
    next(core.plies(record, get, budget=40, first=len(record.actions) - 1))
    assert budgets and set(budgets) == {40}


def test_a_server_s_smaller_budget_scales_as_the_game_s_declared_budget():
    """The server's ``review_budget`` is the standard game's: Nationen's review searches as many
    times more as its declared budget is of the standard, a game that declares none the budget itself."""
    nationen = get("nationen")
    assert core.budget_for(nationen) == nationen.review_budget
    assert core.budget_for(nationen, 300) == round(300 * nationen.review_budget / BUDGET_STANDARD)
    assert core.budget_for(nationen, 1) >= 1
    assert core.budget_for(get("wsdv"), 300) == 300 and core.budget_for(get("wsdv")) == BUDGET_STANDARD


def test_a_cached_review_is_made_again_when_what_gives_its_numbers_changes(monkeypatch):
    """A stored review's key holds what gives its numbers: the same record and settings give the
    same key; another viewpoint, budget, seed, format, lean (``Game.pseudo_playouts``), count of
    rounds or of rivals another."""
    record = record_of("wsdv", 2, 3)
    game = get("wsdv")
    before = core.cache_key(record, None, 300, 0, None, game)
    assert core.cache_key(record, None, 300, 0, None, game) == before
    others = (core.cache_key(record, 1, 300, 0, None, game), core.cache_key(record, None, 301, 0, None, game),
              core.cache_key(record, None, 300, 1, None, game))
    assert before not in others
    for module, setting, value in ((core, "FORMAT", core.FORMAT + 1), (type(game), "pseudo_playouts", 7.0),
                                   (type(game), "review_rounds", 6), (type(game), "review_rivals", 2)):
        with monkeypatch.context() as m:
            m.setattr(module, setting, value)
            assert core.cache_key(record, None, 300, 0, None, game) != before, setting
    assert core.cache_key(record, None, 300, 0, None, game) == before


def test_an_unfinished_game_is_refused():
    with pytest.raises(RecordError, match="finished game"):
        core.review(record_of("nuclear-war", 3, 2, finish=False), get, budget=50)


def no_peeking_cases():
    for game_id, players in (("wsdv", 2), ("wsdv-2p2", 4), ("nationen", 3), ("e1815", 4), ("nuclear-war", 3)):
        yield pytest.param(game_id, players, id=game_id)


@pytest.mark.parametrize("game_id, players", list(no_peeking_cases()))
def test_no_peeking_the_estimate_is_the_same_whatever_the_others_truly_hold(game_id, players):
    """At each ply the estimate of a seat depends only on what the seat sees: the position with
    the other seats' hidden parts resampled consistently with its view gives the same numbers
    (the conformance suite's leak check, applied to the review's searches)."""
    game, rng = get(game_id), Rng(17)
    state = game.new_state(players, dict(game.conformance_options), 5)
    checked = 0
    while not state.is_over() and checked < 6:
        if rng.below(3) == 0:
            actor, onlooker = state.to_act, (state.to_act + 1) % players
            resampled = state.determinize(actor, rng.fork())
            assert resampled.view(actor) == state.view(actor)
            assert core.own_estimate(resampled, 120, 9, None) == core.own_estimate(state, 120, 9, None)
            other = state.determinize(onlooker, rng.fork())
            assert core.onlooker_chances(other, onlooker, 120, 9, None) == \
                core.onlooker_chances(state, onlooker, 120, 9, None)
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked >= 3


def test_hindsight_searches_the_true_state_and_leaves_it_unchanged():
    record = record_of("nuclear-war", 3, 6)
    state = record.initial_state(get)
    for action in record.actions[:20]:
        state.apply(action)
    before = state.digest()
    assert core.hindsight(state, 200, 1, None) == core.hindsight(state, 200, 1, None)
    assert state.digest() == before


@pytest.mark.parametrize("lang, title, axis, legend", [
    ("en", "chance of winning after each action", "action", "in hindsight (the whole record)"),
    ("de", "Siegchance nach jeder Aktion", "Aktion", "im Nachhinein (die ganze Aufzeichnung)")])
def test_the_chart_has_a_panel_per_seat_in_the_reader_s_language(nuclear_war, lang, title, axis, legend):
    _, review = nuclear_war
    fig = chances_figure(review, ["P1", "P2"], lang)
    panels = fig.get_axes()
    assert [ax.get_ylabel() for ax in panels] == ["P1", "P2"]
    assert fig.get_suptitle() == title and panels[-1].get_xlabel() == axis
    assert legend in [text.get_text() for text in fig.legends[0].get_texts()]
    line, dashed = panels[1].get_lines()[:2]
    assert list(line.get_ydata()) == [p.chances[1] for p in review.plies]
    assert list(dashed.get_ydata()) == [p.hindsight[1] for p in review.plies]


@pytest.mark.parametrize("lang, words", [("en", ("Game review", "Turning points", "better", "on {} more rounds")),
                                         ("de", ("Partieanalyse", "Wendepunkte", "besser", "auf {} weiteren Runden"))])
def test_the_page_holds_the_chart_and_the_turning_points_in_the_reader_s_language(nuclear_war, lang, words):
    """The page's words in the reader's language, its note with the game's own rounds of deals."""
    _, review = nuclear_war
    html = page(review, get("nuclear-war"), lang)
    assert html.count("<svg") == 1 and f'lang="{lang}"' in html
    for word in words:
        assert word.format(get("nuclear-war").review_rounds - 1) in html
    assert html.count("<tr>") == 1 + len(review.turning_points())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_json_names_a_turning_point_s_moves_in_words_and_counts_actions_as_the_page(nuclear_war, lang):
    """Each turning point's JSON gives both moves as the page's table names them, in every
    language, and the action's number as the page's row shows it (the first action is 1)."""
    record, review = nuclear_war
    points = review.to_json()["turning_points"]
    html = page(review, get("nuclear-war"), lang)
    rows = html.split("<tr>")[2:]
    assert len(rows) == len(points) > 0
    for tp, row in zip(points, rows, strict=True):
        assert record.actions[tp["ply"] - 1] == tp["played"]
        assert set(tp["played_words"]) == set(tp["best_words"]) == {"en", "de"}
        played, best = tp["played_words"][lang], tp["best_words"][lang]
        assert row.startswith(f"<td>{tp['ply']}</td>") and played != tp["played"] and best != tp["best"]
        assert f'<td class="text">{escape(played)}</td><td class="text">{escape(best)}</td>' in row


def test_each_chance_has_its_95_percent_interval_and_the_chart_a_scale_and_a_band(nuclear_war):
    """The JSON gives each chance its Wilson interval over the playouts behind it (and the
    lean's weight); the chart reads 0–100 % and draws that interval as a band."""
    record, review = nuclear_war
    data, weight = review.to_json(), get("nuclear-war").pseudo_playouts
    for p, entry in zip(review.plies, data["plies"], strict=True):
        for label, (low, high) in entry["interval"].items():
            assert low <= entry["chances"][label] <= high
        for chance, interval, behind in zip(p.chances, p.intervals, p.basis, strict=True):
            if behind is None:  # the game is over: the chance is the seat's reward
                assert interval == (chance, chance) and chance in (0, 1)
            else:
                own, total = behind
                assert interval == wilson(chance, (own or total).playouts + weight)
    fig = chances_figure(review, ["P1", "P2"], "en")
    for seat, ax in enumerate(fig.get_axes()):
        assert [tick.get_text() for tick in ax.get_yticklabels()] == ["0 %", "50 %", "100 %"]
        (filled,) = ax.collections[:1]
        upper = filled.get_paths()[0].vertices[:, 1]
        assert min(upper) == pytest.approx(min(p.intervals[seat][0] for p in review.plies))
        assert max(upper) == pytest.approx(max(p.intervals[seat][1] for p in review.plies))
    assert "95 % interval of the estimate" in [text.get_text() for text in fig.legends[0].get_texts()]
