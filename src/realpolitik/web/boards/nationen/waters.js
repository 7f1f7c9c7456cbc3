// Das Spiel der Nationen board: the waters and what crosses them — the ports, the two high seas, the
// tankers in them and the pipelines. A port or a sea is where a tanker goes (station, buy, tanker),
// the tankers of the power to act are where one leaves (tanker, sell, sink), a pipeline is laid or
// destroyed where it is drawn (actions.js).

import { s } from "../../js/dom.js";
import { fitText } from "../../js/fit.js";
import { t } from "../../js/i18n.js";
import { actionable } from "../../js/picking.js";
import { TARGET, tankerIcon, text } from "./pieces.js";
import { spotFor } from "./geometry.js";
import { SEAS, stateName } from "./words.js";

function seaName(name) {
  return name === "north" ? t("the northern high sea") : t("the southern high sea");
}

/** Where the list of ``n`` tankers in the port at (x, y) goes: the place nearest the anchor that is
 * clear of it, of the ring of points and their numbers and of the state's name. */
function shipsAt(g, x, y, n, z) {
  const [w, h] = [z.ship + 5 + z.shipFont * 1.4, n * z.shipGap + 4];
  const [px, py] = spotFor(g, z, x, y, w, h, [[x - z.port - 2, y - z.port * 0.8 - 2, z.port * 2 + 4, z.port * 1.6 + 4]]);
  return [px, py + z.shipGap * 0.4 + 4];
}

/** The ports: an anchor where tankers go. */
export function ports(view, ctx, geo, uses) {
  const z = geo.size;
  return view.public.states.map((st) => {
    const g = geo.states[st.key];
    if (!g.port || st.port === null) return null;
    const { x, y } = g.port;
    const [w, h] = [z.port * 2, z.port * 1.6];
    const name = t("the port of {state}", { state: stateName(ctx, st.key) });
    return actionable(s("g", { class: "port", "data-loc": st.key },
      s("rect", { x: x - w / 2, y: y - h / 2, width: w, height: h, rx: 4, fill: "#d6eaf8", stroke: "#1b4f72", "stroke-width": 1.5 }),
      text(x, y + z.portFont * 0.36, "⚓", { "text-anchor": "middle", "font-size": z.portFont, fill: "#1b4f72" }),
      s("title", { text: name })), uses.dock.get(st.key), name);
  });
}

/** A high sea: where tankers go; "no tankers" when none is there. */
export function seas(view, ctx, name, geo, uses) {
  const z = geo.size;
  const { x, y } = geo.cells[name];
  const empty = !Object.keys(view.public.seas[name] || {}).length;
  return actionable(s("g", { class: "sea", "data-loc": name },
    s("rect", { x: x + 6, y: y + 6, width: z.cellW - 12, height: z.cellH - 12, rx: 22, fill: "#aed6f1", stroke: "#5dade2", "stroke-width": 1.5 }),
    fitText({ x: x + z.cellW / 2, y: y + 20 + z.sea, "text-anchor": "middle", fill: "#1b4f72", "font-weight": "bold", "pointer-events": "none" },
      name === "north" ? t("Northern high sea") : t("Southern high sea"), z.cellW - 28, z.sea, { lines: 2, least: z.sea * 0.9 }),
    empty ? text(x + z.cellW / 2, y + z.cellH * 0.36, t("no tankers"), { "text-anchor": "middle", "font-size": z.note, fill: "#5d6d7e" }) : null,
    s("title", { text: seaName(name) })), uses.dock.get(name), seaName(name));
}

/** Every power's tankers in the ports and on the high seas; those of the power to act leave when tapped. */
export function fleets(view, ctx, geo, uses) {
  const z = geo.size;
  const fleet = (seat, count, x, y, loc) => {
    const icon = tankerIcon(view, ctx, seat, count, x, y, loc, z.ship, z.shipFont);
    return seat === view.to_act ? actionable(icon, uses.fleet.get(loc), icon.querySelector("title").textContent) : icon;
  };
  const out = [];
  for (const st of view.public.states) {
    const g = geo.states[st.key];
    if (!g.port || !st.port) continue;
    const held = Object.entries(st.port);
    const [sx, sy] = shipsAt(g, g.port.x, g.port.y, held.length, z);
    out.push(held.map(([seat, count], i) => fleet(seat, count, sx, sy + i * z.shipGap, st.key)));
  }
  for (const name of SEAS) {
    const { x, y } = geo.cells[name];
    const ships = Object.entries(view.public.seas[name] || {});
    out.push(ships.map(([seat, count], i) => fleet(seat, count, x + z.cellW / 2 - z.seaAcross + (i % 2) * (z.seaAcross + 10),
      y + z.cellH * 0.32 + Math.floor(i / 2) * z.seaDown, name)));
  }
  return out;
}

function pipelineEnds(geo, a, b) {
  const [p, q] = [geo.centres[a], geo.centres[b]];
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
  const [ux, uy] = [(q[0] - p[0]) / len, (q[1] - p[1]) / len];
  const cut = geo.size.ring + geo.size.point + 6;
  return [p[0] + ux * cut, p[1] + uy * cut, q[0] - ux * cut, q[1] - uy * cut];
}

/** The pipelines laid (grey) and, dashed green, those that may be laid now. */
export function pipelines(view, ctx, geo, uses) {
  const laid = new Set(view.public.pipelines.map((pair) => [...pair].sort().join("-")));
  const out = [];
  for (const pair of new Set([...laid, ...uses.pipe.keys()])) {
    const [a, b] = pair.split("-");
    if (!geo.centres[a] || !geo.centres[b]) continue;
    const [x1, y1, x2, y2] = pipelineEnds(geo, a, b);
    const built = laid.has(pair);
    const children = built
      ? [s("line", { x1, y1, x2, y2, stroke: "#2c3e50", "stroke-width": 8, "stroke-linecap": "round" }),
        s("line", { x1, y1, x2, y2, stroke: "#95a5a6", "stroke-width": 2.5, "stroke-linecap": "round" })]
      : [s("line", { x1, y1, x2, y2, stroke: TARGET, "stroke-width": 5, "stroke-dasharray": "6 5" })];
    children.push(s("line", { x1, y1, x2, y2, stroke: "transparent", "stroke-width": geo.size.narrow ? 36 : 18 }));
    const name = built ? t("pipeline {state} – {other}", { state: stateName(ctx, a), other: stateName(ctx, b) })
      : t("a pipeline may be laid {state} – {other}", { state: stateName(ctx, a), other: stateName(ctx, b) });
    children.push(s("title", { text: name }));
    out.push(actionable(s("g", { class: `pipeline${built ? "" : " offered"}`, "data-pipe": pair, "data-line": "" }, children),
      uses.pipe.get(pair), name));
  }
  return s("g", { class: "pipelines" }, out);
}
