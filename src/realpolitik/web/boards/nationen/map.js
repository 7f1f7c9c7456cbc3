// Das Spiel der Nationen board: the map of Kark — territories, circles of points, heads of state,
// agents, arrows and the canal; waters.js adds the ports, seas, tankers and pipelines. The things
// a player taps carry the legal actions that start or end there (actions.js, js/picking.js).
// The drawing's order is the order of the list of moves' groups (the first thing that names a move
// heads it): the pieces that start moves come before the points they go to; a piece drawn on a
// point comes after it, as it lies on it.

import { s, titleIn } from "../../js/dom.js";
import { fitText } from "../../js/fit.js";
import { t, tn } from "../../js/i18n.js";
import { actionable } from "../../js/picking.js";
import { INK, colourOf, fitted, leaderDisc, text } from "./pieces.js";
import { SEAS, capitalOf, leaderName, pointName, questionsOf, seatLabel, stateName } from "./words.js";
import { fleets, pipelines, ports, seas } from "./waters.js";

/** A state's kind in words. */
function stateKind(kind) {
  const words = { coastal: () => t("coastal"), inland: () => t("inland"), canal: () => t("canal state") }[kind];
  return words ? words() : kind;
}

function rulerWords(ctx, st) {
  return st.ruler ? t("{leader} of {seat}", { leader: leaderName(st.ruler.kind), seat: titleIn(ctx.players, st.ruler.seat) })
    : t("no ruler");
}

/** A state's land (its frame in the ruler's colour) and, apart, its name to draw over the pipelines;
 * below the name its kind and port — on a phone its ruler instead, which a desktop writes inside the
 * ring. */
function territory(view, ctx, st, geo) {
  const g = geo.states[st.key];
  const z = geo.size;
  const { x, y } = g.cell;
  const def = g.def;
  const kind = def ? def.kind : "";
  const port = { north: () => t("port on the north sea"), south: () => t("port on the south sea"),
    canal: () => t("port on the canal") }[def && def.port] || (() => t("no port"));
  const about = (kind ? stateKind(kind) + " · " : "") + port();
  const outline = { stroke: "#f6e7c8", "stroke-width": 4, "paint-order": "stroke" };
  const land = s("rect", {
    class: "territory", "data-state": st.key,
    x: x + 4, y: y + 4, width: z.cellW - 8, height: z.cellH - 8, rx: 14, fill: "#f6e7c8",
    stroke: st.ruler ? colourOf(view, st.ruler.seat) : "#c9b68c", "stroke-width": st.ruler ? 4 : 1.5,
  }, z.narrow ? s("title", { text: about }) : null);  // a phone has no room to write it
  const name = fitted(x + 14, y + 10 + z.name, `${stateName(ctx, st.key)}${def && def.stand_in ? "*" : ""}`, z.cellW - 28,
    { "font-size": z.name, "font-weight": "bold", ...outline });
  const line = y + 14 + z.name + z.kind;
  if (!z.narrow) return [land, [name, fitted(x + 14, line, about, z.cellW - 28, { "font-size": z.kind, fill: "#6e5c3b", ...outline })]];
  // a phone: the ruler as its disc and its power, or "no ruler"
  if (!st.ruler) return [land, [name, fitted(x + 14, line, rulerWords(ctx, st), z.cellW - 28, { "font-size": z.kind, fill: "#6e5c3b" })]];
  const r = z.kind * 0.55;
  return [land, [name, s("g", { class: "ruler" }, leaderDisc(view, st.ruler, x + 14 + r, line - z.kind * 0.36, r, z.kind * 0.75),
    fitted(x + 20 + 2 * r, line, titleIn(ctx.players, st.ruler.seat), z.cellW - 34 - 2 * r,
      { "font-size": z.kind, "font-weight": "bold", fill: colourOf(view, st.ruler.seat) }),
    s("title", { text: rulerWords(ctx, st) }))]];
}

function derricks(x, y, count, z) {
  const out = [];
  const [step, half] = [z.derrick, z.derrick * 0.375];
  const start = x - ((count - 1) * step) / 2;
  for (let i = 0; i < count; i++) {
    const cx = start + i * step;
    out.push(s("path", { d: `M ${cx - half} ${y + half * 1.33} L ${cx} ${y - half * 1.33} L ${cx + half} ${y + half * 1.33} M ${cx - half * 0.67} ${y + half * 0.33} H ${cx + half * 0.67}`,
      stroke: "#3b3024", "stroke-width": 1.6, fill: "none", "pointer-events": "none" }));
  }
  return s("g", { class: "derricks", "data-count": count }, out, s("title", { text: tn("{count} derrick", "{count} derricks", { count }, "count") }));
}

