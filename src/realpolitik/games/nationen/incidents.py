"""The incident cards (Innenpolitische Zwischenfälle), seed §6 and "2. Die Geheimagenten".

A leader or agent that stops on "?" draws the top card, its owner obeys it, and the card
goes back under the deck. An order to move or retreat a named leader kind applies to that
kind only; drawn by a leader it is an extra move, drawn by the agent it replaces step 3 of
the turn (also when it cannot be carried out or is declined, spec A8). A leader moved by
a card onto a "?" draws again, at most once per turn (spec §7). The card texts and effects
are stand-in (spec §7); every effect is implemented here, keyed by the card's ``effect``.
Choices a favourable card offers may be declined (``decline``); unfavourable ones must be
obeyed, and a forced choice with one answer is made without asking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import economy, movement
from .content import LEADERS, Card
from .tables import REPLACED

if TYPE_CHECKING:
    from .state import NationenState as S

LEADER_ORDERS = frozenset({"free-move", "retreat"})


def draw(st: S, seat: int, point: int, by: str) -> None:
    """Draw the top card, put it under the deck, and carry it out (procedure frame)."""
    key = st.deck.pop(0)
    st.deck.append(key)
    if st.unknown:
        st.unknown -= 1
    card = st.content.cards[key]
    st.last_card = key
    b = st.content.board
    piece = "agent" if by == "agent" else LEADERS[st.board[point] % 4]
    st.log.add(f"{st.seats[seat]}'s {piece} stops on the '?' at {b.point_name[point]} and draws "
               f"“{card.name}”: {card.text}")
    if by == "agent" and card.effect in LEADER_ORDERS:
        st.step3 = REPLACED
        st.log.add("This order replaces the placing or moving of a head of state this turn.")
    EFFECTS[card.effect](st, seat, card, point, by)


def _lapse(st: S, card: Card, why: str) -> None:
    st.log.add(f"“{card.name}” has no effect: {why}.")


def _own_leaders(st: S, seat: int, kind: int | None = None, on_capital: bool = False) -> list[int]:
    capital_of = st.content.board.capital_of
    return [p for p, occ in enumerate(st.board)
            if occ >= 0 and occ // 4 == seat and (kind is None or occ % 4 == kind)
            and (not on_capital or capital_of[p] >= 0)]


# ====================================================================== money


def _gain(st: S, seat: int, card: Card, point: int, by: str) -> None:
    got = economy.receive(st, seat, card.amount)
    st.log.add(f"{st.seats[seat]} receives {got} M.")


def _pay(st: S, seat: int, card: Card, point: int, by: str) -> None:
    paid = economy.pay(st, seat, card.amount)
    st.log.add(f"{st.seats[seat]} pays {paid} M to the bank.")


def _windfall(st: S, seat: int, card: Card, point: int, by: str) -> None:
    got = economy.receive(st, seat, economy.income(st, seat))
    st.log.add(f"{st.seats[seat]} collects its income of {got} M once more.")


def _loan(st: S, seat: int, card: Card, point: int, by: str) -> None:
    got = economy.receive(st, seat, card.amount)
    st.loan[seat] += card.installments
    st.loan_rate[seat] = card.installment
    st.log.add(f"{st.seats[seat]} receives {got} M and owes {card.installments} installments of {card.installment} M.")


def loan_installment(st: S, seat: int) -> None:
    """After the income: repay one installment, or default — the rest is forgiven, a tanker is lost."""
    due = st.loan_rate[seat]
    if st.money[seat] >= due:
        economy.pay(st, seat, due)
        st.loan[seat] -= 1
        left = st.loan[seat]
        st.log.add(f"{st.seats[seat]} repays {due} M of its loan ({left} installment(s) left).")
        if not left:
            st.loan_rate[seat] = 0
        return
    _default(st, seat)


def _default(st: S, seat: int) -> None:
    st.loan[seat] = st.loan_rate[seat] = 0
    st.log.add(f"{st.seats[seat]} cannot repay its loan: the rest is forgiven, but it loses a tanker.")
    _sink(st, seat, "any")


def _call_loan(st: S, seat: int, card: Card, point: int, by: str) -> None:
    _pay(st, seat, card, point, by)
    if not st.loan[seat]:
        return
    due = st.loan[seat] * st.loan_rate[seat]
    if st.money[seat] >= due:
        economy.pay(st, seat, due)
        st.loan[seat] = st.loan_rate[seat] = 0
        st.log.add(f"{st.seats[seat]} pays off its loan: {due} M.")
    else:
        _default(st, seat)


def _strike(st: S, seat: int, card: Card, point: int, by: str) -> None:
    st.strike[seat] = True


def _nationalise(st: S, seat: int, card: Card, point: int, by: str) -> None:
    s = st.content.board.point_state[point]
    st.nationalised[seat] = s
    st.log.add(f"{st.content.board.state_name(s)} brings {st.seats[seat]} nothing at its next income.")


def _canal_treaty(st: S, seat: int, card: Card, point: int, by: str) -> None:
    st.treaty[seat] = True


# ====================================================================== leader orders


def _free_move(st: S, seat: int, card: Card, point: int, by: str) -> None:
    starts = tuple(_own_leaders(st, seat, LEADERS.index(card.leader)))
    if not movement.leader_moves(st, seat, starts=list(starts), steps=card.steps, attack=card.attack):
        _lapse(st, card, f"{st.seats[seat]} has no {card.leader} that can move")
        return
    st.stack.append(("order", seat, card.key, starts, card.steps, False, card.attack, True))


def _retreat(st: S, seat: int, card: Card, point: int, by: str) -> None:
    if card.leader == "drawer":
        if by == "agent":
            starts = _nearest(st, seat, point)
        else:
            starts = (point,)
    else:
        starts = tuple(_own_leaders(st, seat, LEADERS.index(card.leader)))
    if not movement.leader_moves(st, seat, starts=list(starts), steps=card.steps, exact=True, attack=False):
        _lapse(st, card, "no such head of state can retreat")
        return
    st.stack.append(("order", seat, card.key, starts, card.steps, True, False, False))


def _nearest(st: S, seat: int, point: int) -> tuple[int, ...]:
    """The seat's leaders nearest (in steps, ignoring all pieces) to ``point``."""
    dist = st.content.board.distance[point]
    mine = _own_leaders(st, seat)
    if not mine:
        return ()
    best = min(dist[p] for p in mine)
    return tuple(p for p in mine if dist[p] == best)


