// Wir sind das Volk! — the board's map and tracks, shared by the base game's board (wsdv.js)
// and the 2+2 board: West and East Germany as a schematic grid of the 14 provinces, cities
// and factories, connections and blue lines, per province unrest, mass protests, living
// standard and socialists; the four tracks; the state of the table; a province table.
// Every figure comes from the view; names come from the printed content (ctx.data).

import { s } from "../js/dom.js";
import { fitText, measure } from "../js/fit.js";
import { formatNumber, t, tn } from "../js/i18n.js";
import { actionable } from "../js/picking.js";

/** Pixels per grid cell; the map is COLS × ROWS cells. */
export const CW = 36;
export const CH = 34;
/** The schematic map: one letter per cell and province (see PROVINCE_CODE), "." is outside. */
export const GRID = [
  "....SSS.........",
  "....SSSS...MMM..",
  "....SSSSSMMMMM..",
  "..NNNNSSNMMMMM..",
  ".NNNNNNNNGGGGGG.",
  ".NNNNNNNNAAGGGG.",
  "..RNNNNNNAAGWEG.",
  ".RRRRNNNNAAGWEG.",
  "RRRRRNNHAAAGGGG.",
  "RRRRHHHHTTXXXXX.",
  "RRRRHHHTTTTXXX..",
  "PPPHHHHTTTXX....",
  "PPPPHHYYYYYY....",
  "PPPPBBYYYYYYY...",
  "PPPBBBBYYYYYY...",
  "...BBBBBYYYYYY..",
  "...BBBBYYYYYY...",
  "...BBBBYYYYYY...",
  "....BBBYYYYY....",
];
export const COLS = GRID[0].length;
export const ROWS = GRID.length;
export const PROVINCE_CODE = {
  S: "sh", N: "ns", R: "nrw", H: "he", P: "rp", B: "bw", Y: "by", W: "wb",
  M: "mv", G: "bb", E: "eb", A: "sa", X: "sn", T: "th",
};
/** Where each city lies, in grid cells (from its longitude and latitude, Berlin and Hamburg moved). */
export const CITY_AT = {
  flensburg: [6.05, 0.55], kiel: [7.22, 1.7], hamburg: [6.9, 4.0], bremen: [5.0, 4.8],
  hannover: [6.55, 6.58], wolfsburg: [8.3, 6.45], bielefeld: [4.55, 7.45], duisburg: [1.6, 8.93],
  dortmund: [2.78, 8.73], koeln: [1.93, 10.15], kassel: [6.13, 9.22], giessen: [4.8, 11.05],
  fulda: [6.47, 11.13], frankfurt: [4.8, 12.23], koblenz: [2.98, 11.6], saarbruecken: [1.98, 14.4],
  kaiserslautern: [3.28, 13.9], mannheim: [4.45, 13.77], heilbronn: [5.7, 14.65], stuttgart: [5.63, 15.55],
  ulm: [6.7, 16.5], bayreuth: [9.63, 12.62], nuernberg: [8.8, 13.87], ingolstadt: [9.9, 15.45],
  muenchen: [9.63, 17.15], rostock: [10.5, 2.27], neubrandenburg: [12.43, 3.6], schwedt: [14.13, 4.85],
  rheinsberg: [11.82, 4.75], cottbus: [14.22, 8.1], berlin: [13.5, 7.45], magdeburg: [9.72, 7.17],
  bitterfeld: [10.88, 8.45], leipzig: [10.95, 9.15], dresden: [13.23, 9.88], "karl-marx-stadt": [11.87, 10.43],
  eisenach: [7.53, 10.05], jena: [9.65, 10.18], "polska-n": [15.4, 3.8], "polska-s": [15.4, 6.9],
  "cssr-n": [14.6, 10.7], "cssr-s": [12.5, 11.8],
};
/** City names that read better on the other side of their point. */
const LABEL_LEFT = new Set(["duisburg", "kaiserslautern", "giessen", "frankfurt", "koeln", "saarbruecken",
  "eisenach", "magdeburg", "hannover", "bremen", "heilbronn", "stuttgart"]);