/** The ring of a state with its derricks, its ruler (on a desktop) and the numbers of its points: what
 * no tap plays. */
function ring(view, ctx, st, geo) {
  const g = geo.states[st.key];
  const z = geo.size;
  const out = [s("circle", { cx: g.centre[0], cy: g.centre[1], r: z.ring, fill: "none", stroke: "#8d7b5a", "stroke-width": 2 })];
  out.push(derricks(g.centre[0], g.centre[1] - z.derrick * 0.4, g.def ? g.def.derricks : 0, z));
  if (!z.narrow) {  // inside the ring, clear of its points and agents: two short lines at most
    out.push(fitText({ x: g.centre[0], y: g.centre[1] + z.ruler * 2, "text-anchor": "middle",
      fill: st.ruler ? colourOf(view, st.ruler.seat) : "#8d7b5a", "pointer-events": "none" },
    rulerWords(ctx, st), 2 * (z.ring - z.point) - 2.7 * z.ruler, z.ruler, { lines: 2, least: z.ruler * 0.73, gap: z.ruler }));
  }
  st.points.forEach((_, i) => {
    const p = g.points[i];
    out.push(text(p.x + p.dx * (z.point + 10), p.y + p.dy * (z.point + 10) + z.number / 3, String(i),
      { "text-anchor": "middle", "font-size": z.number, fill: "#8d7b5a" }));
  });
  return s("g", { class: `state${st.ruler ? " ruled" : ""}`, "data-state": st.key }, out);
}

function leaderTitle(ctx, leader, point) {
  return t("{seat}'s {leader} on {point}", { seat: seatLabel(ctx, leader.seat), leader: leaderName(leader.kind), point: pointName(ctx, point) });
}

/** A head of state on ``point``, a thing of its own when moves start from it (it lies on its point). */
function leaderPiece(view, ctx, leader, p, point, z, actions) {
  const piece = s("g", { class: "leader", "data-seat": leader.seat, "data-kind": leader.kind, "data-point": point },
    leaderDisc(view, leader, p.x, p.y, z.point - 3, z.letter), s("title", { text: leaderTitle(ctx, leader, point) }));
  return actions ? actionable(piece, actions, leaderTitle(ctx, leader, point)) : piece;
}

/** A point of a circle: the capital (red, ★), a "?" point (yellow) or a plain one, with the head of
 * state on it unless that is a thing of its own. */
function pointPiece(view, ctx, st, i, geo, uses, withLeader) {
  const g = geo.states[st.key];
  const z = geo.size;
  const p = g.points[i];
  const point = `${st.key}-${i}`;
  const spot = st.points[i];
  const isCapital = i === capitalOf(g.def);
  const isQuestion = questionsOf(g.def).includes(i);
  const children = [s("circle", {
    cx: p.x, cy: p.y, r: isCapital ? z.point + 2 : z.point,
    fill: isCapital ? "#c0392b" : isQuestion ? "#f4d03f" : "#fdfefe", stroke: isCapital ? "#7b241c" : "#7f8c8d", "stroke-width": 1.5,
  })];
  if (isQuestion && !spot.leader) children.push(text(p.x, p.y + z.mark * 0.36, "?", { "text-anchor": "middle", "font-weight": "bold", "font-size": z.mark }));
  if (isCapital && !spot.leader) children.push(text(p.x, p.y + z.star * 0.36, "★", { "text-anchor": "middle", fill: "#fdfefe", "font-size": z.star }));
  if (spot.leader && withLeader) children.push(leaderPiece(view, ctx, spot.leader, p, point, z, null));
  const held = spot.leader ? " — " + t("{seat}'s {leader}", { seat: seatLabel(ctx, spot.leader.seat), leader: leaderName(spot.leader.kind) }) : "";
  children.push(s("title", { text: pointName(ctx, point) + held }));
  const kind = isCapital ? "capital" : isQuestion ? "question" : "plain";
  return actionable(s("g", { class: `point ${kind}`, "data-point": point }, children), uses.to.get(point), pointName(ctx, point) + held);
}

function agentTitle(ctx, seat, point) {
  return t("{seat}'s agent on {point}", { seat: seatLabel(ctx, seat), point: pointName(ctx, point) });
}

