"""Attack and defence: strikes, interception, the fallout roll (seed: Angriff, Verteidigung, B-70)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import discard, drop_face_up, hurt, label, unique

if TYPE_CHECKING:
    from .state import NuclearWarState as S


def strike(st: S, attacker: int, carrier: str, warhead: str, target: int, bomber_id: int) -> None:
    """Angriff: a warhead on its carrier heads for a named target.

    ``bomber_id`` is -1 for an attack from the face-up row, else the index of the carrier
    in a final retaliation salvo.
    """
    if not st.alive[target] or bomber_id in st.salvo_lost:
        st.log.add(f"The {st.name(warhead)} aimed at {label(st, target)} is lost.")
        return
    if not st.at_war:
        st.at_war = True
        st.log.add("War! From now on propaganda is worthless.")
    st.log.add(f"{label(st, attacker)} launches a {st.name(warhead)} on its {st.name(carrier)} "
               f"at {label(st, target)}.")
    st.stack.append(("roll", attacker, carrier, warhead, target, bomber_id))
    st.stack.append(("intercept", target, attacker, carrier, warhead, bomber_id))


def legal_intercept(st: S, seat: int, attacker: int, carrier: str, warhead: str, bomber_id: int) -> list[str]:
    antis = unique([k for k in st.hands[seat] + st.shown[seat] if carrier in st.card(k).stops])
    return [f"intercept {k}" for k in antis] + ["no intercept"]


def act_intercept(st: S, action: str, seat: int, attacker: int, carrier: str, warhead: str, bomber_id: int) -> None:
    st.stack.pop()
    if action == "no intercept":
        st.log.add(f"{label(st, seat)} does not intercept.")
        return
    st.stack.pop()  # the roll
    st.tick += 1
    anti = action.split(" ")[1]
    (st.shown if anti in st.shown[seat] else st.hands)[seat].remove(anti)
    discard(st, anti)
    st.log.add(f"{label(st, seat)} shoots down the {st.name(carrier)} with {st.name(anti)}.")
    if bomber_id >= 0:
        st.salvo_lost = st.salvo_lost | {bomber_id}
    else:
        destroy_carrier(st, attacker)
        st.next_turn = seat
    st.stack.append(("draw", seat, "one"))  # the anti-missile is replaced at once


def destroy_carrier(st: S, attacker: int) -> None:
    """An intercepted carrier is lost; a B-70 takes its face-down warheads along (spec §15 #9)."""
    key = st.face_up[attacker]
    st.face_up[attacker] = None
    st.payload[attacker] = 0
    discard(st, key)
    if not st.card(key).bomber or st.options["b70_intercept"] != "warhead-run":
        return
    queue, exposed = st.queues[attacker], st.exposed[attacker]
    lost = []
    while queue and st.card(queue[0]).kind == "warhead":
        lost.append(queue.pop(0))
        exposed.pop(0)
    for k in lost:
        discard(st, k)
    if lost:
        st.log.add(f"The bomber's face-down warheads are destroyed with it: {', '.join(st.name(k) for k in lost)}.")


def roll(st: S, attacker: int, carrier: str, warhead: str, target: int, bomber_id: int) -> None:
    """Roll the two fallout dice and apply the table (spec §7)."""
    st.tick += 1
    tens, units = st.rng.below(10), st.rng.below(10)
    result = st.content.fallout[tens * 10 + units]
    mt = st.card(warhead).megatons
    is_bomber = st.card(carrier).bomber
    st.log.add(f"Fallout dice: {tens}{units} — {result.text}.")
    if result.effect == "misfire":
        if is_bomber:
            if bomber_id >= 0:
                st.salvo_lost = st.salvo_lost | {bomber_id}
            else:
                drop_face_up(st, attacker, "out of fuel")
        else:
            hurt(st, attacker, mt, retaliation=True)
    elif result.effect != "dud":
        if result.world_ends_with == mt:
            end_of_the_world(st)
            return
        damage = mt + result.value if result.effect == "add" else mt * result.value
        hurt(st, target, damage, retaliation=True)
    if bomber_id < 0:
        if not is_bomber:
            drop_face_up(st, attacker, "spent")
        elif st.face_up[attacker] is not None:
            st.payload[attacker] -= mt
            if st.payload[attacker] <= 0:
                drop_face_up(st, attacker, "payload used up")
        st.stack.append(("settle",))


def end_of_the_world(st: S) -> None:
    """The 100 MT warhead set off a nuclear stockpile: every remaining player dies."""
    st.world_ended = True
    for s in range(len(st.seats)):
        if st.alive[s]:
            st.alive[s] = False
            st.out_tick[s] = st.tick
    st.log.add("The chain reaction destroys the whole world. Nobody wins.")
    st.stack.clear()
