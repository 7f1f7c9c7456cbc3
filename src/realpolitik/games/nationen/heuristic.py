"""A rule-of-thumb Nationen bot. It reads only its seat's context: the view, the legal
actions and determinized worlds (where only the undrawn cards are resampled).

- Worth of a position: money + 4 turns of income + 3 M per tanker + its heads of state,
  less the income and tankers of each of its capitals an opponent could take by an
  attack next turn (with the money he will have), less a share of the opponents' income.
- Opening: a king on the coastal (or canal) capital farthest from the others, the tanker
  into its port.
- Agent: onto the point that leaves the fewest of its capitals open to attack; onto "?"
  when broke (the last chance) or when the next card is known to be good.
- Step 3: every attack, placement, move onto a capital and short move is tried in the
  world and the best position after it is taken.
- Then tankers into ruled ports with idle derricks, pipelines that raise the income at
  least 2 M a turn, a tanker sold only to stay in the game; then end.
- Card choices: the best position after each answer.

``evaluate`` at the end is the search bots' estimate of an unfinished game.
"""

from __future__ import annotations

from realpolitik.engine import Rng, SeatContext

from . import economy, grammar, movement
from .content import LEADERS
from .incidents import SpyMove
from .sequence import AgentSteps, FirstPlace, FirstTanker, HeadOfState
from .tables import OPEN

HORIZON = 4  # turns of income a position is worth
SHORTLIST = 8  # candidates whose threats are computed


class HeuristicBot:
    """Nationen heuristic; reproducible from its seed."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, ctx: SeatContext) -> str:
        legal = ctx.legal_actions
        if len(legal) == 1:
            return legal[0]
        return decide(ctx.sample(self.rng), ctx.seat, legal)


def rollout_policy(world, rng: Rng) -> str:
    """The heuristic's move in a search's sampled world (``Game.rollout_policy``).

    What the bot does from a seat's context, without the view it does not read (a quarter
    of a search's time when the playouts asked the bot through a context): the undrawn
    cards are shuffled afresh for the seat to act, so a playout's trials know no more of
    the deck than the bot would.
    """
    legal = world.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = world.to_act
    return decide(world.determinize(seat, rng, quiet=True), seat, legal)


def decide(world, seat: int, legal) -> str:
    """The heuristic's choice for ``seat`` among ``legal`` in ``world`` (a sampled world)."""
    world.legal_actions()  # cached once, shared by every trial clone
    match world.stack[-1]:
        case FirstPlace():
            return _opening(world, seat, legal)
        case FirstTanker():
            ports = [a for a in legal if grammar.words(a)[1] not in ("north", "south")]
            return ports[0] if ports else legal[0]
        case AgentSteps():
            return _agent(world, seat, legal, True)
        case SpyMove():
            return _agent(world, seat, legal, False)
        case HeadOfState():
            return _main(world, seat, legal)
    return _best(world, seat, legal, threats=True)


# ====================================================================== worth of a position


def _after(world, action: str):
    trial = world.clone()
    trial.apply(action)
    return trial


def _standing(st, seat: int) -> tuple[float, int | None]:
    """The bot's value of a position for ``seat`` before threats (``_danger``), and the
    seat's income (None once it is out)."""
    if not st.alive[seat]:
        return -1000.0, None
    capital_of = st.content.board.capital_of
    income = economy.income(st, seat)
    standing = st.lineup[seat]
    spare = sum(st.supply[seat * 4:seat * 4 + 4])
    flexible = 3 if spare or any(capital_of[p] < 0 for p in standing) else 0
    leaders = len(standing) + spare
    value = st.money[seat] + HORIZON * income + 3 * economy.tankers_of(st, seat) + 2 * leaders + flexible
    others = [o for o in range(len(st.seats)) if o != seat and st.alive[o]]
    value -= 0.5 * sum(economy.income(st, o) for o in others)
    return value, income


