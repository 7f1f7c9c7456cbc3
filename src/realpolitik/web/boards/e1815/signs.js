// 1815 — the signs on the board and in its legend: the units, the capital's star, the fortress's
// tower, the general's disc; and the unseen area around a small thing that a finger hits.

import { s } from "../../js/dom.js";

/** A unit's NATO-like sign, 16 × 11 at x, y: infantry crossed, cavalry struck through, artillery a dot. */
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

/** The general: a disc in the seat's colour with a "G". */
export function generalDisc(cx, cy, r, fill) {
  return [s("circle", { cx, cy, r, fill, stroke: "#1b2631", "stroke-width": 0.8 }),
    s("text", { x: cx, y: cy + r * 0.47, "text-anchor": "middle", "font-size": r * 1.27, "font-weight": "bold", fill: "#fdfefe", text: "G" })];
}

/** An invisible rectangle that takes the taps around a small sign (a finger is wider than it). */
export function hitArea(x, y, width, height) {
  return s("rect", { x, y, width, height, fill: "#ffffff", "fill-opacity": 0, class: "hit" });
}
