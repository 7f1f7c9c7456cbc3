"""Wir sind das Volk!'s set-up (as reconstructed in ``docs/games/wsdv.md``): unrest, socialists, the
starting factories and the tracks; 2+2 prepares the same board (``prepare``) and adds its own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from realpolitik.i18n import phrase

from .board import NONE, WORKING

if TYPE_CHECKING:
    from .state import WsdvState as S

# the log line written here, made by ``phrase`` (i18n/messages.py)
WIR_SIND_DAS_VOLK = phrase("Wir sind das Volk! — rules version {setup} set-up.", "setup")


# ====================================================================== set-up (§2)


def setup(st: S) -> None:
    """Vorbereitung (§2), then the first decade begins."""
    prepare(st)
    st.advance()


def prepare(st: S) -> None:
    """Unrest, socialists, the four starting factories, tracks at 0 (§2.1/§2.2); the first decade is due."""
    c = st.content
    version = c.setups[st.opts.setup]
    st.unrest = [version.unrest_in.get(p.key, version.unrest) for p in c.provinces]
    st.ls = [0] * len(c.provinces)
    st.sectors = [0] * len(c.sectors)
    st.socialists = [0] * len(c.provinces)
    st.box = version.box
    st.factory = [NONE] * len(c.cities)
    for x in c.start_factories:
        st.factory[x] = WORKING
    st.lines = [0] * len(c.ends)
    st.hamburg = c.start_hamburg
    st.works = None
    st.prestige = st.currency = st.socialism = st.flight = 0
    st.wall = st.stasi = False
    st.police = []
    st.police_used = 0
    st.delivered = [False] * len(c.sectors)
    st.supplier_mp = [0] * len(c.sectors)
    st.decade = st.half = 0
    st.deck, st.display, st.played, st.history = [], [], [], []
    st.special = None
    n = len(st.seats)
    st.hands = [[] for _ in range(n)]
    st.known = [[] for _ in range(n)]
    st.deck_seen = [0] * n
    st.out_seen = [[] for _ in range(n)]
    st.order = list(range(n))
    st.turn = 0
    st.stack = [st.StartDecade()]
    st.hits = []
    st.eod = -1
    st.result = None
    st.log.say(WIR_SIND_DAS_VOLK, st.opts.setup)
