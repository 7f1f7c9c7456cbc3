// 1815 — the board on a phone (ctx.narrow), every word a turn needs at least 11 pixels at the
// page's fit: the title and the season, the decision, the battle, the teams, the powers to choose
// (1715), the count track; then the lands of the page's seat and the lands its legal actions name as tiles a finger
// taps (a spectator sees every land so); the page's own panel — SP, the success markers it spends,
// the supply it places from, capital, general, fortresses; the whole map small, on its file's
// grid, to be zoomed; and the other seats as compact rows.

import { s } from "../../js/dom.js";
import { fitText, measure } from "../../js/fit.js";
import { t, tn } from "../../js/i18n.js";
import { namedLands } from "./acts.js";
import { borderLines, layout } from "./grid.js";
import { LOOKS, land, spot } from "./land.js";
import { countTrack, markerRow, powerStrip, supplyRow } from "./parts.js";
import {
  BATTLE, GOLD, GREY_INK, INK, allyOf, battleWords, colourOf, decisionWords, demandWords, headings, landName, named,
  playerOf, powerName, rule, teamWords, whoSits,
} from "./words.js";

const WIDTH = 360;
const GAP = 6;
const TILES = 3;
const TILE_H = 60;
const SPOT_H = 48;
const LINE = 14;

/** A text of up to ``lines`` lines: the node and how many lines it took. */
function block(attrs, text, width, size, lines) {
  const node = fitText(attrs, text, width, size, { lines, least: 11, gap: LINE });
  return [node, Math.max(1, node.querySelectorAll("tspan").length)];
}

/** A box of words across the width at y: [node, height]. */
function banner(cls, y, text, { fill, stroke = "none", ink = INK, bold = false, size = 12, lines = 3 }) {
  const [words, count] = block({ x: 10, y: y + 17, fill: ink, "font-weight": bold ? "bold" : "normal" }, text, WIDTH - 20, size, lines);
  const height = 10 + count * LINE;
  return [s("g", { class: cls }, s("rect", { x: 0, y, width: WIDTH, height, rx: 6, fill, stroke, "stroke-width": 2, class: "frame" }), words),
    height + GAP];
}

function heading(y, text) {
  return fitText({ x: 2, y: y + 13, "font-weight": "bold", fill: GREY_INK, class: "heading" }, text, WIDTH - 4, 12, { least: 11 });
}

function top(view, ctx) {
  const [title, when] = headings(view, ctx);
  const [season, count] = block({ x: 10, y: 38, fill: "#d5d8dc", class: "when" }, when, WIDTH - 20, 12, 2);
  const height = 30 + count * LINE;
  const items = [s("g", { class: "title" }, s("rect", { x: 0, y: 0, width: WIDTH, height, rx: 8, fill: INK, class: "frame" }),
    fitText({ x: 10, y: 19, "font-weight": "bold", fill: "#fdfefe" }, title, WIDTH - 20, 13, { least: 11 }), season)];
  let y = height + GAP;
  const mine = Boolean(view.pending);
  const [line, tall] = banner(`decision-line${mine ? " mine" : ""}`, y, decisionWords(view, ctx),
    { fill: view.outcome ? "#d5f5e3" : mine ? "#fcf3cf" : "#eaeded", stroke: mine ? GOLD : "none", bold: mine });
  items.push(line);
  y += tall;
  const pub = view.public;
  if (pub.battle) {
    const [box, high] = banner("battle-box", y, battleWords(view), { fill: "#fdedec", stroke: BATTLE, ink: BATTLE, bold: true });
    box.setAttribute("data-target", pub.battle.target);
    items.push(box);
    y += high;
  }
  for (const [n, team] of (pub.teams || []).entries()) {
    const ours = Boolean(view.seat) && team.seats.includes(view.seat);
    const [box, high] = banner(`team${ours ? " ours" : ""}`, y, teamWords(view, ctx, team, n),
      { fill: "#f8f9f9", stroke: ours ? "#2e86c1" : "#d5d8dc", lines: 2 });
    box.setAttribute("data-team", n);
    items.push(box);
    y += high;
  }
  const [powers, high] = powerStrip(view, ctx, 0, y, WIDTH, 12.5);
  const [counts, more] = countTrack(ctx, 0, y + high, WIDTH, 13);
  items.push(powers);
  return [s("g", { class: "header" }, items), y + high + more, counts];
}

/** The tiles of the lands a turn needs: [node, height]. */
function tiles(view, ctx, geo, y) {
  const named = new Set(namedLands(view, ctx));
  const keys = Object.keys(view.public.lands).filter((key) => !view.seat || named.has(key) || view.public.lands[key].owner === view.seat);
  if (!keys.length) return [null, 0];
  const w = (WIDTH - (TILES - 1) * GAP) / TILES;
  const items = [heading(y, view.seat ? t("Your lands and where you can act") : t("The lands"))];
  keys.forEach((key, i) => {
    const box = { x: (i % TILES) * (w + GAP), y: y + 20 + Math.floor(i / TILES) * (TILE_H + GAP), w, h: TILE_H };
    items.push(land(view, ctx, geo, key, box, LOOKS.tile));
  });
  return [s("g", { class: "map tiles" }, items), 20 + Math.ceil(keys.length / TILES) * (TILE_H + GAP)];
}

