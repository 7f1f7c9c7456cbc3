// Das Spiel der Nationen board: where everything goes on the map of Kark, and drawing it —
// territories, circles of points, leaders, agents, arrows, ports, seas, the canal,
// pipelines, the header, the last incident card and the table of powers. Clickable
// things are made by ``env.item`` (see ../nationen.js), which knows what a click plays.

import { s, titleIn } from "../../js/dom.js";
import { fitText, measure } from "../../js/fit.js";
import { t } from "../../js/i18n.js";
import { SEAS, capitalOf, leaderName, placeName, pointName, questionsOf, seatLabel, stateDefs, stateName } from "./words.js";

const CELL_W = 250;
const CELL_H = 250;
const TOP = 66;
export const BOTTOM = 176;
export const TARGET = "#17a589";
const RING = 66;
const POINT = 13;
const KINDS = ["king", "president", "dictator", "guerrilla"];
export const LETTER = { king: "K", president: "P", dictator: "D", guerrilla: "G" };
const SEAT_COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#7d3c98"];
export const INK = "#1b2631";

const geometries = new WeakMap();

// ------------------------------------------------------------------ geometry

function rotationFor(def, n, centre, centres) {
  const arrows = (def && def.arrows ? def.arrows : []).filter((a) => centres[a.to]);
  if (!arrows.length) return 0;
  let best = 0;
  let bestCost = Infinity;
  for (let phi = 0; phi < 360; phi += 5) {
    let cost = 0;
    for (const a of arrows) {
      const [tx, ty] = centres[a.to];
      const dir = Math.atan2(tx - centre[0], -(ty - centre[1]));
      cost += 1 - Math.cos(((a.at * 360) / n + phi) * (Math.PI / 180) - dir);
    }
    if (cost < bestCost - 1e-9) {
      best = phi;
      bestCost = cost;
    }
  }
  return best;
}

/** Where everything goes: cells from the board's layout, circles turned to face their arrows. */
export function geometry(view, ctx) {
  const key = ctx.data || view.public;
  if (geometries.has(key)) return geometries.get(key);
  const keys = view.public.states.map((st) => st.key);
  const defs = stateDefs(ctx);
  let layout = ctx.data && ctx.data.board && ctx.data.board.layout ? ctx.data.board.layout : [];
  const placed = new Set(layout.flat());
  const missing = keys.filter((k) => !placed.has(k));
  for (let i = 0; i < missing.length; i += 4) layout = [...layout, missing.slice(i, i + 4)];
  const absentSeas = SEAS.filter((sea) => !placed.has(sea));
  if (absentSeas.length) layout = [...layout, absentSeas];
  const cols = Math.max(...layout.map((row) => row.length));
  const cells = {};
  layout.forEach((row, r) => row.forEach((cell, c) => {
    if (cell) cells[cell] = { x: c * CELL_W, y: TOP + r * CELL_H };
  }));
  const centres = {};
  for (const k of keys) centres[k] = [cells[k].x + CELL_W / 2, cells[k].y + CELL_H / 2 + 14];
  for (const sea of SEAS) centres[sea] = [cells[sea].x + CELL_W / 2, cells[sea].y + CELL_H / 2];
  const canalKey = keys.find((k) => defs[k] && defs[k].port === "canal");
  const canalAt = canalKey ? [centres[canalKey][0] + RING + 34, centres[canalKey][1]] : null;
  const states = {};
  view.public.states.forEach((st) => {
    const def = defs[st.key];
    const n = st.points.length;
    const centre = centres[st.key];
    const turn = rotationFor(def, n, centre, centres);
    const points = st.points.map((_, i) => {
      const a = ((turn + (i * 360) / n) * Math.PI) / 180;
      return { x: centre[0] + RING * Math.sin(a), y: centre[1] - RING * Math.cos(a), dx: Math.sin(a), dy: -Math.cos(a) };
    });
    let port = null;
    if (def && def.port) {
      const aim = def.port === "canal" ? canalAt : centres[def.port];
      const [dx, dy] = [aim[0] - centre[0], aim[1] - centre[1]];
      const len = Math.hypot(dx, dy) || 1;
      const reach = def.port === "canal" ? len : RING + 46;
      const cell = cells[st.key];
      port = {
        x: Math.min(cell.x + CELL_W - 18, Math.max(cell.x + 18, centre[0] + (dx / len) * reach)),
        y: Math.min(cell.y + CELL_H - 40, Math.max(cell.y + 40, centre[1] + (dy / len) * reach)),
      };
    }
    states[st.key] = { centre, points, port, cell: cells[st.key], def };
  });
  const geo = { width: cols * CELL_W, mapBottom: TOP + layout.length * CELL_H, cells, centres, states, canalKey, canalAt };
  geometries.set(key, geo);
  return geo;
}

