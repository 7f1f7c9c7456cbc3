"""Money, income (Staatseinkünfte), tankers (Tankschiffe) and pipelines.

The German Nationen rule book, "Die Staatseinkünfte" and "Zusammenfassung": a derrick earns only paired with one of
its ruler's tankers in the port of a state the same player rules — its own port, or the
port of a state it is joined to by a pipeline (seed §5). A pair earns the income rate of
the leader on the capital of the derrick's state: 2 M under a king or president, 1 M
under a dictator or guerrilla leader. Where tankers could carry oil of either rate the
better rate is used (seed situation D), so income is a maximum-weight assignment of
derricks to tankers, solved exactly by augmenting paths, best rate first.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from realpolitik.i18n import phrase, phrase_n, sentence

from .words import location_words

if TYPE_CHECKING:
    from .content import Board
    from .state import NationenState as S

# the lines of the log written here, made by ``phrase`` (i18n/messages.py)
BUYS = sentence(phrase("{seat} buys a tanker for {price} M and puts it {place}", "seat", "price", "place"))
SELLS = phrase("{seat} sells a tanker {place} back to the bank for {price} M.", "seat", "place", "price")
THROUGH_CANAL = phrase("{seat} moves a tanker {source} through the canal {destination}.",
                       "seat", "source", "destination")
SAILS = sentence(phrase("{seat} moves a tanker {source} {destination}", "seat", "source", "destination"))
LAYS = phrase("{seat} lays a pipeline between {state} and {other} for {price} M.", "seat", "state", "other", "price")
LAYS_FREE = phrase("{seat} lays a pipeline between {state} and {other} free of charge.", "seat", "state", "other")
LOSES_TANKER = phrase("{seat} loses a tanker {place}.", "seat", "place")
TAKES_TANKER_PORT = sentence(phrase_n("{seat} takes {n} tanker of {seat2} in the port of {state}",
                                      "{seat} takes {n} tankers of {seat2} in the port of {state}",
                                      "seat", "n", "seat2", "state"))


# ====================================================================== money


def receive(st: S, seat: int, amount: int) -> int:
    """Pay ``amount`` from the bank to ``seat`` (capped by the bank with option bank_limit)."""
    if st.opts.bank_limit:
        amount = min(amount, st.bank)
    st.bank -= amount
    st.money[seat] += amount
    return amount


def pay(st: S, seat: int, amount: int) -> int:
    """``seat`` pays up to ``amount`` to the bank (all it has if that is less); returns what was paid."""
    amount = min(amount, st.money[seat])
    st.money[seat] -= amount
    st.bank += amount
    return amount


# ====================================================================== rule and income


def ruler(st: S, state: int) -> int:
    """The seat ruling ``state`` (its leader stands on the capital, A6), or -1."""
    occ = st.board[st.content.board.capital[state]]
    return -1 if occ < 0 else occ // 4


def ruled_states(st: S, seat: int) -> tuple[int, ...]:
    """The states ``seat`` rules."""
    return st.realms[seat]


def income(st: S, seat: int, skip: int = -1) -> int:
    """Millions ``seat`` earns from its derrick/tanker pairs now; ``skip`` is a state that earns nothing.

    While no oil of a ruled inland state can flow through a pipeline — none is laid from it to
    another state ``seat`` rules —, each port state's derricks pair with the tankers in its own
    port and nothing else: that is added up directly.
    """
    b = st.content.board
    nloc = len(b.locations)
    rulers, port_location, derricks = st.rulers, b.port_location, b.derricks
    realm = st.realms[seat]
    base = seat * nloc
    total = 0
    for s in realm:
        loc = port_location[s]
        if loc < 0:
            if st.pipes & b.pipes_at[s] and derricks[s] and s != skip and _joined(b, st.pipes, s, realm):
                break  # oil may flow to a port: the exact assignment below
        elif s != skip:
            held = st.tankers[base + loc]
            if held:
                total += b.income_rate[rulers[s] % 4] * min(derricks[s], held)
    else:
        return total
    key = (rulers, seat, skip, tuple(st.tankers[base:base + nloc]), st.pipes)
    known = b.memo.income.get(key)
    if known is None:
        known = b.memo.income.keep(key, _income(b, *key))
    return known


def _joined(b: Board, pipes: int, state: int, realm: tuple[int, ...]) -> bool:
    """Whether one of the ``pipes`` laid joins ``state`` to another state of ``realm`` (a candidate
    pipeline touches two states: its bit is in ``pipes_at`` of both)."""
    laid = pipes & b.pipes_at[state]
    for other in realm:
        if other != state and laid & b.pipes_at[other]:
            return True
    return False


def _income(b: Board, rulers: tuple[int, ...], seat: int, skip: int, held: tuple[int, ...], pipes: int) -> int:
    """``income`` worked out from the ``rulers`` of the states, ``held`` the seat's tankers per
    location and the ``pipes`` laid (a bit each)."""
    rate: dict[int, int] = {}
    for s, occ in enumerate(rulers):
        if occ >= 0 and occ // 4 == seat and s != skip:
            rate[s] = b.income_rate[occ % 4]
    if not rate:
        return 0
    capacity: dict[int, int] = {}
    for s in rate:
        loc = b.port_location[s]
        if loc >= 0 and held[loc]:
            capacity[s] = held[loc]
    if not capacity:
        return 0
    feeds = _feeds(b, pipes, rate, capacity)
    total = 0
    used = dict.fromkeys(capacity, 0)
    flow: dict[tuple[int, int], int] = {}
    for s in sorted(feeds, key=lambda s: -rate[s]):
        for _ in range(b.states[s].derricks):
            if not _augment(s, feeds, capacity, used, flow):
                break
            total += rate[s]
    return total


def _feeds(b: Board, pipes: int, rate: dict[int, int], capacity: dict[int, int]) -> dict[int, tuple[int, ...]]:
    """For each ruled state with derricks, the ruled ports (with tankers) its oil can reach.

    A port state ships its own oil; an inland state's oil runs through pipelines to a
    ruled port state, passing only through ruled inland states (which matters only with
    option pipeline_chains, where inland states may be joined to each other); ``pipes`` has
    a bit per pipeline laid.
    """
    states = b.states
    links: dict[int, list[int]] = {s: [] for s in rate}
    for i, (x, y) in enumerate(b.pipeline_pairs_chain):
        if pipes >> i & 1 and x in rate and y in rate:
            links[x].append(y)
            links[y].append(x)
    out = {}
    for s in rate:
        if not states[s].derricks:
            continue
        if states[s].kind != "inland":
            if s in capacity:
                out[s] = (s,)
            continue
        ports, seen, frontier = [], {s}, [s]
        while frontier:
            nxt = []
            for u in frontier:
                for v in links[u]:
                    if v in seen:
                        continue
                    seen.add(v)
                    if states[v].kind == "inland":
                        nxt.append(v)
                    elif v in capacity:
                        ports.append(v)
            frontier = nxt
        if ports:
            out[s] = tuple(ports)
    return out


def _augment(source: int, feeds: dict, capacity: dict, used: dict, flow: dict) -> bool:
    """Route one more barrel from ``source`` to a port with a free tanker, re-routing others if needed."""
    parent: dict[int, tuple[int, int] | None] = {source: None}
    frontier = [source]
    while frontier:
        nxt = []
        for u in frontier:
            for port in feeds[u]:
                if used[port] < capacity[port]:
                    used[port] += 1
                    flow[u, port] = flow.get((u, port), 0) + 1
                    while parent[u] is not None:
                        w, via = parent[u]
                        flow[u, via] -= 1
                        flow[w, via] = flow.get((w, via), 0) + 1
                        u = w
                    return True
                for (v, p), f in flow.items():
                    if p == port and f > 0 and v not in parent:
                        parent[v] = (u, port)
                        nxt.append(v)
        frontier = nxt
    return False


# ====================================================================== tankers


def tanker_pool(st: S) -> int:
    """Tankers still with the bank (A14: a shared pool)."""
    return st.content.board.components.tankers - sum(st.tankers)


def tankers_of(st: S, seat: int) -> int:
    """All tankers ``seat`` owns."""
    nloc = len(st.content.board.locations)
    return sum(st.tankers[seat * nloc:(seat + 1) * nloc])


def canal_open(st: S, seat: int) -> bool:
    """The rule book, "Die Tankschiffe": only U.O.R.'s ruler passes the canal — anyone while nobody rules it."""
    owner = ruler(st, st.content.board.canal_state)
    return owner in (-1, seat) or st.treaty[seat]


