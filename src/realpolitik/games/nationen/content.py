"""The board of Kark and the incident cards, loaded once from ``data/*.toml``.

Both files are stand-in content (``docs/games/nationen.md``) and replaceable by a user's own
file (options ``board`` and ``cards``). Loading validates every entry — errors name the
file, the entry and the field — and compiles the board into flat lookup tables: points
are numbered ``state * 8 + i``, every movement rule reads precomputed successor tables,
and the agent's four-step destinations are computed here once.
"""

from __future__ import annotations

from dataclasses import dataclass, field, make_dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from realpolitik.engine.content import Entry, Problems, read_toml

from . import grammar
from .memo import Memos
from .options import Direction
from .tables import LEADERS
from .words import location_texts, point_texts

if TYPE_CHECKING:
    from .walks import Walks

DATA = Path(__file__).parent / "data"

SEAS = ("north", "south")
Key = Field(pattern=r"^[a-z][a-z0-9]*$")

# Movement modes of a walk node (point * MODES + mode). A walk starts in START; a step
# along the circle fixes the direction; an arrow step lands in an ARRIVED mode, where the
# leader chooses again (per-circle rule, A4) or keeps its direction (global rule).
START, CW, CCW, ARRIVED, ARRIVED_CW, ARRIVED_CCW = range(6)
MODES = 6


class Arrow(Entry):
    """An arrow from a point of this circle to a point of a neighbour's circle."""

    at: int = Field(ge=0)
    to: str
    point: int = Field(ge=0)


class StateDef(Entry):
    """One state of Kark as printed: its circle, derricks, port and arrows."""

    key: str = Key
    name: str
    kind: Literal["coastal", "canal", "inland"]
    derricks: int = Field(ge=0)
    port: Literal["north", "south", "canal"] | None = None
    points: int = Field(8, ge=3)
    capital: int = Field(0, ge=0)
    questions: tuple[int, ...] = (4,)
    arrows: tuple[Arrow, ...] = ()
    stand_in: bool = False


class LeaderDef(Entry):
    """Price per step (= price of placing), pieces per player, income per production pair."""

    rate: int = Field(ge=1)
    count: int = Field(ge=0)
    income: int = Field(ge=0)


class Components(Entry):
    """What is in the box, and the prices of the rule book."""

    start_money: int = Field(ge=0)
    start_tankers: int = Field(ge=0)
    tankers: int = Field(ge=0)
    pipelines: int = Field(ge=0)
    bank: int = Field(ge=0)
    tanker_price: int = Field(ge=0)
    tanker_refund: int = Field(ge=0)
    pipeline_price: int = Field(ge=0)
    agent_steps: int = Field(ge=1)
    start_pipeline: tuple[str, str] | None = None


class BoardFile(Entry):
    """The top level of a board file."""

    stand_in: bool = False
    components: Components
    leaders: dict[str, LeaderDef]
    states: list = Field(min_length=2)
    layout: tuple[tuple[str, ...], ...] = ()  # rows of state keys, seas or "" for the terminal board


Effect = Literal[
    "gain", "loan", "free-move", "take-over", "depose", "tanker-gift", "pipeline-gift",
    "canal-treaty", "agent-move", "windfall", "strike", "sink", "assassination", "retreat",
    "remove", "pay", "nationalise", "sabotage", "call-loan",
]
LeaderName = Literal["king", "president", "dictator", "guerrilla"]


class Card(Entry):
    """One kind of incident card (identical copies share a key)."""

    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    text: str
    effect: Effect
    favourable: bool = False
    count: int = Field(1, ge=1)
    amount: int = Field(0, ge=0)
    installments: int = Field(0, ge=0)
    installment: int = Field(0, ge=0)
    leader: LeaderName | Literal["drawer"] | None = None
    leaders: tuple[LeaderName, ...] = ()
    steps: int = Field(0, ge=0)
    attack: bool = False
    where: Literal["any", "port"] = "any"
    on_capital: bool = False
    once: bool = False
    stand_in: bool = False


