"""The sequence of play of Das Spiel der Nationen: the turn and its steps as frames, and why an action
is refused, read from the pending decision.

Pending work is a stack of frames (engine/frames.py), each beside its rule: the turn, its
steps and its end here, the incident cards' decisions in ``incidents.py``. The turn (the German
Nationen rule book, "Das Spiel beginnt"): 1. income, 2. the agent's four free steps, 3. place a
leader on a free capital or move one (mandatory unless placing); besides, one tanker action and
one pipeline at any time after the income. Movement lives in ``movement.py``, money, tankers and
pipelines in ``economy.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from realpolitik.engine import decision, procedure
from realpolitik.i18n import Text, phrase, sentence, t, tn

from . import economy, grammar, incidents, movement, words
from .content import LEADERS
from .incidents import draw_card
from .occupancy import clear_seat
from .options import BlockedPlayer
from .tables import DONE, OPEN
from .words import LEADER_NAMES, collects, location_words, point_words, turn_begins

if TYPE_CHECKING:
    from .state import NationenState as S

# the lines of the log written here, made by ``phrase`` (i18n/messages.py)
AGENT_BESIDE = phrase("{seat}'s agent stands beside it.", "seat")
STATIONS = sentence(phrase("{seat} stations its tanker {place}", "seat", "place"))
AGENT_MOVES = phrase("{seat}'s agent moves from {point} to {point2}.", "seat", "point", "point2")
NO_LEADER_LEFT = phrase("{seat} has no head of state left", "seat")
BROKE = phrase("{seat} has neither income nor money to move a head of state", "seat")
CANNOT_MOVE = phrase("{seat} cannot move or place a head of state", "seat")
SKIPS = phrase("{seat} can neither move nor place a head of state this turn.", "seat")
ELIMINATED = phrase("{why} and is eliminated: all its pieces leave the board.", "why")
RECEIVES_NO_INCOME_THIS = phrase("{seat} receives no income this turn (strike in the oil fields).", "seat")
ROUND_LIMIT_ROUNDS_REACHED = phrase("The round limit of {limit} rounds is reached: the game ends.", "limit")
NATIONALISED_BRINGS_NOTHING = phrase("{state} is nationalised and brings nothing.", "state")
BANK_HAD_ONLY_M = phrase("The bank had only {got} M.", "got")


# ====================================================================== the turn


@procedure
class Turn(NamedTuple):
    """A player's turn; the first round is placement only (the rule book, "Das Spiel beginnt", A17)."""

    seat: int

    def run(self, st: S) -> None:
        seat = self.seat
        limit = st.opts.round_limit
        if limit and st.round > limit:
            st.limit_reached = True
            st.log.say(ROUND_LIMIT_ROUNDS_REACHED, limit)
            return
        st.current = seat
        st.step3 = OPEN
        st.tanker_done = st.pipeline_done = st.moved = st.chained = False
        st.treaty[seat] = False  # a canal treaty lasts until the player's next turn
        if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            st.log.say(turn_begins(st.round, st.seats[seat]))
        if st.round == 1:
            st.stack += FIRST_ROUND_STEPS[seat]
            return
        st.stack += TURN_STEPS[seat]
        _income_phase(st, seat)


def _income_phase(st: S, seat: int) -> None:
    """1. Er kassiert von der Bank die ihm zustehenden Einkünfte — then card effects on income."""
    label = st.seats[seat]
    if st.strike[seat]:
        st.strike[seat] = False
        st.log.say(RECEIVES_NO_INCOME_THIS, label)
    else:
        skip = st.nationalised[seat]
        due = economy.income(st, seat, skip)
        got = economy.receive(st, seat, due)
        if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
            st.log.say(collects(label, due))
        if skip >= 0:
            st.log.say(NATIONALISED_BRINGS_NOTHING, st.content.board.state_name(skip))
        if got < due:
            st.log.say(BANK_HAD_ONLY_M, got)
    st.nationalised[seat] = -1
    if st.loan[seat]:
        incidents.loan_installment(st, seat)


@decision
class FirstPlace(NamedTuple):
    """1. a leader on any capital, 2. the agent beside it; then 3. the free tanker."""

    seat: int

    def legal(self, st: S) -> list[str]:
        seat = self.seat
        states = [st.assigned[seat]] if st.assigned else None
        return movement.placements(st, seat, states=states)

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        st.stack.pop()
        _, kind, key = grammar.words(action)
        movement.place(st, seat, kind, key)
        b = st.content.board
        s = b.state_index[key]
        st.agents[seat] = b.capital[s]
        st.log.say(AGENT_BESIDE, st.seats[seat])
        if b.components.start_tankers:
            st.stack.append(FirstTanker(seat, s))

    def describe(self, st: S, viewer: int | None) -> Text:
        return words.asks(st, viewer, self.seat,
                          t("place your first head of state on a capital (your agent stands beside it)"),
                          t("places its first head of state"))


