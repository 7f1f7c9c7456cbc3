// 1815 board (also 1815 2vs2 and 1715 2vs2): the map of lands on the map file's schematic
// grid — owner colours, capitals, fortresses, generals and troops —, the battle being
// prepared, the teams, and a table of the players (SP, success markers, lands, supply).
// Reads only the view, plus the printed map and rule files (positions, borders, power
// names, costs). A land that a single legal action uses plays that action when clicked.

import { s, seatName, titleIn } from "../js/dom.js";
import { cut, fitText, measure } from "../js/fit.js";
import { t } from "../js/i18n.js";

export { legend } from "./e1815-legend.js";

const WIDTH = 960;
const CELL_H = 86;
const MAX_CELL_W = 160;
const ROW_H = 24;
const KINDS = ["inf", "cav", "art"];
const KIND_NAMES = { inf: () => t("infantry"), cav: () => t("cavalry"), art: () => t("artillery") };
// Seat colours and their light tints; in 2vs2 allies share a warm or a cool hue.
const COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#b7950b"];
const TINTS = ["#f5d5d1", "#d0e2f2", "#cfeedd", "#f6ecc4"];
const TEAM_COLOURS = ["#c0392b", "#2471a3", "#d35400", "#138d90"];
const TEAM_TINTS = ["#f5d5d1", "#d0e2f2", "#fbe0c8", "#c9eeee"];
const NEUTRAL = "#7f8c8d";
const NEUTRAL_TINT = "#eceeef";
const TERRITORY_COLOURS = ["#8e44ad", "#16a085", "#a04000", "#2e4053", "#b03a2e", "#1f618d", "#7d6608", "#5b2c6f",
  "#117864", "#6e2c00"];
const GOLD = "#d4ac0d";
const BATTLE = "#a93226";

/** The printed maps (positions, borders, powers) and rules (costs, targets), loaded once. */
export async function load(ctx) {
  const names = ["map_1815", "map_1715", "rules"];
  const found = await Promise.allSettled(names.map((name) => ctx.content(name)));
  const maps = {};
  for (const result of found.slice(0, 2)) {
    if (result.status === "fulfilled" && result.value && result.value.key) maps[result.value.key] = result.value;
  }
  return { maps, rules: found[2].status === "fulfilled" ? found[2].value : null };
}

// ---------------------------------------------------------------------- reading the view

function printedMap(view, ctx) {
  const pub = view.public;
  return !pub.map_file && ctx.data && ctx.data.maps ? ctx.data.maps[pub.map] || null : null;
}

function rule(ctx, section, key, fallback) {
  const rules = ctx.data && ctx.data.rules;
  return rules && rules[section] && rules[section][key] !== undefined ? rules[section][key] : fallback;
}

function landName(view, key) {
  const land = view && view.public && view.public.lands[key];
  return land ? land.name : key;
}

function playerOf(view, seat) {
  return view.public.players.find((p) => p.seat === seat) || null;
}

function colourOf(view, seat, tint = false) {
  if (!seat) return tint ? NEUTRAL_TINT : NEUTRAL;
  const i = view.seats.indexOf(seat) % 4;
  if (view.public.teams) return (tint ? TEAM_TINTS : TEAM_COLOURS)[i];
  return (tint ? TINTS : COLOURS)[i];
}

/** "p1", "p1 (you)", "p3 (ally)" — seen from this page's seat. */
// the seats' titles ("Player 2") of the board being drawn, from its context's players
let named = (seat) => seat;

function ownerWords(view, seat) {
  if (!seat) return t("neutral");
  if (seat === view.seat) return t("{seat} (you)", { seat: named(seat) });
  const me = view.seat ? playerOf(view, view.seat) : null;
  return me && me.ally === seat ? t("{seat} (ally)", { seat: named(seat) }) : named(seat);
}

function troops(counts) {
  const parts = KINDS.filter((k) => counts[k]).map((k) => `${counts[k]} ${KIND_NAMES[k]()}`);
  return parts.length ? parts.join(", ") : t("no troops");
}

function powerName(view, ctx, key) {
  const map = printedMap(view, ctx);
  const power = map && map.powers ? map.powers.find((p) => p.key === key) : null;
  return power ? power.name : key;
}