/** The agents on a point, inside its circle; the one whose power is to act walks when tapped. */
function agentPieces(view, ctx, st, i, geo, uses) {
  const p = geo.states[st.key].points[i];
  const z = geo.size;
  const point = `${st.key}-${i}`;
  const count = st.points[i].agents.length;
  return st.points[i].agents.map((seat, k) => {
    const along = (k - (count - 1) / 2) * z.agent * 1.75;
    const x = p.x - p.dx * (z.point + 10) - p.dy * along;
    const y = p.y - p.dy * (z.point + 10) + p.dx * along;
    const a = z.agent;
    const piece = s("g", { class: "agent", "data-seat": seat, "data-point": point },
      s("path", { d: `M ${x} ${y - a} L ${x + a * 0.875} ${y} L ${x} ${y + a} L ${x - a * 0.875} ${y} Z`, fill: colourOf(view, seat), stroke: INK, "stroke-width": 1 }),
      s("title", { text: agentTitle(ctx, seat, point) }));
    return seat === view.to_act ? actionable(piece, uses.agent, agentTitle(ctx, seat, point)) : piece;
  });
}

function arrows(geo) {
  const out = [];
  const z = geo.size;
  for (const [key, g] of Object.entries(geo.states)) {
    for (const a of g.def && g.def.arrows ? g.def.arrows : []) {
      const other = geo.states[a.to];
      if (!other || a.to < key) continue;
      const p = g.points[a.at];
      const q = other.points[a.point];
      if (!p || !q) continue;
      const bend = Math.max(30, Math.hypot(q.x - p.x, q.y - p.y) * 0.4);
      out.push(s("path", {
        d: `M ${p.x + p.dx * z.point} ${p.y + p.dy * z.point} C ${p.x + p.dx * bend} ${p.y + p.dy * bend} ${q.x + q.dx * bend} ${q.y + q.dy * bend} ${q.x + q.dx * z.point} ${q.y + q.dy * z.point}`,
        fill: "none", stroke: "#5d6d7e", "stroke-width": 2.5, "marker-start": "url(#nationen-arrowhead)",
        "marker-end": "url(#nationen-arrowhead)", "pointer-events": "none", class: "arrow", "data-arrow": `${key}-${a.at} ${a.to}-${a.point}`,
      }));
    }
  }
  return s("g", { class: "arrows" }, out);
}

function canal(ctx, geo) {
  if (!geo.canalAt) return null;
  const [n, m, south] = [geo.centres.north, geo.canalAt, geo.centres.south];
  const cx = 2 * m[0] - (n[0] + south[0]) / 2;
  const cy = 2 * m[1] - (n[1] + south[1]) / 2;
  const d = `M ${n[0]} ${n[1]} Q ${cx} ${cy} ${south[0]} ${south[1]}`;
  return s("g", { class: "canal" },
    s("path", { d, fill: "none", stroke: "#5dade2", "stroke-width": 16, "stroke-linecap": "round" }),
    s("path", { d, fill: "none", stroke: "#aed6f1", "stroke-width": 11, "stroke-linecap": "round" }),
    s("title", { text: t("the canal through {state}", { state: stateName(ctx, geo.canalKey) }) }));
}

/** The points, heads of state and agents, in the order of the top of this file: first the pieces
 * that moves start from (with the points under them), then every other point. */
function pieces(view, ctx, geo, uses) {
  const [starts, ends] = [[], []];
  for (const st of view.public.states) {
    st.points.forEach((spot, i) => {
      const point = `${st.key}-${i}`;
      const moving = spot.leader && uses.from.get(point);
      (moving ? starts : ends).push(pointPiece(view, ctx, st, i, geo, uses, !moving));
      if (moving) starts.push(leaderPiece(view, ctx, spot.leader, geo.states[st.key].points[i], point, geo.size, moving));
      starts.push(agentPieces(view, ctx, st, i, geo, uses));
    });
  }
  return [starts, ends];
}

/** The map of Kark, bottom to top. */
export function drawMap(view, ctx, geo, uses) {
  const lands = view.public.states.map((st) => territory(view, ctx, st, geo));
  const [starts, ends] = pieces(view, ctx, geo, uses);
  return [
    s("defs", {}, s("marker", { id: "nationen-arrowhead", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" },
      s("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#5d6d7e" }))),
    lands.map(([land]) => land),
    canal(ctx, geo),
    SEAS.map((name) => seas(view, ctx, name, geo, uses)),
    pipelines(view, ctx, geo, uses),
    lands.map(([, labels]) => labels),
    arrows(geo),
    view.public.states.map((st) => ring(view, ctx, st, geo)),
    starts,
    fleets(view, ctx, geo, uses),
    ends,
    ports(view, ctx, geo, uses),
  ];
}