@decision
class FirstTanker(NamedTuple):
    """3. the free tanker into the capital's port, or onto a high sea of the player's choice (A11)."""

    seat: int
    state: int

    def legal(self, st: S) -> list[str]:
        state = self.state
        b = st.content.board
        loc = b.port_location[state]
        stations = b.texts.station
        return ([stations[loc]] if loc >= 0 else []) + [stations[sea] for sea in b.sea_locations]

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        b = st.content.board
        where = grammar.words(action)[1]
        count = b.components.start_tankers
        st.tankers[seat * len(b.locations) + b.locations.index(where)] += count
        st.log.say(STATIONS, st.seats[seat], location_words(st, where))
        end_turn(st, seat)

    def describe(self, st: S, viewer: int | None) -> Text:
        return words.asks(st, viewer, self.seat, t("station your free tanker in the port or on a high sea"),
                          t("stations its tanker"))


# ---------------------------------------------------------------- step 2 and step 3


def extras(st: S, seat: int) -> tuple[str, ...]:
    """The optional actions of the turn: one tanker action, one pipeline (A15: any time after income)."""
    out = () if st.tanker_done else economy.tanker_actions(st, seat)
    if not st.pipeline_done and st.money[seat] >= st.content.board.components.pipeline_price:  # if affordable
        out += economy.pipeline_choices(st, seat)
    return out


def _act_extra(st: S, seat: int, words: list[str]) -> None:
    if words[0] == "pipeline":
        st.pipeline_done = True
        economy.lay_pipeline(st, seat, words[1], words[2], st.content.board.components.pipeline_price)
    else:
        st.tanker_done = True
        economy.do_tanker_action(st, seat, words)


@decision
class AgentSteps(NamedTuple):
    """2. Er läßt seinen Geheimagenten vier Schritte vorrücken — a card only if it ends on "?"."""

    seat: int

    def legal(self, st: S) -> tuple[str, ...]:
        seat = self.seat
        turns = st.content.board.agent_turns[st.opts.direction]  # movement.agent_moves of the turn's steps
        return turns[st.agents[seat]] + extras(st, seat)

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        words = grammar.words(action)
        if words[0] in grammar.EXTRAS:
            _act_extra(st, seat, words)
            return
        st.stack.pop()
        b = st.content.board
        dst = b.point_id[words[1]]
        st.log.say(AGENT_MOVES, st.seats[seat], b.point_words[st.agents[seat]], b.point_words[dst])
        st.agents[seat] = dst
        if b.question[dst]:
            draw_card(st, seat, dst, "agent")

    def describe(self, st: S, viewer: int | None) -> Text:
        steps = st.content.board.components.agent_steps
        return words.asks(st, viewer, self.seat,
                          tn("move your agent {steps} step (you may first buy, sell or move a tanker, or lay a "
                             "pipeline)", "move your agent {steps} steps (you may first buy, sell or move a tanker, "
                             "or lay a pipeline)", "steps", steps=steps), t("moves its agent"))


def step3_actions(st: S, seat: int) -> list[str]:
    """3. place a leader on a free capital, or move (or attack with) one leader."""
    own = movement.placements(st, seat)
    own += movement.leader_moves(st, seat)
    return own


@decision
class HeadOfState(NamedTuple):
    """3. place a head of state on a free capital or move one (compulsory unless a card replaced it);
    besides, the turn's tanker action and pipeline, then ``end`` (the rule book, "Das Spiel beginnt", A15)."""

    seat: int

    def legal(self, st: S) -> list[str] | tuple[str, ...]:
        seat = self.seat
        if st.step3 == OPEN:
            own = step3_actions(st, seat)
            if own:
                own += extras(st, seat)
                return own
        return (*extras(st, seat), grammar.END)

    def act(self, st: S, action: str) -> None:
        seat = self.seat
        words = grammar.words(action)
        verb = words[0]
        if verb == grammar.END:
            end_turn(st, seat)
            return
        if verb in grammar.EXTRAS:
            _act_extra(st, seat, words)
            return
        st.step3 = DONE
        st.moved = True
        if verb == "place":
            movement.place(st, seat, words[1], words[2])
            return
        b = st.content.board
        src, dst = b.point_id[words[2]], b.point_id[words[3]]
        budget = st.money[seat] // b.rate[st.board[src] % 4]
        steps = movement.steps_to(st, seat, src, dst, budget)
        movement.move(st, seat, src, dst, steps, free=False)
        if b.question[dst]:
            draw_card(st, seat, dst, "leader")

    def describe(self, st: S, viewer: int | None) -> Text:
        if st.step3 == OPEN:
            return words.asks(st, viewer, self.seat,
                              t("place a head of state on a free capital or move one; a tanker action and a "
                                "pipeline are optional"), t("places or moves a head of state"))
        return words.asks(st, viewer, self.seat, t("a tanker action or a pipeline if you like, then end your turn"),
                          t("ends its turn"))