def plain_tanker_actions(st: S, seat: int) -> list[str]:
    """The one tanker action of the turn (the rule book, "Die Tankschiffe"): buy one into the port of a state ``seat``
    rules or onto a high sea, if it can pay and the bank has one; sell one; or move one a stage on: from a
    port onto the high seas it opens onto, from a high sea into such a port of its own, or through the
    canal onto the other high sea if the canal is open to it."""
    b = st.content.board
    texts = b.texts
    nloc = len(b.locations)
    held = st.tankers[seat * nloc:(seat + 1) * nloc]
    ports = [b.port_location[s] for s in range(len(b.states)) if ruler(st, s) == seat and b.port_location[s] >= 0]
    out = []
    if st.money[seat] >= b.components.tanker_price and tanker_pool(st) > 0:
        out += [texts.buy[loc] for loc in (*ports, *b.sea_locations)]
    out += [texts.sell[loc] for loc in range(nloc) if held[loc]]
    canal = canal_open(st, seat)
    for loc in range(nloc):
        if held[loc]:
            moves = texts.tanker[loc]
            if b.location_state[loc] >= 0:
                out += [moves[sea] for sea in b.location_seas[loc]]
                continue
            out += [moves[p] for p in ports if loc in b.location_seas[p]]
            if canal:
                out += [moves[sea] for sea in b.sea_locations if sea != loc]
    return out