/** Where each province's badge (unrest, living standard) sits, in grid cells. */
export const BADGE_AT = {
  sh: [4.6, 2.45], ns: [2.6, 5.3], nrw: [1.6, 7.5], he: [4.6, 9.75], rp: [1.1, 12.7], bw: [4.4, 17.3],
  by: [11.2, 16.2], wb: [12.5, 6.5], mv: [11.5, 1.55], bb: [11.5, 5.55], eb: [13.5, 6.5], sa: [9.5, 5.6],
  sn: [12.9, 9.15], th: [8.6, 11.35],
};
const SIDE_FILL = { west: "#fbf3d0", east: "#f6dcd6" };
const SIDE_INK = { west: "#7d6608", east: "#922b21" };
export const TRACKS = [
  ["prestige", () => t("Prestige")], ["currency", () => t("Western currency")], ["socialism", () => t("Socialism")],
];

// ---------------------------------------------------------------------- content

/** The printed map, cards and tracks, arranged for drawing (the result of a board's load). */
export function prepare(map, cards, tracks) {
  const provinces = Object.fromEntries(map.provinces.map((p) => [p.key, p]));
  const cities = Object.fromEntries(map.cities.map((c) => [c.key, c]));
  const lines = [];
  for (const [a, b, count] of map.connections) {
    lines.push({ name: `${a}/${b}`, a, b, offset: count > 1 ? 3.5 : 0, at: count > 1 ? a : null });
    if (count > 1) lines.push({ name: `${b}/${a}`, a, b, offset: -3.5, at: b });
  }
  return {
    provinces, cities, lines, sectors: (map.sectors || []).map((x) => x.key),
    cards: Object.fromEntries(cards.cards.map((c) => [c.key, c])),
    prestige: tracks.prestige || {}, flightCells: (tracks.flight && tracks.flight.cells) || 21,
  };
}

/** A West Berlin sector and its living standard: "French LS 2". */
function sectorWords(sector, ls) {
  const words = { french: () => t("French LS {ls}", { ls }), british: () => t("British LS {ls}", { ls }),
    us: () => t("US LS {ls}", { ls }) }[sector];
  return words ? words() : `${sector} LS ${ls}`;
}

export function provinceName(ctx, key) {
  const p = ctx.data && ctx.data.provinces[key];
  return p ? t(p.name) : key;
}

export function cityName(ctx, key) {
  const c = ctx.data && ctx.data.cities[key];
  return c ? t(c.name) : key;
}

/** A site of the build and dismantle actions in words: a city, or a blue line "a/b". */
export function siteName(ctx, site) {
  if (!site.includes("/")) return cityName(ctx, site);
  const [a, b] = site.split("/");
  const line = ctx.data ? ctx.data.lines.find((l) => l.name === site) : null;
  const end = line && line.at ? " " + t("(the line at {city})", { city: cityName(ctx, line.at) }) : "";
  return t("the line {a}–{b}", { a: cityName(ctx, a), b: cityName(ctx, b) }) + end;
}

// ---------------------------------------------------------------------- playing on the board

/** The legal actions a board element uses, by a test on each choice's words (verb, then arguments). */
export function usesOf(ctx, test) {
  return (ctx.choices || []).filter((c) => test([c.verb, ...c.args.map(String)])).map((c) => c.action);
}

const PROVINCE_VERBS = new Set(["calm", "ls", "unrest", "police", "hamburg", "end-protest", "return",
  "socialist", "purge", "supplier", "relieve", "reduce"]);
const SITE_VERBS = new Set(["build", "dismantle", "rundown", "repair", "stop"]);

/** Whether an action's words name a province as its target. */
export function usesProvince(words, key) {
  if (words[0] === "move") return words[1] === key || words[2] === key;
  if (words[0] === "assign") return words[2] === key;
  return PROVINCE_VERBS.has(words[0]) && words[1] === key;
}

/** Whether an action's words name a city (or, for "hamburg", the Hamburg choice). */
export function usesCity(words, key, kind) {
  if (words[0] === "assign") return words[1] === key;
  if (words[0] === "hamburg") return kind === "hamburg";
  return SITE_VERBS.has(words[0]) && words[1] === key;
}

// ---------------------------------------------------------------------- map