# ---------------------------------------------------------------- end of turn, elimination


@procedure
class EndTurn(NamedTuple):
    """Check elimination (the rule book, "Wer überlebt, gewinnt!"), then pass the turn clockwise: the next turn runs
    at once, as the loop would run it next."""

    seat: int

    def run(self, st: S) -> None:
        seat = self.seat
        if st.round > 1 and st.alive[seat]:
            _check_elimination(st, seat)
        if sum(st.alive) <= 1:
            st.stack.clear()
            return
        n = len(st.seats)
        if st.round == 1:
            i = st.opening.index(seat)
            if i + 1 < len(st.opening):
                TURNS[st.opening[i + 1]].run_now(st)
                return
            st.round = 2
            TURNS[st.first].run_now(st)
            return
        nxt = (seat + 1) % n
        while not st.alive[nxt]:  # the next power still in the game, clockwise
            nxt = (nxt + 1) % n
        if (nxt - st.first) % n <= (seat - st.first) % n:
            st.round += 1
        TURNS[nxt].run_now(st)


def end_turn(st: S, seat: int) -> None:
    """The decision on top ends ``seat``'s turn: it leaves the stack with the end of the turn beneath it
    (pushed by ``Turn``), which runs at once, as the loop would run it next."""
    del st.stack[-2:]
    END_TURNS[seat].run_now(st)


# Frames are immutable values: the ones every turn pushes are made once per seat and shared
# (making a NamedTuple frame is a Python call).
SEATS = range(4)
TURNS = tuple(map(Turn, SEATS))
END_TURNS = tuple(map(EndTurn, SEATS))
#: per seat, the frames a turn pushes at once: its end beneath its steps, the first step on top
FIRST_ROUND_STEPS = tuple((END_TURNS[s], FirstPlace(s)) for s in SEATS)
TURN_STEPS = tuple((END_TURNS[s], HeadOfState(s), AgentSteps(s)) for s in SEATS)


def _check_elimination(st: S, seat: int) -> None:
    """A player is out when he has neither income nor money to move a leader.

    The agent moved first (free) and its card may have saved him: money, or a free
    leader move (the rule book: the agent's last chance). Without any leader left to play he is
    out as well; a player merely blocked keeps his turn (option blocked_player).
    """
    cheapest = movement.cheapest_rate(st, seat)
    if cheapest is None:
        eliminate(st, seat, NO_LEADER_LEFT(st.seats[seat]))
    elif not st.moved and st.money[seat] < cheapest and economy.income(st, seat) == 0:
        eliminate(st, seat, BROKE(st.seats[seat]))
    elif st.step3 == OPEN:
        if st.opts.blocked_player == BlockedPlayer.ELIMINATED:
            eliminate(st, seat, CANNOT_MOVE(st.seats[seat]))
        else:
            st.log.say(SKIPS, st.seats[seat])


def eliminate(st: S, seat: int, why: Text) -> None:
    """Er scheidet aus: all his pieces leave the board; tankers go back to the bank (A19)."""
    b = st.content.board
    st.alive[seat] = False
    st.out_order[seat] = sum(1 for o in st.out_order if o >= 0)
    clear_seat(st, seat)
    st.agents[seat] = -1
    nloc = len(b.locations)
    st.tankers[seat * nloc:(seat + 1) * nloc] = [0] * nloc
    st.bank += st.money[seat]
    st.money[seat] = 0
    st.loan[seat] = st.loan_rate[seat] = 0
    st.strike[seat] = st.treaty[seat] = False
    st.nationalised[seat] = -1
    st.log.say(ELIMINATED, why)


# ====================================================================== refusals