function demandWords(view, ctx, key) {
  const map = printedMap(view, ctx);
  const demand = map && map.demands ? map.demands.find((d) => d.key === key) : null;
  if (!demand) return key;
  if (demand.kind === "conquer") {
    const territory = (map.territories || []).find((x) => x.key === demand.territory);
    return t("conquer {territory}", { territory: territory ? territory.name : demand.territory });
  }
  if (demand.kind === "hold-capital") return t("capital with {n} EP", { n: demand.amount });
  if (demand.kind === "lands") return t("{n} lands", { n: demand.amount });
  return key;
}

// ---------------------------------------------------------------------- the map

/** Grid places of the lands: the printed map's positions, or a schematic grid by territory. */
function layout(view, ctx) {
  const lands = view.public.lands;
  const keys = Object.keys(lands);
  const map = printedMap(view, ctx);
  const printed = map ? Object.fromEntries(map.lands.map((l) => [l.key, l])) : {};
  const place = {};
  const borders = [];
  let extras = {};
  if (map && keys.every((k) => printed[k] && Array.isArray(printed[k].pos))) {
    for (const k of keys) place[k] = printed[k].pos;
    for (const k of keys) {
      for (const other of printed[k].adjacent || []) if (place[other]) borders.push([k, other]);
    }
    extras = printed;
  } else {
    const territories = [...new Set(keys.map((k) => lands[k].territory))];
    const ordered = territories.flatMap((t) => keys.filter((k) => lands[k].territory === t));
    const cols = Math.ceil(Math.sqrt(ordered.length * 1.4));
    ordered.forEach((k, i) => { place[k] = [Math.floor(i / cols), i % cols]; });
  }
  const rows = 1 + Math.max(...keys.map((k) => place[k][0]));
  const cols = 1 + Math.max(...keys.map((k) => place[k][1]));
  const cellW = Math.min(MAX_CELL_W, WIDTH / cols);
  const left = (WIDTH - cols * cellW) / 2;
  const territories = map ? map.territories.map((t) => t.key) : [...new Set(keys.map((k) => lands[k].territory))];
  const territoryNames = map ? Object.fromEntries(map.territories.map((t) => [t.key, t.name])) : {};
  return { place, borders, extras, rows, cols, cellW, left, territories, territoryNames };
}

export function unitSymbol(kind, x, y, colour) {
  const box = s("rect", { x, y, width: 16, height: 11, fill: "#fdfefe", stroke: colour, "stroke-width": 1.5 });
  if (kind === "inf") {
    return [box, s("path", { d: `M${x} ${y}L${x + 16} ${y + 11}M${x} ${y + 11}L${x + 16} ${y}`, stroke: colour, "stroke-width": 1.2 })];
  }
  if (kind === "cav") return [box, s("path", { d: `M${x} ${y + 11}L${x + 16} ${y}`, stroke: colour, "stroke-width": 1.2 })];
  return [box, s("circle", { cx: x + 8, cy: y + 5.5, r: 2.8, fill: colour })];
}

export function star(cx, cy, r, fill) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const d = i % 2 ? r * 0.45 : r;
    points.push(`${(cx + d * Math.cos(a)).toFixed(1)},${(cy + d * Math.sin(a)).toFixed(1)}`);
  }
  return s("polygon", { points: points.join(" "), fill, stroke: "#1b2631", "stroke-width": 0.8 });
}

export function tower(x, y, fill) {
  const d = `M${x} ${y + 13}V${y + 3}h3v2h2.5v-2h3v2h2.5v-2h3v10z`;
  return s("path", { d, fill, stroke: "#1b2631", "stroke-width": 0.8 });
}

function landTitle(view, geo, key, info) {
  const parts = [`${info.name} (${geo.territoryNames[info.territory] || info.territory})`, ownerWords(view, info.owner), troops(info)];
  if (info.capital_of) parts.push(t("capital of {seat}", { seat: named(info.capital_of) }));
  if (info.fortress) parts.push(info.fortress === "grey" ? t("grey fortress") : t("fortress"));
  for (const g of info.generals) parts.push(t("general of {seat}", { seat: named(g) }));
  if (geo.extras[key] && geo.extras[key].landing) parts.push(t("landing coast"));
  return parts.join(" · ");
}

