"""Das Spiel der Nationen (seed 003, spec nationen.md): the turn as procedures over a decision stack.

Pending work is a stack of plain tuples ``(kind, seat, *data)``. A *decision* frame waits
for that seat's action; a *procedure* frame is run by ``advance`` and may push more
frames. The turn (seed "Das Spiel beginnt"): 1. income, 2. the agent's four free steps,
3. place a leader on a free capital or move one (mandatory unless placing); besides, one
tanker action and one pipeline at any time after the income. Incident cards live in
``incidents.py``, movement in ``movement.py``, money, tankers and pipelines in ``economy.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.engine import Outcome

from . import economy, incidents, movement
from .tables import DONE, OPEN

if TYPE_CHECKING:
    from .state import NationenState as S

DECISIONS = frozenset({
    "first_place", "first_tanker", "agent", "main",
    "order", "takeover", "depose", "gift", "pipeline_gift", "spy", "sink", "kill", "sabotage",
})
EXTRAS = frozenset({"buy", "sell", "tanker", "pipeline"})


# ====================================================================== set-up


def setup(st: S) -> None:
    """Vorbereitungen: 7 M each, the U.O.R.–Abu Akar pipeline, the shuffled deck, the first player."""
    b = st.content.board
    comp = b.components
    n = len(st.seats)
    st.board = [-1] * len(b.point_name)
    st.agents = [-1] * n
    st.supply = [b.pieces[k] for _ in range(n) for k in range(4)]
    variant = st.options["start_variant"]
    st.money = [comp.start_money + (i if variant == "compensation" else 0) for i in range(n)]
    st.tankers = [0] * (n * len(b.locations))
    st.pipes = 1 << b.start_pipeline if b.start_pipeline >= 0 else 0
    st.alive = [True] * n
    st.out_order = [-1] * n
    st.deck = list(st.content.deck)
    st.rng.shuffle(st.deck)
    st.unknown = len(st.deck)
    st.loan = [0] * n
    st.loan_rate = [0] * n
    st.strike = [False] * n
    st.nationalised = [-1] * n
    st.treaty = [False] * n
    st.bank = comp.bank - sum(st.money)
    st.first = st.rng.below(n) if st.options["first_player"] == "random" else 0
    clockwise = tuple((st.first + i) % n for i in range(n))
    if variant == "compensation":
        st.money = [comp.start_money + clockwise.index(s) for s in range(n)]
        st.bank = comp.bank - sum(st.money)
    st.opening = tuple(reversed(clockwise)) if variant == "reverse" else clockwise
    st.assigned = ()
    if variant == "random-states":
        states = list(range(len(b.states)))
        st.rng.shuffle(states)
        st.assigned = tuple(states[:n])
    st.current = st.opening[0]
    st.round = 1
    st.step3 = OPEN
    st.tanker_done = st.pipeline_done = st.moved = st.chained = False
    st.stack = [("turn", st.opening[0])]
    st.last_card = None
    st.limit_reached = False
    st.log.add(f"{st.seats[st.first]} begins; play goes clockwise. Everyone has {comp.start_money} M "
               f"and {comp.start_tankers} tanker(s).")
    advance(st)


# ====================================================================== the loop


def advance(st: S) -> None:
    """Run procedures until a decision is on top of the stack or the game is over."""
    stack = st.stack
    while stack and stack[-1][0] not in DECISIONS:
        frame = stack.pop()
        PROCEDURES[frame[0]](st, *frame[1:])


def legal(st: S) -> list[str]:
    """The legal action texts of the decision on top of the stack."""
    frame = st.stack[-1]
    return LEGAL[frame[0]](st, *frame[1:])


def act(st: S, action: str) -> None:
    """Perform a legal action, then advance to the next decision."""
    frame = st.stack[-1]
    ACT[frame[0]](st, action, *frame[1:])
    advance(st)


# ====================================================================== the turn


def _turn(st: S, seat: int) -> None:
    """A player's turn; the first round is placement only (seed "Das Spiel beginnt", spec A17)."""
    limit = st.options["round_limit"]
    if limit and st.round > limit:
        st.limit_reached = True
        st.log.add(f"The round limit of {limit} rounds is reached: the game ends.")
        return
    st.current = seat
    st.step3 = OPEN
    st.tanker_done = st.pipeline_done = st.moved = st.chained = False
    st.treaty[seat] = False  # a canal treaty lasts until the player's next turn
    st.stack.append(("end_turn", seat))
    st.log.add(f"— round {st.round}: {st.seats[seat]}'s turn —")
    if st.round == 1:
        st.stack.append(("first_place", seat))
        return
    st.stack += [("main", seat), ("agent", seat)]
    _income_phase(st, seat)


