// 1815 — the board on a wide screen: the title and the decision, the teams (2vs2), the powers to
// choose (1715), the map on its file's grid, a key of its signs, the battle being prepared and a
// table of the players (SP, success markers, lands, supply, fortresses, general, 1715 loyalty).

import { s } from "../../js/dom.js";
import { cut, fitText, measure } from "../../js/fit.js";
import { t } from "../../js/i18n.js";
import { borderLines, layout } from "./grid.js";
import { LOOKS, land } from "./land.js";
import { countTrack, markerRow, powerStrip, supplyRow, supplyWidth } from "./parts.js";
import { generalDisc, star, tower, unitSymbol } from "./signs.js";
import {
  BATTLE, GOLD, GREY_INK, INK, battleWords, colourOf, decisionWords, demandWords, headings, landName, powerName,
  named, rule, teamWords, whoSits,
} from "./words.js";

const WIDTH = 960;
const CELL_H = 86;
const MAX_CELL_W = 160;
const ROW_H = 24;

function mapLayer(view, ctx, geo, top) {
  const cellW = Math.min(MAX_CELL_W, WIDTH / geo.cols);
  const left = (WIDTH - geo.cols * cellW) / 2;
  const at = (key) => [left + geo.place[key][1] * cellW, top + geo.place[key][0] * CELL_H, cellW, CELL_H];
  return s("g", { class: "map" }, borderLines(geo, at, 2), Object.keys(view.public.lands).map((key) => {
    const [x, y, w, h] = at(key);
    return land(view, ctx, geo, key, { x: x + 4, y: y + 4, w: w - 8, h: h - 8 }, LOOKS.cell);
  }));
}

/** The title, the decision, (2vs2) the teams, (1715) the powers and room for the count track;
 * returns the node, the y below it and the count track (drawn after the map: the list of moves
 * groups an action under the first thing that names it, a land rather than a number). */
function header(view, ctx) {
  const [title, when] = headings(view, ctx);
  const right = Math.min(measure(when, 13), (WIDTH - 28) * 0.5);
  const items = [
    s("rect", { x: 0, y: 0, width: WIDTH, height: 40, rx: 8, fill: INK, class: "frame" }),
    fitText({ x: 14, y: 26, "font-weight": "bold", fill: "#fdfefe" }, title, WIDTH - 28 - right - 16, 18, { least: 11 }),
    fitText({ x: WIDTH - 14, y: 25, "text-anchor": "end", fill: "#d5d8dc", class: "when" }, when, right, 13, { least: 9 }),
  ];
  let y = 48;
  const mine = Boolean(view.pending);
  items.push(s("g", { class: `decision-line${mine ? " mine" : ""}` },
    s("rect", { x: 0, y, width: WIDTH, height: 26, rx: 6, fill: view.outcome ? "#d5f5e3" : mine ? "#fcf3cf" : "#eaeded", stroke: mine ? GOLD : "none", "stroke-width": 2,
      class: "frame" }),
    fitText({ x: 12, y: y + 18, fill: INK, "font-weight": mine ? "bold" : "normal" }, decisionWords(view, ctx), WIDTH - 24, 13, { least: 9 })));
  y += 32;
  const pub = view.public;
  if (pub.teams) {
    const half = WIDTH / 2;
    pub.teams.forEach((team, n) => {
      const x = n * half;
      const shift = n ? 4 : 0;
      const ours = view.seat && team.seats.includes(view.seat);
      items.push(s("g", { class: `team${ours ? " ours" : ""}`, "data-team": n },
        s("rect", { x: x + shift, y, width: half - 4, height: 26, rx: 6, fill: "#f8f9f9", stroke: ours ? "#2e86c1" : "#d5d8dc", "stroke-width": ours ? 2.5 : 1,
          class: "frame" }),
        team.seats.map((seat, i) => s("rect", { x: x + 12 + i * 16 + shift, y: y + 7, width: 12, height: 12, rx: 2, fill: colourOf(view, seat) })),
        fitText({ x: x + 50 + shift, y: y + 18, fill: INK }, teamWords(view, ctx, team, n), half - 60, 13, { least: 9 })));
    });
    y += 32;
  }
  const [powers, tall] = powerStrip(view, ctx, 0, y, WIDTH, 13);
  const [counts, high] = countTrack(ctx, 0, y + tall, WIDTH, 13);
  items.push(powers);
  return [s("g", { class: "header" }, items), y + tall + high, counts];
}