function land(view, ctx, geo, key, play) {
  const info = view.public.lands[key];
  const [row, col] = geo.place[key];
  const x = geo.left + col * geo.cellW + 4;
  const y = geo.top + row * CELL_H + 4;
  const w = geo.cellW - 8;
  const hgt = CELL_H - 8;
  const pub = view.public;
  const decided = pub.decision && pub.decision.land === key;
  const battle = pub.battle && pub.battle.target === key;
  const colour = colourOf(view, info.owner);
  const territory = geo.territories.indexOf(info.territory);
  const items = [
    s("rect", {
      x, y, width: w, height: hgt, rx: 7, class: "ground", fill: colourOf(view, info.owner, true),
      stroke: battle ? BATTLE : decided || play ? GOLD : colour,
      "stroke-width": battle || decided ? 4 : play ? 3 : 1.5, "stroke-dasharray": battle ? "7 4" : null,
    }),
    s("rect", { x, y: y + 6, width: 5, height: hgt - 12, rx: 2, class: "territory",
      fill: TERRITORY_COLOURS[Math.max(territory, 0) % TERRITORY_COLOURS.length] }),
  ];
  const generals = info.generals.length ? info.generals.length * 17 + 4 : 0;
  items.push(fitText({ x: x + 11, y: y + 31, fill: info.owner ? colour : "#566573", class: "owner" },
    ownerWords(view, info.owner), w - 15 - generals, 10, { least: 7.5 }));
  let markX = x + w - 16;
  if (info.capital_of) {
    items.push(s("g", { class: "capital", "data-seat": info.capital_of }, star(markX + 6, y + 11, 7.5, colourOf(view, info.capital_of)),
      s("title", { text: t("capital of {seat}", { seat: named(info.capital_of) }) })));
    markX -= 18;
  }
  if (info.fortress) {
    items.push(s("g", { class: `fortress ${info.fortress}` }, tower(markX - 2, y + 4, info.fortress === "grey" ? "#aab7b8" : "#34495e"),
      s("title", { text: info.fortress === "grey" ? t("grey fortress") : t("fortress") })));
    markX -= 18;
  }
  if (geo.extras[key] && geo.extras[key].landing) {
    items.push(s("text", { x: markX + 12, y: y + 16, "text-anchor": "end", "font-size": 12, fill: "#1f618d", class: "landing", text: "⚓" }));
    markX -= 16;
  }
  items.push(fitText({ x: x + 11, y: y + 16, "font-weight": "bold", fill: "#1b2631", class: "name" }, info.name,
    markX + 12 - x - 13, 11.5, { least: 9 }));
  info.generals.forEach((g, i) => {
    const cx = x + w - 12 - i * 17;
    items.push(s("g", { class: "general", "data-seat": g },
      s("circle", { cx, cy: y + 30, r: 7.5, fill: colourOf(view, g), stroke: "#1b2631", "stroke-width": 0.8 }),
      s("text", { x: cx, y: y + 33.5, "text-anchor": "middle", "font-size": 9.5, "font-weight": "bold", fill: "#fdfefe", text: "G" }),
      s("title", { text: t("general of {seat}", { seat: named(g) }) })));
  });
  let ux = x + 11;
  for (const kind of KINDS) {
    if (!info[kind]) continue;
    items.push(s("g", { class: `unit ${kind}`, "data-count": info[kind] },
      unitSymbol(kind, ux, y + hgt - 22, info.owner ? colour : "#566573"),
      s("text", { x: ux + 19, y: y + hgt - 12.5, "font-size": 11, "font-weight": "bold", fill: "#1b2631", class: "count", text: info[kind] }),
      s("title", { text: `${info[kind]} ${KIND_NAMES[kind]()}` })));
    ux += 36;
  }
  const title = landTitle(view, geo, key, info);
  items.push(s("title", { text: play ? title + " — " + t("click: {action}", { action: play.label }) : title }));
  const group = s("g", {
    class: `land${play ? " clickable" : ""}${decided ? " decision" : ""}${battle ? " battle" : ""}`,
    "data-land": key, "data-owner": info.owner || "", cursor: play ? "pointer" : null,
  }, items);
  if (play) group.addEventListener("click", () => ctx.act(play.action));
  return group;
}

/** The single legal choice that uses each land, by land key (lands used by several have none). */
function landActions(view, ctx) {
  const uses = {};
  for (const choice of ctx.choices || []) {
    for (const word of new Set(choice.args.map(String))) {
      if (Object.hasOwn(view.public.lands, word)) (uses[word] = uses[word] || []).push(choice);
    }
  }
  return Object.fromEntries(Object.entries(uses).filter(([, list]) => list.length === 1).map(([k, list]) => [k, list[0]]));
}