/** How the map draws its marks. On a desktop as the grid's cells are drawn; on a phone the whole
 * map is shown smaller (``scale``), so its badges and factories grow (``mark``) and their numbers
 * more (font sizes in map units) to stay readable at a glance, the badges lie where the bigger
 * ones miss every city (``badgeAt``, in cells), and a city's name that would lie under a badge or
 * a factory is left to the city's tooltip (``avoid``); the names stay small, for a player who
 * zooms in. */
export const MAP_DESKTOP = {
  scale: 1, words: 13, codes: 10, badgeAt: {}, avoid: false,
  badge: { mark: 1, unrest: 11, ls: 10, code: 9, small: 9, protest: true },
  city: { mark: 1, value: 10 },
};
export const MAP_PHONE = {
  scale: 0.625, words: 18, codes: 15, avoid: true,
  badgeAt: { sh: [6.1, 1.9], ns: [5.4, 6.0], nrw: [3.0, 9.9], he: [5.0, 9.9], rp: [1.8, 13.0], bw: [5.2, 16.7],
    by: [8.8, 15.4], wb: [12.1, 7.0], mv: [11.7, 2.4], bb: [12.5, 8.6], eb: [13.5, 6.3], sa: [9.8, 6.0],
    sn: [11.0, 11.6], th: [8.8, 11.4] },
  badge: { mark: 1.25, unrest: 18.4, ls: 17.6, code: 12, small: 12, protest: false },
  city: { mark: 1.35, value: 18 },
};

function at(x0, y0, [gx, gy]) {
  return [x0 + gx * CW, y0 + gy * CH];
}

function borderPaths(x0, y0) {
  const inner = [];
  const outer = [];
  const province = [];
  const sideOf = (code) => (code === "." ? null : "SNRHPBYW".includes(code) ? "west" : "east");
  const cell = (r, c) => (r >= 0 && r < ROWS && c >= 0 && c < COLS ? GRID[r][c] : ".");
  for (let r = -1; r < ROWS; r += 1) {
    for (let c = -1; c < COLS; c += 1) {
      const here = cell(r, c);
      for (const [dr, dc] of [[0, 1], [1, 0]]) {
        const there = cell(r + dr, c + dc);
        if (here === there) continue;
        const [x, y] = [x0 + (c + 1) * CW, y0 + (r + 1) * CH];
        const seg = dc ? `M${x} ${y - CH}V${y}` : `M${x - CW} ${y}H${x}`;
        const [a, b] = [sideOf(here), sideOf(there)];
        if (!a || !b) outer.push(seg);
        else if (a !== b) inner.push(seg);
        else province.push(seg);
      }
    }
  }
  return s("g", { class: "borders", "pointer-events": "none", fill: "none" },
    s("path", { d: province.join(""), stroke: "#909497", "stroke-width": 1 }),
    s("path", { d: outer.join(""), stroke: "#5d6d7e", "stroke-width": 1.5 }),
    s("path", { d: inner.join(""), stroke: "#1b2631", "stroke-width": 3.5, "stroke-linecap": "square" }));
}

/** The legal actions that name province ``key``. */
function provinceUses(ctx, key) {
  return usesOf(ctx, (w) => usesProvince(w, key));
}

function provinceArea(ctx, p, x0, y0) {
  const cells = [];
  GRID.forEach((row, r) => [...row].forEach((code, c) => {
    if (PROVINCE_CODE[code] === p.key) cells.push([c, r]);
  }));
  const uses = provinceUses(ctx, p.key);
  const g = s("g", {
    class: `province ${p.side}`, "data-province": p.key, "data-unrest": p.unrest, "data-ls": p.ls,
    "data-mass-protests": p.mass_protests, "data-socialists": p.socialists,
  },
  cells.map(([c, r]) => s("rect", { x: x0 + c * CW, y: y0 + r * CH, width: CW, height: CH,
    fill: uses.length ? "#f9e79f" : SIDE_FILL[p.side] })),
  s("title", { text: t("{province}: {unrest} unrest, {protests}, living standard {ls}, economy {economy}, export level "
    + "{export}", { province: t(p.name), unrest: p.unrest, protests: protests(p), ls: p.ls, economy: p.economy,
    export: p.export }) }));
  return actionable(g, uses, t(p.name));
}

const protests = (p) => tn("{n} mass protest", "{n} mass protests", { n: p.mass_protests });

/** Where a province's badge lies on the map, in cells. */
function badgeCell(p, look) {
  return look.badgeAt[p.key] || BADGE_AT[p.key] || [0, 0];
}

