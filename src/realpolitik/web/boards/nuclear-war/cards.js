// Nuclear War's pieces, the same in both layouts: a card's face (its kind's colour, its printed
// name) or its back, a place a card can go (a dashed box), names of cards and seats.

import { s, seatName } from "../../js/dom.js";
import { fitText } from "../../js/fit.js";
import { t } from "../../js/i18n.js";
import { actionable } from "../../js/picking.js";

export const COLOURS = {
  warhead: "#a93226", carrier: "#2e5e8e", "anti-missile": "#1e7b4f",
  propaganda: "#b7860b", secret: "#6c3483", "top-secret": "#4a235a",
};
/** The frame of a card a tap plays or picks, and of a place a card can go. */
export const GOLD = "#d4ac0d";
export const PLACE = { fill: "#eafaf1", stroke: "#1e8449" };

export function cardName(ctx, key) {
  return ctx.data && ctx.data[key] ? t(ctx.data[key].name) : key;
}

export function seatLabel(ctx, label) {
  return seatName((ctx.players || []).find((p) => p.seat === label)) || label;
}

/** Attributes that let a tap through to what lies below (a nation's frame, when it is a target). */
export function through(yes) {
  return yes ? { "pointer-events": "none" } : {};
}

/** A face-down card's back in ``box`` ({x, y, w, h}). */
export function back(box, { size = 12, passive = false } = {}) {
  const { x, y, w, h } = box;
  return s("g", { class: "card back", ...through(passive) },
    s("rect", { x, y, width: w, height: h, rx: 5, fill: "#22313f", stroke: "#5d6d7e", class: "frame" }),
    s("text", { x: x + w / 2, y: y + h / 2 + size / 3, "text-anchor": "middle", fill: "#aab7b8", "font-size": size, text: "?" }),
    s("title", { text: t("a face-down card") }));
}

/**
 * The face of card ``key`` in ``box``, its printed name in up to ``font.lines`` lines (``font``:
 * {size, least, gap, lines}). ``actions``: the legal actions it starts (a gold frame, a thing to
 * tap) and ``name`` what it is then; ``title`` its tooltip; ``dashed`` its frame (your own
 * face-down card); ``below`` a last line (the megatons a carrier has left); ``passive`` lets a
 * tap through.
 */
export function face(ctx, box, key, font, { actions = [], name = null, title = null, dashed = false, below = null,
  passive = false } = {}) {
  const { x, y, w, h } = box;
  const info = ctx.data ? ctx.data[key] : null;
  const kind = info ? info.kind : "";
  const acting = actions.length > 0;
  const room = Math.max(1, Math.floor((h - 6 - (below ? font.gap : 0)) / font.gap));
  const group = s("g", { class: `card ${kind}`, "data-card": key, ...through(passive && !acting) },
    s("rect", {
      x, y, width: w, height: h, rx: 5, fill: COLOURS[kind] || "#566573", class: "frame",
      stroke: acting ? GOLD : "#1b2631", "stroke-width": acting ? 2.5 : 1, "stroke-dasharray": dashed ? "4 3" : null,
    }),
    // the printed name in up to three lines ("50-Megatonnen-" / "Sprengkopf"), smaller if need be
    fitText({ x: x + w / 2, y: y + font.size + 3, "text-anchor": "middle", fill: "#fdfefe" }, cardName(ctx, key), w - 8,
      font.size, { lines: Math.min(font.lines || 3, room), least: font.least, gap: font.gap }),
    below ? fitText({ x: x + w / 2, y: y + h - 6, "text-anchor": "middle", fill: "#fdfefe", class: "payload" }, below,
      w - 8, font.size, { least: font.least }) : null,
    s("title", { text: title || cardName(ctx, key) }));
  return actionable(group, actions, name || cardName(ctx, key));
}

/** A place a card can go, drawn only while legal actions put cards there: a dashed box with its
 * words (``label``), named ``name`` in the list of moves. */
export function place(box, label, name, actions, font) {
  if (!actions.length) return null;
  const { x, y, w, h } = box;
  const lines = Math.max(1, Math.floor((h - 6) / font.gap));
  return actionable(s("g", { class: "place" },
    s("rect", {
      x, y, width: w, height: h, rx: 5, class: "frame", fill: PLACE.fill, stroke: PLACE.stroke, "stroke-width": 2,
      "stroke-dasharray": "6 4",
    }),
    middled(fitText({ x: x + w / 2, y, "text-anchor": "middle", fill: PLACE.stroke }, label, w - 6, font.size,
      { lines: Math.min(lines, 3), least: font.least, gap: font.gap }), y + h / 2, font.gap)), actions, name);
}

/** ``text`` (one line or several) set with its lines' middle at ``middle``. */
function middled(text, middle, gap) {
  const lines = Math.max(1, text.querySelectorAll("tspan").length);
  const size = Number(text.getAttribute("font-size"));
  text.setAttribute("y", middle + size / 3 - ((lines - 1) * gap) / 2);
  return text;
}

/** The left edges of ``count`` boxes ``w`` wide from ``x`` on, ``gap`` apart — closer together
 * (overlapping) where they would reach past ``right``. */
export function spread(count, x, right, w, gap) {
  const step = count > 1 ? Math.min(w + gap, (right - x - w) / (count - 1)) : 0;
  return Array.from({ length: count }, (_, i) => x + i * step);
}
