// A board's legend: what its icons, colours and abbreviations mean, in words, in a block below
// the board (closed until opened; it stays as the player left it while views come and go).
// A board module may export legend(view, ctx) -> [[sign, meaning], …]; a sign is a short
// text ("LS", "⚡") or a node (a small drawing).

import { h, put, s } from "./dom.js";
import { t } from "./i18n.js";

let block = null;

/** The legend block of ``board`` for ``view``, or null when the board brings none. */
export function boardLegend(board, view, ctx) {
  if (!board || !board.legend) return null;
  let rows;
  try {
    rows = board.legend(view, ctx);
  } catch (err) {
    console.error(err);
    return null;
  }
  if (!block) {
    block = h("details", { class: "legend", id: "legend" },
      h("summary", { text: t("Symbols and abbreviations on the board") }), h("dl"));
  }
  put(block.querySelector("dl"), rows.map(([sign, meaning]) => h("div", { class: "entry" },
    h("dt", {}, sign), h("dd", { text: meaning }))));
  return block;
}

/** A small drawing for a legend's sign: a box of ``fill`` (round: a disc), its frame dashed or not. */
export function swatch(fill, { stroke = "#1b2631", dashed = false, round = false, width = 2 } = {}) {
  const shape = round
    ? s("circle", { cx: 11, cy: 8, r: 6.5, fill, stroke, "stroke-width": width })
    : s("rect", { x: 2, y: 2, width: 18, height: 12, rx: 2, fill, stroke, "stroke-width": width, "stroke-dasharray": dashed ? "3 2" : null });
  return s("svg", { width: 22, height: 16, viewBox: "0 0 22 16", "aria-hidden": "true", class: "swatch" }, shape);
}