function mapLayer(view, ctx, geo) {
  const centre = (key) => [geo.left + (geo.place[key][1] + 0.5) * geo.cellW, geo.top + (geo.place[key][0] + 0.5) * CELL_H];
  const lines = geo.borders.map(([a, b]) => {
    const [x1, y1] = centre(a);
    const [x2, y2] = centre(b);
    return s("line", { x1, y1, x2, y2, stroke: "#aab7b8", "stroke-width": 2, "stroke-linecap": "round" });
  });
  const plays = landActions(view, ctx);
  return s("g", { class: "map" }, s("g", { class: "borders" }, lines),
    Object.keys(view.public.lands).map((key) => land(view, ctx, geo, key, plays[key] || null)));
}

// ---------------------------------------------------------------------- header, battle, players

/** The title, the decision and (2vs2) the teams; returns the node and the y below it. */
function header(view, ctx) {
  const pub = view.public;
  const map = printedMap(view, ctx);
  const mapName = map ? map.name + (map.stand_in ? " " + t("(stand-in map)") : "") : t("map {map}", { map: pub.map });
  const year = !pub.year ? t("before the first year")
    : pub.max_years ? t("year {year} of {last}", { year: pub.year, last: pub.max_years }) : t("year {year}", { year: pub.year });
  const season = { start: () => t("start phase"), winter: () => t("winter"), summer: () => t("summer") }[pub.season];
  let turn = "";
  if (pub.turn && (pub.season === "winter" || pub.season === "summer")) {
    turn = " · " + (pub.half_move ? t("{seat}'s half move, {n} action(s) left", { seat: named(pub.turn), n: pub.actions_left })
      : t("{seat}'s turn, {n} action(s) left", { seat: named(pub.turn), n: pub.actions_left }));
  }
  const when = `${year}, ${season ? season() : pub.season}${turn}`;
  const right = Math.min(measure(when, 13), (WIDTH - 28) * 0.5);
  const items = [
    s("rect", { x: 0, y: 0, width: WIDTH, height: 40, rx: 8, fill: "#1b2631", class: "frame" }),
    fitText({ x: 14, y: 26, "font-weight": "bold", fill: "#fdfefe" }, `${view.game === "e1815" ? "1815" : "1815 2vs2"} — ${mapName}`,
      WIDTH - 28 - right - 16, 18, { least: 11 }),
    fitText({ x: WIDTH - 14, y: 25, "text-anchor": "end", fill: "#d5d8dc", class: "when" }, when, right, 13, { least: 9 }),
  ];
  let y = 48;
  const mine = Boolean(view.pending);
  let words;
  if (view.outcome) words = t("Game over: {reason}", { reason: view.outcome.reason });
  else if (mine) words = t("Your decision: {prompt}", { prompt: view.pending.prompt });
  else words = t("Waiting for {seat}: {waiting}", { seat: whoSits(ctx, view.to_act), waiting: view.waiting || "" });
  const where = pub.decision && pub.decision.land && !view.outcome ? landName(view, pub.decision.land) : "";
  if (where && !words.includes(where)) words += ` (${where})`;
  items.push(s("g", { class: `decision-line${mine ? " mine" : ""}` },
    s("rect", { x: 0, y, width: WIDTH, height: 26, rx: 6, fill: view.outcome ? "#d5f5e3" : mine ? "#fcf3cf" : "#eaeded", stroke: mine ? GOLD : "none", "stroke-width": 2,
      class: "frame" }),
    fitText({ x: 12, y: y + 18, fill: "#1b2631", "font-weight": mine ? "bold" : "normal" }, words, WIDTH - 24, 13, { least: 9 })));
  y += 32;
  if (pub.teams) {
    const target = rule(ctx, "scoring", "team_win", 13);
    const half = WIDTH / 2;
    pub.teams.forEach((team, n) => {
      const x = n * half;
      const shift = n ? 4 : 0;
      const ours = view.seat && team.seats.includes(view.seat);
      const words = { n: n + 1, seats: team.seats.map(named).join(" + "), sp: team.sp, target };
      items.push(s("g", { class: `team${ours ? " ours" : ""}`, "data-team": n },
        s("rect", { x: x + shift, y, width: half - 4, height: 26, rx: 6, fill: "#f8f9f9", stroke: ours ? "#2e86c1" : "#d5d8dc", "stroke-width": ours ? 2.5 : 1,
          class: "frame" }),
        team.seats.map((seat, i) => s("rect", { x: x + 12 + i * 16 + shift, y: y + 7, width: 12, height: 12, rx: 2, fill: colourOf(view, seat) })),
        fitText({ x: x + 50 + shift, y: y + 18, fill: "#1b2631" },
          ours ? t("Team {n} (yours): {seats} allied — {sp} of {target} SP", words)
            : t("Team {n}: {seats} allied — {sp} of {target} SP", words), half - 60, 13, { least: 9 })));
    });
    y += 32;
  }
  return [s("g", { class: "header" }, items), y];
}

