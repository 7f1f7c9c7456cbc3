"""The incident cards (Innenpolitische Zwischenfälle), the German Nationen rule book
§6 and "2. Die Geheimagenten".

A leader or agent that stops on "?" draws the top card, its owner obeys it, and the card
goes back under the deck. An order to move or retreat a named leader kind applies to that
kind only; drawn by a leader it is an extra move, drawn by the agent it replaces step 3 of
the turn (also when it cannot be carried out or is declined, A8). A leader moved by
a card onto a "?" draws again, at most once per turn (docs/games/nationen.md). The card texts and effects
are stand-in; every effect is implemented here, keyed by the card's ``effect``.
Choices a favourable card offers may be declined (``decline``); unfavourable ones must be
obeyed, and a forced choice with one answer is made without asking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision
from realpolitik.i18n import Text, phrase, phrase_n, t

from . import economy, grammar, movement, words
from .content import LEADERS, Card
from .occupancy import put
from .tables import REPLACED
from .words import LEADER_NAMES, location_words

if TYPE_CHECKING:
    from .state import NationenState as S

LEADER_ORDERS = frozenset({"free-move", "retreat"})
#: the line of a card drawn, made by ``phrase`` (i18n/messages.py)
DRAWS = phrase("{seat}'s {piece} stops on the '?' at {point} and draws “{card}”: {text}",
               "seat", "piece", "point", "card", "text")
HAS_NO_EFFECT = phrase("“{card}” has no effect: {why}.", "card", "why")
RECEIVES_M = phrase("{seat} receives {got} M.", "seat", "got")
PAYS_M_BANK = phrase("{seat} pays {paid} M to the bank.", "seat", "paid")
COLLECTS_INCOME_M_ONCE = phrase("{seat} collects its income of {got} M once more.", "seat", "got")
RECEIVES_M_OWES_INSTALLMENTS = phrase("{seat} receives {got} M and owes {installments} installments of {installment} "
                                      "M.", "seat", "got", "installments", "installment")
CANNOT_REPAY_LOAN_REST = phrase("{seat} cannot repay its loan: the rest is forgiven, but it loses a tanker.", "seat")
BRINGS_NOTHING_NEXT_INCOME = phrase("{state} brings {seat} nothing at its next income.", "state", "seat")
LEADER_LEAVES_GAME = phrase("The {leader} of {seat} on {point} leaves the game.", "leader", "seat", "point")
PIPELINE_BETWEEN_DESTROYED = phrase("The pipeline between {state} and {other} is destroyed.", "state", "other")
THIS_ORDER_REPLACES_PLACING = t("This order replaces the placing or moving of a head of state this turn.")
REPAYS_M_LOAN_INSTALLMENT = phrase_n("{seat} repays {due} M of its loan ({left} installment left).",
                                     "{seat} repays {due} M of its loan ({left} installments left).", "seat", "due",
                                     "left", count="left")
PAYS_OFF_LOAN_M = phrase("{seat} pays off its loan: {due} M.", "seat", "due")
DRIVEN_CAPITAL_BACK_INTO = phrase("The {leader} of {seat} is driven from the capital of {state} back into its "
                                  "owner's supply.", "leader", "seat", "state")
HAS_NO_TANKER_LOSE = phrase("{seat} has no tanker to lose.", "seat")
RECEIVES_TANKER = phrase("{seat} receives a tanker {place}.", "seat", "place")
AGENT_MOVES_NO_CARD = phrase("{seat}'s agent moves on from {point} to {point2} (no card).", "seat", "point", "point2")
DOES_NOT_USE_FREE = phrase("{seat} does not use the free move.", "seat")
DOES_NOT_TAKE_OVER = phrase("{seat} does not take over a state.", "seat")
LETS_OPPORTUNITY_PASS = phrase("{seat} lets the opportunity pass.", "seat")
CARD_LEAVES_GAME = phrase("“{card}” leaves the game.", "card")
DECLINES_TANKER = phrase("{seat} declines the tanker.", "seat")
LAYS_NO_PIPELINE = phrase("{seat} lays no pipeline.", "seat")
AGENT_STAYS_WHERE_IT = phrase("{seat}'s agent stays where it is.", "seat")
NO_FURTHER_CARD_DRAWN = t("No further card is drawn this turn.")


def draw_card(st: S, seat: int, point: int, by: str) -> None:
    """A leader or the agent stopped on "?" at ``point``: draw the top card, put it under the deck and
    carry it out (seed §6; ``by`` is "agent" or "leader"). The stop ends the action, so the card is
    drawn at once (no frame: the loop would run it next)."""
    key = st.deck.pop(0)
    st.deck.append(key)
    if st.unknown:
        st.unknown -= 1
    card = st.content.cards[key]
    st.last_card = key
    b = st.content.board
    if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
        piece = t("agent") if by == "agent" else LEADER_NAMES[LEADERS[st.board[point] % 4]]
        st.log.say(DRAWS, st.seats[seat], piece, b.point_words[point], t(card.name), t(card.text))
    if by == "agent" and card.effect in LEADER_ORDERS:
        st.step3 = REPLACED
        st.log.say(THIS_ORDER_REPLACES_PLACING)
    EFFECTS[card.effect](st, seat, card, point, by)


def _lapse(st: S, card: Card, why: Text) -> None:
    st.log.say(HAS_NO_EFFECT, t(card.name), why)


def _own_leaders(st: S, seat: int, kind: int | None = None, on_capital: bool = False) -> list[int]:
    capital_of, board = st.content.board.capital_of, st.board
    return [p for p in st.lineup[seat]
            if (kind is None or board[p] % 4 == kind) and (not on_capital or capital_of[p] >= 0)]


# ====================================================================== money


def _gain(st: S, seat: int, card: Card, point: int, by: str) -> None:
    got = economy.receive(st, seat, card.amount)
    st.log.say(RECEIVES_M, st.seats[seat], got)


def _pay(st: S, seat: int, card: Card, point: int, by: str) -> None:
    paid = economy.pay(st, seat, card.amount)
    st.log.say(PAYS_M_BANK, st.seats[seat], paid)


def _windfall(st: S, seat: int, card: Card, point: int, by: str) -> None:
    got = economy.receive(st, seat, economy.income(st, seat))
    st.log.say(COLLECTS_INCOME_M_ONCE, st.seats[seat], got)


def _loan(st: S, seat: int, card: Card, point: int, by: str) -> None:
    got = economy.receive(st, seat, card.amount)
    st.loan[seat] += card.installments
    st.loan_rate[seat] = card.installment
    st.log.say(RECEIVES_M_OWES_INSTALLMENTS, st.seats[seat], got, card.installments, card.installment)


def loan_installment(st: S, seat: int) -> None:
    """After the income: repay one installment, or default — the rest is forgiven, a tanker is lost."""
    due = st.loan_rate[seat]
    if st.money[seat] >= due:
        economy.pay(st, seat, due)
        st.loan[seat] -= 1
        left = st.loan[seat]
        st.log.say(REPAYS_M_LOAN_INSTALLMENT, st.seats[seat], due, left)
        if not left:
            st.loan_rate[seat] = 0
        return
    _default(st, seat)


def _default(st: S, seat: int) -> None:
    st.loan[seat] = st.loan_rate[seat] = 0
    st.log.say(CANNOT_REPAY_LOAN_REST, st.seats[seat])
    _sink(st, seat, "any")


def _call_loan(st: S, seat: int, card: Card, point: int, by: str) -> None:
    _pay(st, seat, card, point, by)
    if not st.loan[seat]:
        return
    due = st.loan[seat] * st.loan_rate[seat]
    if st.money[seat] >= due:
        economy.pay(st, seat, due)
        st.loan[seat] = st.loan_rate[seat] = 0
        st.log.say(PAYS_OFF_LOAN_M, st.seats[seat], due)
    else:
        _default(st, seat)


def _strike(st: S, seat: int, card: Card, point: int, by: str) -> None:
    st.strike[seat] = True


def _nationalise(st: S, seat: int, card: Card, point: int, by: str) -> None:
    s = st.content.board.point_state[point]
    st.nationalised[seat] = s
    st.log.say(BRINGS_NOTHING_NEXT_INCOME, st.content.board.state_name(s), st.seats[seat])


def _canal_treaty(st: S, seat: int, card: Card, point: int, by: str) -> None:
    st.treaty[seat] = True


# ====================================================================== leader orders


def _free_move(st: S, seat: int, card: Card, point: int, by: str) -> None:
    starts = tuple(_own_leaders(st, seat, LEADERS.index(card.leader)))
    if not movement.leader_moves(st, seat, starts=list(starts), steps=card.steps, attack=card.attack):
        _lapse(st, card, t("{seat} has no {leader} that can move",
                           seat=st.seats[seat], leader=LEADER_NAMES[card.leader]))
        return
    st.stack.append(Order(seat, card.key, starts, card.steps, False, card.attack, True))


def _retreat(st: S, seat: int, card: Card, point: int, by: str) -> None:
    if card.leader == "drawer":
        if by == "agent":
            starts = _nearest(st, seat, point)
        else:
            starts = (point,)
    else:
        starts = tuple(_own_leaders(st, seat, LEADERS.index(card.leader)))
    if not movement.leader_moves(st, seat, starts=list(starts), steps=card.steps, exact=True, attack=False):
        _lapse(st, card, t("no such head of state can retreat"))
        return
    st.stack.append(Order(seat, card.key, starts, card.steps, True, False, False))


def _nearest(st: S, seat: int, point: int) -> tuple[int, ...]:
    """The seat's leaders nearest (in steps, ignoring all pieces) to ``point``."""
    dist = st.content.board.distance[point]
    mine = _own_leaders(st, seat)
    if not mine:
        return ()
    best = min(dist[p] for p in mine)
    return tuple(p for p in mine if dist[p] == best)