// ------------------------------------------------------------------ drawing

function colourOf(view, seat) {
  return SEAT_COLOURS[Math.max(0, view.seats.indexOf(seat)) % SEAT_COLOURS.length];
}

export function text(x, y, words, attrs = {}) {
  return s("text", { x, y, "font-size": 12, fill: INK, "pointer-events": "none", ...attrs, text: words });
}

/** A text no wider than ``width`` (in ``lines`` lines at most): smaller, or cut, when it is longer. */
function fitted(x, y, words, width, attrs = {}, lines = 1) {
  const { "font-size": size = 12, ...rest } = attrs;
  return fitText({ x, y, fill: INK, "pointer-events": "none", ...rest }, words, width, size,
    { lines, least: Math.min(size, 8.5) });
}

/** A clickable group for a board item: class "hot" (and cursor) when a legal action uses it. */
/** A state's kind in words. */
function stateKind(kind) {
  const words = { coastal: () => t("coastal"), inland: () => t("inland"), canal: () => t("canal state") }[kind];
  return words ? words() : kind;
}

/** A state's land (its frame in the ruler's colour) and, apart, its name to draw over the pipelines. */
function territory(view, ctx, st, geo) {
  const g = geo.states[st.key];
  const { x, y } = g.cell;
  const def = g.def;
  const kind = def ? def.kind : "";
  const port = { north: () => t("port on the north sea"), south: () => t("port on the south sea"),
    canal: () => t("port on the canal") }[def && def.port] || (() => t("no port"));
  const outline = { stroke: "#f6e7c8", "stroke-width": 4, "paint-order": "stroke" };
  const land = s("rect", {
    class: "territory", "data-state": st.key,
    x: x + 4, y: y + 4, width: CELL_W - 8, height: CELL_H - 8, rx: 14, fill: "#f6e7c8",
    stroke: st.ruler ? colourOf(view, st.ruler.seat) : "#c9b68c", "stroke-width": st.ruler ? 4 : 1.5,
  });
  return [land, [
    fitted(x + 14, y + 24, `${stateName(ctx, st.key)}${def && def.stand_in ? "*" : ""}`, CELL_W - 28,
      { "font-size": 15, "font-weight": "bold", ...outline }),
    fitted(x + 14, y + 39, (kind ? stateKind(kind) + " · " : "") + port(), CELL_W - 28, { "font-size": 10, fill: "#6e5c3b", ...outline }),
  ]];
}

function derricks(x, y, count) {
  const out = [];
  const start = x - ((count - 1) * 16) / 2;
  for (let i = 0; i < count; i++) {
    const cx = start + i * 16;
    out.push(s("path", { d: `M ${cx - 6} ${y + 8} L ${cx} ${y - 8} L ${cx + 6} ${y + 8} M ${cx - 4} ${y + 2} H ${cx + 4}`,
      stroke: "#3b3024", "stroke-width": 1.6, fill: "none", "pointer-events": "none" }));
  }
  return s("g", { class: "derricks", "data-count": count }, out, s("title", { text: t("{count} derrick(s)", { count }) }));
}

function leaderPiece(view, ctx, leader, p, point) {
  return s("g", { class: "leader", "data-seat": leader.seat, "data-kind": leader.kind, "data-point": point },
    s("circle", { cx: p.x, cy: p.y, r: POINT - 3, fill: colourOf(view, leader.seat), stroke: "#fdfefe", "stroke-width": 1.5 }),
    text(p.x, p.y + 4, LETTER[leader.kind] || "?", { "text-anchor": "middle", fill: "#fdfefe", "font-weight": "bold", "font-size": 11 }),
    s("title", { text: t("{seat}'s {leader} on {point}", { seat: seatLabel(ctx, leader.seat), leader: leaderName(leader.kind), point: pointName(ctx, point) }) }));
}

