// 1815 — the map's grid: where each land sits (the map file's positions, or a schematic grid by
// territory when the file is missing) and the borders between them, for the desktop's map and a
// phone's overview alike.

import { s } from "../../js/dom.js";
import { printedMap } from "./words.js";

/** Grid places of the lands: the printed map's positions, or a schematic grid by territory. */
export function layout(view, ctx) {
  const lands = view.public.lands;
  const keys = Object.keys(lands);
  const map = printedMap(view, ctx);
  const printed = map ? Object.fromEntries(map.lands.map((l) => [l.key, l])) : {};
  const place = {};
  const borders = [];
  let extras = {};
  if (map && keys.every((k) => printed[k] && Array.isArray(printed[k].pos))) {
    for (const k of keys) place[k] = printed[k].pos;
    for (const k of keys) {
      for (const other of printed[k].adjacent || []) if (place[other]) borders.push([k, other]);
    }
    extras = printed;
  } else {
    const territories = [...new Set(keys.map((k) => lands[k].territory))];
    const ordered = territories.flatMap((x) => keys.filter((k) => lands[k].territory === x));
    const cols = Math.ceil(Math.sqrt(ordered.length * 1.4));
    ordered.forEach((k, i) => { place[k] = [Math.floor(i / cols), i % cols]; });
  }
  const rows = 1 + Math.max(...keys.map((k) => place[k][0]));
  const cols = 1 + Math.max(...keys.map((k) => place[k][1]));
  const territories = map ? map.territories.map((x) => x.key) : [...new Set(keys.map((k) => lands[k].territory))];
  const territoryNames = map ? Object.fromEntries(map.territories.map((x) => [x.key, x.name])) : {};
  return { place, borders, extras, rows, cols, territories, territoryNames };
}

/** The borders between the centres of the lands' cells ``at(key) → [x, y, w, h]``. */
export function borderLines(geo, at, width) {
  return s("g", { class: "borders" }, geo.borders.map(([a, b]) => {
    const [[x1, y1], [x2, y2]] = [a, b].map((key) => { const [x, y, w, h] = at(key); return [x + w / 2, y + h / 2]; });
    return s("line", { x1, y1, x2, y2, stroke: "#aab7b8", "stroke-width": width, "stroke-linecap": "round" });
  }));
}
