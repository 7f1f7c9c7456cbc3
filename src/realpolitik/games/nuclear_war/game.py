"""The Nuclear War game definition: seats, rule options and set-up."""

from __future__ import annotations

from copy import copy
from typing import Any

from realpolitik.engine import ContentError, Game
from realpolitik.games import LEVELS
from realpolitik.i18n import t

from . import action_texts, heuristic, measures, setup
from .belief import rows_as_placed
from .content import OLD_DECKS, load
from .options import NuclearWarOptions
from .particles import from_play
from .state import NuclearWarState
from .tables import DEAL, HAND_SIZE
from .words import turn_lines


class NuclearWar(Game):
    """Nuclear War (Douglas Malewicki, 1965), German rules, 2–6 players."""

    id = "nuclear-war"
    title = "Nuclear War"
    #: 2: final retaliation by default with the nine cards the German Nuclear War rule book names (no face-up carrier);
    #: 3: the printed deck (warheads kill what their cards say, the real payloads, stop lists and
    #: Secrets); records of version 2 replay with its stand-in deck (``at_version``)
    rules_version = "3"
    older_versions = tuple(OLD_DECKS)
    #: the built-in cards file ("": the printed deck of this version)
    deck = ""
    min_players = 2
    max_players = 6
    summary = t("A satirical card game of the Cold War: win the other nations' people over with propaganda, "
                "or wipe them out with missiles and bombers. The last nation with people left rules the world.")
    length = t("about 1 hour")
    Options = NuclearWarOptions
    levels = LEVELS
    bots = {"heuristic": heuristic.HeuristicBot}
    evaluate = staticmethod(heuristic.evaluate)
    rollout_policy = staticmethod(heuristic.rollout_policy)
    rollout_policies = {"sharp": heuristic.sharp_rollout_policy}
    belief = staticmethod(rows_as_placed)
    particles = staticmethod(from_play)
    measures = measures
    action_texts = staticmethod(action_texts.every_text)
    #: measured with rules version 2 (lab/nuclear-war-search.md, *The default search*): the
    #: heuristic plays every playout to the end of the game (``rollout_policy``, asked in the sampled world) — short
    #: random playouts scored by ``evaluate`` won 10.8 % of 204 games as one seat among three
    #: heuristics, heuristic playouts to the end 14.4 % of 800 (a heuristic seat wins 9.1 %);
    #: more budget did not help (40 000: 11.5 %), so 10 000 apply calls. The sharp heuristic
    #: proposes each move and the search overrides it only when clearly better
    #: (``prior=sharp``): 17.1 % on the same 800 deals, where the sharp heuristic alone wins
    #: 14.2 %. ``evaluate`` stays for playouts cut short (``rollout=random``, a smaller depth)
    bot_defaults = {"ismcts": {"rollout": "game", "depth": 1000, "budget": 10000, "prior": "sharp"}}
    #: the lean of a review's chances (``Game.pseudo_playouts``), the best Brier score of
    #: ``python tools/calibrate_review.py nuclear-war --fit --games 40 --seed 1000 --workers 2``
    pseudo_playouts = 16
    #: measured (lab/reviews.md, ``benchmarks/review_noise.py nuclear-war``): a playout runs to the
    #: game's end, about 80 apply calls, so the standard 6000 are some 75 playouts, and two seeds'
    #: chances differed by 0.046 on average per seat and action, above the review's bar of 0.02;
    #: twelve times the standard meets it (at 72 000: 0.018 on two records; 12 times the CPU)
    review_budget = 72000
    #: measured (lab/reviews.md, the second pass of ``benchmarks/review_noise.py nuclear-war
    #: --plies 40`` on records 0–3): its losses are small (mostly 0.01–0.04), and on the standard
    #: four rounds against the first round's best alternative two seeds shared 11 of 15 turning
    #: points; on eight rounds (half the variance) against all three alternatives (the better move
    #: chosen on every round, not on the first's luck) 15 of 19, at 2.4 times that pass's CPU
    review_rounds = 8
    review_rivals = 3

    def default_players(self) -> int:
        return 4

    def at_version(self, version: str) -> Game | None:
        """An older version plays by the same rules with that version's deck (``OLD_DECKS``)."""
        if version == self.rules_version or (version != NuclearWar.rules_version and version not in OLD_DECKS):
            return super().at_version(version)
        other = copy(self)
        other.rules_version, other.deck = version, OLD_DECKS.get(version, "")
        return other

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> NuclearWarState:
        st = NuclearWarState.__new__(NuclearWarState)
        st._init_base(self, players, options, seed)
        cards = st.opts.content or self.deck
        content = load(cards)
        if len(content.deck) < players * HAND_SIZE + 10:
            source = st.opts.content or "built-in cards"
            raise ContentError(f"{source}: {len(content.deck)} cards are too few for {players} players")
        if sum(content.population) < players * DEAL[players]:
            raise ContentError(f"population cards: {sum(content.population)} are too few for {players} players")
        st.content = content
        st.lines = turn_lines(cards, st.seats)
        st.shown = [[] for _ in range(players)]
        st.queues = [[] for _ in range(players)]
        st.exposed = [[] for _ in range(players)]
        st.face_up = [None] * players
        st.payload = [0] * players
        st.discard = []
        st.alive = [True] * players
        st.net = [0] * players
        st.out_tick = [-1] * players
        st.tick = 0
        st.at_war = False
        st.skips = [0] * players
        st.next_turn = None
        st.moves = 0
        st.stack = []
        st.dying = []
        st.fallen = False
        st.salvo_lost = frozenset()
        st.world_ended = False
        setup.setup(st)
        return st