function circle(view, ctx, st, geo, env) {
  const g = geo.states[st.key];
  const capital = capitalOf(g.def);
  const questions = questionsOf(g.def);
  const out = [s("circle", { cx: g.centre[0], cy: g.centre[1], r: RING, fill: "none", stroke: "#8d7b5a", "stroke-width": 2 })];
  out.push(derricks(g.centre[0], g.centre[1] - 6, g.def ? g.def.derricks : 0));
  const ruler = st.ruler ? t("{leader} of {seat}", { leader: leaderName(st.ruler.kind), seat: titleIn(ctx.players, st.ruler.seat) })
    : t("no ruler");
  // inside the ring, clear of its points: two short lines at most
  out.push(fitText({ x: g.centre[0], y: g.centre[1] + 22, "text-anchor": "middle", fill: st.ruler ? colourOf(view, st.ruler.seat) : "#8d7b5a",
    "pointer-events": "none" }, ruler, 2 * (RING - POINT) - 30, 11, { lines: 2, least: 8, gap: 11 }));
  const agents = [];
  st.points.forEach((spot, i) => {
    const p = g.points[i];
    const point = `${st.key}-${i}`;
    const isCapital = i === capital;
    const isQuestion = questions.includes(i);
    out.push(text(p.x + p.dx * (POINT + 10), p.y + p.dy * (POINT + 10) + 3, String(i),
      { "text-anchor": "middle", "font-size": 9, fill: "#8d7b5a" }));
    const base = s("circle", {
      cx: p.x, cy: p.y, r: isCapital ? POINT + 2 : POINT,
      fill: isCapital ? "#c0392b" : isQuestion ? "#f4d03f" : "#fdfefe", stroke: isCapital ? "#7b241c" : "#7f8c8d", "stroke-width": 1.5,
    });
    const children = [base];
    if (isQuestion && !spot.leader) children.push(text(p.x, p.y + 4, "?", { "text-anchor": "middle", "font-weight": "bold" }));
    if (isCapital && !spot.leader) children.push(text(p.x, p.y + 4, "★", { "text-anchor": "middle", fill: "#fdfefe", "font-size": 11 }));
    if (spot.leader) children.push(leaderPiece(view, ctx, spot.leader, p, point));
    const kind = isCapital ? "capital" : isQuestion ? "question" : "plain";
    children.push(s("title", { text: pointName(ctx, point) + (spot.leader ? " — " + t("{seat}'s {leader}", { seat: seatLabel(ctx, spot.leader.seat), leader: leaderName(spot.leader.kind) }) : "") }));
    out.push(env.item(`pt:${point}`, `point ${kind}`, { "data-point": point }, children, ["circle", { cx: p.x, cy: p.y, r: POINT + 5 }]));
    spot.agents.forEach((seat, k) => agents.push([seat, point, p, k, spot.agents.length]));
  });
  for (const [seat, point, p, k, count] of agents) out.push(agentPiece(view, ctx, seat, point, p, k, count, env));
  return out;
}

function agentPiece(view, ctx, seat, point, p, k, count, env) {
  const along = (k - (count - 1) / 2) * 14;
  const x = p.x - p.dx * (POINT + 10) - p.dy * along;
  const y = p.y - p.dy * (POINT + 10) + p.dx * along;
  const mine = seat === view.seat;
  const children = [
    s("path", { d: `M ${x} ${y - 8} L ${x + 7} ${y} L ${x} ${y + 8} L ${x - 7} ${y} Z`, fill: colourOf(view, seat), stroke: INK, "stroke-width": 1 }),
    s("title", { text: t("{seat}'s agent on {point}", { seat: seatLabel(ctx, seat), point: pointName(ctx, point) }) }),
  ];
  if (!mine) return s("g", { class: "agent", "data-seat": seat, "data-point": point }, children);
  return env.item("agent", "agent", { "data-seat": seat, "data-point": point }, children, ["circle", { cx: x, cy: y, r: 12 }]);
}

function arrows(geo) {
  const out = [];
  for (const [key, g] of Object.entries(geo.states)) {
    for (const a of g.def && g.def.arrows ? g.def.arrows : []) {
      const other = geo.states[a.to];
      if (!other || a.to < key) continue;
      const p = g.points[a.at];
      const q = other.points[a.point];
      if (!p || !q) continue;
      const bend = Math.max(30, Math.hypot(q.x - p.x, q.y - p.y) * 0.4);
      out.push(s("path", {
        d: `M ${p.x + p.dx * POINT} ${p.y + p.dy * POINT} C ${p.x + p.dx * bend} ${p.y + p.dy * bend} ${q.x + q.dx * bend} ${q.y + q.dy * bend} ${q.x + q.dx * POINT} ${q.y + q.dy * POINT}`,
        fill: "none", stroke: "#5d6d7e", "stroke-width": 2.5, "marker-start": "url(#nationen-arrowhead)",
        "marker-end": "url(#nationen-arrowhead)", "pointer-events": "none", class: "arrow", "data-arrow": `${key}-${a.at} ${a.to}-${a.point}`,
      }));
    }
  }
  return s("g", { class: "arrows" }, out);
}

