// 1815 — the pieces a player keeps beside the map, drawn the same in the players table and on a
// phone's own panel: the supply of troops by kind, the success markers; and above the map (1715)
// the powers to choose from, and the count track of troops to move or commit. The page's own
// supply and markers, the powers and the counts start actions (js/picking.js).

import { s } from "../../js/dom.js";
import { fitText, measure } from "../../js/fit.js";
import { t, tn } from "../../js/i18n.js";
import { actionable } from "../../js/picking.js";
import { countActs, giftActs, mostCounted, powerActs, spendActs, supplyActs } from "./acts.js";
import { hitArea, unitSymbol } from "./signs.js";
import { GOLD, INK, KIND_NAMES, KINDS, allyOf, colourOf, named, printedMap } from "./words.js";

/** Room a supply of ``size`` takes: three signs with their counts. */
export function supplyWidth(size) {
  return 3 * (20 + measure("24", size, "bold") + 8);
}

/** The troops in ``player``'s supply at x (left), y (the counts' baseline): a sign and a count per
 * kind; the page's own kinds start the reinforcements and Nachschub that bring them. */
export function supplyRow(view, ctx, player, x, y, size) {
  const own = player.seat === view.seat;
  const step = supplyWidth(size) / 3;
  return s("g", { class: "supply" }, KINDS.map((kind, i) => {
    const n = player.supply[kind];
    const where = x + i * step;
    const words = t("{troops} in the supply: {n}", { troops: KIND_NAMES[kind](), n });
    const chip = s("g", { class: `reserve ${kind}`, "data-kind": kind, "data-count": n },
      s("title", { text: words }),
      hitArea(where - 2, y - size - 4, step - 4, size + 10),
      unitSymbol(kind, where, y - size + 1, colourOf(view, player.seat)),
      s("text", { x: where + 19, y, "font-size": size, "font-weight": "bold", fill: INK, class: "count", text: n }));
    return own ? actionable(chip, supplyActs(ctx, kind), t("{troops} from your supply", { troops: KIND_NAMES[kind]() })) : chip;
  }));
}

/** ``player``'s success markers at x (left), cy (their middle): held ones gold, up to ``cap``, and
 * the count. The page's own markers each spend that many; the ally's take one given. */
export function markerRow(view, ctx, player, x, cy, cap, r, size) {
  const step = 2 * r + 3;
  const held = Math.min(player.markers, cap);
  const dot = (i) => s("circle", {
    cx: x + r + i * step, cy, r, fill: i < held ? GOLD : "none", stroke: "#7e5109", "stroke-width": 1,
    class: i < held ? "marker held" : "marker",
  });
  const count = s("text", { x: x + cap * step + 2, y: cy + size * 0.36, "font-size": size, fill: "#7e5109", class: "cell markers", text: String(player.markers) });
  if (player.seat === view.seat) {
    const spent = (i) => actionable(s("g", { class: "spend", "data-markers": i + 1 },
      s("title", { text: tn("spend {n} success marker", "spend {n} success markers", { n: i + 1 }) }), hitArea(x + i * step, cy - r - 5, step, 2 * r + 10), dot(i)),
      spendActs(ctx, i + 1), tn("{n} success marker", "{n} success markers", { n: i + 1 }));
    return s("g", { class: "markers" }, Array.from({ length: cap }, (_, i) => (i < held ? spent(i) : dot(i))), count);
  }
  const dots = Array.from({ length: cap }, (_, i) => dot(i));
  if (player.seat !== allyOf(view)) return s("g", { class: "markers" }, dots, count);
  const words = t("success markers of {seat}", { seat: named(player.seat) });
  return actionable(s("g", { class: "markers" }, s("title", { text: words }), hitArea(x - 2, cy - r - 6, cap * step + 4, 2 * r + 12), dots, count),
    giftActs(ctx), words);
}

/** The powers of a map that has them (1715) while one is still to be chosen: a chip each, with
 * its holder, choosing it where that is legal. Returns [node, height] (null, 0: none to show). */
export function powerStrip(view, ctx, x, y, width, size) {
  const map = printedMap(view, ctx);
  const pub = view.public;
  if (!map || !map.powers || !map.powers.length || pub.players.every((p) => p.power)) return [null, 0];
  const perRow = Math.max(1, Math.min(map.powers.length, Math.floor(width / 150)));
  const w = (width - (perRow - 1) * 6) / perRow;
  const h = size * 2 + 14;
  const chips = map.powers.map((power, i) => {
    const [cx, cy] = [x + (i % perRow) * (w + 6), y + Math.floor(i / perRow) * (h + 6)];
    const holder = pub.players.find((p) => p.power === power.key);
    const who = holder ? named(holder.seat) : power.indian ? t("not playable") : t("not chosen yet");
    return actionable(s("g", { class: "power", "data-power": power.key },
      s("rect", { x: cx, y: cy, width: w, height: h, rx: 6, class: "frame", fill: holder ? colourOf(view, holder.seat, true) : "#f8f9f9",
        stroke: holder ? colourOf(view, holder.seat) : "#aab7b8" }),
      fitText({ x: cx + 8, y: cy + size + 4, "font-weight": "bold", fill: INK }, power.name, w - 16, size, { least: 11 }),
      fitText({ x: cx + 8, y: cy + 2 * size + 7, fill: INK }, who, w - 16, size - 1, { least: 11 })),
    powerActs(ctx, power.key), power.name);
  });
  const rows = Math.ceil(map.powers.length / perRow);
  return [s("g", { class: "powers" }, chips), rows * (h + 6)];
}

/** While troops are moved or committed, a box for each number of them (tap troops, then how
 * many). Returns [node, height] (null, 0: nothing to count). */
export function countTrack(ctx, x, y, width, size) {
  const most = mostCounted(ctx);
  if (!most) return [null, 0];
  const label = t("how many:");
  const room = measure(label, size) + 10;
  const [w, h] = [size * 2.3, size * 2];
  const perRow = Math.max(1, Math.floor((width - room) / (w + 4)));
  const boxes = Array.from({ length: most }, (_, i) => {
    const [bx, by] = [x + room + (i % perRow) * (w + 4), y + Math.floor(i / perRow) * (h + 4)];
    const n = i + 1;
    return actionable(s("g", { class: "count-box", "data-count": n },
      s("rect", { x: bx, y: by, width: w, height: h, rx: 4, class: "frame", fill: "#fdfefe", stroke: "#aab7b8" }),
      s("text", { x: bx + w / 2, y: by + h / 2 + size * 0.36, "text-anchor": "middle", "font-size": size, "font-weight": "bold", fill: INK, text: n })),
    countActs(ctx, n), tn("{n} unit", "{n} units", { n }));
  });
  const rows = Math.ceil(most / perRow);
  return [s("g", { class: "counts" }, s("text", { x, y: y + h / 2 + size * 0.36, "font-size": size, fill: INK, text: label }), boxes),
    rows * (h + 4) + 4];
}
