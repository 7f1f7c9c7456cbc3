// Words that fit their place on a board, whatever the language and the reader's font: a text is
// measured in the page's own font (a canvas measures it before the board is on the page), broken
// into lines after spaces and hyphens ("50-Megatonnen-" / "Sprengkopf"), set smaller when a line
// still does not fit, and cut with "…" only below the smallest size — its whole text then in the
// tooltip.

import { s } from "./dom.js";

const pen = document.createElement("canvas").getContext("2d");
let family = "";

/** The width of ``text`` at ``size`` (SVG units are pixels here) in the page's font. */
export function measure(text, size, weight = "normal") {
  family = family || getComputedStyle(document.documentElement).fontFamily || "sans-serif";
  pen.font = `${weight === "bold" ? "bold" : "normal"} ${size}px ${family}`;
  return pen.measureText(text).width;
}

/** ``text`` cut with "…" so that it is at most ``width`` wide at ``size`` (unchanged when it fits). */
export function cut(text, width, size, weight = "normal") {
  if (measure(text, size, weight) <= width) return text;
  let [low, high] = [0, text.length];
  while (low < high) {  // the longest beginning that fits with its "…"
    const mid = Math.ceil((low + high) / 2);
    if (measure(text.slice(0, mid).trimEnd() + "…", size, weight) <= width) low = mid;
    else high = mid - 1;
  }
  return text.slice(0, low).trimEnd() + "…";
}

/** The pieces a line may break after: words with their space, and parts of words after a hyphen. */
function pieces(text) {
  return text.split(/(?<=[\s\-–/])/).filter((piece) => piece.length);
}

/** ``text`` in at most ``lines`` lines no wider than ``width``: ``{lines, size}`` with the largest
 *  size from ``size`` down to ``least`` at which it fits (below that, the last line is cut). */
export function wrap(text, width, size, { lines = 1, least = size * 0.7, weight = "normal" } = {}) {
  const parts = pieces(String(text).trim());
  const smaller = (at) => Math.max(least, Math.round((at - Math.max(0.25, at * 0.05)) * 4) / 4);
  const fill = (at) => {
    const made = [];
    let line = "";
    for (const part of parts) {
      const joined = line + part;
      if (line && measure(joined.trimEnd(), at, weight) > width) {
        made.push(line.trimEnd());
        line = part.trimStart();
      } else {
        line = joined;
      }
    }
    if (line.trim()) made.push(line.trimEnd());
    return made;
  };
  // fewer lines first, a little smaller if need be ("B-70-Bomber" on one line rather than two)
  for (let count = 1; count < lines; count += 1) {
    for (let at = size; at >= Math.max(least, size * 0.85); at = smaller(at)) {
      const made = fill(at);
      if (made.length <= count && made.every((l) => measure(l, at, weight) <= width)) return { lines: made, size: at };
      if (at === least) break;
    }
  }
  let at = size;
  for (;;) {
    const made = fill(at);
    const fits = made.length <= lines && made.every((l) => measure(l, at, weight) <= width);
    if (fits) return { lines: made, size: at };
    if (at <= least) {
      // a word longer than a line is broken inside, with a hyphen, while lines are left ("Passierschein-" / "abkommen")
      for (let i = 0; i < made.length && made.length < lines; i += 1) {
        if (measure(made[i], at, weight) <= width) continue;
        let keep = made[i].length - 1;
        while (keep > 1 && measure(made[i].slice(0, keep) + "-", at, weight) > width) keep -= 1;
        made.splice(i, 1, made[i].slice(0, keep) + "-", made[i].slice(keep));
      }
      if (made.length <= lines && made.every((l) => measure(l, at, weight) <= width)) return { lines: made, size: at };
      // the last line takes what the others leave, and every line is cut to the width
      const kept = made.slice(0, lines);
      if (made.length > lines) kept[lines - 1] = made.slice(lines - 1).join(" ");
      return { lines: kept.map((l) => cut(l, width, at, weight)), size: at, cut: true };
    }
    at = smaller(at);
  }
}

/**
 * An SVG <text> of ``text`` that fits ``width``: ``attrs`` as for s("text") (x, y, text-anchor,
 * fill, font-weight …), ``size`` its font size; with ``lines`` > 1 it takes up to that many lines,
 * ``gap`` apart (by default 1.15 × the size), the first at ``attrs.y``. A cut text keeps its whole
 * words as its tooltip.
 */
export function fitText(attrs, text, width, size, { lines = 1, least = size * 0.7, gap = null } = {}) {
  const weight = attrs["font-weight"] === "bold" ? "bold" : "normal";
  const made = wrap(text, Math.max(1, width), size, { lines, least, weight });
  const step = gap === null ? made.size * 1.15 : gap;
  const node = s("text", { ...attrs, "font-size": made.size, text: null });
  if (made.lines.length === 1) node.textContent = made.lines[0];
  else made.lines.forEach((line, i) => node.append(s("tspan", { x: attrs.x, dy: i ? step : 0, text: line })));
  if (made.cut) node.append(s("title", { text }));
  return node;
}
