// The statistics of a game title from the server's finished games (GET /api/statistics/{game}):
// per number of players, win rates per seat and team with 95 % intervals, who sat there,
// lengths and end reasons.

import { getJSON } from "./api.js";
import { h, put } from "./dom.js";
import { formatNumber, t, tn } from "./i18n.js";
import { perTitle } from "./titles.js";

const $ = (id) => document.getElementById(id);

/** A number in the page's language: 0.5 → "0.5" / "0,5". */
export function number(value, digits = 1) {
  return formatNumber(value, digits);
}

/** A share as a percentage: 0.4567 → "45.7 %". */
export function percent(share) {
  return `${number(share * 100)} %`;
}

function rateCells(r) {
  if (!r || !r.games) return [h("td", { text: "—" }), h("td", { text: "—" }), h("td", { text: "0" })];
  return [h("td", { class: "rate", text: percent(r.rate) }),
    h("td", { class: "interval", text: `${number(r.low * 100)}–${percent(r.high)}` }),
    h("td", { class: "count", text: `${r.wins} / ${r.games}` })];
}

/** A table in a box of its own, which scrolls sideways on a screen narrower than the table. */
function table(caption, heads, rows) {
  return h("div", { class: "table-box" }, h("table", { class: "ratings stats" }, h("caption", { text: caption }),
    h("thead", {}, h("tr", {}, heads.map((head) => h("th", { scope: "col", text: head })))),
    h("tbody", {}, rows)));
}

function who(r) {
  return r ? `${r.wins} / ${r.games} (${percent(r.rate)})` : "—";
}

function section(part) {
  const rateHeads = [t("Win rate"), t("95 % interval"), t("Won / played")];
  const seatName = (s) => (s.team ? `${s.title} (${s.team})` : s.title);
  const length = part.length;
  return h("section", { class: "card stats-part", "data-players": part.players },
    h("h2", { text: t("{n} players — finished games: {games}", { n: part.players, games: part.games }) }),
    table(t("Win rate per side"), [t("Side"), ...rateHeads],
      part.seats.map((s) => h("tr", { "data-seat": s.seat }, h("th", { scope: "row", text: seatName(s) }), rateCells(s)))),
    part.teams.length ? table(t("Win rate per team"), [t("Team"), ...rateHeads],
      part.teams.map((team) => h("tr", { "data-team": team.team }, h("th", { scope: "row", text: team.team }),
        rateCells(team)))) : null,
    h("p", { class: "no-winner", text: t("No winner: {count} of {games}", { count: part.no_winner, games: part.games }) }),
    h("p", { class: "length", text: t("Length in actions: median {median}, middle half {q1}–{q3}, shortest {min}, longest {max}", {
      median: number(length.median), q1: number(length.q1), q3: number(length.q3), min: length.min, max: length.max }) }),
    part.clock ? h("p", { class: "clock", text: tn("By the game's clock ({unit}) at the end: median {median}, middle half {q1}–{q3}, earliest {min}, latest {max} ({games} game)",
      "By the game's clock ({unit}) at the end: median {median}, middle half {q1}–{q3}, earliest {min}, latest {max} ({games} games)", {
        unit: part.clock.unit, median: number(part.clock.median), q1: number(part.clock.q1), q3: number(part.clock.q3),
        min: number(part.clock.min), max: number(part.clock.max), games: part.clock.games }, "games") }) : null,
    table(t("How the games ended"), [t("Reason"), t("Games")],
      part.reasons.map((r) => h("tr", {}, h("td", { text: r.text }), h("td", { class: "count", text: String(r.games) })))),
    table(t("Wins by who sat there"), [t("Side"), t("People"), t("Bots")],
      part.seats.map((s) => h("tr", { "data-seat": s.seat }, h("th", { scope: "row", text: seatName(s) }),
        h("td", { class: "human", text: who(s.human) }), h("td", { class: "bot", text: who(s.bot) })))));
}

async function show(game) {
  try {
    const stats = await getJSON(`/api/statistics/${encodeURIComponent(game)}`);
    $("total").textContent = stats.games ? t("Finished games: {games}", { games: stats.games })
      : t("No game of this title has ended on this server yet.");
    put($("tables"), stats.by_players.map(section));
    $("notice").hidden = true;
  } catch (err) {
    $("notice").textContent = err.message;
    $("notice").hidden = false;
  }
}

/** The first title (in the catalog's order) that has finished games, so the page opens on numbers. */
async function withGames(catalog) {
  const counts = await Promise.all(catalog.map((g) => getJSON(`/api/statistics/${encodeURIComponent(g.id)}`)
    .then((stats) => stats.games).catch(() => 0)));
  const found = catalog.find((g, i) => counts[i] > 0);
  return found ? found.id : catalog[0].id;
}

perTitle(show, () => t("realpolitik — statistics"), withGames);