def why_illegal(st: S, action: str) -> Text | None:
    """A specific reason for the commonest wrong actions."""
    if not st.stack:
        return None
    words = grammar.words(action)
    top = st.stack[-1]
    seat = top.seat
    placing = isinstance(top, HeadOfState)  # step 3 of the turn (the rule book, "Das Spiel beginnt")
    own_turn = placing or isinstance(top, AgentSteps)  # the tanker action and the pipeline (A15)
    b = st.content.board
    verb = words[0]
    move = verb in ("move", "attack") and len(words) == 4
    points = [w for w in words[1:] if "-" in w] + (words[2:] if move else [])
    for w in points:
        if w not in b.point_id:
            return t("There is no point {point} (points are named like {example}).",
                     point=repr(w), example=repr(b.point_name[0]))
    if verb in ("move", "attack", "place") and len(words) >= 2 and words[1] not in LEADERS:
        return t("{word} is not a head of state (kinds: {leaders}).", word=repr(words[1]), leaders=", ".join(LEADERS))
    if move:
        if placing and st.step3 != OPEN:
            return t("You have already placed or moved a head of state this turn.")
        src = b.point_id[words[2]]
        occ = st.board[src]
        if occ < 0 or occ // 4 != seat or LEADERS[occ % 4] != words[1]:
            return t("You have no {leader} on {point}.", leader=LEADER_NAMES[words[1]], point=point_words(st, words[2]))
        dst = b.point_id[words[3]]
        if verb == "attack" and (b.capital_of[dst] < 0 or st.board[dst] < 0):
            return t("An attack must end on a capital held by an opponent's head of state.")
        if verb == "attack" and st.board[dst] % 4 == occ % 4:
            return t("A {leader} cannot attack a {leader} (seed §3 b).", leader=LEADER_NAMES[words[1]])
        if placing:
            far = movement.reach(st, seat, src, 10 ** 6)
            if dst in far:
                cost = far[dst] * b.rate[occ % 4]
                return t("That move costs {cost} M; you have {money} M.", cost=cost, money=st.money[seat])
        return t("The {leader} cannot get to {point}: a move keeps its direction, may not pass or share a point with "
                 "another head of state, may not pass an opponent's agent and must stop on '?'.",
                 leader=LEADER_NAMES[words[1]], point=point_words(st, words[3]))
    if verb == "place" and len(words) == 3:
        if words[2] not in b.state_index:
            return t("There is no state {state} (states: {keys}).", state=repr(words[2]), keys=", ".join(b.keys))
        if placing and st.step3 != OPEN:
            return t("You have already placed or moved a head of state this turn.")
        if st.board[b.capital[b.state_index[words[2]]]] >= 0:
            return t("The capital of {state} is not free.", state=b.states[b.state_index[words[2]]].name)
        if not st.supply[seat * 4 + LEADERS.index(words[1])]:
            return t("You have no {leader} left to place.", leader=LEADER_NAMES[words[1]])
        return t("Placing a {leader} costs {cost} M; you have {money} M.",
                 leader=LEADER_NAMES[words[1]], cost=b.rate[LEADERS.index(words[1])], money=st.money[seat])
    if verb in ("buy", "sell", "tanker"):
        if not own_turn:
            return t("Tankers can only be bought, sold or moved in your own turn.")
        if st.tanker_done:
            return t("You have already bought, sold or moved a tanker this turn.")
        if verb == "buy" and st.money[seat] < b.components.tanker_price:
            return t("A tanker costs {cost} M; you have {money} M.", cost=b.components.tanker_price,
                     money=st.money[seat])
        if verb == "buy" and economy.tanker_pool(st) <= 0:
            return t("The bank has no tanker left.")
        if verb == "tanker" and len(words) == 3 and words[1] in b.state_index and words[2] in b.state_index:
            return t("A tanker never sails from port to port: it must first go out to the high sea.")
        if verb == "tanker" and len(words) == 3 and words[1] in ("north", "south") and words[2] in ("north", "south"):
            return t("Only the ruler of U.O.R. may pass the canal (anyone while nobody rules U.O.R.).")
        return t("A tanker may only enter the port of a state you rule, from the sea that port lies on.")
    if verb == "pipeline" and own_turn:
        if st.pipeline_done:
            return t("You have already laid a pipeline this turn.")
        if st.money[seat] < b.components.pipeline_price:
            return t("A pipeline costs {cost} M; you have {money} M.", cost=b.components.pipeline_price,
                     money=st.money[seat])
        return (t("A pipeline joins an inland state to a neighbour with a port, once per pair, and one of the two must "
                  "be yours."))
    if verb == "end" and placing and st.step3 == OPEN:
        return t("You must first place or move a head of state (the rule book: step 3 is compulsory).")
    if verb == "agent" and isinstance(top, AgentSteps):
        return tn("The agent moves exactly {steps} step in one direction.",
                  "The agent moves exactly {steps} steps in one direction.", "steps", steps=b.components.agent_steps)
    return None