/** What a seat holds besides its SP, markers and supply, in words. */
function holdings(view, ctx, p) {
  const lands = tn("{n} land", "{n} lands", { n: p.lands });
  const words = t("capital: {capital} · {lands} · fortresses: {grey} grey, {left} to build · general: {general}", {
    capital: p.capital ? landName(view, p.capital) + (p.holds_capital ? "" : " " + t("(lost)")) : "–", lands,
    grey: p.grey_fortresses, left: p.fortresses_left, general: p.general ? landName(view, p.general) : t("in supply"),
  });
  const power = p.power ? `${t("power")}: ${powerName(view, ctx, p.power)} · ` : "";
  if (p.loyalty === null) return power + words;
  return `${power}${words} · ${t("loyalty")}: ${p.loyalty} · ${t("crown demands")}: ${p.demand ? demandWords(view, ctx, p.demand) : "–"}`;
}

/** A seat's box: its name and SP, markers and supply, and what else it holds. The page's own is
 * larger (its markers and supply are tapped). Returns [node, height]. */
function seatBox(view, ctx, p, y) {
  const own = p.seat === view.seat;
  const acting = p.seat === view.to_act;
  const size = own ? 13 : 12;
  const sp = view.public.teams ? `${p.sp} SP` : t("{sp} of {target} SP", { sp: p.sp, target: rule(ctx, "scoring", "win", 10) });
  const spWidth = measure(sp, size, "bold");
  const mark = (acting ? "▶ " : "") + (p.seat === allyOf(view) ? "♦ " : "");
  const who = mark + whoSits(ctx, p.seat) + (own ? " — " + t("you") : "");
  const items = [
    s("rect", { x: 10, y: y + 7, width: 14, height: 14, rx: 3, fill: colourOf(view, p.seat) }),
    fitText({ x: 30, y: y + 19, fill: INK, "font-weight": own ? "bold" : "normal", class: "cell seat" }, who, WIDTH - 50 - spWidth, size,
      { least: 11 }),
    s("text", { x: WIDTH - 10, y: y + 19, "text-anchor": "end", "font-size": size, "font-weight": "bold", fill: INK, class: "cell SP", text: sp }),
  ];
  const label = (x, yy, text) => s("text", { x, y: yy, "font-size": 11.5, fill: GREY_INK, text });
  const cap = rule(ctx, "markers", "cap", 5);
  let line = y + 40;
  if (own) {
    const labels = [t("markers"), t("supply")];
    const room = Math.max(...labels.map((text) => measure(text, 11.5))) + 18;
    items.push(label(10, line + 4, labels[0]), markerRow(view, ctx, p, room, line, cap, 8, 12.5));
    line += 28;
    items.push(label(10, line + 4, labels[1]), supplyRow(view, ctx, p, room, line + 5, 13));
    line += 16;
  } else {
    const after = 10 + cap * 13 + 22;
    items.push(markerRow(view, ctx, p, 10, line - 4, cap, 5, 11.5), supplyRow(view, ctx, p, after, line + 1, 11.5));
  }
  const [rest, count] = block({ x: 10, y: line + 16, fill: INK, class: "holdings" }, holdings(view, ctx, p), WIDTH - 20, 11.5, 3);
  items.push(rest);
  const height = line - y + 8 + count * LINE;
  items.unshift(s("rect", { x: 0, y, width: WIDTH, height, rx: 8, class: "frame", fill: acting ? "#fcf3cf" : own ? "#ebf5fb" : "#f8f9f9",
    stroke: own ? "#2e86c1" : acting ? GOLD : "#d5d8dc", "stroke-width": own ? 2 : 1 }));
  return [s("g", { class: `player${acting ? " acting" : ""}${own ? " you" : ""}`, "data-seat": p.seat }, items), height + GAP];
}

/** The whole map on its file's grid, small (zoom to read it): [node, height]. */
function overview(view, geo, y) {
  const w = WIDTH / geo.cols;
  const at = (key) => [geo.place[key][1] * w, y + 20 + geo.place[key][0] * SPOT_H, w, SPOT_H];
  const spots = Object.keys(view.public.lands).map((key) => {
    const [x, yy] = at(key);
    return spot(view, geo, key, { x: x + 1.5, y: yy + 1.5, w: w - 3, h: SPOT_H - 3 });
  });
  return [s("g", { class: "overview" }, heading(y, t("The map")), geo.borders.length ? borderLines(geo, at, 1.5) : null, spots),
    20 + geo.rows * SPOT_H + GAP];
}

/** The board for ``view`` on a phone. */
export function narrow(view, ctx) {
  const geo = layout(view, ctx);
  const parts = [];
  const [head, below, counts] = top(view, ctx);  // the count track is drawn after the tiles (see desktop.js's header)
  let y = below;
  parts.push(head);
  const add = ([node, height]) => {
    parts.push(node);
    y += height;
  };
  add(tiles(view, ctx, geo, y));
  parts.push(counts);
  const me = view.seat ? playerOf(view, view.seat) : null;
  if (me) add(seatBox(view, ctx, me, y));
  add(overview(view, geo, y));
  for (const p of view.public.players) if (p !== me) add(seatBox(view, ctx, p, y));
  return s("svg", { viewBox: `0 0 ${WIDTH} ${y}`, class: `board e1815 narrow map-${view.public.map}`, role: "img",
    "aria-label": t("1815, year {year}", { year: view.public.year }) }, parts);
}