_CARD_NEEDS = {
    "gain": ("amount",), "pay": ("amount",), "call-loan": ("amount",),
    "loan": ("amount", "installments", "installment"),
    "free-move": ("leader", "steps"), "retreat": ("leader", "steps"), "agent-move": ("steps",),
    "remove": ("leader",), "depose": ("leaders",),
}


@dataclass(frozen=True, slots=True)
class Board:
    """The compiled board: flat tuples indexed by point, state or location."""

    source: str
    stand_in: bool
    states: tuple[StateDef, ...]  # as plain records (``_record``)
    keys: tuple[str, ...]
    state_index: dict[str, int]
    components: Components  # as a plain record (``_record``)
    rate: tuple[int, ...]  # per leader kind
    pieces: tuple[int, ...]  # per leader kind
    income_rate: tuple[int, ...]  # per leader kind
    # points
    point_state: tuple[int, ...]
    point_name: tuple[str, ...]
    point_id: dict[str, int]
    question: tuple[bool, ...]
    capital: tuple[int, ...]  # capital point per state
    capital_of: tuple[int, ...]  # state whose capital a point is, else -1
    arrow: tuple[int, ...]  # arrow partner of a point, else -1
    steps: dict[str, tuple[tuple[int, ...], ...]]  # direction rule -> successors per walk node
    agent_moves: dict[str, tuple[tuple[int, ...], ...]]  # direction rule -> exact agent steps per point
    distance: tuple[tuple[int, ...], ...]  # steps between points, ignoring pieces and directions
    # ports, seas and tanker locations
    locations: tuple[str, ...]  # port state keys, then the seas
    location_index: dict[str, int]  # the position of each in ``locations``
    port_location: tuple[int, ...]  # location of a state's port, else -1
    location_state: tuple[int, ...]  # state of a port location, else -1
    location_seas: tuple[tuple[int, ...], ...]  # sea locations a location opens onto
    sea_locations: tuple[int, ...]
    canal_state: int
    # pipelines
    pipeline_pairs: tuple[tuple[int, int], ...]  # candidate pairs (a, b), a < b
    pipeline_pairs_chain: tuple[tuple[int, int], ...]  # with inland–inland pairs (variant)
    start_pipeline: int  # index in pipeline_pairs_chain of the pipe laid at set-up, or -1
    layout: tuple[tuple[str, ...], ...]  # how the terminal board arranges states and seas
    # worked out from the fields above when the board is made (``__post_init__``): plain slots, as the
    # rules read the board dozens of times an action, and a cached_property's value would live in an
    # instance dictionary, which makes every field slower to read
    #: every action text of this board, written once
    texts: grammar.Texts = field(init=False, repr=False, compare=False)
    #: per point, its words for players (``words.point_words``)
    point_words: tuple[Any, ...] = field(init=False, repr=False, compare=False)
    #: per case (at, into, from) and place (a state's key: its port; or a high sea), a tanker's place in
    #: words (``words.location_words``)
    location_words: dict[str, dict[str, Any]] = field(init=False, repr=False, compare=False)
    #: the kinds of head of state, the cheapest to move first
    kinds_by_rate: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: per point, a bit (``1 << point``) for an agent standing there; the last, 0, for an agent out of the game (-1)
    agent_bit: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: per direction rule and point, the agent's moves of a turn (exactly ``agent_steps`` steps) as
    #: action texts in point order (``agent_ends``); made once for the whole board, as every turn asks for them
    agent_turns: dict[str, tuple[tuple[str, ...], ...]] = field(init=False, repr=False, compare=False)
    #: the derricks of each state
    derricks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: per state, a bit (``1 << i``) for each candidate pipeline of ``pipeline_pairs_chain`` that touches it
    pipes_at: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: per state, a bit (``1 << location``) for its port, or 0 inland
    port_bit: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: a bit (``1 << i``) for each candidate pipeline of ``pipeline_pairs_chain`` in ``pipeline_pairs``
    plain_pipes: int = field(init=False, repr=False, compare=False)
    #: answers the rules work out again and again on this board (``memo.py``)
    memo: Memos = field(init=False, repr=False, compare=False)
    #: a head of state's walks across the empty board, per direction rule, each worked out when first asked for
    walks: Walks = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        from .walks import Walks  # walks.py reads this module's walk modes

        made = object.__setattr__  # the board is frozen
        texts = grammar.Texts(self, LEADERS)
        made(self, "texts", texts)
        made(self, "point_words", point_texts(self))
        made(self, "location_words", location_texts(self))
        made(self, "kinds_by_rate", tuple(sorted(range(len(LEADERS)), key=self.rate.__getitem__)))
        made(self, "agent_bit", (*(1 << p for p in range(len(self.point_name))), 0))
        n = self.components.agent_steps
        made(self, "agent_turns", {rule: tuple(tuple(texts.agent[q] for q in self.agent_ends(rule, p, n))
                                               for p in range(len(self.point_name)))
                                   for rule in self.agent_moves})
        made(self, "derricks", tuple(s.derricks for s in self.states))
        made(self, "pipes_at", tuple(sum(1 << i for i, pair in enumerate(self.pipeline_pairs_chain) if s in pair)
                                     for s in range(len(self.states))))
        made(self, "port_bit", tuple(1 << loc if loc >= 0 else 0 for loc in self.port_location))
        made(self, "plain_pipes", sum(1 << i for i, pair in enumerate(self.pipeline_pairs_chain)
                                      if pair in self.pipeline_pairs))
        made(self, "memo", Memos())
        made(self, "walks", Walks(self))

    def state_name(self, s: int) -> str:
        return self.states[s].name

    def agent_ends(self, rule: str, point: int, steps: int, up_to: bool = False) -> list[int]:
        """Where the agent on ``point`` can end after exactly ``steps`` steps (any of 1..``steps`` with ``up_to``)
        under the direction ``rule``, in point order: it passes everything and never ends where it began
        (the rule book, "2. Die Geheimagenten")."""
        n = self.components.agent_steps
        table = self.agent_moves[rule]
        ends: set[int] = set()
        for k in range(1 if up_to else steps, steps + 1):
            ends.update(table[point * n + k - 1])
        ends.discard(point)
        return sorted(ends)


