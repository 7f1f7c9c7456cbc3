"""Placing and moving heads of state (Staatschefs), the secret agent, and the attack.

The German Nationen rule book, "1. Die Staatschefs", "2. Die Geheimagenten", "3. Der Angriffskrieg". A step is one
marked point along a circle or the arrow across to a neighbour's circle; a move keeps its
direction (A4: chosen afresh on each circle entered by an arrow, or one direction for
the whole move with option direction=global). A leader may not pass or share a point with
another leader, may end on but not pass an opponent's agent (A2: its own agent never
blocks, unless option own_agent_blocks), and must stop on a "?". An attack is a move that
ends on the capital of an opponent's leader of another kind, by the same rules (A1,
A3). The agent moves exactly four steps, passing everything; only ending on "?" counts.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from realpolitik.i18n import phrase, phrase_n, sentence, tn

from . import economy, grammar
from .content import LEADERS, MODES, START
from .occupancy import occupancy, put
from .words import LEADER_NAMES, price_words

if TYPE_CHECKING:
    from .state import NationenState as S

KIND = {k: i for i, k in enumerate(LEADERS)}

# the lines of the log written here, made by ``phrase`` (i18n/messages.py)
PLACES = phrase("{seat} places a {leader} on the capital of {state} ({price}).", "seat", "leader", "state", "price")
MOVES = phrase_n("{seat}'s {leader} moves from {point} to {point2}: {steps} step ({price}).",
                 "{seat}'s {leader} moves from {point} to {point2}: {steps} steps ({price}).",
                 "seat", "leader", "point", "point2", "steps", "price", count="steps")
NOW_RULES = sentence(phrase("{seat} now rules {state}", "seat", "state"))


def blocking_agents(st: S, seat: int) -> int:
    """A bit (``1 << point``) for each point a leader of ``seat`` may end on but not pass: the
    agents that block it (A2: not its own, unless option own_agent_blocks)."""
    own = st.opts.own_agent_blocks
    bit = st.content.board.agent_bit
    out = 0
    for a, p in enumerate(st.agents):
        if a != seat or own:
            out |= bit[p]
    return out


def reach(st: S, seat: int, start: int, budget: int, exact: bool = False, attack: bool = True) -> dict[int, int]:
    """Points the leader on ``start`` can reach, with the fewest steps to each (a dict that may
    be shared: not to be changed).

    ``budget`` is the most steps it may take; with ``exact`` it takes exactly that many
    unless it has to stop earlier (on a "?" or a blocking agent) — the ordered retreat of
    an incident card. ``attack`` allows ending on a capital held by an opponent's leader
    of another kind.
    """
    if budget <= 0:
        return {}
    b = st.content.board
    rule = st.opts.direction
    agents = blocking_agents(st, seat)
    if not exact:
        walk = b.walks[rule][start]
        n = walk.free_within(budget, agents | st.occupied)
        if n >= 0:
            return dict(zip(walk.points[:n], walk.steps))
    return _blocked(st, seat, start, budget, exact, attack, agents, rule)


def _blocked(st: S, seat: int, start: int, budget: int, exact: bool, attack: bool, agents: int,
             rule: str) -> dict[int, int]:
    """``reach`` where something stands in the way of the walk across the empty board (or of an
    exact walk), kept for the arrangement: ``agents`` are the blocking agents' bits."""
    reached = occupancy(st).reached
    key = (seat, start, budget, exact, attack, agents, rule)
    found = reached.get(key)
    if found is None:
        found = reached[key] = plain_reach(st, seat, start, budget, exact, attack)
    return found


def plain_reach(st: S, seat: int, start: int, budget: int, exact: bool = False, attack: bool = True) -> dict[int, int]:
    """``reach`` worked out, nothing looked up: breadth first over walk nodes (a point and how the walk arrived)."""
    if budget <= 0:
        return {}
    b = st.content.board
    table = b.steps[st.opts.direction]
    board, capital_of = st.board, b.capital_of
    kind = board[start] % 4
    stop = list(b.question)  # a "?" or a blocking agent: the leader may end there, not pass
    own = st.opts.own_agent_blocks
    for a, p in enumerate(st.agents):
        if p >= 0 and (a != seat or own):
            stop[p] = True
    found: dict[int, int] = {}
    layer = [start * MODES + START]
    seen = {layer[0]}
    for k in range(1, budget + 1):
        nxt = []
        for node in layer:
            for succ in table[node]:
                if not exact:
                    if succ in seen:
                        continue
                    seen.add(succ)
                p = succ // MODES
                occ = board[p]
                if occ >= 0:  # the start as well: its own leader
                    if attack and capital_of[p] >= 0 and occ // 4 != seat and occ % 4 != kind:
                        found.setdefault(p, k)
                elif stop[p]:
                    found.setdefault(p, k)
                elif not exact:
                    found.setdefault(p, k)
                    nxt.append(succ)
                elif k == budget:
                    found.setdefault(p, k)
                else:
                    nxt.append(succ)
        if exact:
            nxt = list(dict.fromkeys(nxt))
        layer = nxt
        if not layer:
            break
    return found