def _order_legal(st: S, seat: int, key: str, starts: tuple, steps: int, exact: bool, attack: bool,
                 optional: bool) -> list[str]:
    out = movement.leader_moves(st, seat, starts=list(starts), steps=steps, exact=exact, attack=attack)
    return out + ["decline"] if optional else out


def _order_act(st: S, action: str, seat: int, key: str, starts: tuple, steps: int, exact: bool, attack: bool,
               optional: bool) -> None:
    st.stack.pop()
    if action == "decline":
        st.log.add(f"{st.seats[seat]} does not use the free move.")
        return
    b = st.content.board
    words = action.split(" ")
    src, dst = b.point_id[words[2]], b.point_id[words[3]]
    taken = movement.steps_to(st, seat, src, dst, steps, exact)
    movement.move(st, seat, src, dst, taken, free=True)
    st.moved = True
    if b.question[dst]:
        if st.chained:
            st.log.add("No further card is drawn this turn.")
        else:
            st.chained = True
            st.stack.append(("draw", seat, dst, "leader"))


# ====================================================================== taking and losing states


def _take_over(st: S, seat: int, card: Card, point: int, by: str) -> None:
    if not _takeover_legal(st, seat, card.key)[:-1]:
        _lapse(st, card, "no unruled coastal state, or no leader in supply")
        return
    st.stack.append(("takeover", seat, card.key))


def _takeover_legal(st: S, seat: int, key: str) -> list[str]:
    states = [s for s, sd in enumerate(st.content.board.states) if sd.kind == "coastal"]
    return movement.placements(st, seat, free=True, states=states) + ["decline"]


def _takeover_act(st: S, action: str, seat: int, key: str) -> None:
    st.stack.pop()
    if action == "decline":
        st.log.add(f"{st.seats[seat]} does not take over a state.")
        return
    _, kind, state = action.split(" ")
    movement.place(st, seat, kind, state, free=True)
    st.moved = True


