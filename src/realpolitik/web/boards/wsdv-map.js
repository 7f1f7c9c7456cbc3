// Wir sind das Volk! — the board's map and tracks, shared by the base game's board (wsdv.js)
// and the 2+2 board: West and East Germany as a schematic grid of the 14 provinces, cities
// and factories, connections and blue lines, per province unrest, mass protests, living
// standard and socialists; the four tracks; the state of the table; a province table.
// Every figure comes from the view; names come from the printed content (ctx.data).

import { s, shownRange, touchScale } from "../js/dom.js";
import { fitText } from "../js/fit.js";
import { t, tn } from "../js/i18n.js";

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

// ---------------------------------------------------------------------- clicking

/** The legal actions a board element uses, by a test on each choice's words (verb, then arguments). */
export function usesOf(ctx, test) {
  return (ctx.choices || []).filter((c) => test([c.verb, ...c.args.map(String)])).map((c) => c.action);
}

/** A legal action's words, as the game gives them (``view.pending.choices``). */
export function choiceLabel(action, view, ctx) {
  const choice = (ctx.choices || []).find((c) => c.action === action);
  return choice ? choice.label : action;
}

/**
 * Make ``node`` act on click: the single legal action it uses is played at once; with several,
 * a small menu of them opens next to it at (x, y). Nodes that use nothing stay inert.
 */
export function clickable(node, ctx, view, uses, x, y, label) {
  if (!uses.length) return node;
  node.classList.add("clickable");
  node.setAttribute("cursor", "pointer");
  node.dataset.uses = String(uses.length);
  if (uses.length === 1) node.dataset.act = uses[0];
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    if (uses.length === 1) ctx.act(uses[0]);
    else offer(node.ownerSVGElement, x, y, uses, view, ctx, label);
  });
  return node;
}

/** The menu of several actions at (x, y) on ``svg``; one menu at a time. */
export function offer(svg, x, y, actions, view, ctx, label) {
  for (const old of svg.querySelectorAll(".choices")) old.remove();
  const texts = actions.map((a) => (label ? label(a, view, ctx) : a));
  const box = svg.viewBox.baseVal;
  const scale = touchScale(svg); // on a phone: rows a finger's height, words 14 pixels
  const row = Math.max(22, 44 * scale);
  const font = Math.max(11, 14 * scale);
  const [from, to] = shownRange(svg); // open where the board is scrolled to
  const w = Math.min(scale ? to - from - 4 : 460, Math.max(140, ...texts.map((t) => t.length * font * 0.56 + 20)));
  const perLine = Math.floor((w - 20) / (font * 0.56)); // a longer label takes two lines of its row
  const foot = scale ? row : font * 2; // the strip with "close", a finger's height on a phone too
  const h = row * actions.length + 4 + foot;
  const left = Math.max(from + 2, Math.min(x, to - w - 2));
  const top = Math.max(2, Math.min(y, box.height - h - 2));
  const menu = s("g", { class: "choices" },
    s("rect", { x: left, y: top, width: w, height: h, rx: 6, fill: "#fdfefe", stroke: "#1b2631", "stroke-width": 1.5 }));
  actions.forEach((action, i) => {
    const item = s("g", { class: "choice", "data-action": action, cursor: "pointer" },
      s("rect", { x: left + 4, y: top + 4 + i * row, width: w - 8, height: row - 3, rx: 4, fill: "#d6eaf8" }),
      label2(left + 10, top + 4 + i * row + (row - 3) / 2 + font * 0.35, texts[i], perLine, font));
    item.addEventListener("click", (event) => {
      event.stopPropagation();
      ctx.act(action);
    });
    menu.append(item);
  });
  const close = s("g", { class: "choice-close", cursor: "pointer" },
    s("rect", { x: left + 4, y: top + h - foot, width: w - 8, height: foot - 2, fill: "transparent" }),
    s("text", { x: left + w - 10, y: top + h - foot / 2 + font * 0.35, "text-anchor": "end", "font-size": font,
      fill: "#566573", text: t("close ✕") }));
  close.addEventListener("click", (event) => {
    event.stopPropagation();
    menu.remove();
  });
  menu.append(close);
  svg.append(menu);
  return menu;
}