function battleBox(view, y) {
  return s("g", { class: "battle-box", "data-target": view.public.battle.target },
    s("rect", { x: 0, y, width: WIDTH, height: 28, rx: 6, fill: "#fdedec", stroke: BATTLE, "stroke-width": 1.5, class: "frame" }),
    fitText({ x: 12, y: y + 19, fill: BATTLE, "font-weight": "bold" }, battleWords(view), WIDTH - 24, 13, { least: 9 }));
}

/** The seat's cell of the players' table: "▶ Player 1 (Ann) — you", the name cut to leave room
 * for the marks. */
function seatCell(ctx, seat, x, y, width, acting, you) {
  const weight = you ? "bold" : "normal";
  const [before, after] = [acting ? "▶ " : "", you ? " — " + t("you") : ""];
  const room = width - measure(before + after, 12, weight);
  const who = whoSits(ctx, seat);
  const shown = cut(who, room, 12, weight);
  return s("text", { x, y, "font-size": 12, fill: INK, "font-weight": weight, class: "cell seat" },
    before + shown + after, shown !== who ? s("title", { text: who }) : null);
}

/** The players table's column heads. */
const HEADS = {
  seat: () => t("seat"), ally: () => t("ally"), power: () => t("power"), capital: () => t("capital"), SP: () => "SP",
  markers: () => t("markers"), lands: () => t("lands"), supply: () => t("supply i/c/a"), forts: () => t("grey/left"),
  general: () => t("general"), loyalty: () => t("loyalty"), "crown demands": () => t("crown demands"),
};

function playersTable(view, ctx, y) {
  const pub = view.public;
  const cap = rule(ctx, "markers", "cap", 5);
  const target = rule(ctx, "scoring", "win", 10);
  const loyalty = pub.players.some((p) => p.loyalty !== null);
  const columns = [
    ["seat", 210], ...(pub.teams ? [["ally", 96]] : []), ...(pub.players.some((p) => p.power) ? [["power", 86]] : []),
    ["capital", 96], ["SP", pub.teams ? 40 : 64], ["markers", cap * 12 + 22], ["lands", 40], ["supply", supplyWidth(12) + 6],
    ["forts", 64], ["general", 80], ...(loyalty ? [["loyalty", 48], ["crown demands", 124]] : []),
  ];
  const fixed = new Set(["markers", "supply"]);  // signs keep their size; the other columns share the rest
  const kept = columns.filter(([name]) => fixed.has(name)).reduce((sum, [, w]) => sum + w, 0);
  const scale = Math.min(1, (WIDTH - 16 - kept) / columns.filter(([name]) => !fixed.has(name)).reduce((sum, [, w]) => sum + w, 0));
  const xs = {};
  const ws = {};
  let x = 8;
  for (const [name, w] of columns) {
    xs[name] = x;
    ws[name] = fixed.has(name) ? w : w * scale;
    x += ws[name];
  }
  const rows = [s("rect", { x: 0, y, width: WIDTH, height: ROW_H * (pub.players.length + 1) + 8, rx: 8, fill: "#f8f9f9", stroke: "#d5d8dc" })];
  rows.push(s("g", { class: "head" }, columns.map(([name]) => fitText({
    x: xs[name], y: y + 17, "font-weight": "bold", fill: GREY_INK,
  }, name === "SP" && !pub.teams ? t("SP (of {target})", { target }) : HEADS[name](), ws[name] - 6, 11, { least: 8 }))));
  pub.players.forEach((p, i) => {
    const top = y + ROW_H * (i + 1) + 4;
    const base = top + 16;
    const acting = p.seat === view.to_act;
    const you = p.seat === view.seat;
    const cell = (name, text, extra = {}) => s("text", {
      x: xs[name], y: base, "font-size": 12, fill: INK, class: `cell ${name.split(" ")[0]}`,
      text: cut(text, ws[name] - 6, 12, extra["font-weight"]), ...extra,
    });
    const capital = p.capital ? landName(view, p.capital) + (p.holds_capital ? "" : " " + t("(lost)")) : "–";
    const items = [
      acting ? s("rect", { x: 2, y: top, width: WIDTH - 4, height: ROW_H, rx: 4, fill: "#fcf3cf" }) : null,
      s("rect", { x: xs.seat, y: top + 5, width: 14, height: 14, rx: 3, fill: colourOf(view, p.seat) }),
      seatCell(ctx, p.seat, xs.seat + 20, base, ws.seat - 26, acting, you),
    ];
    if (pub.teams) items.push(cell("ally", p.ally ? `♦ ${named(p.ally)}` : "–", { fill: colourOf(view, p.ally) }));
    if (xs.power !== undefined) items.push(cell("power", p.power ? powerName(view, ctx, p.power) : "–"));
    items.push(cell("capital", capital), cell("SP", String(p.sp), { "font-weight": "bold" }),
      markerRow(view, ctx, p, xs.markers, base - 4, cap, 4.5, 10),
      cell("lands", String(p.lands)), supplyRow(view, ctx, p, xs.supply, base, 12),
      cell("forts", `${p.grey_fortresses}/${p.fortresses_left}`),
      cell("general", p.general ? landName(view, p.general) : t("in supply")));
    if (loyalty) {
      items.push(cell("loyalty", p.loyalty === null ? "–" : String(p.loyalty)),
        cell("crown demands", p.demand ? demandWords(view, ctx, p.demand) : "–"));
    }
    rows.push(s("g", { class: `player${acting ? " acting" : ""}${you ? " you" : ""}`, "data-seat": p.seat }, items));
  });
  return s("g", { class: "players" }, rows);
}