@decision
class Order(NamedTuple):
    """A card orders a leader of the kind it names to move (``free-move``: up to ``steps``, may attack,
    ``optional``) or retreat (exactly ``steps``); ``starts`` are the leaders it may move."""

    seat: int
    key: str
    starts: tuple
    steps: int
    exact: bool
    attack: bool
    optional: bool

    def legal(self, st: S) -> list[str]:
        seat, _, starts, steps, exact, attack, optional = self
        out = movement.leader_moves(st, seat, starts=list(starts), steps=steps, exact=exact, attack=attack)
        return out + [grammar.DECLINE] if optional else out

    def act(self, st: S, action: str) -> None:
        seat, _, _, steps, exact, _, _ = self
        st.stack.pop()
        if action == grammar.DECLINE:
            st.log.say(DOES_NOT_USE_FREE, st.seats[seat])
            return
        b = st.content.board
        words = grammar.words(action)
        src, dst = b.point_id[words[2]], b.point_id[words[3]]
        taken = movement.steps_to(st, seat, src, dst, steps, exact)
        movement.move(st, seat, src, dst, taken, free=True)
        st.moved = True
        if b.question[dst]:
            if st.chained:
                st.log.say(NO_FURTHER_CARD_DRAWN)
            else:
                st.chained = True
                draw_card(st, seat, dst, "leader")

    def describe(self, st: S, viewer: int | None) -> Text:
        card = st.content.cards[self.key]
        return words.asks(st, viewer, self.seat, t("“{card}”: {text}", card=t(card.name), text=t(card.text)),
                          t("carries out “{card}”", card=t(card.name)))