/** A menu row's words centred on baseline ``y``: one line, or two when longer than ``perLine``
 * characters (broken at the space nearest the middle). */
function label2(x, y, words, perLine, font) {
  const attrs = { x, "font-size": font, fill: "#1b2631", "pointer-events": "none" }; // a tap goes to the row
  if (words.length <= perLine) return s("text", { ...attrs, y, text: words });
  const spaces = [...words.matchAll(/ /g)].map((m) => m.index);
  const cut = spaces.length ? spaces.reduce((a, b) => (Math.abs(b - words.length / 2) < Math.abs(a - words.length / 2) ? b : a)) : perLine;
  return s("text", { ...attrs, y: y - font * 0.55 },
    s("tspan", { x, text: words.slice(0, cut + 1) }), s("tspan", { x, dy: font * 1.1, text: words.slice(cut + 1) }));
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

function provinceArea(view, ctx, p, x0, y0, label) {
  const cells = [];
  GRID.forEach((row, r) => [...row].forEach((code, c) => {
    if (PROVINCE_CODE[code] === p.key) cells.push([c, r]);
  }));
  const uses = usesOf(ctx, (w) => usesProvince(w, p.key));
  const g = s("g", {
    class: `province ${p.side}`, "data-province": p.key, "data-unrest": p.unrest, "data-ls": p.ls,
    "data-mass-protests": p.mass_protests, "data-socialists": p.socialists,
  },
  cells.map(([c, r]) => s("rect", { x: x0 + c * CW, y: y0 + r * CH, width: CW, height: CH,
    fill: uses.length ? "#f9e79f" : SIDE_FILL[p.side] })),
  s("title", { text: t("{province}: {unrest} unrest, {protests}, living standard {ls}, economy {economy}, export level "
    + "{export}", { province: t(p.name), unrest: p.unrest, protests: protests(p), ls: p.ls, economy: p.economy,
    export: p.export }) }));
  const [bx, by] = at(x0, y0, BADGE_AT[p.key] || cells[0] || [0, 0]);
  return clickable(g, ctx, view, uses, bx + 12, by + 12, label);
}

const protests = (p) => tn("{n} mass protest", "{n} mass protests", { n: p.mass_protests });

function badge(view, ctx, p, x0, y0, label) {
  const [x, y] = at(x0, y0, BADGE_AT[p.key] || [0, 0]);
  const protest = p.mass_protests > 0;
  const uses = usesOf(ctx, (w) => usesProvince(w, p.key));
  const width = p.socialists ? 52 : 40;
  const items = [
    s("rect", { x: x - 20, y: y - 21, width, height: protest ? 42 : 31, rx: 5, fill: uses.length ? "#f9e79f" : "#fdfefe",
      "fill-opacity": uses.length ? 1 : 0.75, stroke: uses.length ? "#d4ac0d" : "none", "stroke-width": 2 }),
    s("text", { x, y: y - 11, "text-anchor": "middle", "font-size": 9, "font-weight": "bold", fill: SIDE_INK[p.side],
      text: p.key.toUpperCase() }),
    s("circle", { cx: x - 8, cy: y, r: 9, fill: protest ? "#c0392b" : p.unrest ? "#fdebd0" : "#fdfefe",
      stroke: protest ? "#641e16" : "#873600", "stroke-width": 1.5 }),
    s("text", { x: x - 8, y: y + 4, "text-anchor": "middle", "font-size": 11, "font-weight": "bold",
      fill: protest ? "#fdfefe" : "#1b2631", class: "unrest", text: p.unrest }),
    s("rect", { x: x + 2, y: y - 8, width: 16, height: 16, rx: 2, fill: "#d6eaf8", stroke: "#1f618d" }),
    s("text", { x: x + 10, y: y + 4, "text-anchor": "middle", "font-size": 10, fill: "#1b4f72", class: "ls", text: p.ls }),
  ];
  if (protest) {
    items.push(s("text", { x, y: y + 18, "text-anchor": "middle", "font-size": 9, "font-weight": "bold", fill: "#922b21",
      text: `⚑ ${p.mass_protests > 1 ? `${p.mass_protests}× ` : ""}` + t("protest") }));
  }
  if (p.socialists) {
    items.push(s("circle", { cx: x + 25, cy: y, r: 6, fill: "#7d3c98" }),
      s("text", { x: x + 25, y: y + 3, "text-anchor": "middle", "font-size": 8, fill: "#fdfefe", text: p.socialists }));
  }
  const socialists = tn("{n} socialist", "{n} socialists", { n: p.socialists });  // not inside t(): pybabel finds it
  items.push(s("title", { text: t("{province}: {unrest} unrest, {protests}, living standard {ls}, {socialists}", {
    province: t(p.name), unrest: p.unrest, protests: protests(p), ls: p.ls, socialists }) }));
  const g = s("g", { class: "badge", "data-province": p.key }, items);
  return clickable(g, ctx, view, uses, x + 12, y + 12, label);
}

function connections(view, ctx, x0, y0, label) {
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
      s("line", { ...ends, stroke: "transparent", "stroke-width": line.offset ? 6 : 8 }),
      s("title", { text: `${on ? t("Blue line") : t("Connection")} ${siteName(ctx, line.name)}` }));
    return clickable(g, ctx, view, uses, (ax + bx) / 2, (ay + by) / 2, label);
  }));
}