def leader_moves(st: S, seat: int, budget_money: int | None = None, starts: list[int] | None = None,
                 steps: int = 0, exact: bool = False, attack: bool = True) -> list[str]:
    """Move and attack actions of ``seat``'s leaders.

    Paid moves (``steps == 0``) may go as far as the money lasts; a card's free move may
    go up to ``steps`` (exactly ``steps`` with ``exact``) and attacks only if the card says so.
    """
    b = st.content.board
    names = b.point_name
    board = st.board
    money = st.money[seat] if budget_money is None else budget_money
    if not steps and money < b.rate[b.kinds_by_rate[0]]:
        return []  # not a step paid for
    points = starts if starts is not None else st.lineup[seat]
    rule = st.opts.direction
    empty = None if exact else b.walks[rule]
    agents = blocking_agents(st, seat)
    blockers = agents | st.occupied
    out = []
    for p in points:
        occ = board[p]
        if occ < 0 or occ // 4 != seat:
            continue
        kind = occ % 4
        budget = steps or money // b.rate[kind]
        if budget <= 0:
            continue
        if empty:
            walk = empty[p]
            n = walk.free_within(budget, blockers)
            if n >= 0:  # nothing in its way: the walk across the empty board
                out += walk.texts[kind][:n]
                continue
        known = occupancy(st).moves
        key = (seat, p, budget, exact, attack, agents, rule)
        moves = known.get(key)
        if moves is None:  # a blocked walk ends only on points the empty board's walk finds (neither passes a "?")
            walk = b.walks[rule][p]
            texts, at = walk.texts[kind], walk.at
            moves = known[key] = [texts[at[q]] if board[q] < 0 else
                                  grammar.leader_move("attack", LEADERS[kind], names[p], names[q])
                                  for q in _blocked(st, seat, p, budget, exact, attack, agents, rule)]
        out += moves
    return out


