"""The report as one self-contained HTML page: inline CSS, the plots as inline SVG, no scripts,
fonts or images from anywhere else; every word in the reader's language."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any, NamedTuple

from realpolitik.engine import Game
from realpolitik.i18n import render, t
from realpolitik.i18n.counts import games_n

from . import plots

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.8em 0; }
@media (max-width: 60em) { table { display: block; max-width: 100%; overflow-x: auto; } }
td, th { padding: 0.2em 0.7em; text-align: right; }
th { border-bottom: 1px solid #999; } td:first-child, th:first-child { text-align: left; }
td { white-space: nowrap; } td.text, th.text { text-align: left; white-space: normal; min-width: 16em; }
tr.flagged td { background: #fde8d8; font-weight: bold; }
p.note { color: #555; font-size: 0.92em; max-width: 48em; }
figure { margin: 0.5em 0; } svg { max-width: 100%; height: auto; }
"""


class Page:
    """Builds the page of one report (and of a second run compared with it) in one language."""

    def __init__(self, game: Game, report: dict, lang: str, other: dict | None = None,
                 comparison: dict | None = None, names: Sequence[str] = ("", "")) -> None:
        self.game, self.report, self.lang = game, report, lang
        self.other, self.comparison, self.names = other, comparison, names
        #: why each figure that could not be drawn failed (see :meth:`figure`)
        self.failed: list[str] = []
        players = report["players"]
        self.labels = list(report["seat_labels"])
        self.titles = {label: self.w(title) for label, title in zip(self.labels, game.seat_titles(players))}
        teams = game.team_titles(players) or ()
        self.teams = {str(i): self.w(title) for i, title in enumerate(teams)}

    def w(self, text: Any) -> str:
        """A message in the page's language."""
        return render(text, self.lang)

    def html(self) -> str:
        parts = [self.head(), self.win_rates(), self.endings(), self.lengths(), self.finals(), self.tracks(),
                 self.seat_order(), self.cards()]
        if self.comparison is not None:
            parts.append(self.compared())
        title = escape(self.w(t("Balance report: {game}", game=self.game.title)))
        return (f'<!DOCTYPE html>\n<html lang="{self.lang}"><head><meta charset="utf-8"><title>{title}</title>'
                f"<style>{STYLE}</style></head><body>"
                + "".join(p for p in parts if p) + "</body></html>\n")

    # ------------------------------------------------------------------ sections

    def head(self) -> str:
        r = self.report
        seats = ", ".join(f"{self.titles[label]}: {spec}" for label, spec in zip(self.labels, r["seats"]))
        line = self.w(t("{games} ({seats})", games=games_n(r["games"]), seats=seats))
        if r.get("planned", r["games"]) > r["games"]:
            line += " " + self.w(t("— stopped early: {done} of {planned} finished", done=r["games"],
                                   planned=games_n(r["planned"])))
        options = ", ".join(f"{k}={v}" for k, v in r.get("options", {}).items()) or self.w(t("defaults"))
        return (f"<h1>{escape(self.w(t('Balance report: {game}', game=self.game.title)))}</h1>"
                f"<p>{escape(line)}</p><p class=\"note\">{escape(self.w(t('Rule options')))}: {escape(options)}; "
                f"{escape(self.w(t('seed')))} {r.get('seed', 0)}</p>")

    def win_rates(self) -> str:
        r = self.report["win_rates"]
        out = [self.h2(t("Win rates"), "win-rates"),
               self.note(t("The share of games each seat won, with its 95 % Wilson interval: the true rate lies in "
                           "it with 95 % confidence. Seats rotate from game to game, so every bot holds every seat "
                           "equally often."))]
        groups = [("seats", t("seat"), self.titles), ("teams", t("team"), self.teams), ("bots", t("bot"), {})]
        for group, head, titles in groups:
            if group not in r:
                continue
            keys = list(r[group])
            out.append(self.rate_table(group, head, [(k, titles.get(k, k), r[group][k]) for k in keys]))
            out.append(self.figure(plots.rates, [titles.get(k, k) for k in keys], [[r[group][k] for k in keys]],
                                   [""], self.w(t("win rate"))))
        if self.report["no_winner"] or self.report["limited"]:
            out.append(self.note(t("{none} without a winner; {limited} ended by a limit, not by the rules.",
                                   none=games_n(self.report["no_winner"]), limited=self.report["limited"])))
        return "".join(out)

    def endings(self) -> str:
        ends = self.report["ends"]
        rows = [[Words(e["text"]), str(e["games"]), self.percent(e["share"])] for e in ends]
        return (self.h2(t("How games end"), "ends") + self.note(t("The reasons the games ended, the details of each "
                                                                   "game left out (…)."))
                + self.table([t("end"), t("games"), t("share (95 %)")], rows)
                + self.figure(plots.rates, [e["text"] for e in ends], [[e["share"] for e in ends]], [""],
                              self.w(t("share of games"))))

    def lengths(self) -> str:
        length = self.report["length"]
        rows = [[self.w(t("actions")), *self.spread_cells(length["actions"])]]
        if "clock" in length:
            rows.append([self.w(t("last {clock}", clock=self.game.measures.CLOCK)),
                         *self.spread_cells(length["clock"])])
        hists = [length["histogram"]] + ([self.other["length"]["histogram"]] if self.other else [])
        return (self.h2(t("Game length"), "length")
                + self.note(t("Actions taken in a game (every decision of every seat) and how far the game's own "
                              "clock got."))
                + self.table(self.spread_heads(), rows)
                + self.figure(plots.histogram, hists, self.names[:len(hists)], self.w(t("actions")),
                              self.w(t("games"))))

    def finals(self) -> str:
        r = self.report
        out = []
        if "points" in r:
            out.append(self.h3(t("points")))
            out.append(self.spread_table(r["points"], self.titles, t("points")))
        tracks = self.game.measures.TRACKS if self.game.measures else {}
        finals = r.get("finals", {})
        single = {self.w(tracks[k]): s[""] for k, s in finals.items() if list(s) == [""]}
        if single:
            out.append(self.h3(t("tracks")))
            out.append(self.spread_table(single, {}, t("value")))
        for track, series in finals.items():
            if list(series) != [""]:
                out.append(self.h3(tracks[track]))
                out.append(self.spread_table(series, self.series_titles(track), tracks[track]))
        if not out:
            return ""
        return (self.h2(t("Final scores and values"), "finals")
                + self.note(t("Where the games ended: mean (95 % interval), quartiles and range; in the box plots the "
                              "box spans the middle half of the games, the line is the median, the triangle the "
                              "mean.")) + "".join(out))

    def tracks(self) -> str:
        if not self.report.get("tracks"):
            return ""
        m = self.game.measures
        out = [self.h2(t("Tracks over time"), "tracks"),
               self.note(t("Each track's median (line) and middle half of the games (band) at each point of the "
                           "game's clock, over the games that were still running then."))]
        tracks = self.report["tracks"]
        single = {k: s[""] for k, s in tracks.items() if list(s) == [""]}
        if single:
            out.append(self.h3(t("tracks")))
            out.append(self.figure(plots.over_time, single, {k: self.w(m.TRACKS[k]) for k in single},
                                   self.w(m.CLOCK), self.w(t("value"))))
        for track, series in tracks.items():
            if track not in single:
                out.append(self.h3(m.TRACKS[track]))
                out.append(self.figure(plots.over_time, series, self.series_titles(track), self.w(m.CLOCK),
                                       self.w(m.TRACKS[track])))
        return "".join(out)

    def seat_order(self) -> str:
        order = self.report["seat_order"]
        rows = []
        for label, s in order["seats"].items():
            rows.append((s["flagged"], [self.titles[label], str(s["first"]),
                                        self.percent(self.report["win_rates"]["seats"][label]),
                                        self.signed(s["difference"]), self.p(s["p"]), self.p(s["p_holm"]),
                                        self.flag(s["flagged"])]))
        first = order["first_mover"]
        return (self.h2(t("Seat order"), "seat-order")
                + self.note(t("Each seat's win rate against the other seats' (two-proportion test, Holm-corrected "
                              "over the seats), how often it acted first, and how the seat that acted first "
                              "fared."))
                + self.table([t("seat"), t("acted first"), t("win rate (95 %)"), t("against the others"), t("p"),
                              t("p (Holm)"), t("significant")], rows)
                + self.note(t("The seat that acted first won {first}; the others {others} (p = {p}).",
                              first=self.percent(first), others=self.percent(first["others"]), p=self.p(first["p"]))))

    def cards(self) -> str:
        cards = self.report.get("cards")
        if not cards:
            return ""
        rows = [(c["flagged"], [c["card"], Words(c["name"]), self.percent(c["played"]),
                                self.percent(c["not_played"]), self.signed(c["difference"]), self.p(c["p"]),
                                self.p(c["p_holm"]), self.flag(c["flagged"])]) for c in cards]
        top = cards[:15]
        figure = self.figure(plots.rates, [_card(c) for c in top],
                             [[c["played"] for c in top], [c["not_played"] for c in top]],
                             [self.w(t("played")), self.w(t("not played"))], self.w(t("win rate")))
        flagged = sum(c["flagged"] for c in cards)
        return (self.h2(t("Cards"), "cards")
                + self.note(t("For each card: the win rate of a side (team, else seat) in the games it played the "
                              "card, against its win rate in the games it did not. The difference and its test "
                              "compare the same side held by the same bots (Mantel–Haenszel), so a card one side "
                              "plays does not show that side's chances as its own. A difference is marked "
                              "significant only when it holds after Holm's correction over all {n} cards; "
                              "{flagged} do. Playing a card and winning may both follow from how the game goes: "
                              "an effect is a lead to look at, not proof.", n=len(cards), flagged=flagged))
                + figure
                + self.table([t("card"), t("name"), t("played: win rate"), t("not played: win rate"),
                              t("difference"), t("p"), t("p (Holm)"), t("significant")], rows))

    def compared(self) -> str:
        a, b, c = self.report, self.other, self.comparison
        out = [self.h2(t("Comparison"), "comparison"),
               self.note(t("Run {a}, {n_a}, against run {b}, {n_b}: each difference (B − A) with its two-sided "
                           "p-value, significant when it holds after Holm's correction over all rows.",
                           a=self.names[0], n_a=games_n(a["games"]), b=self.names[1], n_b=games_n(b["games"])))]
        for group, titles in (("seats", self.titles), ("teams", self.teams), ("bots", {})):
            if group in a["win_rates"] and group in b["win_rates"]:
                keys = list(dict.fromkeys([*a["win_rates"][group], *b["win_rates"][group]]))
                runs = [[run["win_rates"][group].get(k, _NONE) for k in keys] for run in (a, b)]
                out.append(self.figure(plots.rates, [titles.get(k, k) for k in keys], runs, self.names,
                                       self.w(t("win rate"))))
        rows = []
        group_titles = {"seats": t("win rate"), "teams": t("team win rate"), "bots": t("bot win rate"),
                        "ends": t("end"), "length": t("mean length (actions)")}
        for row in c["rows"]:
            key = {"seats": self.titles, "teams": self.teams, "length": {"actions": self.w(t("actions"))}}.get(
                row["group"], {}).get(row["key"], row["key"])
            number = (lambda x: self.n(f"{x:.1f}")) if row["group"] == "length" else (
                lambda x: self.n(f"{100 * x:.1f}") + " %")
            rows.append((row["flagged"], [self.w(group_titles[row["group"]]), Words(row.get("text", key)),
                                          number(row["a"]), number(row["b"]),
                                          number(row["difference"]) if row["group"] == "length"
                                          else self.signed(row["difference"]),
                                          self.p(row["p"]), self.p(row["p_holm"]), self.flag(row["flagged"])]))
        out.append(self.table([t("what"), t("which"), "A", "B", t("difference"), t("p"), t("p (Holm)"),
                               t("significant")], rows))
        return "".join(out)

    # ------------------------------------------------------------------ pieces

    def h2(self, text: Any, anchor: str) -> str:
        return f'<h2 id="{anchor}">{escape(self.w(text))}</h2>'

    def h3(self, text: Any) -> str:
        return f"<h3>{escape(self.w(text))}</h3>"

    def note(self, text: Any) -> str:
        return f'<p class="note">{escape(self.w(text))}</p>'

    def figure(self, plot: Callable[..., str], *args: Any) -> str:
        """The figure ``plot(*args)`` draws; if it cannot be drawn, a note saying so and why in its place
        (kept in :attr:`failed`), so that the rest of the report is still written."""
        try:
            return f"<figure>{plot(*args)}</figure>"
        except Exception as exc:  # whatever matplotlib raises: the report goes on without this figure
            self.failed.append(_problem(exc))
            return self.note(t("This figure could not be drawn: {problem}", problem=self.failed[-1]))

    def table(self, heads: Sequence[Any], rows: Sequence, attrs: str = "") -> str:
        """A table; a row is a list of cells (texts: numbers, right-aligned; :class:`Words`, :class:`Rate`),
        or (flagged, cells) to highlight it."""
        first = rows[0][1] if rows and isinstance(rows[0], tuple) else rows[0] if rows else []
        words = [isinstance(c, Words) for c in first] + [False] * len(heads)
        head = "".join(f'<th class="text">{escape(self.w(h))}</th>' if w else f"<th>{escape(self.w(h))}</th>"
                       for h, w in zip(heads, words))
        body = []
        for row in rows:
            flagged, cells = row if isinstance(row, tuple) else (False, row)
            tds = "".join(c.html() if isinstance(c, (Words, Rate)) else f"<td>{escape(c)}</td>" for c in cells)
            body.append(f'<tr class="flagged">{tds}</tr>' if flagged else f"<tr>{tds}</tr>")
        return f"<table{attrs}><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"

    def rate_table(self, group: str, head: Any, rows: Sequence[tuple[str, str, dict]]) -> str:
        cells = [[title, str(x["wins"]), str(x["games"]), Rate(k, self.percent(x))] for k, title, x in rows]
        return self.table([head, t("wins"), t("games"), t("win rate (95 %)")], cells, f' data-group="{group}"')

    def spread_heads(self) -> list:
        return ["", t("mean (95 %)"), t("median"), t("quartiles"), t("range")]

    def spread_cells(self, s: dict) -> list[str]:
        if not s.get("n"):
            return ["–"] * 4
        return [self.n(f"{s['mean']:.1f}") + " " + self.interval(f"{s['ci95'][0]:.1f}", f"{s['ci95'][1]:.1f}"),
                self.n(f"{s['median']:g}"), self.interval(f"{s['q1']:g}", f"{s['q3']:g}"),
                self.interval(f"{s['min']:g}", f"{s['max']:g}")]

    def spread_table(self, spreads: dict[str, dict], titles: dict[str, str], axis: Any) -> str:
        keys = [k for k, s in spreads.items() if s.get("n")]
        rows = [[titles.get(k, k), *self.spread_cells(spreads[k])] for k in keys]
        return (self.table(self.spread_heads(), rows)
                + self.figure(plots.boxes, [titles.get(k, k) for k in keys], [spreads[k] for k in keys],
                              self.w(axis)))

    def series_titles(self, track: str) -> dict[str, str]:
        """What each series of a track is called: its seat (or side) title, or the track's own."""
        return {"": self.w(self.game.measures.TRACKS[track]), **self.titles}

    def percent(self, x: dict) -> str:
        low, high = x["ci95"]
        return self.n(f"{100 * x['rate']:.1f}") + " % " + self.interval(f"{100 * low:.1f}", f"{100 * high:.1f}")

    def signed(self, x: float) -> str:
        return self.n(f"{100 * x:+.1f}") + " %"

    def p(self, x: float) -> str:
        return self.n("< 0.001" if x < 0.001 else f"{x:.3f}")

    def n(self, number: str) -> str:
        """A number as the page's language writes it (German: a decimal comma)."""
        return number.replace(".", ",") if self.lang == "de" else number

    def interval(self, low: str, high: str) -> str:
        """``[low, high]``; in German ``[low; high]``, as its numbers hold commas."""
        return f"[{self.n(low)}{'; ' if self.lang == 'de' else ', '}{self.n(high)}]"

    def flag(self, on: bool) -> str:
        return self.w(t("yes")) if on else ""


class Words(NamedTuple):
    """A cell of words: left-aligned, wrapped."""

    text: str

    def html(self) -> str:
        return f'<td class="text">{escape(self.text)}</td>'


class Rate(NamedTuple):
    """A win-rate cell, marked with its seat, team or bot (``data-key``) for whoever reads the page."""

    key: str
    text: str

    def html(self) -> str:
        return f'<td class="rate" data-key="{escape(self.key)}">{escape(self.text)}</td>'


#: a rate of a group missing from one run
_NONE = {"rate": 0.0, "ci95": [0.0, 0.0]}


def _card(row: dict) -> str:
    """A card as a plot names it: its name, after its key unless the name begins with it."""
    return row["name"] if row["name"].lower().startswith(row["card"].lower()) else f"{row['card']} {row['name']}"


def _problem(exc: Exception, most: int = 200) -> str:
    """What went wrong, in one line: the exception's kind and the first line of its message."""
    said = next((line.strip() for line in str(exc).splitlines() if line.strip()), "")
    text = f"{type(exc).__name__}: {said}" if said else type(exc).__name__
    return text if len(text) <= most else text[:most - 1] + "…"