function city(view, ctx, c, x0, y0, label) {
  const [x, y] = at(x0, y0, CITY_AT[c.key] || [0, 0]);
  const factory = view.public.factories[c.key];
  const external = c.kind === "external";
  const uses = usesOf(ctx, (w) => usesCity(w, c.key, c.kind));
  const ring = uses.length ? { stroke: "#d4ac0d", "stroke-width": 3 } : { stroke: "#1b2631", "stroke-width": 1 };
  const marker = [s("circle", { cx: x, cy: y, r: 8, fill: "transparent" })];
  if (factory) {
    marker.push(s("rect", { x: x - 7, y: y - 7, width: 14, height: 14, rx: 2,
      fill: factory.rundown ? "#aab7b8" : external ? "#7d3c98" : citySide(ctx, c) === "west" ? "#b7950b" : "#922b21",
      "stroke-dasharray": factory.rundown ? "2 2" : null, ...ring }),
    s("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 10, "font-weight": "bold", fill: "#fdfefe",
      text: factory.value }));
  } else {
    marker.push(s("circle", { cx: x, cy: y, r: external ? 5 : 4, fill: external ? "#e8daef" : "#fdfefe", ...ring }));
  }
  const what = !factory ? t("no factory") : factory.rundown ? t("run-down factory of value {n}", { n: factory.value })
    : t("factory of value {n}", { n: factory.value });
  marker.push(s("title", { text: `${t(c.name)}: ${what}` }));
  const site = clickable(s("g", { class: "site", "data-site": c.key }, marker), ctx, view, uses, x + 10, y + 10, label);
  const left = LABEL_LEFT.has(c.key);
  const name = external ? null : s("text", { x: left ? x - 9 : x + 9, y: y + 3, "text-anchor": left ? "end" : "start",
    "font-size": 9, fill: "#34495e", "pointer-events": "none", text: t(c.name) });
  return s("g", { class: `city${factory ? " factory" : ""}`, "data-city": c.key,
    "data-factory": factory ? factory.value : null, "data-rundown": factory && factory.rundown ? "true" : null }, site, name);
}

function citySide(ctx, c) {
  const p = ctx.data.provinces[c.province];
  return c.side || (p ? p.side : "");
}

/** The map at (x0, y0): provinces, borders, lines, cities and factories, per-province badges. */
export function mapLayer(view, ctx, x0, y0, label) {
  const provinces = view.public.provinces;
  const g = s("g", { class: "map" },
    s("rect", { x: x0, y: y0, width: COLS * CW, height: ROWS * CH, fill: "#eaf2f8" }),
    provinces.map((p) => provinceArea(view, ctx, p, x0, y0, label)),
    borderPaths(x0, y0),
    s("text", { x: x0 + 8, y: y0 + ROWS * CH - 10, "font-size": 13, "font-weight": "bold", fill: SIDE_INK.west,
      text: t("West Germany") }),
    s("text", { x: x0 + COLS * CW - 8, y: y0 + 20, "text-anchor": "end", "font-size": 13, "font-weight": "bold",
      fill: SIDE_INK.east, text: t("East Germany") }),
    s("text", { x: x0 + 15.5 * CW, y: y0 + 5.4 * CH, "text-anchor": "middle", "font-size": 10, fill: "#6c3483",
      text: "PL" }),
    s("text", { x: x0 + 13.6 * CW, y: y0 + 11.6 * CH, "text-anchor": "middle", "font-size": 10, fill: "#6c3483",
      text: "ČSSR" }));
  if (ctx.data) {
    g.append(connections(view, ctx, x0, y0, label));
    g.append(s("g", { class: "cities" }, Object.values(ctx.data.cities).filter((c) => CITY_AT[c.key])
      .map((c) => city(view, ctx, c, x0, y0, label))));
  }
  g.append(s("g", { class: "badges" }, provinces.map((p) => badge(view, ctx, p, x0, y0, label))));
  return g;
}