def _income_phase(st: S, seat: int) -> None:
    """1. Er kassiert von der Bank die ihm zustehenden Einkünfte — then card effects on income."""
    label = st.seats[seat]
    if st.strike[seat]:
        st.strike[seat] = False
        st.log.add(f"{label} receives no income this turn (strike in the oil fields).")
    else:
        skip = st.nationalised[seat]
        due = economy.income(st, seat, skip)
        got = economy.receive(st, seat, due)
        short = f" (the bank had only {got} M)" if got < due else ""
        note = f" ({st.content.board.state_name(skip)} is nationalised)" if skip >= 0 else ""
        st.log.add(f"{label} collects {due} M income{note}{short}.")
    st.nationalised[seat] = -1
    if st.loan[seat]:
        incidents.loan_installment(st, seat)


def _first_place_legal(st: S, seat: int) -> list[str]:
    states = [st.assigned[seat]] if st.assigned else None
    return movement.placements(st, seat, states=states)


def _first_place_act(st: S, action: str, seat: int) -> None:
    """1. a leader on any capital, 2. the agent beside it; then 3. the free tanker."""
    st.stack.pop()
    _, kind, key = action.split(" ")
    movement.place(st, seat, kind, key)
    b = st.content.board
    s = b.state_index[key]
    st.agents[seat] = b.capital[s]
    st.log.add(f"{st.seats[seat]}'s agent stands beside it.")
    if b.components.start_tankers:
        st.stack.append(("first_tanker", seat, s))


def _first_tanker_legal(st: S, seat: int, state: int) -> list[str]:
    b = st.content.board
    loc = b.port_location[state]
    ports = [f"station {b.keys[state]}"] if loc >= 0 else []
    return ports + [f"station {b.locations[sea]}" for sea in b.sea_locations]


def _first_tanker_act(st: S, action: str, seat: int, state: int) -> None:
    """3. the free tanker into the capital's port, or onto a high sea of the player's choice (spec A11)."""
    st.stack.pop()
    b = st.content.board
    where = action.split(" ")[1]
    count = b.components.start_tankers
    st.tankers[seat * len(b.locations) + b.locations.index(where)] += count
    if where in b.state_index:
        place = f"in the port of {b.states[b.state_index[where]].name}"
    else:
        place = f"on the {where}ern high sea"
    st.log.add(economy.sentence(f"{st.seats[seat]} stations its tanker {place}"))


# ---------------------------------------------------------------- step 2 and step 3


def extras(st: S, seat: int) -> list[str]:
    """The optional actions of the turn: one tanker action, one pipeline (spec A15: any time after income)."""
    out = [] if st.tanker_done else economy.tanker_actions(st, seat)
    if not st.pipeline_done:
        out += economy.pipeline_actions(st, seat)
    return out


def _act_extra(st: S, seat: int, words: list[str]) -> None:
    if words[0] == "pipeline":
        st.pipeline_done = True
        economy.lay_pipeline(st, seat, words[1], words[2], st.content.board.components.pipeline_price)
    else:
        st.tanker_done = True
        economy.do_tanker_action(st, seat, words)


def _agent_legal(st: S, seat: int) -> list[str]:
    return movement.agent_moves(st, seat, st.content.board.components.agent_steps) + extras(st, seat)


def _agent_act(st: S, action: str, seat: int) -> None:
    """2. Er läßt seinen Geheimagenten vier Schritte vorrücken — a card only if it ends on "?"."""
    words = action.split(" ")
    if words[0] in EXTRAS:
        _act_extra(st, seat, words)
        return
    st.stack.pop()
    b = st.content.board
    dst = b.point_id[words[1]]
    st.log.add(f"{st.seats[seat]}'s agent moves {b.point_name[st.agents[seat]]} → {words[1]}.")
    st.agents[seat] = dst
    if b.question[dst]:
        st.stack.append(("draw", seat, dst, "agent"))


def step3_actions(st: S, seat: int) -> list[str]:
    """3. place a leader on a free capital, or move (or attack with) one leader."""
    return movement.placements(st, seat) + movement.leader_moves(st, seat)


def _main_legal(st: S, seat: int) -> list[str]:
    own = step3_actions(st, seat) if st.step3 == OPEN else []
    out = own + extras(st, seat)
    if not own:
        out.append("end")
    return out


def _main_act(st: S, action: str, seat: int) -> None:
    words = action.split(" ")
    verb = words[0]
    if verb == "end":
        st.stack.pop()
        return
    if verb in EXTRAS:
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
        st.stack.append(("draw", seat, dst, "leader"))