/** The box a province's badge covers (map units, before the map's scale). */
function badgeBox(p, look, x0, y0) {
  const [x, y] = at(x0, y0, badgeCell(p, look));
  const m = look.badge.mark;
  return { left: x - 20 * m, top: y - 21 * m, right: x + (p.socialists ? 32 : 20) * m,
    bottom: y + (p.mass_protests > 0 ? 21 : 10) * m };
}

/** A province's badge: its code, unrest (red with a mass protest), living standard, socialists. */
function badge(ctx, p, x0, y0, look) {
  const [x, y] = at(x0, y0, badgeCell(p, look));
  const size = look.badge;
  const m = size.mark;
  const box = badgeBox(p, look, x0, y0);
  const protest = p.mass_protests > 0;
  const uses = provinceUses(ctx, p.key);
  const items = [
    s("rect", { x: box.left, y: box.top, width: box.right - box.left, height: box.bottom - box.top, rx: 5 * m,
      fill: uses.length ? "#f9e79f" : "#fdfefe", "fill-opacity": uses.length ? 1 : 0.75,
      stroke: uses.length ? "#d4ac0d" : "none", "stroke-width": 2 }),
    s("text", { x, y: y - 11 * m, "text-anchor": "middle", "font-size": size.code, "font-weight": "bold", fill: SIDE_INK[p.side],
      text: p.key.toUpperCase() }),
    s("circle", { cx: x - 8 * m, cy: y, r: 9 * m, fill: protest ? "#c0392b" : p.unrest ? "#fdebd0" : "#fdfefe",
      stroke: protest ? "#641e16" : "#873600", "stroke-width": 1.5 }),
    s("text", { x: x - 8 * m, y: y + size.unrest * 0.36, "text-anchor": "middle", "font-size": size.unrest,
      "font-weight": "bold", fill: protest ? "#fdfefe" : "#1b2631", class: "unrest", text: p.unrest }),
    s("rect", { x: x + 2 * m, y: y - 8 * m, width: 16 * m, height: 16 * m, rx: 2, fill: "#d6eaf8", stroke: "#1f618d" }),
    s("text", { x: x + 10 * m, y: y + size.ls * 0.36, "text-anchor": "middle", "font-size": size.ls, fill: "#1b4f72",
      class: "ls", text: p.ls }),
  ];
  if (protest) {  // a phone's badge has no room for the word: the red disc and the flag say it
    const count = p.mass_protests > 1 ? `${p.mass_protests}× ` : "";
    items.push(s("text", { x, y: y + 18 * m, "text-anchor": "middle", "font-size": size.small, "font-weight": "bold",
      fill: "#922b21", text: size.protest ? `⚑ ${count}` + t("protest") : `⚑ ${count}`.trim() }));
  }
  if (p.socialists) {
    items.push(s("circle", { cx: x + 25 * m, cy: y, r: 6 * m, fill: "#7d3c98" }),
      s("text", { x: x + 25 * m, y: y + 3 * m, "text-anchor": "middle", "font-size": 8 * m, fill: "#fdfefe", text: p.socialists }));
  }
  const socialists = tn("{n} socialist", "{n} socialists", { n: p.socialists });  // not inside t(): pybabel finds it
  items.push(s("title", { text: t("{province}: {unrest} unrest, {protests}, living standard {ls}, {socialists}", {
    province: t(p.name), unrest: p.unrest, protests: protests(p), ls: p.ls, socialists }) }));
  // on a phone a badge that carries nothing lets a tap through to the line or city beneath it
  const through = look.avoid && !uses.length ? "none" : null;
  return actionable(s("g", { class: "badge", "data-province": p.key, "pointer-events": through }, items), uses,
    t(p.name));
}