@dataclass(frozen=True)
class Content:
    """Board and deck; shared by every state, never mutated."""

    board: Board
    cards: dict[str, Card]  # as plain records (``_record``)
    deck: tuple[str, ...]  # one key per physical card
    cards_stand_in: bool


# ====================================================================== board


def _compile_board(path: Path) -> Board:
    source = str(path)
    raw = read_toml(path)
    problems = Problems(source)
    top = problems.model(BoardFile, raw, "(top level)")
    states = problems.entries(raw, "states", StateDef)
    problems.check()
    keys = tuple(s.key for s in states)
    index: dict[str, int] = {}
    for i, s in enumerate(states):
        if s.key in index:
            problems.add(f"states {s.key!r}", "key", "used twice")
        index[s.key] = i
    for k in LEADERS:
        if k not in top.leaders:
            problems.add("leaders", k, "required")
    for k in top.leaders:
        if k not in LEADERS:
            problems.add("leaders", k, f"not a leader kind (kinds: {', '.join(LEADERS)})")
    if sum(1 for s in states if s.port == "canal") != 1:
        problems.add("states", "port", "exactly one state must have its port on the canal")
    base = []
    total = 0
    for s in states:
        base.append(total)
        total += s.points
    point_state, point_name, question, capital_of = [], [], [], []
    for si, s in enumerate(states):
        label = f"states {s.key!r}"
        if s.capital >= s.points:
            problems.add(label, "capital", f"point {s.capital} is not on a circle of {s.points}")
        for q in s.questions:
            if q >= s.points or q == s.capital:
                problems.add(label, "questions", f"point {q} cannot be a '?' point")
        if (s.kind == "inland") != (s.port is None):
            problems.add(label, "port", "inland states have no port, the others need one")
        if s.kind == "canal" and s.port != "canal":
            problems.add(label, "port", "the canal state's port lies on the canal")
        for i in range(s.points):
            point_state.append(si)
            point_name.append(f"{s.key}-{i}")
            question.append(i in s.questions)
            capital_of.append(si if i == s.capital else -1)
    arrow = [-1] * total
    for si, s in enumerate(states):
        label = f"states {s.key!r}"
        for a in s.arrows:
            if a.to not in index or a.to == s.key:
                problems.add(label, "arrows", f"{a.to!r} is not a neighbouring state")
                continue
            other = states[index[a.to]]
            if a.at >= s.points or a.point >= other.points:
                problems.add(label, "arrows", f"point {a.at}→{a.to}-{a.point} is off the circle")
                continue
            p, q = base[si] + a.at, base[index[a.to]] + a.point
            if arrow[p] not in (-1, q):
                problems.add(label, "arrows", f"point {a.at} has two arrows")
            arrow[p] = q
    for p, q in enumerate(arrow):
        if q >= 0 and arrow[q] != p:
            problems.add(f"states {keys[point_state[p]]!r}", "arrows",
                         f"the arrow {point_name[p]}→{point_name[q]} is not listed on the other side")
    comp = top.components
    for row in top.layout:
        for cell in row:
            if cell and cell not in index and cell not in SEAS:
                problems.add("layout", "layout", f"{cell!r} is neither a state nor a sea")
    if comp.start_pipeline and any(k not in index for k in comp.start_pipeline):
        problems.add("components", "start_pipeline", f"{comp.start_pipeline[0]!r} or {comp.start_pipeline[1]!r} is "
                     "not a state")
    problems.check()
    cw = [base[point_state[p]] + (p - base[point_state[p]] + 1) % states[point_state[p]].points for p in range(total)]
    ccw = [base[point_state[p]] + (p - base[point_state[p]] - 1) % states[point_state[p]].points for p in range(total)]
    steps = {rule: _walk_table(cw, ccw, arrow, rule) for rule in Direction.texts}
    locations = tuple(s.key for s in states if s.port) + SEAS
    loc_index = {k: i for i, k in enumerate(locations)}
    port_location = tuple(loc_index[s.key] if s.port else -1 for s in states)
    location_state = tuple(index[k] if k in index else -1 for k in locations)
    north, south = loc_index["north"], loc_index["south"]
    seas_of = {"north": (north,), "south": (south,), "canal": (north, south)}
    location_seas = tuple(seas_of[states[index[k]].port] if k in index else () for k in locations)
    borders = sorted({tuple(sorted((point_state[p], point_state[q]))) for p, q in enumerate(arrow) if q >= 0})
    chain_pairs = tuple(
        (a, b) for a, b in borders
        if "inland" in (states[a].kind, states[b].kind)
    )
    plain_pairs = tuple((a, b) for a, b in chain_pairs if states[a].kind != states[b].kind)
    start = -1
    if comp.start_pipeline:
        a, b = comp.start_pipeline
        pair = tuple(sorted((index[a], index[b])))
        if pair not in plain_pairs:
            problems.add("components", "start_pipeline", "must join an inland state to a neighbour with a port")
            problems.check()
        start = chain_pairs.index(pair)
    capital = tuple(base[i] + s.capital for i, s in enumerate(states))
    return Board(
        source=source, stand_in=top.stand_in, states=tuple(map(_record, states)), keys=keys, state_index=index,
        components=_record(comp),
        rate=tuple(top.leaders[k].rate for k in LEADERS),
        pieces=tuple(top.leaders[k].count for k in LEADERS),
        income_rate=tuple(top.leaders[k].income for k in LEADERS),
        point_state=tuple(point_state), point_name=tuple(point_name),
        point_id={n: i for i, n in enumerate(point_name)}, question=tuple(question),
        capital=capital, capital_of=tuple(capital_of), arrow=tuple(arrow), steps=steps,
        agent_moves={rule: _agent_table(table, total, comp.agent_steps) for rule, table in steps.items()},
        distance=_distances(cw, ccw, arrow),
        locations=locations, location_index=loc_index, port_location=port_location,
        location_state=location_state,
        location_seas=location_seas, sea_locations=(north, south),
        canal_state=next(i for i, s in enumerate(states) if s.port == "canal"),
        pipeline_pairs=plain_pairs, pipeline_pairs_chain=chain_pairs, start_pipeline=start,
        layout=top.layout,
    )