def tanker_actions(st: S, seat: int) -> tuple[str, ...]:
    """``plain_tanker_actions``, kept per board under all it reads: the ports of the states ``seat`` rules, its
    tankers, whether the canal is open to it and whether it may buy one. ``_tanker_actions`` writes them from
    these: filled from the plain rules, which read the whole board, this memo's and the pipelines' misses
    cost 4 % of an action."""
    b = st.content.board
    nloc = len(b.locations)
    comp = b.components
    port_bit = b.port_bit
    ports = 0
    for s in st.realms[seat]:
        ports |= port_bit[s]
    owner = st.rulers[b.canal_state]
    key = (ports, tuple(st.tankers[seat * nloc:(seat + 1) * nloc]),
           owner < 0 or owner // 4 == seat or st.treaty[seat],  # canal_open, read from the kept rulers
           st.money[seat] >= comp.tanker_price and comp.tankers > sum(st.tankers))  # affordable, in tanker_pool
    known = b.memo.tankers.get(key)
    if known is None:
        known = b.memo.tankers.keep(key, _tanker_actions(b, *key))
    return known


def _tanker_actions(b: Board, port_bits: int, held: tuple[int, ...], canal: bool, buy: bool) -> tuple[str, ...]:
    """``tanker_actions`` of a power with the ports ``port_bits`` (a bit per location) and tankers ``held``
    per location, the texts read from tables (``grammar.Texts``)."""
    texts = b.texts
    ports = _bits(port_bits)
    out = [texts.buy[loc] for loc in (*ports, *b.sea_locations)] if buy else []
    out += compress(texts.sell, held)
    for loc in compress(range(len(held)), held):
        if b.location_state[loc] >= 0:  # from a port onto the high seas it opens onto
            out += texts.out_of_port[loc]
            continue
        out += [texts.tanker[loc][p] for p in ports if loc in b.location_seas[p]]
        if canal:
            out += texts.through_canal[loc]
    return tuple(out)


def do_tanker_action(st: S, seat: int, words: list[str]) -> None:
    """Perform a tanker action from ``tanker_actions``."""
    b = st.content.board
    comp = b.components
    loc_of = b.location_index
    base = seat * len(b.locations)
    label = st.seats[seat]
    keeps = st.log.keeps  # a NullLog drops the line: its values, words put together, are not worked out
    if words[0] == "buy":
        pay(st, seat, comp.tanker_price)
        st.tankers[base + loc_of[words[2]]] += 1
        if keeps:
            st.log.say(BUYS, label, comp.tanker_price, location_words(st, words[2], "into"))
    elif words[0] == "sell":
        st.tankers[base + loc_of[words[2]]] -= 1
        receive(st, seat, comp.tanker_refund)
        if keeps:
            st.log.say(SELLS, label, location_words(st, words[2], "from"), comp.tanker_refund)
    else:
        src, dst = loc_of[words[1]], loc_of[words[2]]
        st.tankers[base + src] -= 1
        st.tankers[base + dst] += 1
        if not keeps:
            return
        source, destination = location_words(st, words[1], "from"), location_words(st, words[2], "into")
        if src in b.sea_locations and dst in b.sea_locations:
            st.log.say(THROUGH_CANAL, label, source, destination)
        else:
            st.log.say(SAILS, label, source, destination)


