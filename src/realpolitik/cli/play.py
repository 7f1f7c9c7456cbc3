"""Playing a game in the terminal: humans (hot-seat, with a curtain) and bots."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule

from realpolitik.bots import make_bot, parse_spec
from realpolitik.engine import Choice, Game, Record, Rng, SeatContext, State, normalize
from realpolitik.i18n import DEFAULT, LANGUAGES, Text, listed, render, t

from .menu import Menu, folded
from .render import board, log_lines, outcome_text

HUMAN = "human"
#: the answers to "Play it anyway?", in every language
YES, NO = (t("y"), t("yes")), (t("n"), t("no"))
#: who plays a seat, in players' words (the browser's lobby says the same)
PLAYERS = {HUMAN: t("human"), "heuristic": t("bot: rules of thumb"), "ismcts": t("bot: thinks ahead"),
           "random": t("bot: random moves")}
#: erases the terminal's scrollback (xterm's ED 3, known to tmux, VTE, iTerm2 and the Linux console): clearing
#: the screen alone leaves the last player's hand one scroll up, and tmux even moves the cleared screen there
ERASE_SCROLLBACK = "\x1b[3J"


def player_words(seat: str, kind: str) -> Text:
    """A seat and who plays it, as the game begins: "West (human)", "Player 2 (bot: random moves)";
    a bot's settings as given (``ismcts:budget=2000``)."""
    name = parse_spec(kind)[0] if kind != HUMAN else kind
    player = PLAYERS.get(name) or t("{kind} bot", kind=name)
    if kind != name:
        player = listed((player, f"({kind})"), " ")
    return t("{seat} ({player})", seat=seat, player=player)


class Quit(Exception):
    """The human asked to stop the game."""


