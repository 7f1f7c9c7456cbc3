"""How the server runs: the settings of ``realpolitik serve``, handed to the hall."""

from __future__ import annotations

from dataclasses import dataclass, field

from .notify import NoticeSettings
from .quota import Limits


@dataclass(frozen=True)
class Settings:
    """How the server runs: database URL, bot pacing and workers, limits."""

    db: str = "sqlite:///realpolitik.db"
    #: seconds a bot waits before it moves, so people can follow the table
    bot_delay: float = 0.3
    #: worker processes for bots; 0 runs them on a thread of the server process
    bot_workers: int | None = None
    #: seconds a search bot (``ismcts``) may think per move, at most
    bot_think: float = 1.0
    #: seconds the stand-in waits before each move for a person whose time ran out (None: the
    #: time control's, :meth:`.clock.Clock.stand_in_pace`)
    stand_in_pace: float | None = None
    limits: Limits = field(default_factory=Limits)
    #: turn notifications: SMTP, the server's public address for links, webhooks
    notices: NoticeSettings = field(default_factory=NoticeSettings)
    #: vacation days each account banks per calendar year (0: no vacation; server/vacation.py)
    vacation_days: int = 21