def _record(entry: Entry) -> Any:
    """A validated entry's fields as a plain frozen record (slots, the same names): the rules read
    the components and the states at every turn and a card at every draw, and a pydantic model's
    fields take some 400 instructions to read against 20."""
    return _RECORDS[type(entry)](**dict(entry))


#: per entry class, its plain record class
_RECORDS = {cls: make_dataclass(cls.__name__, list(cls.model_fields), frozen=True, slots=True)
            for cls in (StateDef, Components, Card)}


def _walk_table(cw: list[int], ccw: list[int], arrow: list[int], rule: str) -> tuple[tuple[int, ...], ...]:
    """Successor walk nodes of every walk node, for a direction rule (A4).

    ``per-circle``: on entering a circle by an arrow the leader chooses its direction anew.
    ``global``: the direction chosen at the start (clockwise or counter-clockwise) holds on
    every circle. Never straight back across the arrow just taken.
    """
    glob = rule == Direction.GLOBAL
    out = []
    for p in range(len(cw)):
        a = arrow[p]
        for mode in range(MODES):
            nxt = []
            if mode in (START, CW, ARRIVED, ARRIVED_CW):
                nxt.append(cw[p] * MODES + CW)
            if mode in (START, CCW, ARRIVED, ARRIVED_CCW):
                nxt.append(ccw[p] * MODES + CCW)
            if a >= 0 and mode in (START, CW, CCW):
                landing = {START: ARRIVED, CW: ARRIVED_CW, CCW: ARRIVED_CCW}[mode] if glob else ARRIVED
                nxt.append(a * MODES + landing)
            out.append(tuple(nxt))
    return tuple(out)