function connections(view, ctx, x0, y0, look) {
  const built = new Set(view.public.infrastructure);
  return s("g", { class: "lines" }, ctx.data.lines.map((line) => {
    const [ax, ay] = at(x0, y0, CITY_AT[line.a]);
    const [bx, by] = at(x0, y0, CITY_AT[line.b]);
    const len = Math.hypot(bx - ax, by - ay) || 1;
    const [ox, oy] = [(-(by - ay) / len) * line.offset, ((bx - ax) / len) * line.offset];
    const ends = { x1: ax + ox, y1: ay + oy, x2: bx + ox, y2: by + oy };
    const on = built.has(line.name);
    const uses = usesOf(ctx, (w) => SITE_VERBS.has(w[0]) && w[1] === line.name);
    const g = s("g", { class: `line${on ? " built" : ""}`, "data-line": line.name },
      s("line", { ...ends, stroke: on ? "#1f6fb5" : uses.length ? "#d4ac0d" : "#aab7b8",
        "stroke-width": on ? 3 : uses.length ? 2.5 : 1.2, "stroke-dasharray": on || uses.length ? null : "3 3" }),
      s("line", { ...ends, stroke: "transparent", "stroke-width": (line.offset ? 6 : 8) * look.city.mark }),
      s("title", { text: `${on ? t("Blue line") : t("Connection")} ${siteName(ctx, line.name)}` }));
    return actionable(g, uses, siteName(ctx, line.name));
  }));
}

/** Where a city's name goes: after its mark, or before it (``left``), in map units. */
function nameBox(ctx, c, x, y, left, look) {
  const width = measure(t(c.name), 9);
  const gap = 9 * look.city.mark;
  return { left: left ? x - gap - width : x + gap, right: left ? x - gap : x + gap + width, top: y - 6, bottom: y + 3 };
}

function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function city(view, ctx, c, x0, y0, look, marks) {
  const [x, y] = at(x0, y0, CITY_AT[c.key] || [0, 0]);
  const m = look.city.mark;
  const factory = view.public.factories[c.key];
  const external = c.kind === "external";
  const uses = usesOf(ctx, (w) => usesCity(w, c.key, c.kind));
  const ring = uses.length ? { stroke: "#d4ac0d", "stroke-width": 3 } : { stroke: "#1b2631", "stroke-width": 1 };
  const marker = [s("circle", { cx: x, cy: y, r: 8 * m, fill: "transparent" })];
  if (factory) {
    const value = look.city.value;
    marker.push(s("rect", { x: x - 7 * m, y: y - 7 * m, width: 14 * m, height: 14 * m, rx: 2,
      fill: factory.rundown ? "#aab7b8" : external ? "#7d3c98" : citySide(ctx, c) === "west" ? "#b7950b" : "#922b21",
      "stroke-dasharray": factory.rundown ? "2 2" : null, ...ring }),
    s("text", { x, y: y + value * 0.36, "text-anchor": "middle", "font-size": value, "font-weight": "bold", fill: "#fdfefe",
      text: factory.value }));
  } else {
    marker.push(s("circle", { cx: x, cy: y, r: (external ? 5 : 4) * m, fill: external ? "#e8daef" : "#fdfefe", ...ring }));
  }
  const what = !factory ? t("no factory") : factory.rundown ? t("run-down factory of value {n}", { n: factory.value })
    : t("factory of value {n}", { n: factory.value });
  marker.push(s("title", { text: `${t(c.name)}: ${what}` }));
  const site = actionable(s("g", { class: "site", "data-site": c.key }, marker), uses, cityName(ctx, c.key));
  let left = LABEL_LEFT.has(c.key);
  if (look.avoid && !external) {  // the other side, or no name, where a badge, a factory or a name covers it
    const free = (side) => !marks.some((mark) => mark.key !== c.key && overlaps(mark, nameBox(ctx, c, x, y, side, look)));
    left = free(left) ? left : free(!left) ? !left : null;
    if (left !== null) marks.push(nameBox(ctx, c, x, y, left, look));
  }
  const name = external || left === null ? null : s("text", { x: left ? x - 9 * m : x + 9 * m, y: y + 3,
    "text-anchor": left ? "end" : "start", "font-size": 9, fill: "#34495e", "pointer-events": "none", text: t(c.name) });
  return s("g", { class: `city${factory ? " factory" : ""}`, "data-city": c.key,
    "data-factory": factory ? factory.value : null, "data-rundown": factory && factory.rundown ? "true" : null }, site, name);
}

function citySide(ctx, c) {
  const p = ctx.data.provinces[c.province];
  return c.side || (p ? p.side : "");
}

/** The marks a city's name must not lie under: badges, and factories grown for a phone (the names
 * placed join them). */