def _depose_targets(st: S, seat: int, card: Card) -> list[int]:
    b = st.content.board
    kinds = {LEADERS.index(k) for k in card.leaders}
    return [b.capital[s] for s in range(len(b.states))
            if (occ := st.board[b.capital[s]]) >= 0 and occ // 4 != seat and occ % 4 in kinds]


def _depose(st: S, seat: int, card: Card, point: int, by: str) -> None:
    if not _depose_targets(st, seat, card):
        _lapse(st, card, "no such opponent sits on a capital")
        return
    st.stack.append(("depose", seat, card.key))


def _depose_legal(st: S, seat: int, key: str) -> list[str]:
    b = st.content.board
    targets = _depose_targets(st, seat, st.content.cards[key])
    return [f"depose {LEADERS[st.board[p] % 4]} {b.point_name[p]}" for p in targets] + ["decline"]


def _depose_act(st: S, action: str, seat: int, key: str) -> None:
    st.stack.pop()
    if action == "decline":
        st.log.add(f"{st.seats[seat]} lets the opportunity pass.")
        return
    b = st.content.board
    p = b.point_id[action.split(" ")[2]]
    occ = st.board[p]
    st.board[p] = -1
    st.supply[occ] += 1  # occ = owner * 4 + kind indexes the owner's supply
    st.log.add(f"The {LEADERS[occ % 4]} of {st.seats[occ // 4]} is driven from the capital of "
               f"{b.states[b.capital_of[p]].name} back into its owner's supply.")
    if st.content.cards[key].once:
        i = len(st.deck) - 1 - st.deck[::-1].index(key)
        del st.deck[i]
        st.log.add(f"“{st.content.cards[key].name}” leaves the game.")


def _kill_choice(st: S, seat: int, card: Card, candidates: list[int]) -> None:
    if not candidates:
        _lapse(st, card, f"{st.seats[seat]} has no such head of state on the board")
    elif len(candidates) == 1:
        _kill(st, candidates[0])
    else:
        st.stack.append(("kill", seat, tuple(candidates)))


def _assassination(st: S, seat: int, card: Card, point: int, by: str) -> None:
    _kill_choice(st, seat, card, _own_leaders(st, seat, on_capital=True))


def _remove(st: S, seat: int, card: Card, point: int, by: str) -> None:
    _kill_choice(st, seat, card, _own_leaders(st, seat, LEADERS.index(card.leader), card.on_capital))


def _kill_legal(st: S, seat: int, candidates: tuple) -> list[str]:
    names = st.content.board.point_name
    return [f"kill {LEADERS[st.board[p] % 4]} {names[p]}" for p in candidates]


def _kill_act(st: S, action: str, seat: int, candidates: tuple) -> None:
    st.stack.pop()
    _kill(st, st.content.board.point_id[action.split(" ")[2]])


def _kill(st: S, p: int) -> None:
    """The leader on ``p`` leaves the game for good (spec A16)."""
    occ = st.board[p]
    st.board[p] = -1
    st.log.add(f"The {LEADERS[occ % 4]} of {st.seats[occ // 4]} on {st.content.board.point_name[p]} leaves the game.")


# ====================================================================== tankers and pipelines


def _sink(st: S, seat: int, where: str) -> None:
    b = st.content.board
    nloc = len(b.locations)
    locs = [loc for loc in range(nloc) if st.tankers[seat * nloc + loc]
            and (where == "any" or b.location_state[loc] >= 0)]
    if not locs:
        st.log.add(f"{st.seats[seat]} has no tanker to lose.")
    elif len(locs) == 1:
        economy.lose_tanker(st, seat, b.locations[locs[0]])
    else:
        st.stack.append(("sink", seat, where))


def _sink_card(st: S, seat: int, card: Card, point: int, by: str) -> None:
    _sink(st, seat, card.where)


def _sink_legal(st: S, seat: int, where: str) -> list[str]:
    b = st.content.board
    nloc = len(b.locations)
    return [f"sink {b.locations[loc]}" for loc in range(nloc) if st.tankers[seat * nloc + loc]
            and (where == "any" or b.location_state[loc] >= 0)]


def _sink_act(st: S, action: str, seat: int, where: str) -> None:
    st.stack.pop()
    economy.lose_tanker(st, seat, action.split(" ")[1])


def _tanker_gift(st: S, seat: int, card: Card, point: int, by: str) -> None:
    if economy.tanker_pool(st) <= 0:
        _lapse(st, card, "the bank has no tanker left")
        return
    st.stack.append(("gift", seat))


def _gift_legal(st: S, seat: int) -> list[str]:
    b = st.content.board
    return [f"station {b.locations[sea]}" for sea in b.sea_locations] + ["decline"]


def _gift_act(st: S, action: str, seat: int) -> None:
    st.stack.pop()
    if action == "decline":
        st.log.add(f"{st.seats[seat]} declines the tanker.")
        return
    b = st.content.board
    sea = action.split(" ")[1]
    st.tankers[seat * len(b.locations) + b.locations.index(sea)] += 1
    st.log.add(f"{st.seats[seat]} receives a tanker on the {sea}ern high sea.")


def _pipeline_gift(st: S, seat: int, card: Card, point: int, by: str) -> None:
    if not economy.pipeline_choices(st, seat):
        _lapse(st, card, "there is no place for a pipeline")
        return
    st.stack.append(("pipeline_gift", seat))


def _pipeline_gift_legal(st: S, seat: int) -> list[str]:
    return economy.pipeline_choices(st, seat) + ["decline"]


def _pipeline_gift_act(st: S, action: str, seat: int) -> None:
    st.stack.pop()
    if action == "decline":
        st.log.add(f"{st.seats[seat]} lays no pipeline.")
        return
    _, a, b_key = action.split(" ")
    economy.lay_pipeline(st, seat, a, b_key, 0)


def _sabotage_targets(st: S, seat: int) -> list[str]:
    b = st.content.board
    mine = set(economy.ruled_states(st, seat))
    return [f"sabotage {b.keys[x]} {b.keys[y]}" for i, (x, y) in enumerate(b.pipeline_pairs_chain)
            if st.pipes >> i & 1 and i != b.start_pipeline and (x in mine or y in mine)]


def _sabotage(st: S, seat: int, card: Card, point: int, by: str) -> None:
    targets = _sabotage_targets(st, seat)
    if not targets:
        _lapse(st, card, f"no pipeline other than the first one joins a state {st.seats[seat]} rules")
    elif len(targets) == 1:
        _sabotage_act(st, targets[0], seat, push=False)
    else:
        st.stack.append(("sabotage", seat))


def _sabotage_legal(st: S, seat: int) -> list[str]:
    return _sabotage_targets(st, seat)


def _sabotage_act(st: S, action: str, seat: int, push: bool = True) -> None:
    if push:
        st.stack.pop()
    b = st.content.board
    _, x, y = action.split(" ")
    st.pipes &= ~(1 << economy.pipe_index(st, x, y))
    st.log.add(f"The pipeline between {b.states[b.state_index[x]].name} and {b.states[b.state_index[y]].name} "
               f"is destroyed.")


# ====================================================================== the agent


def _agent_move(st: S, seat: int, card: Card, point: int, by: str) -> None:
    st.stack.append(("spy", seat, card.steps))


def _spy_legal(st: S, seat: int, steps: int) -> list[str]:
    return movement.agent_moves(st, seat, steps, up_to=True) + ["decline"]


def _spy_act(st: S, action: str, seat: int, steps: int) -> None:
    st.stack.pop()
    if action == "decline":
        st.log.add(f"{st.seats[seat]}'s agent stays where it is.")
        return
    b = st.content.board
    dst = b.point_id[action.split(" ")[1]]
    st.log.add(f"{st.seats[seat]}'s agent moves on {b.point_name[st.agents[seat]]} → {b.point_name[dst]} "
               f"(no card).")
    st.agents[seat] = dst


# ====================================================================== dispatch tables

EFFECTS = {
    "gain": _gain, "pay": _pay, "windfall": _windfall, "loan": _loan, "call-loan": _call_loan,
    "strike": _strike, "nationalise": _nationalise, "canal-treaty": _canal_treaty,
    "free-move": _free_move, "retreat": _retreat, "take-over": _take_over, "depose": _depose,
    "assassination": _assassination, "remove": _remove, "sink": _sink_card, "tanker-gift": _tanker_gift,
    "pipeline-gift": _pipeline_gift, "sabotage": _sabotage, "agent-move": _agent_move,
}
LEGAL = {
    "order": _order_legal, "takeover": _takeover_legal, "depose": _depose_legal, "kill": _kill_legal,
    "sink": _sink_legal, "gift": _gift_legal, "pipeline_gift": _pipeline_gift_legal,
    "sabotage": _sabotage_legal, "spy": _spy_legal,
}
ACT = {
    "order": _order_act, "takeover": _takeover_act, "depose": _depose_act, "kill": _kill_act,
    "sink": _sink_act, "gift": _gift_act, "pipeline_gift": _pipeline_gift_act,
    "sabotage": _sabotage_act, "spy": _spy_act,
}