def plain_leader_moves(st: S, seat: int, steps: int = 0, exact: bool = False, attack: bool = True) -> list[str]:
    """``leader_moves`` of every leader of ``seat`` in point order, each written out from its ``plain_reach``."""
    b = st.content.board
    out = []
    for p, occ in enumerate(st.board):
        if occ >= 0 and occ // 4 == seat:
            kind = occ % 4
            out += grammar.leader_moves(LEADERS[kind], b.point_name[p], [
                ("attack" if st.board[q] >= 0 else "move", b.point_name[q])
                for q in plain_reach(st, seat, p, steps or st.money[seat] // b.rate[kind], exact, attack)])
    return out


def plain_placements(st: S, seat: int, free: bool = False, states: list[int] | None = None) -> list[str]:
    """``placements``: per kind of leader in ``seat``'s supply that it can pay for (or ``free``), each free
    capital in state order (or in the order of ``states``)."""
    b = st.content.board
    kinds = [k for k in range(len(LEADERS)) if st.supply[seat * 4 + k] and (free or b.rate[k] <= st.money[seat])]
    capitals = [s for s in (range(len(b.states)) if states is None else states) if st.board[b.capital[s]] < 0]
    return [b.texts.place[k][s] for k in kinds for s in capitals]


def placements(st: S, seat: int, free: bool = False, states: list[int] | None = None) -> list[str]:
    """``place <kind> <state>``: a leader from supply onto a free capital (the rule book, "Das Einsetzen"),
    per kind the free capitals in state order (or in the order of ``states``, the only ones allowed)."""
    b = st.content.board
    vacant = st.vacant
    supply, rate = st.supply, b.rate
    money = st.money[seat]
    out: list[str] = []
    for k, texts in enumerate(b.texts.place):
        if supply[seat * 4 + k] and (free or rate[k] <= money):
            if states is None:
                out += compress(texts, vacant)
            else:
                out += [texts[s] for s in states if vacant[s]]
    return out


def plain_cheapest_rate(st: S, seat: int) -> int | None:
    """The lowest price of one step or placement among ``seat``'s leaders on the board or in supply."""
    b = st.content.board
    kinds = {occ % 4 for occ in st.board if occ >= 0 and occ // 4 == seat}
    kinds |= {k for k in range(len(LEADERS)) if st.supply[seat * 4 + k]}
    return min((b.rate[k] for k in kinds), default=None)


def cheapest_rate(st: S, seat: int) -> int | None:
    """``plain_cheapest_rate``, the kinds looked at from the cheapest (``Board.kinds_by_rate``)."""
    b = st.content.board
    for kind in b.kinds_by_rate:
        if st.supply[seat * 4 + kind] or seat * 4 + kind in st.board:
            return b.rate[kind]
    return None


# ====================================================================== doing it


def place(st: S, seat: int, kind_name: str, state_key: str, free: bool = False) -> None:
    """Put a leader from supply on a free capital; it rules that state from now on."""
    b = st.content.board
    kind = KIND[kind_name]
    s = b.state_index[state_key]
    cost = 0 if free else b.rate[kind]
    economy.pay(st, seat, cost)
    st.supply[seat * 4 + kind] -= 1
    put(st, b.capital[s], seat * 4 + kind)
    if st.log.keeps:  # a NullLog drops the line: its values, words put together, are not worked out
        st.log.say(PLACES, st.seats[seat], LEADER_NAMES[kind_name], b.states[s].name, price_words(cost))
    if st.opts.placement_takes_tankers:
        economy.take_port(st, seat, s)


def move(st: S, seat: int, src: int, dst: int, steps: int, free: bool) -> None:
    """Move the leader on ``src`` to ``dst`` in ``steps`` steps; an attack removes the defender."""
    b = st.content.board
    occ = st.board[src]
    kind = occ % 4
    cost = 0 if free else steps * b.rate[kind]
    economy.pay(st, seat, cost)
    victim = st.board[dst]
    put(st, src, -1)
    put(st, dst, occ)
    s = b.capital_of[dst]
    keeps = st.log.keeps  # a NullLog drops the line: its values, words put together, are not worked out
    if victim >= 0:
        if keeps:
            st.log.say(tn("{seat}'s {leader} attacks from {point}: {steps} step ({price}). The {victim} of {seat2} "
                          "is driven from the capital of {state} and leaves the game.", "{seat}'s {leader} attacks "
                          "from {point}: {steps} steps ({price}). The {victim} of {seat2} is driven from the capital "
                          "of {state} and leaves the game.", "steps", seat=st.seats[seat],
                         leader=LEADER_NAMES[LEADERS[kind]], point=b.point_words[src], steps=steps,
                         price=price_words(cost), victim=LEADER_NAMES[LEADERS[victim % 4]],
                         seat2=st.seats[victim // 4], state=b.states[s].name))
        economy.take_port(st, seat, s)
        return
    if keeps:
        st.log.say(MOVES, st.seats[seat], LEADER_NAMES[LEADERS[kind]], b.point_words[src], b.point_words[dst], steps,
                   price_words(cost))
    if s >= 0:
        st.log.say(NOW_RULES, st.seats[seat], b.states[s].name)
        if st.opts.placement_takes_tankers:
            economy.take_port(st, seat, s)


def steps_to(st: S, seat: int, src: int, dst: int, budget: int, exact: bool = False) -> int:
    """The steps of the shortest legal way from ``src`` to ``dst`` (within ``budget``)."""
    return reach(st, seat, src, budget, exact)[dst]


def agent_moves(st: S, seat: int, steps: int, up_to: bool = False) -> list[str]:
    """``agent <point>`` for each point the agent can end on (``Board.agent_ends``), kept per board; the turn's
    steps are a table of the board made from the same rule (``Board.agent_turns``), which
    ``sequence.AgentSteps`` reads."""
    b = st.content.board
    key = (st.agents[seat], steps, up_to, st.opts.direction)
    known = b.memo.agents.get(key)
    if known is None:
        p, _, _, rule = key
        known = b.memo.agents.keep(key, tuple(b.texts.agent[q] for q in b.agent_ends(rule, p, steps, up_to)))
    return list(known)
