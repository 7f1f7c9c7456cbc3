"""Playing a game in the terminal: humans (hot-seat, with a curtain) and bots."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule

from realpolitik.bots import make_bot
from realpolitik.engine import Game, IllegalAction, Record, Rng, SeatContext, State, normalize
from realpolitik.i18n import DEFAULT, Text, render, t

from .render import board, log_lines, outcome_text

HUMAN = "human"


class Quit(Exception):
    """The human asked to stop the game."""


@dataclass
class Table:
    """A game being played: the state, who sits where, the record and what each human saw."""

    game: Game
    state: State
    seats: list[str]
    record: Record
    console: Console
    ask: Callable[[str], str]
    bots: list[Any] = field(default_factory=list)
    seen: dict[int, int] = field(default_factory=dict)
    spectator_seen: int = 0
    last_human: int | None = None
    rng: Rng = field(default_factory=Rng)
    #: false (``--quiet``, bots only): no log and no board, only the outcome
    verbose: bool = True
    #: the language of the game's words (views, refusals)
    lang: str = DEFAULT

    @classmethod
    def open(cls, game: Game, seats: list[str], seed: int, options: dict, console: Console,
             ask: Callable[[str], str], verbose: bool = True, lang: str = DEFAULT) -> Table:
        state = game.new_state(len(seats), options, seed)
        bots = [None if kind == HUMAN else make_bot(kind, game, seed * 31 + i, players=len(seats))
                for i, kind in enumerate(seats)]
        return cls(game, state, seats, Record.start(state, seed, seats), console, ask, bots,
                   rng=Rng(seed ^ 0x5EED5EED), verbose=verbose, lang=lang)

    @property
    def humans(self) -> list[int]:
        return [i for i, bot in enumerate(self.bots) if bot is None]

    def play(self) -> None:
        """Play until the game ends (raises ``Quit`` if a human quits)."""
        while not self.state.is_over():
            seat = self.state.to_act
            bot = self.bots[seat]
            if bot is None:
                action = self._human_turn(seat)
            else:
                action = bot.choose(SeatContext.of(self.state, seat, self.rng.fork()))
            self.state.apply(action)
            self.record.actions.append(action)
            if not self.humans and self.verbose:
                self._print_spectator_log()
        self.record.finish(self.state)
        self._finale()

    # ------------------------------------------------------------------ humans

    def _human_turn(self, seat: int) -> str:
        label = self.state.seats[seat]
        if len(self.humans) > 1 and self.last_human != seat:
            self.console.clear()
            self.ask(self._words(t("Pass the game to {seat}. Press Enter when only {seat} can see the screen. ",
                                   seat=label)))
            self.console.clear()
        self.last_human = seat
        view = self.state.view(seat, log_from=self.seen.get(seat, 0), lang=self.lang)
        self.seen[seat] = self.state.log.size
        self.console.print(log_lines(view))
        self.console.print(Rule(self._words(t("{seat} to act", seat=label))))
        self.console.print(board(view, self.lang))
        legal = view["pending"]["actions"]
        by_words = {choice["label"].casefold(): choice["action"] for choice in view["pending"]["choices"]}
        self.console.print(f"[bold]{label}[/bold], {view['pending']['prompt']}:")
        for i, choice in enumerate(view["pending"]["choices"], 1):
            words = choice["label"]
            typed = "" if words == choice["action"] else f"  [dim]({choice['action']})[/dim]"
            self.console.print(f"  [cyan]{i:>2}[/cyan]  {escape(words)}{typed}")
        while True:
            answer = self.ask(f"{label}> ").strip()
            if answer in ("quit", "exit"):
                raise Quit
            if answer in ("?", "board"):
                self.console.print(board(self.state.view(seat, log_from=None, lang=self.lang), self.lang))
                continue
            if answer == "log":
                self.console.print(log_lines(self.state.view(seat, lang=self.lang)))
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                chosen = legal[int(answer) - 1]
            elif answer.casefold() in by_words:  # a button's words, in the game's language
                chosen = by_words[answer.casefold()]
            else:
                try:
                    probe = self.state.clone()
                    probe.apply(answer, seat)
                except IllegalAction as exc:
                    reason = escape(render(exc.args[0], self.lang))
                    hint = escape(self._words(t("(type a number, an action or its words, ?, log or quit)")))
                    self.console.print(f"[red]{reason}[/red]  {hint}")
                    continue
                chosen = answer
            if self._confirmed(view, chosen):
                return chosen

    def _confirmed(self, view: dict, action: str) -> bool:
        """A grave action is played only after a yes (j/n in German, y/n in English)."""
        canonical = normalize(action)
        warning = next((c["grave"] for c in view["pending"]["choices"] if c["action"] == canonical), None)
        if warning is None:
            return True
        self.console.print(f"[yellow]{escape(warning)}[/yellow]")
        answer = self.ask(self._words(t("Play it anyway? (y/n) "))).strip().casefold()
        return answer in (self._words(t("y")).casefold(), "y", "yes")

    # ------------------------------------------------------------------ output

    def _print_spectator_log(self) -> None:
        view = self.state.view(None, log_from=self.spectator_seen, lang=self.lang)
        self.spectator_seen = self.state.log.size
        if view["log"]:
            self.console.print(log_lines(view))

    def _finale(self) -> None:
        """The end of the game: the last log lines and the board (unless quiet), then the outcome."""
        view = self.state.view(None, log_from=self.spectator_seen if not self.humans else None, lang=self.lang)
        if self.verbose:
            if not self.humans:
                self.console.print(log_lines(view))
            self.console.print(Rule(self._words(t("game over"))))
            self.console.print(board(view, self.lang))
        self.console.print(outcome_text(view["outcome"], self.lang))

    def _words(self, message: Text) -> str:
        """A message in the table's language."""
        return render(message, self.lang)