function marksOf(view, provinces, x0, y0, look) {
  if (!look.avoid) return [];
  const half = 8 * look.city.mark;
  const factories = Object.keys(view.public.factories).filter((key) => CITY_AT[key]).map((key) => {
    const [x, y] = at(x0, y0, CITY_AT[key]);
    return { key, left: x - half, right: x + half, top: y - half, bottom: y + half };
  });
  return [...provinces.map((p) => badgeBox(p, look, x0, y0)), ...factories];
}

/** The map at (x0, y0) — provinces, borders, lines, cities and factories, per-province badges —
 * drawn ``look.scale`` times its size. */
export function mapLayer(view, ctx, x0, y0, look = MAP_DESKTOP) {
  const provinces = view.public.provinces;
  const g = s("g", { class: "map", transform: look.scale === 1 ? null : `translate(${x0} ${y0}) scale(${look.scale})` });
  const [mx, my] = look.scale === 1 ? [x0, y0] : [0, 0];
  g.append(s("rect", { x: mx, y: my, width: COLS * CW, height: ROWS * CH, fill: "#eaf2f8" }),
    ...provinces.map((p) => provinceArea(ctx, p, mx, my)),
    borderPaths(mx, my),
    s("text", { x: mx + 8, y: my + ROWS * CH - 10, "font-size": look.words, "font-weight": "bold", fill: SIDE_INK.west,
      text: t("West Germany") }),
    s("text", { x: mx + COLS * CW - 8, y: my + look.words + 7, "text-anchor": "end", "font-size": look.words,
      "font-weight": "bold", fill: SIDE_INK.east, text: t("East Germany") }),
    s("text", { x: mx + 15.5 * CW, y: my + 5.4 * CH, "text-anchor": "middle", "font-size": look.codes, fill: "#6c3483",
      text: "PL" }),
    s("text", { x: mx + 13.6 * CW, y: my + 11.6 * CH, "text-anchor": "middle", "font-size": look.codes, fill: "#6c3483",
      text: "ČSSR" }));
  if (ctx.data) {
    const marks = marksOf(view, provinces, mx, my, look);
    g.append(connections(view, ctx, mx, my, look));
    g.append(s("g", { class: "cities" }, Object.values(ctx.data.cities).filter((c) => CITY_AT[c.key])
      .map((c) => city(view, ctx, c, mx, my, look, marks))));
  }
  g.append(s("g", { class: "badges" }, provinces.map((p) => badge(ctx, p, mx, my, look))));
  return g;
}

// ---------------------------------------------------------------------- tracks

/** The sizes of the tracks, West Berlin's sectors and the province table: a desktop's, and a
 * phone's, whose words are at least 11 units (the phone board is shown at about its size). */
export const TABLE_DESKTOP = {
  track: { cell: 27, title: 11, least: 8, number: 9, box: 20, step: 46, flight: 17, lines: 1 },
  sectors: { label: 11, inline: 74, w: 78, step: 84, h: 17, font: 10, least: 8, supply: 10 },
  rows: { head: 9, top: 16, step: 20, h: 18, font: 10.5, least: 8, first: 150, stagger: false },
};
export const TABLE_PHONE = {
  track: { cell: 25, title: 12.5, least: 11, number: 11.5, box: 24, step: 54, flight: 15.5, lines: 2 },
  sectors: { label: 12, inline: 0, w: 114, step: 120, h: 26, font: 12, least: 11, supply: 11 },
  rows: { head: 11.5, top: 34, step: 24, h: 22, font: 12, least: 11, first: 158, stagger: true },
};

function prestigeTip(ctx, value, describeIcon) {
  if (!value || !ctx.data) return value ? "" : t("level: West begins");
  const side = value < 0 ? "west" : "east";
  const icons = (ctx.data.prestige[side] || {})[String(Math.abs(value))] || [];
  return `${side === "west" ? t("West") : t("East")} ${Math.abs(value)}: ${icons.map(describeIcon).join(", ")}`;
}

/** A prestige space's name: "Prestige 3". */
function spaceName(title, v) {
  return `${title()} ${Math.abs(v)}`;
}