function battleBox(view, y) {
  const b = view.public.battle;
  const parts = KINDS.filter((k) => b[k]).map((k) => `${b[k]} ${KIND_NAMES[k]()}`).concat(b.general ? [t("the general")] : []);
  const force = parts.length ? parts.join(", ") : t("no troops committed yet");
  const spent = b.markers_spent ? " · " + t("{n} success marker(s) spent", { n: b.markers_spent }) : "";
  return s("g", { class: "battle-box", "data-target": b.target },
    s("rect", { x: 0, y, width: WIDTH, height: 28, rx: 6, fill: "#fdedec", stroke: BATTLE, "stroke-width": 1.5, class: "frame" }),
    fitText({ x: 12, y: y + 19, fill: BATTLE, "font-weight": "bold" },
      "⚔ " + t("Battle: {seat} attacks {land} ({defender}) with {force}", { seat: named(b.attacker), land: landName(view, b.target),
        defender: b.defender ? named(b.defender) : t("neutral"), force }) + spent, WIDTH - 24, 13, { least: 9 }));
}

/** "Player 1 (Ann)", "Player 2 (bot, normal)": who sits in a seat. */
function whoSits(ctx, seat) {
  const player = (ctx.players || []).find((q) => q.seat === seat);
  return player ? seatName(player) : named(seat);
}

/** The seat's cell of the players' table: "▶ Player 1 (Ann) — you", the name cut to leave room
 * for the marks. */
function seatCell(ctx, seat, x, y, width, acting, you) {
  const weight = you ? "bold" : "normal";
  const [before, after] = [acting ? "▶ " : "", you ? " — " + t("you") : ""];
  const room = width - measure(before + after, 12, weight);
  const who = whoSits(ctx, seat);
  const shown = cut(who, room, 12, weight);
  return s("text", { x, y, "font-size": 12, fill: "#1b2631", "font-weight": weight, class: "cell seat" },
    before + shown + after, shown !== who ? s("title", { text: who }) : null);
}

function markerDots(x, y, n, cap) {
  return Array.from({ length: cap }, (_, i) => s("circle", {
    cx: x + 5 + i * 12, cy: y, r: 4.5, fill: i < n ? GOLD : "none", stroke: "#7e5109", "stroke-width": 1, class: i < n ? "marker held" : "marker",
  }));
}

/** The players' table's column heads. */
const HEADS = {
  seat: () => t("seat"), ally: () => t("ally"), power: () => t("power"), capital: () => t("capital"), SP: () => "SP",
  markers: () => t("markers"), lands: () => t("lands"), "supply i/c/a": () => t("supply i/c/a"), forts: () => t("grey/left"),
  general: () => t("general"), loyalty: () => t("loyalty"), "crown demands": () => t("crown demands"),
};