def _danger(st, seat: int, income: int) -> float:
    """What the capitals an opponent can attack next turn are worth to ``seat``."""
    b = st.content.board
    nloc = len(b.locations)
    mine = {b.capital[s]: st.board[b.capital[s]] % 4 for s in economy.ruled_states(st, seat)}
    if not mine:
        return 0.0
    hit: set[int] = set()
    dist = b.distance
    board = st.board
    for o in range(len(st.seats)):
        if o == seat or not st.alive[o]:
            continue
        purse = st.money[o] + economy.income(st, o)
        for p in st.lineup[o]:
            kind = board[p] % 4
            budget = purse // b.rate[kind]
            near = [c for c, k in mine.items() if k != kind and c not in hit and dist[p][c] <= budget]
            if near:
                hit.update(c for c in movement.reach(st, o, p, budget) if c in near)
    loss = 0.0
    for c in hit:
        s = b.capital_of[c]
        share = income - economy.income(st, seat, skip=s)
        port = b.port_location[s]
        ships = st.tankers[seat * nloc + port] if port >= 0 else 0
        loss += 0.7 * (HORIZON * share + 3 * ships + 2)
    return loss


def _best(world, seat: int, actions, threats: bool = True) -> str:
    """The action whose outcome is worth most (threats only for a shortlist)."""
    scored = []
    for a in actions:
        trial = _after(world, a)
        scored.append((*_standing(trial, seat), a, trial))
    scored.sort(key=lambda t: -t[0])
    if not threats or len(scored) == 1:
        return scored[0][2]
    # the best worth (value less threats) of the shortlist, the first on a tie; threats only
    # lower a value and the values are sorted, so once a value cannot beat the best worth so
    # far, neither can any after it
    best, top = None, 0.0
    for value, income, action, trial in scored[:SHORTLIST]:
        if best is not None and value <= top:
            break
        worth = value if income is None else value - _danger(trial, seat, income)
        if best is None or worth > top:
            best, top = action, worth
    return best


def plain_best(world, seat: int, actions) -> str:
    """``_best`` with the threats worked out for the whole shortlist."""
    scored = []
    for a in actions:
        trial = _after(world, a)
        scored.append((*_standing(trial, seat), a, trial))
    scored.sort(key=lambda t: -t[0])
    if len(scored) == 1:
        return scored[0][2]
    return max(scored[:SHORTLIST], key=lambda t: t[0] if t[1] is None else t[0] - _danger(t[3], seat, t[1]))[2]


# ====================================================================== decisions


def _opening(world, seat: int, legal) -> str:
    b = world.content.board
    theirs = [p for p, occ in enumerate(world.board) if occ >= 0]

    def value(action: str) -> float:
        _, kind, key = grammar.words(action)
        s = b.state_index[key]
        sd = b.states[s]
        port = 10 if sd.port else 0
        far = min((b.distance[b.capital[s]][p] for p in theirs), default=10)
        rate = b.income_rate[LEADERS.index(kind)]
        return port + sd.derricks + 3 * rate + 0.5 * far

    return max(legal, key=value)


def _agent(world, seat: int, legal, drawing: bool) -> str:
    """The agent's steps (``drawing``: its own turn's steps, where stopping on "?" draws a card)."""
    b = world.content.board
    moves = [a for a in legal if a.startswith("agent ")]
    if not moves:
        return legal[0]
    broke = world.money[seat] < (movement.cheapest_rate(world, seat) or 1) and not economy.income(world, seat)
    top_card = world.content.cards[world.deck[0]] if world.unknown == 0 else None
    here = world.agents[seat]
    income = economy.income(world, seat)  # the agent moves no head of state and no tanker
    # the best score (bonus less threats), the first on a tie; threats only lower a score, so
    # a move whose bonus cannot beat the best score so far is not looked at further
    best, top = None, 0.0
    try:
        for action in moves:
            dst = b.point_id[grammar.words(action)[1]]
            bonus = 0
            if b.question[dst] and drawing:
                if broke:
                    bonus = 50
                elif top_card is not None:
                    bonus = 3 if top_card.favourable else -3
            if best is not None and bonus <= top:
                continue
            world.agents[seat] = dst
            score = -_danger(world, seat, income) + bonus
            if best is None or score > top:
                best, top = action, score
    finally:
        world.agents[seat] = here
    return best