function tankerIcon(view, ctx, seat, count, x, y, loc) {
  return s("g", { class: "tanker", "data-seat": seat, "data-loc": loc, "data-count": count },
    s("path", { d: `M ${x} ${y} h 24 l -5 8 h -14 z`, fill: colourOf(view, seat), stroke: INK, "stroke-width": 1 }),
    s("rect", { x: x + 15, y: y - 5, width: 6, height: 5, fill: colourOf(view, seat), stroke: INK, "stroke-width": 0.8 }),
    text(x + 27, y + 8, `×${count}`, { "font-size": 11 }),
    s("title", { text: t("{seat}: {n} tanker(s) {place}", { seat: seatLabel(ctx, seat), n: count, place: placeName(ctx, loc, false) }) }));
}

/** Where the list of ``n`` tankers in the port at (x, y) goes: beside the anchor or in a corner of
 * the state's cell — the place nearest the anchor that is clear of the ring of points and their
 * numbers. */
function shipsAt(g, x, y, n) {
  const [w, h] = [52, n * 15 + 4];
  const { x: cx, y: cy } = g.cell;
  const [left, right, top, bottom] = [cx + 8, cx + CELL_W - 8 - w, cy + 44, cy + CELL_H - 8 - h];
  const places = [[x - 18, y + 16], [x - 18, y - 14 - h], [x + 18, y - h / 2], [x - 20 - w, y - h / 2],
    [left, bottom], [right, bottom], [right, top], [left, top]]
    .map(([px, py]) => [Math.min(right, Math.max(left, px)), Math.min(bottom, Math.max(top, py))]);
  const clear = ([px, py]) => Math.hypot(Math.max(px - g.centre[0], 0, g.centre[0] - px - w),
    Math.max(py - g.centre[1], 0, g.centre[1] - py - h)) > RING + POINT + 14;
  const far = ([px, py]) => Math.hypot(px + w / 2 - x, py + h / 2 - y);
  const [px, py] = places.filter(clear).sort((a, b) => far(a) - far(b))[0] || places[0];
  return [px, py + 6];
}

/** A port: the anchor plays what uses the port; the tankers in it are listed beside it. */
function port(view, ctx, st, geo, env) {
  const g = geo.states[st.key];
  if (!g.port || st.port === null) return null;
  const { x, y } = g.port;
  const children = [
    s("rect", { x: x - 14, y: y - 11, width: 28, height: 22, rx: 4, fill: "#d6eaf8", stroke: "#1b4f72", "stroke-width": 1.5 }),
    text(x, y + 5, "⚓", { "text-anchor": "middle", "font-size": 14, fill: "#1b4f72" }),
    s("title", { text: t("the port of {state}", { state: stateName(ctx, st.key) }) }),
  ];
  const held = Object.entries(st.port || {});
  const [sx, sy] = shipsAt(g, x, y, held.length);
  const ships = held.map(([seat, count], i) => tankerIcon(view, ctx, seat, count, sx, sy + i * 15, st.key));
  return [
    env.item(`loc:${st.key}`, "port", { "data-loc": st.key }, children, ["rect", { x: x - 18, y: y - 15, width: 36, height: 30, rx: 6 }]),
    s("g", { class: "port-tankers", "data-loc": st.key, "pointer-events": "none" }, ships),
  ];
}