@dataclass
class TerminalGame:
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
    #: the last menu a human was shown, and (seat, ply) of that decision: its numbers go on while
    #: the same seat decides again right after
    menu: Menu | None = None
    menu_at: tuple[int, int] | None = None

    @classmethod
    def open(cls, game: Game, seats: list[str], seed: int, options: dict, console: Console,
             ask: Callable[[str], str], verbose: bool = True, lang: str = DEFAULT) -> TerminalGame:
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
        title = self._words(self.state.seats[seat])
        if len(self.humans) > 1 and self.last_human != seat:
            self._curtain()
            self.ask(self._words(t("Pass the game to {seat}. Press Enter when only {seat} can see the screen. ",
                                   seat=self.state.seats[seat])))
            self._curtain()
        self.last_human = seat
        view = self.state.view(seat, log_from=self.seen.get(seat, 0), choices=False, lang=self.lang)
        self.seen[seat] = self.state.log.size
        self.console.print(log_lines(view))
        self.console.print(Rule(self._words(t("{seat} to act", seat=self.state.seats[seat]))))
        same_decision = self.menu is not None and self.menu_at == (seat, self.state.ply - 1)
        choices = self.state.choices()  # with their words and warnings, worked out once for the decision
        menu = Menu(choices, self.lang, self.menu.numbers if same_decision else None)
        self.menu, self.menu_at = menu, (seat, self.state.ply)
        screen = self.console.size.height
        listed = menu.render()
        if self._height(listed) + 2 > screen:
            listed = menu.render(compact=True)
        drawn = board(view, self.lang)
        if self._height(drawn) + self._height(listed) + 2 <= screen:
            self.console.print(drawn)
        else:
            self.console.print(self._words(t("(The board is longer than the screen: type ? to see it.)")), style="dim")
        self._show_menu(title, view, listed)
        while True:
            answer = self.ask(f"{title}> ").strip()
            if answer in ("quit", "exit"):
                raise Quit
            if answer in ("?", "board"):
                self.console.print(board(self.state.view(seat, log_from=None, choices=False, lang=self.lang),
                                         self.lang))
                continue
            if answer == "log":
                self.console.print(log_lines(self.state.view(seat, choices=False, lang=self.lang)))
                continue
            chosen = self._chosen(answer, menu)
            if chosen is None:
                continue
            if self._confirmed(choices, chosen):
                return chosen
            self.console.print(self._words(t("Not played.")))
            self._show_menu(title, view, listed)

    def _curtain(self) -> None:
        """Clear the screen and then the scrollback, which holds the cleared screen in some terminals."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write(ERASE_SCROLLBACK)
            self.console.file.flush()

    def _show_menu(self, title: str, view: dict, listed: Any) -> None:
        self.console.print(f"[bold]{escape(title)}[/bold], {escape(view['pending']['prompt'])}:")
        self.console.print(listed)

    def _chosen(self, answer: str, menu: Menu) -> str | None:
        """The action an answer picks — a number of the menu, an action text, a choice's words in
        any language —, or ``None`` after saying why it picks none (the game's reason where it has
        one, not the list of legal action texts the engine's refusal adds)."""
        hint = escape(self._words(t("(type a number, the start of a choice's words, ?, log or quit)")))
        if answer.isdigit():
            chosen = menu.action(int(answer))
            if chosen is None:
                refusal = escape(self._words(t("No choice has the number {n}.", n=answer)))
                self.console.print(f"[red]{refusal}[/red]  {hint}")
            return chosen
        if normalize(answer) in self.state.legal_actions():
            return normalize(answer)
        found = menu.find(answer)
        if len(found) == 1:
            return found[0].action
        if found:
            self.console.print(escape(self._words(t("{answer} fits {n} choices; type more of its words or its "
                                                     "number:", answer=repr(answer), n=len(found)))))
            for item in found:
                self.console.print(f"  [cyan]{item.number:>2}[/cyan]  {escape(item.label)}")
            return None
        reason = self.state.why_illegal(answer) or t("{action} is not possible now.", action=repr(answer))
        self.console.print(f"[red]{escape(self._words(reason))}[/red]  {hint}")  # the choices are on the screen
        return None

    def _confirmed(self, choices: Sequence[Choice], action: str) -> bool:
        """A grave action is played only after a yes (j/n in German, y/n in English); any other
        answer asks again."""
        canonical = normalize(action)
        warning = next((c.grave for c in choices if c.action == canonical), None)
        if warning is None:
            return True
        self.console.print(f"[yellow]{escape(self._words(warning))}[/yellow]")
        while True:
            answer = folded(self.ask(self._words(t("Play it anyway? (y/n) "))))
            if answer in _answers(YES):
                return True
            if answer in _answers(NO):
                return False
            self.console.print(self._words(t("Answer y or n.")))

    def _height(self, renderable: Any) -> int:
        """How many lines ``renderable`` takes on the console."""
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    # ------------------------------------------------------------------ output

    def _print_spectator_log(self) -> None:
        view = self.state.view(None, log_from=self.spectator_seen, lang=self.lang)
        self.spectator_seen = self.state.log.size
        if view["log"]:
            self.console.print(log_lines(view))

    def _finale(self) -> None:
        """The end of the game: the log lines nobody saw yet (a single human sees them as he saw the
        game; several see them as a spectator does) and the board (unless quiet), then the outcome."""
        humans = self.humans
        if len(humans) == 1:
            seat = humans[0]
            view = self.state.view(seat, log_from=self.seen.get(seat, 0), lang=self.lang)
        else:
            since = min((self.seen.get(seat, 0) for seat in humans), default=self.spectator_seen)
            view = self.state.view(None, log_from=since, lang=self.lang)
        if self.verbose:
            self.console.print(log_lines(view))
            self.console.print(Rule(self._words(t("game over"))))
            self.console.print(board(view, self.lang))
        self.console.print(outcome_text(view["outcome"], self.lang))

    def _words(self, message: Text) -> str:
        """A message in the table's language."""
        return render(message, self.lang)


def _answers(words: tuple[Text, ...]) -> set[str]:
    """Answers in every language, folded as typed answers are."""
    return {folded(render(word, lang)) for word in words for lang in LANGUAGES}