def plain_agent(world, seat: int, legal, drawing: bool) -> str:
    """``_agent`` with the threats worked out after every move."""
    b = world.content.board
    moves = [a for a in legal if a.startswith("agent ")]
    broke = world.money[seat] < (movement.cheapest_rate(world, seat) or 1) and not economy.income(world, seat)
    top = world.content.cards[world.deck[0]] if world.unknown == 0 else None
    here = world.agents[seat]

    def value(action: str) -> float:
        dst = b.point_id[action.split()[1]]
        world.agents[seat] = dst
        score = -_danger(world, seat, economy.income(world, seat))
        if b.question[dst] and drawing:
            score += 50 if broke else (3 if top.favourable else -3) if top is not None else 0
        return score

    try:
        return max(moves, key=value)
    finally:
        world.agents[seat] = here


def _main(world, seat: int, legal) -> str:
    verbs = {grammar.words(a)[0] for a in legal}
    step3 = [a for a in legal if grammar.words(a)[0] in ("move", "attack", "place")]
    if step3:
        return _best(world, seat, _shortlist(world, step3))
    if "buy" in verbs or "tanker" in verbs or "pipeline" in verbs or "sell" in verbs:
        extra = _extra(world, seat, legal)
        if extra:
            return extra
    return grammar.END


def _shortlist(world, actions) -> list[str]:
    """Attacks, placements, moves onto capitals and moves of at most two steps."""
    b = world.content.board
    out = []
    for a in actions:
        words = grammar.words(a)
        if words[0] != "move":
            out.append(a)
            continue
        src, dst = b.point_id[words[2]], b.point_id[words[3]]
        if b.capital_of[dst] >= 0 or b.distance[src][dst] <= 2:
            out.append(a)
    return out or list(actions)


def _extra(world, seat: int, legal) -> str | None:
    b = world.content.board
    income = economy.income(world, seat)
    cheapest = movement.cheapest_rate(world, seat) or 1
    reserve = cheapest if income < cheapest else 0
    money = world.money[seat]
    best, gain = None, 0
    for a in legal:
        words = grammar.words(a)
        if words[0] == "tanker" and words[1] in ("north", "south") and words[2] not in ("north", "south"):
            delta = economy.income(_after(world, a), seat) - income
            if delta > gain:
                best, gain = a, delta
    if best:
        return best
    for a in legal:
        words = grammar.words(a)
        if words[0] == "buy" and words[2] in b.state_index and money - b.components.tanker_price >= reserve:
            delta = economy.income(_after(world, a), seat) - income
            if delta > gain:
                best, gain = a, delta
        elif words[0] == "pipeline" and money - b.components.pipeline_price >= reserve:
            delta = economy.income(_after(world, a), seat) - income
            if delta >= 2 and delta > gain:
                best, gain = a, delta
    if best:
        return best
    if world.step3 == OPEN and money < cheapest and not income:
        sales = [a for a in legal if a.startswith("sell ")]
        if sales:
            return sales[0]
    return None


# ====================================================================== search estimate

#: rounds of income the estimate counts ahead at most
LOOKAHEAD = 6


def evaluate(st) -> tuple[float, ...]:
    """Search estimate of an unfinished game: each power's chance to win (``Game.evaluate``).

    Runs on sampled worlds only. Wer überlebt, gewinnt: the eliminated have none. A
    survivor's strength is A20's score — cash + 3 M per tanker + income — with the
    income counted once more for each round still to come (at most ``LOOKAHEAD``, never
    past the round limit, where that score alone decides); the chance grows with the
    square of the strength.
    """
    n = len(st.seats)
    limit = st.opts.round_limit
    ahead = LOOKAHEAD if not limit else max(0, min(LOOKAHEAD, limit - st.round))
    weight = [0.0] * n
    for s in range(n):
        if st.alive[s]:
            income = economy.income(st, s)
            strength = st.money[s] + 3 * economy.tankers_of(st, s) + income * (1 + ahead) - _danger(st, s, income)
            weight[s] = max(1.0, strength) ** 2
    whole = sum(weight)
    if not whole:
        alive = sum(st.alive)
        return tuple(1.0 / alive if st.alive[s] else 0.0 for s in range(n))
    return tuple(w / whole for w in weight)