// ---------------------------------------------------------------------- tracks

function prestigeTip(ctx, value, describeIcon) {
  if (!value || !ctx.data) return value ? "" : t("level: West begins");
  const side = value < 0 ? "west" : "east";
  const icons = (ctx.data.prestige[side] || {})[String(Math.abs(value))] || [];
  return `${side === "west" ? t("West") : t("East")} ${Math.abs(value)}: ${icons.map(describeIcon).join(", ")}`;
}

function scale(ctx, view, key, title, value, x, y, options) {
  const cell = options.cell;
  const items = [
    fitText({ x, y: y + 10, "font-weight": "bold", fill: "#1b2631" }, `${title()}: ${value > 0 ? "+" : ""}${value}`,
      13 * cell, 11, { least: 8 }),
    s("text", { x: x - 2, y: y + 30, "text-anchor": "end", "font-size": 10, fill: SIDE_INK.west, text: "W" }),
    s("text", { x: x + 13 * cell + 3, y: y + 30, "font-size": 10, fill: SIDE_INK.east, text: "E" }),
  ];
  for (let v = -6; v <= 6; v += 1) {
    const cx = x + (v + 6) * cell;
    const uses = key === "prestige" ? usesOf(ctx, (w) => w[0] === "bonus" && Number(w[1]) === Math.abs(v)
      && Math.sign(v) === Math.sign(view.public.tracks.prestige)) : [];
    const box = s("g", { class: "space", "data-space": v },
      s("rect", { x: cx, y: y + 16, width: cell - 2, height: 20, rx: 3, class: "frame",
        fill: uses.length ? "#f9e79f" : v < 0 ? SIDE_FILL.west : v > 0 ? SIDE_FILL.east : "#fdfefe", stroke: "#aab7b8" }),
      s("text", { x: cx + cell / 2 - 1, y: y + 30, "text-anchor": "middle", "font-size": 9, fill: "#566573",
        text: Math.abs(v) }),
      key === "prestige" ? s("title", { text: prestigeTip(ctx, v, options.describeIcon) }) : null);
    items.push(clickable(box, ctx, view, uses, cx, y + 38, options.label));
  }
  const mx = x + (value + 6) * cell + cell / 2 - 1;
  items.push(s("circle", { cx: mx, cy: y + 26, r: 8, fill: "none", stroke: "#1b2631", "stroke-width": 2.5, class: "marker" }));
  return s("g", { class: "track", "data-track": key, "data-value": value }, items);
}

function flightScale(ctx, value, x, y, cell) {
  const cells = ctx.data ? ctx.data.flightCells : 21;
  const items = [fitText({ x, y: y + 10, "font-weight": "bold", fill: "#1b2631" },
    t("Flight: {flight} (East dismantles {n} at the end of the decade)", { flight: value / 2, n: Math.floor(value / 2) }),
    cells * cell, 11, { least: 8 })];
  for (let i = 0; i < cells; i += 1) {
    items.push(s("rect", { x: x + i * cell, y: y + 16, width: cell - 1, height: 20, rx: 2,
      fill: i % 2 ? "#f2f3f4" : "#e5e8e8", stroke: "#aab7b8" }));
    if (i % 2 === 0) {
      items.push(s("text", { x: x + i * cell + cell / 2, y: y + 30, "text-anchor": "middle", "font-size": 9, fill: "#566573",
        text: i / 2 }));
    }
  }
  items.push(s("circle", { cx: x + value * cell + cell / 2 - 0.5, cy: y + 26, r: 7, fill: "none", stroke: "#1b2631",
    "stroke-width": 2.5, class: "marker" }));
  return s("g", { class: "track", "data-track": "flight", "data-value": value }, items);
}