function playersTable(view, ctx, y) {
  const pub = view.public;
  const cap = rule(ctx, "markers", "cap", 5);
  const target = rule(ctx, "scoring", "win", 10);
  const loyalty = pub.players.some((p) => p.loyalty !== null);
  const columns = [
    ["seat", 210], ...(pub.teams ? [["ally", 96]] : []), ...(pub.players.some((p) => p.power) ? [["power", 86]] : []),
    ["capital", 96], ["SP", pub.teams ? 40 : 64], ["markers", 82], ["lands", 40], ["supply i/c/a", 80], ["forts", 64],
    ["general", 80], ...(loyalty ? [["loyalty", 48], ["crown demands", 124]] : []),
  ];
  const xs = {};
  const ws = {};
  const scale = Math.min(1, (WIDTH - 16) / columns.reduce((sum, [, w]) => sum + w, 0));  // all of them in the width
  let x = 8;
  for (const [name, w] of columns) { xs[name] = x; ws[name] = w * scale; x += w * scale; }
  const rows = [s("rect", { x: 0, y, width: WIDTH, height: ROW_H * (pub.players.length + 1) + 8, rx: 8, fill: "#f8f9f9", stroke: "#d5d8dc" })];
  rows.push(s("g", { class: "head" }, columns.map(([name]) => fitText({
    x: xs[name], y: y + 17, "font-weight": "bold", fill: "#566573",
  }, name === "SP" && !pub.teams ? t("SP (of {target})", { target }) : HEADS[name](), ws[name] - 6, 11, { least: 8 }))));
  pub.players.forEach((p, i) => {
    const top = y + ROW_H * (i + 1) + 4;
    const base = top + 16;
    const acting = p.seat === view.to_act;
    const you = p.seat === view.seat;
    const cell = (name, text, extra = {}) => s("text", {
      x: xs[name], y: base, "font-size": 12, fill: "#1b2631", class: `cell ${name.split(" ")[0]}`,
      text: cut(text, ws[name] - 6, 12, extra["font-weight"]), ...extra,
    });
    const capital = p.capital ? landName(view, p.capital) + (p.holds_capital ? "" : " " + t("(lost)")) : "–";
    const sup = p.supply;
    const items = [
      acting ? s("rect", { x: 2, y: top, width: WIDTH - 4, height: ROW_H, rx: 4, fill: "#fcf3cf" }) : null,
      s("rect", { x: xs.seat, y: top + 5, width: 14, height: 14, rx: 3, fill: colourOf(view, p.seat) }),
      seatCell(ctx, p.seat, xs.seat + 20, base, ws.seat - 26, acting, you),
    ];
    if (pub.teams) items.push(cell("ally", p.ally ? `♦ ${named(p.ally)}` : "–", { fill: colourOf(view, p.ally) }));
    if (xs.power !== undefined) items.push(cell("power", p.power ? powerName(view, ctx, p.power) : "–"));
    items.push(cell("capital", capital), cell("SP", String(p.sp), { "font-weight": "bold" }),
      ...markerDots(xs.markers, base - 4, Math.min(p.markers, cap), cap),
      s("text", { x: xs.markers + cap * 12 + 2, y: base, "font-size": 10, fill: "#7e5109", class: "cell markers", text: String(p.markers) }),
      cell("lands", String(p.lands)), cell("supply i/c/a", `${sup.inf}/${sup.cav}/${sup.art}`),
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
function legend(y) {
  const signs = [
    [(x) => unitSymbol("inf", x, y + 4, "#1b2631"), 20, t("infantry")],
    [(x) => unitSymbol("cav", x, y + 4, "#1b2631"), 20, t("cavalry")],
    [(x) => unitSymbol("art", x, y + 4, "#1b2631"), 20, t("artillery")],
    [(x) => star(x + 7, y + 10, 7, "#fdfefe"), 18, t("capital")],
    [(x) => tower(x, y + 3, "#aab7b8"), 20, t("grey fortress")],
    [(x) => tower(x, y + 3, "#34495e"), 20, t("fortress")],
    [(x) => [s("circle", { cx: x + 7, cy: y + 10, r: 7, fill: "#566573" }),
      s("text", { x: x + 7, y: y + 13.5, "text-anchor": "middle", "font-size": 9, fill: "#fdfefe", text: "G" })], 18, t("general")],
    [() => null, 0, t("gold frame: click to play · red dashes: battle")],
  ];
  const items = [];
  let x = 8;
  for (const [sign, room, words] of signs) {
    items.push(sign(x));
    x += room;
    const last = x + measure(words, 11) > WIDTH - 4;
    items.push(fitText({ x, y: y + 14, fill: "#566573" }, words, WIDTH - 4 - x, 11, { least: 8 }));
    x += Math.min(measure(words, 11), WIDTH - 4 - x) + 16;
    if (last) break;
  }
  return s("g", { class: "legend" }, items);
}

/** The board for ``view``. */
export function render(view, ctx) {
  named = (seat) => titleIn(ctx.players, seat);
  const geo = layout(view, ctx);
  const [head, top] = header(view, ctx);
  geo.top = top;
  let y = geo.top + geo.rows * CELL_H + 6;
  const parts = [head, mapLayer(view, ctx, geo), legend(y)];
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
