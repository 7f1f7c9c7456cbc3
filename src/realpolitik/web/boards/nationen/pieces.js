// Das Spiel der Nationen board: the pieces and words every part of the board draws — a power's
// colour, a head of state's disc, a tanker, words that fit their place.

import { s } from "../../js/dom.js";
import { fitText } from "../../js/fit.js";
import { t, tn } from "../../js/i18n.js";
import { placeName, seatLabel } from "./words.js";

export const INK = "#1b2631";
export const TARGET = "#17a589";
export const KINDS = ["king", "president", "dictator", "guerrilla"];
export const LETTER = { king: "K", president: "P", dictator: "D", guerrilla: "G" };
const SEAT_COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#7d3c98"];

export function colourOf(view, seat) {
  return SEAT_COLOURS[Math.max(0, view.seats.indexOf(seat)) % SEAT_COLOURS.length];
}

export function text(x, y, words, attrs = {}) {
  return s("text", { x, y, "font-size": 12, fill: INK, "pointer-events": "none", ...attrs, text: words });
}

/** A line no wider than ``width``: smaller when it is longer, down to ``least``, then cut. */
export function fitted(x, y, words, width, attrs = {}, least = 8.5) {
  const { "font-size": size = 12, ...rest } = attrs;
  return fitText({ x, y, fill: INK, "pointer-events": "none", ...rest }, words, width, size, { least: Math.min(size, least) });
}

/** A head of state: a disc of radius ``r`` in its power's colour with its letter (K, P, D, G). */
export function leaderDisc(view, leader, x, y, r, size) {
  return [
    s("circle", { cx: x, cy: y, r, fill: colourOf(view, leader.seat), stroke: "#fdfefe", "stroke-width": 1.5 }),
    text(x, y + size * 0.36, LETTER[leader.kind] || "?", { "text-anchor": "middle", fill: "#fdfefe", "font-weight": "bold",
      "font-size": size }),
  ];
}

/** ``count`` tankers of ``seat`` at ``loc``: a hull of ``width`` in the power's colour and "×count". */
export function tankerIcon(view, ctx, seat, count, x, y, loc, width, size) {
  const k = width / 24;
  return s("g", { class: "tanker", "data-seat": seat, "data-loc": loc, "data-count": count },
    s("path", { d: `M ${x} ${y} h ${width} l ${-5 * k} ${8 * k} h ${-14 * k} z`, fill: colourOf(view, seat), stroke: INK, "stroke-width": 1 }),
    s("rect", { x: x + 15 * k, y: y - 5 * k, width: 6 * k, height: 5 * k, fill: colourOf(view, seat), stroke: INK, "stroke-width": 0.8 }),
    text(x + width + 3, y + 8 * k, `×${count}`, { "font-size": size }),
    s("title", { text: tn("{seat}: {n} tanker {place}", "{seat}: {n} tankers {place}", { seat: seatLabel(ctx, seat), n: count, place: placeName(ctx, loc, false) }) }));
}