def _agent_table(table: tuple[tuple[int, ...], ...], total: int, n: int) -> tuple[tuple[int, ...], ...]:
    """Per start point, the points at exactly 1..n steps: ``result[p * n + k - 1]``."""
    out = []
    for p in range(total):
        layer = {p * MODES + START}
        for _ in range(n):
            layer = {q for node in layer for q in table[node]}
            out.append(tuple(sorted({node // MODES for node in layer})))
    return tuple(out)


def _distances(cw: list[int], ccw: list[int], arrow: list[int]) -> tuple[tuple[int, ...], ...]:
    total = len(cw)
    out = []
    for p in range(total):
        dist = [-1] * total
        dist[p] = 0
        frontier = [p]
        while frontier:
            nxt = []
            for q in frontier:
                for r in (cw[q], ccw[q], arrow[q]):
                    if r >= 0 and dist[r] < 0:
                        dist[r] = dist[q] + 1
                        nxt.append(r)
            frontier = nxt
        out.append(tuple(dist))
    return tuple(out)


# ====================================================================== cards


def _check_cards(cards: list[Card], problems: Problems) -> dict[str, Card]:
    by_key: dict[str, Card] = {}
    for card in cards:
        label = f"cards {card.key!r}"
        if card.key in by_key:
            problems.add(label, "key", "used twice")
        for fld in _CARD_NEEDS.get(card.effect, ()):
            if not getattr(card, fld):
                problems.add(label, fld, f"required for the effect {card.effect!r}")
        if card.leader == "drawer" and card.effect != "retreat":
            problems.add(label, "leader", "'drawer' only names the leader of a retreat")
        by_key[card.key] = card
    return by_key


@lru_cache(maxsize=8)
def load(board_file: str = "", cards_file: str = "") -> Content:
    """The content, with the built-in (stand-in) files or the files at the given paths."""
    board = _compile_board(Path(board_file) if board_file else DATA / "board.toml")
    cards_path = Path(cards_file) if cards_file else DATA / "cards.toml"
    raw = read_toml(cards_path)
    problems = Problems(str(cards_path))
    cards = _check_cards(problems.entries(raw, "cards", Card), problems)
    for card in cards.values():
        if card.effect == "agent-move" and card.steps > board.components.agent_steps:
            problems.add(f"cards {card.key!r}", "steps", f"an agent moves at most {board.components.agent_steps} steps")
    problems.check()
    return Content(
        board=board,
        cards={key: _record(card) for key, card in cards.items()},
        deck=tuple(c.key for c in cards.values() for _ in range(c.count)),
        cards_stand_in=bool(raw.get("stand_in", False)) or any(c.stand_in for c in cards.values()),
    )