function sea(view, ctx, name, geo, env) {
  const { x, y } = geo.cells[name];
  const ships = Object.entries(view.public.seas[name] || {});
  const children = [
    s("rect", { x: x + 6, y: y + 6, width: CELL_W - 12, height: CELL_H - 12, rx: 22, fill: "#aed6f1", stroke: "#5dade2", "stroke-width": 1.5 }),
    text(x + CELL_W / 2, y + 34, name === "north" ? t("Northern high sea") : t("Southern high sea"), { "text-anchor": "middle", "font-size": 14, fill: "#1b4f72", "font-weight": "bold" }),
    ships.map(([seat, count], i) => tankerIcon(view, ctx, seat, count, x + CELL_W / 2 - 60 + (i % 2) * 70, y + 80 + Math.floor(i / 2) * 26, name)),
    ships.length ? null : text(x + CELL_W / 2, y + 90, t("no tankers"), { "text-anchor": "middle", "font-size": 11, fill: "#5d6d7e" }),
    s("title", { text: name === "north" ? t("the northern high sea") : t("the southern high sea") }),
  ];
  return env.item(`loc:${name}`, "sea", { "data-loc": name }, children, ["rect", { x: x + 2, y: y + 2, width: CELL_W - 4, height: CELL_H - 4, rx: 24 }]);
}

function canal(ctx, geo) {
  if (!geo.canalAt) return null;
  const [n, m, south] = [geo.centres.north, geo.canalAt, geo.centres.south];
  const cx = 2 * m[0] - (n[0] + south[0]) / 2;
  const cy = 2 * m[1] - (n[1] + south[1]) / 2;
  return s("g", { class: "canal" },
    s("path", { d: `M ${n[0]} ${n[1]} Q ${cx} ${cy} ${south[0]} ${south[1]}`, fill: "none", stroke: "#5dade2", "stroke-width": 16, "stroke-linecap": "round" }),
    s("path", { d: `M ${n[0]} ${n[1]} Q ${cx} ${cy} ${south[0]} ${south[1]}`, fill: "none", stroke: "#aed6f1", "stroke-width": 11, "stroke-linecap": "round" }),
    s("title", { text: t("the canal through {state}", { state: stateName(ctx, geo.canalKey) }) }));
}

function pipelineEnds(geo, a, b) {
  const [p, q] = [geo.centres[a], geo.centres[b]];
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
  const [ux, uy] = [(q[0] - p[0]) / len, (q[1] - p[1]) / len];
  const cut = RING + POINT + 6;
  return [p[0] + ux * cut, p[1] + uy * cut, q[0] - ux * cut, q[1] - uy * cut];
}

function pipelines(view, ctx, geo, env) {
  const laid = new Set(view.public.pipelines.map((pair) => [...pair].sort().join("-")));
  const offered = [...env.uses.keys()].filter((k) => k.startsWith("pipe:")).map((k) => k.slice(5));
  const out = [];
  for (const pair of new Set([...laid, ...offered])) {
    const [a, b] = pair.split("-");
    if (!geo.centres[a] || !geo.centres[b]) continue;
    const [x1, y1, x2, y2] = pipelineEnds(geo, a, b);
    const built = laid.has(pair);
    const children = built
      ? [s("line", { x1, y1, x2, y2, stroke: "#2c3e50", "stroke-width": 8, "stroke-linecap": "round" }),
        s("line", { x1, y1, x2, y2, stroke: "#95a5a6", "stroke-width": 2.5, "stroke-linecap": "round" })]
      : [s("line", { x1, y1, x2, y2, stroke: TARGET, "stroke-width": 5, "stroke-dasharray": "6 5" })];
    children.push(s("line", { x1, y1, x2, y2, stroke: "transparent", "stroke-width": 18 }));
    children.push(s("title", { text: (built ? t("pipeline {state} – {other}", { state: stateName(ctx, a), other: stateName(ctx, b) })
      : t("a pipeline may be laid {state} – {other}", { state: stateName(ctx, a), other: stateName(ctx, b) })) }));
    out.push(env.item(`pipe:${pair}`, `pipeline${built ? "" : " offered"}`, { "data-pipe": pair }, children, ["line", { x1, y1, x2, y2, "stroke-width": 12 }]));
  }
  return s("g", { class: "pipelines" }, out);
}