def take_port(st: S, seat: int, state: int) -> None:
    """Tankers in the port of a state ``seat`` has just taken over become ``seat``'s (seed §3, A7)."""
    b = st.content.board
    loc = b.port_location[state]
    if loc < 0:
        return
    nloc = len(b.locations)
    if not any(st.tankers[loc::nloc]):  # no tanker in the port (the common case)
        return
    for other in range(len(st.seats)):
        i = other * nloc + loc
        if other != seat and st.tankers[i]:
            st.log.say(TAKES_TANKER_PORT, st.seats[seat], st.tankers[i], st.seats[other], b.states[state].name)
            st.tankers[seat * nloc + loc] += st.tankers[i]
            st.tankers[i] = 0


def lose_tanker(st: S, seat: int, loc_name: str) -> None:
    """A tanker of ``seat`` at ``loc_name`` goes back to the bank's pool."""
    b = st.content.board
    st.tankers[seat * len(b.locations) + b.locations.index(loc_name)] -= 1
    st.log.say(LOSES_TANKER, st.seats[seat], location_words(st, loc_name))


# ====================================================================== pipelines


def pipeline_pool(st: S) -> int:
    """Pipelines still in the box."""
    return st.content.board.components.pipelines - bin(st.pipes).count("1")


def plain_pipeline_choices(st: S, seat: int) -> list[str]:
    """Where ``seat`` may lay a pipeline (A9), while the box holds one: a candidate pair not laid yet
    that touches a state it rules (inland–inland pairs only with option pipeline_chains)."""
    b = st.content.board
    if pipeline_pool(st) <= 0:
        return []
    allowed = b.pipeline_pairs_chain if st.opts.pipeline_chains else b.pipeline_pairs
    return [b.texts.pipeline[i] for i, pair in enumerate(b.pipeline_pairs_chain)
            if not st.pipes >> i & 1 and pair in allowed and seat in (ruler(st, pair[0]), ruler(st, pair[1]))]


def pipeline_choices(st: S, seat: int) -> tuple[str, ...]:
    """``plain_pipeline_choices`` read from bits (``Board.pipes_at``, ``Board.plain_pipes``) and kept per board by
    the bits of the free candidates."""
    b = st.content.board
    pipes = st.pipes
    if b.components.pipelines <= pipes.bit_count():  # pipeline_pool
        return ()
    touching = 0
    for s in st.realms[seat]:
        touching |= b.pipes_at[s]
    if not st.opts.pipeline_chains:
        touching &= b.plain_pipes
    free = touching & ~pipes
    known = b.memo.pipelines.get(free)
    if known is None:
        texts = b.texts.pipeline
        known = b.memo.pipelines.keep(free, tuple([texts[i] for i in _bits(free)]))
    return known


def _bits(mask: int) -> list[int]:
    """The positions of the bits set in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def pipe_index(st: S, a: str, b_key: str) -> int:
    """The bit of the pipeline between two states (given by key)."""
    b = st.content.board
    pair = tuple(sorted((b.state_index[a], b.state_index[b_key])))
    return b.pipeline_pairs_chain.index(pair)


def lay_pipeline(st: S, seat: int, a: str, b_key: str, price: int) -> None:
    """Lay the pipeline between ``a`` and ``b_key``; it stays whoever rules (seed §5, A10)."""
    b = st.content.board
    pay(st, seat, price)
    st.pipes |= 1 << pipe_index(st, a, b_key)
    state, other = b.states[b.state_index[a]].name, b.states[b.state_index[b_key]].name
    if price:
        st.log.say(LAYS, st.seats[seat], state, other, price)
    else:
        st.log.say(LAYS_FREE, st.seats[seat], state, other)
