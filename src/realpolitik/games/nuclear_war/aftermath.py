"""Elimination, final retaliation and the return of peace (seed: Finaler Gegenschlag, Kriegszustand)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import clockwise, label, unique

if TYPE_CHECKING:
    from .state import NuclearWarState as S


def settle(st: S) -> None:
    """Process eliminations one by one (final retaliation first), then end the game or restore peace."""
    if st.dying:
        seat, may_retaliate = st.dying.pop(0)
        st.stack.append(("settle",))
        eliminate(st, seat, may_retaliate)
        return
    if not st.fallen:
        return
    st.fallen = False
    if sum(st.alive) <= 1:
        st.stack.clear()
        return
    if st.at_war:
        st.at_war = False
        st.log.add("A nation has fallen: peace is restored. Everyone may change strategy.")
        for s in reversed(clockwise(st, st.current)):
            if st.queues[s] and st.hands[s]:
                st.stack.append(("swap", s, ()))


def eliminate(st: S, seat: int, may_retaliate: bool) -> None:
    """Finaler Gegenschlag: the eliminated player lays his weapons face up, the rest is discarded."""
    pool = st.hands[seat] + st.shown[seat]
    if st.options["retaliation_cards"] == "all":
        pool += st.queues[seat]
    else:
        st.discard += st.queues[seat]
    st.hands[seat], st.shown[seat], st.queues[seat], st.exposed[seat] = [], [], [], []
    carriers: list[tuple[str, int]] = []
    face_up = st.face_up[seat]
    if face_up is not None:
        st.face_up[seat] = None
        if may_retaliate and st.options["retaliation_cards"] == "all":
            carriers.append((face_up, st.payload[seat]))
        else:
            st.discard.append(face_up)
        st.payload[seat] = 0
    warheads = []
    for key in pool:
        kind = st.card(key).kind
        if may_retaliate and kind == "carrier":
            carriers.append((key, st.card(key).payload))
        elif may_retaliate and kind == "warhead":
            warheads.append(key)
        else:
            st.discard.append(key)
    frame = ("retaliate", seat, tuple(carriers), tuple(warheads), ())
    if legal_retaliate(st, *frame[1:])[:-1]:
        shown = ", ".join(st.name(k) for k, _ in carriers) + "; " + ", ".join(st.name(k) for k in warheads)
        st.log.add(f"{label(st, seat)} strikes back with everything it has: {shown}.")
        st.stack.append(frame)
    else:
        st.discard += [k for k, _ in carriers] + warheads


def legal_retaliate(st: S, seat: int, carriers: tuple, warheads: tuple, strikes: tuple) -> list[str]:
    targets = [label(st, t) for t in range(len(st.seats)) if st.alive[t]]
    out = []
    for ckey in unique([k for k, cap in carriers if cap > 0]):
        room = max(cap for k, cap in carriers if k == ckey)
        for wkey in unique(list(warheads)):
            if st.card(wkey).megatons <= room:
                out += [f"strike {ckey} {wkey} {t}" for t in targets]
    return out + ["done"]


def act_retaliate(st: S, action: str, seat: int, carriers: tuple, warheads: tuple, strikes: tuple) -> None:
    st.stack.pop()
    if action != "done":
        _, ckey, wkey, target_label = action.split(" ")
        mt = st.card(wkey).megatons
        index = next(i for i, (k, cap) in enumerate(carriers) if k == ckey and cap >= mt)
        left = carriers[index][1] - mt if st.card(ckey).bomber else 0
        carriers = carriers[:index] + ((ckey, left),) + carriers[index + 1:]
        rest = list(warheads)
        rest.remove(wkey)
        strikes += ((index, ckey, wkey, st.seats.index(target_label)),)
        frame = ("retaliate", seat, carriers, tuple(rest), strikes)
        if legal_retaliate(st, *frame[1:])[:-1]:
            st.stack.append(frame)
            return
        warheads = tuple(rest)
    # All targets are named before any dice roll; then the strikes fly in announced order.
    st.discard += [k for k, _ in carriers] + list(warheads) + [w for _, _, w, _ in strikes]
    plan = "; ".join(f"{st.name(w)} on {st.name(c)} at {label(st, t)}" for _, c, w, t in strikes)
    st.log.add(f"{label(st, seat)}'s final retaliation: {plan or 'none'}.")
    salvo = st.ply * 64  # unique per salvo, so a bomber lost in one salvo is never confused with another's
    for index, ckey, wkey, target in reversed(strikes):
        st.stack.append(("strike", seat, ckey, wkey, target, salvo + index))


def legal_swap(st: S, seat: int, done: tuple) -> list[str]:
    slots = [i + 1 for i in range(len(st.queues[seat])) if i + 1 not in done]
    return [f"swap {i} {k}" for i in slots for k in unique(st.hands[seat])] + ["keep"]


def act_swap(st: S, action: str, seat: int, done: tuple) -> None:
    st.stack.pop()
    if action == "keep":
        return
    _, slot, key = action.split(" ")
    i = int(slot) - 1
    hand = st.hands[seat]
    hand.remove(key)
    hand.append(st.queues[seat][i])
    st.queues[seat][i] = key
    st.exposed[seat][i] = False
    st.log.add(f"{label(st, seat)} changes a face-down card.", (seat,),
               f"You swap face-down card {slot} for {st.name(key)}.")
    done += (int(slot),)
    if len(done) < len(st.queues[seat]) and st.hands[seat]:
        st.stack.append(("swap", seat, done))