function header(view, ctx, geo) {
  const pub = view.public;
  const round = pub.round_limit ? t("Kark — round {round} of {limit}", { round: pub.round, limit: pub.round_limit })
    : t("Kark — round {round}", { round: pub.round });
  const steps = [pub.step3 === "open" ? null : pub.step3 === "done" ? t("leader placed or moved") : t("a card's order replaced step 3"),
    pub.tanker_action_used ? t("tanker action used") : null, pub.pipeline_bought ? t("pipeline laid") : null].filter(Boolean);
  const bank = t("bank: {tankers} tankers, {pipelines} pipelines", { tankers: pub.tanker_pool, pipelines: pub.pipeline_pool })
    + (pub.bank !== null && pub.bank !== undefined ? `, ${pub.bank} M` : "");
  let decision;
  let colour = "#d6eaf8";
  if (view.outcome) decision = t("Game over: {reason}", { reason: view.outcome.reason });
  else if (view.pending) {
    decision = t("Your decision: {prompt}", { prompt: view.pending.prompt });
    colour = "#f9e79f";
  } else decision = `${seatLabel(ctx, view.to_act)}: ${view.waiting || ""}`;
  const deck = t("deck {n} cards ({never} never drawn)", { n: pub.deck.cards, never: pub.deck.never_drawn }) + " · " + bank;
  const right = Math.min(measure(deck, 11), (geo.width - 28) * 0.42);  // the deck and bank, then the round gets the rest
  const title = fitted(14, 22, round + (view.outcome ? "" : " · " + t("{seat}'s turn", { seat: seatLabel(ctx, pub.turn) }))
      + (steps.length && !view.outcome ? " · " + steps.join(" · ") : ""), geo.width - 28 - right - 16,
  { fill: "#fdfefe", "font-size": 14, "font-weight": "bold" });
  return s("g", { class: "header" },
    s("rect", { x: 0, y: 0, width: geo.width, height: TOP - 6, rx: 8, fill: "#17202a", class: "frame" }),
    title,
    fitted(geo.width - 14, 22, deck, right, { fill: "#d5d8dc", "font-size": 11, "text-anchor": "end" }),
    fitted(14, 46, decision, geo.width - 28, { fill: colour, "font-size": 13, class: "decision" }));
}

function incident(view, ctx, x, y) {
  const key = view.public.last_card;
  const card = key && ctx.data ? ctx.data.cards[key] : null;
  const out = [
    s("rect", { x, y, width: 330, height: BOTTOM - 16, rx: 8, fill: card ? (card.favourable ? "#e9f7ef" : "#fdedec") : "#f2f3f4", stroke: "#aab7b8",
      class: "frame" }),
  ];
  const kind = card ? (card.favourable ? t("favourable") : t("unfavourable")) : "";
  const kindWidth = kind ? measure(kind, 10) + 10 : 0;
  out.push(fitted(x + 12, y + 20, t("Last incident card"), 306 - kindWidth, { "font-size": 11, fill: "#566573" }));
  if (key) {
    out.push(fitted(x + 12, y + 40, card ? t(card.name) : key, 306, { "font-size": 14, "font-weight": "bold" }));
    if (card) {
      out.push(fitText({ x: x + 12, y: y + 60, fill: INK, "pointer-events": "none" }, t(card.text), 306, 11.5,
        { lines: 6, least: 9, gap: 14 }));
      out.push(text(x + 318, y + 20, kind, { "font-size": 10, "text-anchor": "end", fill: card.favourable ? "#1e8449" : "#922b21" }));
    }
  } else {
    out.push(fitted(x + 12, y + 44, t("no card drawn yet"), 306, { fill: "#99a3a4" }));
  }
  const board = ctx.data ? ctx.data.board : null;
  if (board && board.stand_in) {
    out.push(fitted(x + 12, y + BOTTOM - 24, t("* invented name · stand-in board and cards"), 306,
      { "font-size": 9, fill: "#707b7c" }));
  }
  return s("g", { class: "incident", "data-card": key || "" }, out);
}

function notes(view, ctx, p) {
  const out = [];
  if (!p.alive) out.push(t("eliminated"));
  const assigned = view.public.assigned;
  if (assigned && assigned[p.seat] && view.public.round === 1) out.push(t("begins in {state}", { state: stateName(ctx, assigned[p.seat]) }));
  if (p.loan_installments) out.push(t("loan {n}×{m} M", { n: p.loan_installments, m: p.loan_installment }));
  if (p.strike) out.push(t("strike"));
  if (p.nationalised) out.push(t("{state} nationalised", { state: stateName(ctx, p.nationalised) }));
  if (p.canal_treaty) out.push(t("canal treaty"));
  return out.join(", ");
}

const COLUMNS = [[() => t("power"), 0], [() => t("money"), 150], [() => t("income"), 200], [() => t("tankers"), 252],
  [() => t("in supply"), 308], [() => t("agent"), 448], [() => t("notes"), 548]];