function scale(ctx, view, key, title, value, x, y, options) {
  const look = options.look;
  const cell = look.cell;
  const middle = y + 16 + look.box / 2;
  const baseline = middle + look.number * 0.36;
  const items = [
    fitText({ x, y: y + look.title - 1, "font-weight": "bold", fill: "#1b2631" },
      `${title()}: ${value > 0 ? "+" : ""}${value}`, 13 * cell, look.title, { least: look.least }),
    s("text", { x: x - 2, y: baseline, "text-anchor": "end", "font-size": look.number, fill: SIDE_INK.west, text: "W" }),
    s("text", { x: x + 13 * cell + 3, y: baseline, "font-size": look.number, fill: SIDE_INK.east, text: "E" }),
  ];
  for (let v = -6; v <= 6; v += 1) {
    const cx = x + (v + 6) * cell;
    const uses = key === "prestige" ? usesOf(ctx, (w) => w[0] === "bonus" && Number(w[1]) === Math.abs(v)
      && Math.sign(v) === Math.sign(view.public.tracks.prestige)) : [];
    const box = s("g", { class: "space", "data-space": v },
      s("rect", { x: cx, y: y + 16, width: cell - 2, height: look.box, rx: 3, class: "frame",
        fill: uses.length ? "#f9e79f" : v < 0 ? SIDE_FILL.west : v > 0 ? SIDE_FILL.east : "#fdfefe", stroke: "#aab7b8" }),
      s("text", { x: cx + cell / 2 - 1, y: baseline, "text-anchor": "middle", "font-size": look.number, fill: "#566573",
        text: Math.abs(v) }),
      key === "prestige" ? s("title", { text: prestigeTip(ctx, v, options.describeIcon) }) : null);
    items.push(actionable(box, uses, spaceName(title, v)));
  }
  const mx = x + (value + 6) * cell + cell / 2 - 1;
  items.push(s("circle", { cx: mx, cy: middle, r: look.box * 0.4, fill: "none", stroke: "#1b2631", "stroke-width": 2.5,
    class: "marker" }));
  return s("g", { class: "track", "data-track": key, "data-value": value }, items);
}

function flightScale(ctx, value, x, y, look) {
  const cells = ctx.data ? ctx.data.flightCells : 21;
  const cell = look.flight;
  const middle = y + 16 + look.box / 2;
  const items = [fitText({ x, y: y + look.title - 1, "font-weight": "bold", fill: "#1b2631" },
    t("Flight: {flight} (East dismantles {n} at the end of the decade)", { flight: formatNumber(value / 2), n: Math.floor(value / 2) }),
    cells * cell, look.title, { least: look.least, lines: look.lines })];
  const top = y + 16 + (look.lines - 1) * look.title * 1.15;  // below the title's lines
  for (let i = 0; i < cells; i += 1) {
    items.push(s("rect", { x: x + i * cell, y: top, width: cell - 1, height: look.box, rx: 2,
      fill: i % 2 ? "#f2f3f4" : "#e5e8e8", stroke: "#aab7b8" }));
    if (i % 2 === 0) {
      items.push(s("text", { x: x + i * cell + cell / 2, y: top + look.box / 2 + look.number * 0.36, "text-anchor": "middle",
        "font-size": look.number, fill: "#566573", text: i / 2 }));
    }
  }
  items.push(s("circle", { cx: x + value * cell + cell / 2 - 0.5, cy: middle + top - y - 16, r: look.box * 0.35,
    fill: "none", stroke: "#1b2631", "stroke-width": 2.5, class: "marker" }));
  return s("g", { class: "track", "data-track": "flight", "data-value": value }, items);
}

/** The prestige, Western-currency, socialism and flight tracks at (x, y); returns [node, height]. */
export function tracksLayer(view, ctx, x, y, options = {}) {
  const tracks = view.public.tracks;
  const opts = { look: TABLE_DESKTOP.track, ...options };
  const step = opts.look.step;
  const flight = flightScale(ctx, tracks.flight, x + 14, y + 3 * step, opts.look);
  const flightH = step + (opts.look.lines - 1) * opts.look.title * 1.15;
  return [s("g", { class: "tracks" },
    TRACKS.map(([key, title], i) => scale(ctx, view, key, title, tracks[key], x + 14, y + i * step, opts)), flight),
  3 * step + flightH];
}

// ---------------------------------------------------------------------- table state and provinces