# ====================================================================== taking and losing states


def _take_over(st: S, seat: int, card: Card, point: int, by: str) -> None:
    if not TakeOver(seat, card.key).legal(st)[:-1]:
        _lapse(st, card, t("no unruled coastal state, or no leader in supply"))
        return
    st.stack.append(TakeOver(seat, card.key))


@decision
class TakeOver(NamedTuple):
    """The card lets the player take over an unruled coastal state with a head of state from supply, or decline."""

    seat: int
    key: str

    def legal(self, st: S) -> list[str]:
        seat = self.seat
        states = [s for s, sd in enumerate(st.content.board.states) if sd.kind == "coastal"]
        return movement.placements(st, seat, free=True, states=states) + [grammar.DECLINE]

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        st.stack.pop()
        if action == grammar.DECLINE:
            st.log.say(DOES_NOT_TAKE_OVER, st.seats[seat])
            return
        _, kind, state = grammar.words(action)
        movement.place(st, seat, kind, state, free=True)
        st.moved = True

    def describe(self, st: S, viewer: int | None) -> Text:
        return words.asks(st, viewer, self.seat,
                          t("choose the state and the head of state to take it over, or decline"),
                          t("takes over a state"))


def _depose_targets(st: S, seat: int, card: Card) -> list[int]:
    b = st.content.board
    kinds = {LEADERS.index(k) for k in card.leaders}
    return [b.capital[s] for s in range(len(b.states))
            if (occ := st.board[b.capital[s]]) >= 0 and occ // 4 != seat and occ % 4 in kinds]


def _depose(st: S, seat: int, card: Card, point: int, by: str) -> None:
    if not _depose_targets(st, seat, card):
        _lapse(st, card, t("no such opponent sits on a capital"))
        return
    st.stack.append(Depose(seat, card.key))


@decision
class Depose(NamedTuple):
    """The card sends another player's leader back to its owner's supply, or the player declines."""

    seat: int
    key: str

    def legal(self, st: S) -> list[str]:
        seat, key = self
        b = st.content.board
        targets = _depose_targets(st, seat, st.content.cards[key])
        return [grammar.depose(LEADERS[st.board[p] % 4], b.point_name[p]) for p in targets] + [grammar.DECLINE]

    def act(self, st: S, action: str) -> None:
        seat, key = self
        st.stack.pop()
        if action == grammar.DECLINE:
            st.log.say(LETS_OPPORTUNITY_PASS, st.seats[seat])
            return
        b = st.content.board
        p = b.point_id[grammar.words(action)[2]]
        occ = st.board[p]
        put(st, p, -1)
        st.supply[occ] += 1  # occ = owner * 4 + kind indexes the owner's supply
        st.log.say(DRIVEN_CAPITAL_BACK_INTO, LEADER_NAMES[LEADERS[occ % 4]], st.seats[occ // 4],
                   b.states[b.capital_of[p]].name)
        if st.content.cards[key].once:
            i = len(st.deck) - 1 - st.deck[::-1].index(key)
            del st.deck[i]
            st.log.say(CARD_LEAVES_GAME, t(st.content.cards[key].name))

    def describe(self, st: S, viewer: int | None) -> Text:
        return words.asks(st, viewer, self.seat,
                          t("choose the leader to send back to its owner's supply, or decline"),
                          t("chooses whom to depose"))


def _kill_choice(st: S, seat: int, card: Card, candidates: list[int]) -> None:
    if not candidates:
        _lapse(st, card, t("{seat} has no such head of state on the board", seat=st.seats[seat]))
    elif len(candidates) == 1:
        _kill(st, candidates[0])
    else:
        st.stack.append(LoseHeadOfState(seat, tuple(candidates)))


def _assassination(st: S, seat: int, card: Card, point: int, by: str) -> None:
    _kill_choice(st, seat, card, _own_leaders(st, seat, on_capital=True))


def _remove(st: S, seat: int, card: Card, point: int, by: str) -> None:
    _kill_choice(st, seat, card, _own_leaders(st, seat, LEADERS.index(card.leader), card.on_capital))


@decision
class LoseHeadOfState(NamedTuple):
    """An assassination or removal hits one of several equally near heads of state: the owner chooses."""

    seat: int
    candidates: tuple

    def legal(self, st: S) -> list[str]:
        candidates = self.candidates
        names = st.content.board.point_name
        return [grammar.kill(LEADERS[st.board[p] % 4], names[p]) for p in candidates]

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        _kill(st, st.content.board.point_id[grammar.words(action)[2]])

    def describe(self, st: S, viewer: int | None) -> Text:
        return words.asks(st, viewer, self.seat, t("choose the head of state that leaves the game"),
                          t("chooses which head of state it loses"))


def _kill(st: S, p: int) -> None:
    """The leader on ``p`` leaves the game for good (A16)."""
    occ = st.board[p]
    put(st, p, -1)
    st.log.say(LEADER_LEAVES_GAME, LEADER_NAMES[LEADERS[occ % 4]], st.seats[occ // 4], st.content.board.point_words[p])


# ====================================================================== tankers and pipelines


def _sink(st: S, seat: int, where: str) -> None:
    b = st.content.board
    nloc = len(b.locations)
    locs = [loc for loc in range(nloc) if st.tankers[seat * nloc + loc]
            and (where == "any" or b.location_state[loc] >= 0)]
    if not locs:
        st.log.say(HAS_NO_TANKER_LOSE, st.seats[seat])
    elif len(locs) == 1:
        economy.lose_tanker(st, seat, b.locations[locs[0]])
    else:
        st.stack.append(SinkTanker(seat, where))


def _sink_card(st: S, seat: int, card: Card, point: int, by: str) -> None:
    _sink(st, seat, card.where)


@decision
class SinkTanker(NamedTuple):
    """A tanker is lost at ``where`` (a port or a high sea): the owner chooses which."""

    seat: int
    where: str

    def legal(self, st: S) -> list[str]:
        seat, where = self
        b = st.content.board
        nloc = len(b.locations)
        return [grammar.sink(b.locations[loc]) for loc in range(nloc) if st.tankers[seat * nloc + loc]
                and (where == "any" or b.location_state[loc] >= 0)]

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        st.stack.pop()
        economy.lose_tanker(st, seat, grammar.words(action)[1])

    def describe(self, st: S, viewer: int | None) -> Text:
        return words.asks(st, viewer, self.seat, t("choose the tanker you lose"), t("chooses which tanker it loses"))


def _tanker_gift(st: S, seat: int, card: Card, point: int, by: str) -> None:
    if economy.tanker_pool(st) <= 0:
        _lapse(st, card, t("the bank has no tanker left"))
        return
    st.stack.append(TankerGift(seat))


@decision
class TankerGift(NamedTuple):
    """A tanker from the bank for free, put on a high sea of the player's choice, or declined."""

    seat: int

    def legal(self, st: S) -> list[str]:
        b = st.content.board
        return [b.texts.station[sea] for sea in b.sea_locations] + [grammar.DECLINE]

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        st.stack.pop()
        if action == grammar.DECLINE:
            st.log.say(DECLINES_TANKER, st.seats[seat])
            return
        b = st.content.board
        sea = grammar.words(action)[1]
        st.tankers[seat * len(b.locations) + b.locations.index(sea)] += 1
        st.log.say(RECEIVES_TANKER, st.seats[seat], location_words(st, sea))

    def describe(self, st: S, viewer: int | None) -> Text:
        return words.asks(st, viewer, self.seat, t("put the gift tanker on a high sea, or decline"),
                          t("places the gift tanker"))


def _pipeline_gift(st: S, seat: int, card: Card, point: int, by: str) -> None:
    if not economy.pipeline_choices(st, seat):
        _lapse(st, card, t("there is no place for a pipeline"))
        return
    st.stack.append(PipelineGift(seat))


@decision
class PipelineGift(NamedTuple):
    """A pipeline for free, laid where the player may lay one, or declined."""

    seat: int

    def legal(self, st: S) -> list[str]:
        seat = self.seat
        return [*economy.pipeline_choices(st, seat), grammar.DECLINE]

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        st.stack.pop()
        if action == grammar.DECLINE:
            st.log.say(LAYS_NO_PIPELINE, st.seats[seat])
            return
        _, a, b_key = grammar.words(action)
        economy.lay_pipeline(st, seat, a, b_key, 0)

    def describe(self, st: S, viewer: int | None) -> Text:
        return words.asks(st, viewer, self.seat, t("choose where to lay the free pipeline, or decline"),
                          t("lays a free pipeline"))


def _sabotage_targets(st: S, seat: int) -> list[str]:
    b = st.content.board
    mine = set(economy.ruled_states(st, seat))
    return [grammar.sabotage(b.keys[x], b.keys[y]) for i, (x, y) in enumerate(b.pipeline_pairs_chain)
            if st.pipes >> i & 1 and i != b.start_pipeline and (x in mine or y in mine)]


def _sabotage(st: S, seat: int, card: Card, point: int, by: str) -> None:
    targets = _sabotage_targets(st, seat)
    if not targets:
        _lapse(st, card, t("no pipeline other than the first one joins a state {seat} rules", seat=st.seats[seat]))
    elif len(targets) == 1:
        _destroy_pipeline(st, targets[0])
    else:
        st.stack.append(Sabotage(seat))


def _destroy_pipeline(st: S, action: str) -> None:
    b = st.content.board
    _, x, y = grammar.words(action)
    st.pipes &= ~(1 << economy.pipe_index(st, x, y))
    st.log.say(PIPELINE_BETWEEN_DESTROYED, b.states[b.state_index[x]].name, b.states[b.state_index[y]].name)


@decision
class Sabotage(NamedTuple):
    """A pipeline joining a state the player rules is destroyed (not the first one): the player chooses which."""

    seat: int

    def legal(self, st: S) -> list[str]:
        seat = self.seat
        return _sabotage_targets(st, seat)

    def act(self, st: S, action: str) -> None:
        st.stack.pop()
        _destroy_pipeline(st, action)

    def describe(self, st: S, viewer: int | None) -> Text:
        return words.asks(st, viewer, self.seat, t("choose the pipeline that is destroyed"),
                          t("chooses the pipeline it loses"))


# ====================================================================== the agent


def _agent_move(st: S, seat: int, card: Card, point: int, by: str) -> None:
    st.stack.append(SpyMove(seat, card.steps))


@decision
class SpyMove(NamedTuple):
    """The card moves the agent ``steps`` more steps in one direction, or the player declines."""

    seat: int
    steps: int

    def legal(self, st: S) -> list[str]:
        seat, steps = self
        return movement.agent_moves(st, seat, steps, up_to=True) + [grammar.DECLINE]

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        st.stack.pop()
        if action == grammar.DECLINE:
            st.log.say(AGENT_STAYS_WHERE_IT, st.seats[seat])
            return
        b = st.content.board
        dst = b.point_id[grammar.words(action)[1]]
        st.log.say(AGENT_MOVES_NO_CARD, st.seats[seat], b.point_words[st.agents[seat]], b.point_words[dst])
        st.agents[seat] = dst

    def describe(self, st: S, viewer: int | None) -> Text:
        return words.asks(st, viewer, self.seat,
                          t("move your agent a few more steps (as the card says), or decline"),
                          t("moves its agent again"))


# ====================================================================== dispatch tables

EFFECTS = {
    "gain": _gain, "pay": _pay, "windfall": _windfall, "loan": _loan, "call-loan": _call_loan,
    "strike": _strike, "nationalise": _nationalise, "canal-treaty": _canal_treaty,
    "free-move": _free_move, "retreat": _retreat, "take-over": _take_over, "depose": _depose,
    "assassination": _assassination, "remove": _remove, "sink": _sink_card, "tanker-gift": _tanker_gift,
    "pipeline-gift": _pipeline_gift, "sabotage": _sabotage, "agent-move": _agent_move,
}