function powers(view, ctx, x, y, env) {
  const pub = view.public;
  const out = [s("rect", { x, y, width: env.width - x, height: BOTTOM - 16, rx: 8, fill: "#fbfcfc", stroke: "#aab7b8" })];
  const room = (i) => (i + 1 < COLUMNS.length ? COLUMNS[i + 1][1] : env.width - x - 20) - COLUMNS[i][1] - 6;
  COLUMNS.forEach(([name, dx], i) => out.push(fitted(x + 10 + dx, y + 18, name(), room(i), { "font-size": 11, fill: "#566573" })));
  pub.players.forEach((p, i) => {
    const ry = y + 26 + i * 30;
    const mine = p.seat === view.seat;
    const acting = p.seat === view.to_act;
    const cells = [
      s("rect", { x: x + 4, y: ry, width: env.width - x - 8, height: 26, rx: 5, fill: acting ? "#fcf3cf" : mine ? "#eaf2f8" : "none",
        class: "frame" }),
      s("circle", { cx: x + 16, cy: ry + 13, r: 6, fill: colourOf(view, p.seat) }),
      fitted(x + 28, ry + 17, `${seatLabel(ctx, p.seat)}${p.alive ? "" : " ✝"}`, COLUMNS[1][1] - 24,
        { "font-weight": mine ? "bold" : "normal" }),
      fitted(x + 10 + COLUMNS[1][1], ry + 17, `${p.money} M`, room(1), { "data-field": "money" }),
      fitted(x + 10 + COLUMNS[2][1], ry + 17, `${p.income} M`, room(2), { "data-field": "income" }),
      fitted(x + 10 + COLUMNS[3][1], ry + 17, String(p.tankers), room(3), { "data-field": "tankers" }),
      fitted(x + 10 + COLUMNS[5][1], ry + 17, p.agent ? pointName(ctx, p.agent) : "—", room(5), { "font-size": 11 }),
      fitted(x + 10 + COLUMNS[6][1], ry + 17, notes(view, ctx, p), room(6), { "font-size": 10.5, fill: "#922b21" }),
    ];
    KINDS.forEach((kind, k) => {
      const cx = x + 20 + COLUMNS[4][1] + k * 34;
      const count = p.supply[kind];
      const piece = [
        s("circle", { cx, cy: ry + 13, r: 9, fill: count ? colourOf(view, p.seat) : "#d5d8dc", stroke: "#fdfefe", "stroke-width": 1 }),
        text(cx, ry + 17, LETTER[kind], { "text-anchor": "middle", fill: "#fdfefe", "font-size": 10, "font-weight": "bold" }),
        text(cx + 11, ry + 17, String(count), { "font-size": 10 }),
        s("title", { text: t("{n} × {leader} in {seat}'s supply", { n: count, leader: leaderName(kind), seat: seatLabel(ctx, p.seat) }) }),
      ];
      if (!mine) {
        cells.push(s("g", { class: "supply", "data-seat": p.seat, "data-kind": kind, "data-count": count }, piece));
        return;
      }
      cells.push(env.item(`sup:${kind}`, "supply", { "data-seat": p.seat, "data-kind": kind, "data-count": count }, piece, ["circle", { cx, cy: ry + 13, r: 12 }]));
    });
    out.push(s("g", { class: `power${acting ? " acting" : ""}${mine ? " mine" : ""}`, "data-seat": p.seat }, cells));
  });
  return s("g", { class: "powers" }, out);
}


/** Everything but the menu, bottom to top. */
export function drawMap(view, ctx, geo, env) {
  const lands = view.public.states.map((st) => territory(view, ctx, st, geo));
  return [
    s("defs", {}, s("marker", { id: "nationen-arrowhead", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" },
      s("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#5d6d7e" }))),
    header(view, ctx, geo),
    lands.map(([land]) => land),
    canal(ctx, geo),
    SEAS.map((name) => sea(view, ctx, name, geo, env)),
    pipelines(view, ctx, geo, env),
    lands.map(([, labels]) => labels),
    arrows(geo),
    view.public.states.map((st) => s("g", { class: `state${st.ruler ? " ruled" : ""}`, "data-state": st.key }, circle(view, ctx, st, geo, env))),
    view.public.states.map((st) => port(view, ctx, st, geo, env)),
    incident(view, ctx, 0, geo.mapBottom + 8),
    powers(view, ctx, 344, geo.mapBottom + 8, env),
  ];
}