/** West Berlin's sectors as boxes (living standard per sector) at (x, y); returns [node, height]. */
export function sectorsLayer(view, ctx, x, y, look = TABLE_DESKTOP.sectors) {
  const wb = view.public.west_berlin;
  const items = [s("text", { x, y: y + 12, "font-size": look.label, fill: "#1b2631", text: t("West Berlin:") })];
  const top = look.inline ? y : y + look.label + 6;  // beside the label, or below it
  Object.entries(wb.sectors).forEach(([sector, ls], i) => {
    const uses = usesOf(ctx, (w) => (w[0] === "ls" || w[0] === "reduce") && w[1] === `wb-${sector}`);
    const bx = x + look.inline + i * look.step;
    const box = s("g", { class: "sector", "data-sector": sector, "data-ls": ls },
      s("rect", { x: bx, y: top, width: look.w, height: look.h, rx: 3, fill: uses.length ? "#f9e79f" : "#d6eaf8",
        stroke: "#1f618d", class: "frame" }),
      fitText({ x: bx + look.w / 2, y: top + look.h / 2 + look.font * 0.36, "text-anchor": "middle", fill: "#1b4f72" },
        sectorWords(sector, ls), look.w - 6, look.font, { least: look.least }));
    items.push(actionable(box, uses, sectorWords(sector, ls)));
  });
  const supply = [];
  if (wb.delivered_by.length) supply.push(t("supplied by {provinces}", { provinces: wb.delivered_by.map((k) => k.toUpperCase()).join(", ") }));
  const mp = Object.entries(wb.supplier_protests);
  if (mp.length) supply.push(t("supplier protests: {protests}", { protests: mp.map(([k, n]) => `${k.toUpperCase()} ${n}`).join(", ") }));
  const below = top + look.h + look.supply + 2;
  if (supply.length) {
    items.push(fitText({ x, y: below, fill: "#566573" }, supply.join(" · "), look.inline + 3 * look.step, look.supply,
      { least: Math.min(8, look.supply) }));
  }
  return [s("g", { class: "west-berlin" }, items), below + 4 - y];
}

/** One line per province: unrest, mass protests, LS, economy, export level, socialists. */
export function provinceTable(view, ctx, x, y, width, look = TABLE_DESKTOP.rows) {
  const cols = [["unrest", t("unrest")], ["mass_protests", t("protests")], ["ls", t("LS")], ["economy", t("economy")],
    ["export", t("export")], ["socialists", t("soc.")]];
  const first = look.first;
  const step = (width - first) / cols.length;
  // a column's heading over it; on a phone every other one a line lower, each as wide as two columns
  // (the last no wider than the table), so that their words stay as large as the figures
  const heading = (i, words) => {
    const centre = first + i * step + step / 2;
    const lower = look.stagger && i % 2 === 1;
    const room = look.stagger ? Math.min(2 * step, 2 * (width - centre)) - 3 : step - 3;
    return fitText({ x: x + centre, y: y + look.head + 2 + (lower ? look.head + 3 : 0), "text-anchor": "middle",
      fill: "#566573" }, words, room, look.head, { least: look.stagger ? look.least : 7 });
  };
  const items = [cols.map(([, words], i) => heading(i, words))];
  view.public.provinces.forEach((p, i) => {
    const ry = y + look.top + i * look.step;
    const baseline = ry + look.h / 2 + look.font * 0.36;
    const uses = provinceUses(ctx, p.key);
    const row = s("g", { class: `province-row ${p.side}`, "data-province": p.key },
      s("rect", { x, y: ry, width, height: look.h, rx: 3, fill: uses.length ? "#f9e79f" : SIDE_FILL[p.side], class: "frame" }),
      fitText({ x: x + 5, y: baseline, fill: SIDE_INK[p.side] }, t(p.name), first - 8, look.font, { least: look.least }),
      cols.map(([field], j) => s("text", { x: x + first + j * step + step / 2, y: baseline, "text-anchor": "middle",
        "font-size": look.font, "font-weight": field === "unrest" || field === "ls" ? "bold" : null,
        fill: field === "mass_protests" && p[field] ? "#c0392b" : "#1b2631", class: `cell ${field}`, text: p[field] })));
    items.push(actionable(row, uses, t(p.name)));
  });
  return s("g", { class: "provinces-table" }, items);
}
