"""Das Spiel der Nationen — game state: plain data, a cheap clone, views, determinization.

Visibility, declared once here:
- public: every piece on the board (leaders, agents, tankers, pipelines), every player's
  money, pieces in supply, loans, strikes and other card effects in force, the round and
  the turn, the cards drawn so far (each is read out and put under the deck, so their
  order at the bottom of the deck is known to everyone);
- private: nothing (money lies openly on the table: ``docs/games/nationen.md``);
- nobody: the order of the cards never drawn yet, and the future (the RNG).
"""

from __future__ import annotations

from typing import Any

from realpolitik.engine import CACHE, LIST, SHARED, VALUE, FramedState, Outcome, Rng, fields
from realpolitik.i18n import Text

from . import economy, grave, sequence, setup, words
from .content import LEADERS
from .options import NationenOptions


class NationenState(FramedState):
    """A game of Das Spiel der Nationen in progress.

    ``board[p]`` is the leader on point ``p`` (``seat * 4 + kind``) or -1; ``agents[s]``
    the point of seat ``s``'s agent (-1 once out); ``supply[s * 4 + kind]`` leaders not yet
    placed; ``tankers[s * L + loc]`` seat ``s``'s tankers at location ``loc`` (ports, then
    the two high seas); ``pipes`` a bit per candidate pipeline pair; ``deck[0]`` the top
    card, of which the first ``unknown`` have never been drawn.
    """

    __slots__ = fields(
        content=SHARED, board=LIST, agents=LIST, supply=LIST, money=LIST, tankers=LIST, pipes=VALUE, alive=LIST,
        out_order=LIST, deck=LIST, unknown=VALUE, loan=LIST, loan_rate=LIST, strike=LIST, nationalised=LIST,
        treaty=LIST, bank=VALUE, first=VALUE, opening=VALUE, assigned=VALUE, current=VALUE, round=VALUE,
        step3=VALUE, tanker_done=VALUE, pipeline_done=VALUE, moved=VALUE, chained=VALUE, last_card=VALUE,
        limit_reached=VALUE,
        heads=CACHE,  # occupancy(self), None until asked for and after the board changes
        # kept by occupancy.put: per seat its heads of state's points and its states, per state its ruler
        # and whether its capital is free, and a bit (``1 << point``) for each point a head of state stands on
        lineup=CACHE, realms=CACHE, rulers=CACHE, vacant=CACHE, occupied=CACHE,
    )
    opts: NationenOptions

    # ------------------------------------------------------------------ contract

    def why_illegal(self, action: str) -> str | None:
        return sequence.why_illegal(self, action)

    def action_label(self, verb: str, args: tuple) -> Text | None:
        return words.action_label(self, verb, args)

    def grave(self, action: str) -> Text | None:
        return grave.grave(self, action)

    def outcome(self) -> Outcome | None:
        if self.stack:
            return None
        return setup.outcome(self)

    # ------------------------------------------------------------------ views

    def public_view(self) -> dict[str, Any]:
        b = self.content.board
        n = len(self.seats)
        nloc = len(b.locations)
        states = []
        for s, sd in enumerate(b.states):
            base = b.capital[s] - sd.capital
            points = []
            for i in range(sd.points):
                p = base + i
                occ = self.board[p]
                points.append({
                    "leader": None if occ < 0 else {"seat": self.seats[occ // 4], "kind": LEADERS[occ % 4]},
                    "agents": [self.seats[a] for a in range(n) if self.agents[a] == p],
                })
            ruler = self.board[b.capital[s]]
            loc = b.port_location[s]
            states.append({
                "key": sd.key,
                "ruler": None if ruler < 0 else {"seat": self.seats[ruler // 4], "kind": LEADERS[ruler % 4]},
                "points": points,
                "port": None if loc < 0 else {
                    self.seats[a]: self.tankers[a * nloc + loc] for a in range(n) if self.tankers[a * nloc + loc]
                },
            })
        seas = {
            b.locations[loc]: {self.seats[a]: self.tankers[a * nloc + loc] for a in range(n)
                               if self.tankers[a * nloc + loc]}
            for loc in b.sea_locations
        }
        pairs = b.pipeline_pairs_chain
        players = []
        for a in range(n):
            players.append({
                "seat": self.seats[a],
                "alive": self.alive[a],
                "money": self.money[a],
                "income": economy.income(self, a) if self.alive[a] else 0,
                "supply": {k: self.supply[a * 4 + i] for i, k in enumerate(LEADERS)},
                "tankers": sum(self.tankers[a * nloc:(a + 1) * nloc]),
                "agent": None if self.agents[a] < 0 else b.point_name[self.agents[a]],
                "loan_installments": self.loan[a],
                "loan_installment": self.loan_rate[a],
                "strike": self.strike[a],
                "nationalised": None if self.nationalised[a] < 0 else b.keys[self.nationalised[a]],
                "canal_treaty": self.treaty[a],
            })
        drawn = len(self.deck) - self.unknown
        return {
            "decision": self.stack[-1].tag if self.stack else None,
            "round": self.round,
            "round_limit": self.opts.round_limit,
            "turn": self.seats[self.current],
            "step3": ("open", "done", "replaced")[self.step3],
            "tanker_action_used": self.tanker_done,
            "pipeline_bought": self.pipeline_done,
            "states": states,
            "seas": seas,
            "pipelines": [[b.keys[x], b.keys[y]] for i, (x, y) in enumerate(pairs) if self.pipes >> i & 1],
            "players": players,
            "tanker_pool": economy.tanker_pool(self),
            "pipeline_pool": economy.pipeline_pool(self),
            "bank": self.bank if self.opts.bank_limit else None,
            "deck": {"cards": len(self.deck), "never_drawn": self.unknown,
                     "known_bottom": self.deck[self.unknown:] if drawn else []},
            "last_card": self.last_card,
            "assigned": {self.seats[a]: b.keys[s] for a, s in enumerate(self.assigned)} if self.assigned else None,
        }

    def private_view(self, seat: int) -> dict[str, Any]:
        return {}

    # ------------------------------------------------------------------ determinization

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Reshuffle the cards nobody has seen yet (the top of the deck); the rest is public.

        The unseen cards are sorted first, so the world drawn depends only on what the seat knows.
        """
        top = sorted(self.deck[:self.unknown])
        rng.shuffle(top)
        self.deck[:self.unknown] = top