/** The prestige, Western-currency, socialism and flight tracks at (x, y); 4 × 46 pixels tall. */
export function tracksLayer(view, ctx, x, y, options = {}) {
  const tracks = view.public.tracks;
  const opts = { cell: 27, ...options };
  return s("g", { class: "tracks" },
    TRACKS.map(([key, title], i) => scale(ctx, view, key, title, tracks[key], x + 14, y + i * 46, opts)),
    flightScale(ctx, tracks.flight, x + 14, y + 3 * 46, 17));
}

// ---------------------------------------------------------------------- table state and provinces

/** West Berlin's sectors as clickable boxes (living standard per sector). */
export function sectorsLayer(view, ctx, x, y, label) {
  const wb = view.public.west_berlin;
  const items = [s("text", { x, y: y + 12, "font-size": 11, fill: "#1b2631", text: t("West Berlin:") })];
  Object.entries(wb.sectors).forEach(([sector, ls], i) => {
    const uses = usesOf(ctx, (w) => (w[0] === "ls" || w[0] === "reduce") && w[1] === `wb-${sector}`);
    const bx = x + 74 + i * 84;
    const box = s("g", { class: "sector", "data-sector": sector, "data-ls": ls },
      s("rect", { x: bx, y, width: 78, height: 17, rx: 3, fill: uses.length ? "#f9e79f" : "#d6eaf8", stroke: "#1f618d",
        class: "frame" }),
      fitText({ x: bx + 39, y: y + 12, "text-anchor": "middle", fill: "#1b4f72" }, sectorWords(sector, ls), 72, 10,
        { least: 8 }));
    items.push(clickable(box, ctx, view, uses, bx, y + 20, label));
  });
  const supply = [];
  if (wb.delivered_by.length) supply.push(t("supplied by {provinces}", { provinces: wb.delivered_by.map((k) => k.toUpperCase()).join(", ") }));
  const mp = Object.entries(wb.supplier_protests);
  if (mp.length) supply.push(t("supplier protests: {protests}", { protests: mp.map(([k, n]) => `${k.toUpperCase()} ${n}`).join(", ") }));
  if (supply.length) items.push(fitText({ x, y: y + 30, fill: "#566573" }, supply.join(" · "), 74 + 3 * 84, 10, { least: 8 }));
  return s("g", { class: "west-berlin" }, items);
}

/** One line per province: unrest, mass protests, LS, economy, export level, socialists. */
export function provinceTable(view, ctx, x, y, width, label) {
  const cols = [["unrest", t("unrest")], ["mass_protests", t("protests")], ["ls", t("LS")], ["economy", t("economy")],
    ["export", t("export")], ["socialists", t("soc.")]];
  const first = 150;
  const step = (width - first) / cols.length;
  const items = [cols.map(([, head], i) => fitText({ x: x + first + i * step + step / 2, y: y + 11, "text-anchor": "middle",
    fill: "#566573" }, head, step - 3, 9, { least: 7 }))];
  view.public.provinces.forEach((p, i) => {
    const ry = y + 16 + i * 20;
    const uses = usesOf(ctx, (w) => usesProvince(w, p.key));
    const row = s("g", { class: `province-row ${p.side}`, "data-province": p.key },
      s("rect", { x, y: ry, width, height: 18, rx: 3, fill: uses.length ? "#f9e79f" : SIDE_FILL[p.side], class: "frame" }),
      fitText({ x: x + 5, y: ry + 13, fill: SIDE_INK[p.side] }, t(p.name), first - 8, 10.5, { least: 8 }),
      cols.map(([field], j) => s("text", { x: x + first + j * step + step / 2, y: ry + 13, "text-anchor": "middle",
        "font-size": 10.5, "font-weight": field === "unrest" || field === "ls" ? "bold" : null,
        fill: field === "mass_protests" && p[field] ? "#c0392b" : "#1b2631", class: `cell ${field}`, text: p[field] })));
    items.push(clickable(row, ctx, view, uses, x + 20, ry + 20, label));
  });
  return s("g", { class: "provinces-table" }, items);
}