/** The key below the map, one sign after the other: each sign, then its word. */
function key(y) {
  const signs = [
    [(x) => unitSymbol("inf", x, y + 4, INK), 20, t("infantry")],
    [(x) => unitSymbol("cav", x, y + 4, INK), 20, t("cavalry")],
    [(x) => unitSymbol("art", x, y + 4, INK), 20, t("artillery")],
    [(x) => star(x + 7, y + 10, 7, "#fdfefe"), 18, t("capital")],
    [(x) => tower(x, y + 3, "#aab7b8"), 20, t("grey fortress")],
    [(x) => tower(x, y + 3, "#34495e"), 20, t("fortress")],
    [(x) => generalDisc(x + 7, y + 10, 7, GREY_INK), 18, t("general")],
    [() => null, 0, t("gold: tap to act · red dashes: battle")],
  ];
  const items = [];
  let x = 8;
  for (const [sign, room, words] of signs) {
    items.push(sign(x));
    x += room;
    const last = x + measure(words, 11) > WIDTH - 4;
    items.push(fitText({ x, y: y + 14, fill: GREY_INK }, words, WIDTH - 4 - x, 11, { least: 8 }));
    x += Math.min(measure(words, 11), WIDTH - 4 - x) + 16;
    if (last) break;
  }
  return s("g", { class: "legend" }, items);
}

/** The board for ``view`` on a wide screen. */
export function wide(view, ctx) {
  const geo = layout(view, ctx);
  const [head, top, counts] = header(view, ctx);
  let y = top + geo.rows * CELL_H + 6;
  const parts = [head, mapLayer(view, ctx, geo, top), counts, key(y)];
  y += 26;
  if (view.public.battle) {
    parts.push(battleBox(view, y));
    y += 36;
  }
  parts.push(playersTable(view, ctx, y));
  y += ROW_H * (view.public.players.length + 1) + 12;
  return s("svg", { viewBox: `0 0 ${WIDTH} ${y}`, class: `board e1815 map-${view.public.map}`, role: "img",
    "aria-label": t("1815, year {year}", { year: view.public.year }) }, parts);
}