# ---------------------------------------------------------------- end of turn, elimination


def _end_turn(st: S, seat: int) -> None:
    """Check elimination (seed "Wer überlebt, gewinnt!"), then pass the turn clockwise."""
    if st.round > 1 and st.alive[seat]:
        _check_elimination(st, seat)
    if sum(st.alive) <= 1:
        st.stack.clear()
        return
    n = len(st.seats)
    if st.round == 1:
        i = st.opening.index(seat)
        if i + 1 < len(st.opening):
            st.stack.append(("turn", st.opening[i + 1]))
            return
        st.round = 2
        st.stack.append(("turn", st.first))
        return
    nxt = next((seat + k) % n for k in range(1, n + 1) if st.alive[(seat + k) % n])
    if (nxt - st.first) % n <= (seat - st.first) % n:
        st.round += 1
    st.stack.append(("turn", nxt))


def _check_elimination(st: S, seat: int) -> None:
    """A player is out when he has neither income nor money to move a leader.

    The agent moved first (free) and its card may have saved him: money, or a free
    leader move (seed: the agent's last chance). Without any leader left to play he is
    out as well; a player merely blocked keeps his turn (option blocked_player).
    """
    cheapest = movement.cheapest_rate(st, seat)
    if cheapest is None:
        eliminate(st, seat, "has no head of state left")
    elif not st.moved and st.money[seat] < cheapest and economy.income(st, seat) == 0:
        eliminate(st, seat, "has neither income nor money to move a head of state")
    elif st.step3 == OPEN:
        if st.options["blocked_player"] == "eliminated":
            eliminate(st, seat, "cannot move or place a head of state")
        else:
            st.log.add(f"{st.seats[seat]} can neither move nor place a head of state this turn.")


def eliminate(st: S, seat: int, why: str) -> None:
    """Er scheidet aus: all his pieces leave the board; tankers go back to the bank (spec A19)."""
    b = st.content.board
    st.alive[seat] = False
    st.out_order[seat] = sum(1 for o in st.out_order if o >= 0)
    for p, occ in enumerate(st.board):
        if occ >= 0 and occ // 4 == seat:
            st.board[p] = -1
    st.agents[seat] = -1
    nloc = len(b.locations)
    st.tankers[seat * nloc:(seat + 1) * nloc] = [0] * nloc
    st.bank += st.money[seat]
    st.money[seat] = 0
    st.loan[seat] = st.loan_rate[seat] = 0
    st.strike[seat] = st.treaty[seat] = False
    st.nationalised[seat] = -1
    st.log.add(f"{st.seats[seat]} {why} and is eliminated: all its pieces leave the board.")


# ====================================================================== outcome


def score(st: S, seat: int) -> int:
    """Spec A20: cash + 3 M per tanker owned + income, for ranking at the round limit."""
    return st.money[seat] + 3 * economy.tankers_of(st, seat) + economy.income(st, seat)


def outcome(st: S) -> Outcome:
    """Wer überlebt, gewinnt — or, with the round limit, the best score among the survivors."""
    n = len(st.seats)
    alive = [s for s in range(n) if st.alive[s]]
    if st.limit_reached:
        points = tuple(float(score(st, s)) if st.alive[s] else 0.0 for s in range(n))
        keys = [(1, points[s]) if st.alive[s] else (0, st.out_order[s]) for s in range(n)]
    else:
        points = None
        keys = [(1, 0) if st.alive[s] else (0, st.out_order[s]) for s in range(n)]
    places = tuple(1 + sum(k > keys[s] for k in keys) for s in range(n))
    winners = tuple(s for s in range(n) if places[s] == 1)
    if st.limit_reached:
        lead = ", ".join(st.seats[s] for s in winners)
        reason = (f"The round limit ({st.options['round_limit']} rounds) ended the game with {len(alive)} "
                  f"powers left; {lead} lead(s) on cash + 3 M per tanker + income.")
    else:
        reason = f"{st.seats[alive[0]]} is the last great power left and rules Kark alone."
    return Outcome(places=places, winners=winners, reason=reason, points=points, limit=st.limit_reached)


# ====================================================================== dispatch tables

PROCEDURES = {
    "turn": _turn,
    "end_turn": _end_turn,
    "draw": incidents.draw,
}
LEGAL = {
    "first_place": _first_place_legal,
    "first_tanker": _first_tanker_legal,
    "agent": _agent_legal,
    "main": _main_legal,
    **incidents.LEGAL,
}
ACT = {
    "first_place": _first_place_act,
    "first_tanker": _first_tanker_act,
    "agent": _agent_act,
    "main": _main_act,
    **incidents.ACT,
}
