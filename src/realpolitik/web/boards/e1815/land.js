// 1815 — one land as a box: its ground (owner's tint, territory stripe) with name, owner, capital,
// fortress and landing coast, which a player taps for the land's actions; beside it, on top, the
// generals and the troops of each kind, each tapped for its own actions (no tapped thing holds
// another). The desktop map's cells and a phone's tiles are such boxes in two sizes; the phone's
// overview map draws lands smaller, without actions.

import { s } from "../../js/dom.js";
import { fitText } from "../../js/fit.js";
import { t } from "../../js/i18n.js";
import { actionable } from "../../js/picking.js";
import { generalActs, landActs, unitActs } from "./acts.js";
import { generalDisc, hitArea, star, tower, unitSymbol } from "./signs.js";
import {
  BATTLE, GOLD, GREY_INK, INK, KIND_NAMES, KINDS, TERRITORY_COLOURS, colourOf, landName, named, ownerWords, troops,
} from "./words.js";

/** The sizes of a land's box: the desktop map's cell, a phone's tile (words at least 11 pixels). */
export const LOOKS = {
  cell: { name: 11.5, nameLeast: 9, owner: 10, ownerLeast: 7.5, count: 11, mark: 18, disc: 7.5, short: false },
  tile: { name: 12.5, nameLeast: 11, owner: 11.5, ownerLeast: 11, count: 12.5, mark: 16, disc: 7, short: true },
};

/** "Wien (Österreich) · Player 2 · 3 infantry · capital of Player 2 · fortress". */
function landTitle(view, geo, key, info) {
  const parts = [`${info.name} (${geo.territoryNames[info.territory] || info.territory})`, ownerWords(view, info.owner), troops(info)];
  if (info.capital_of) parts.push(t("capital of {seat}", { seat: named(info.capital_of) }));
  if (info.fortress) parts.push(info.fortress === "grey" ? t("grey fortress") : t("fortress"));
  for (const g of info.generals) parts.push(t("general of {seat}", { seat: named(g) }));
  if (geo.extras[key] && geo.extras[key].landing) parts.push(t("landing coast"));
  return parts.join(" · ");
}

function territoryColour(geo, info) {
  return TERRITORY_COLOURS[Math.max(geo.territories.indexOf(info.territory), 0) % TERRITORY_COLOURS.length];
}

/** The land ``key`` in the box {x, y, w, h}, drawn with ``look`` (LOOKS). */
export function land(view, ctx, geo, key, box, look) {
  const info = view.public.lands[key];
  const { x, y, w, h } = box;
  const pub = view.public;
  const decided = Boolean(pub.decision) && pub.decision.land === key;
  const battle = Boolean(pub.battle) && pub.battle.target === key;
  const actions = landActs(view, ctx, key);
  const colour = colourOf(view, info.owner);
  const ground = [
    s("title", { text: landTitle(view, geo, key, info) }),
    s("rect", {
      x, y, width: w, height: h, rx: 7, class: "ground frame", fill: colourOf(view, info.owner, true),
      stroke: battle ? BATTLE : decided || actions.length ? GOLD : colour,
      "stroke-width": battle || decided ? 4 : actions.length ? 3 : 1.5, "stroke-dasharray": battle ? "7 4" : null,
    }),
    s("rect", { x, y: y + 6, width: 5, height: h - 12, rx: 2, class: "territory", fill: territoryColour(geo, info) }),
  ];
  const discs = info.generals.length ? info.generals.length * (2 * look.disc + 2) + 4 : 0;
  ground.push(fitText({ x: x + 11, y: y + 31, fill: info.owner ? colour : GREY_INK, class: "owner" },
    ownerWords(view, info.owner, look.short), w - 15 - discs, look.owner, { least: look.ownerLeast }));
  let markX = x + w - 16;
  if (info.capital_of) {
    ground.push(s("g", { class: "capital", "data-seat": info.capital_of }, star(markX + 6, y + 11, 7.5, colourOf(view, info.capital_of)),
      s("title", { text: t("capital of {seat}", { seat: named(info.capital_of) }) })));
    markX -= look.mark;
  }
  if (info.fortress) {
    ground.push(s("g", { class: `fortress ${info.fortress}` }, tower(markX - 2, y + 4, info.fortress === "grey" ? "#aab7b8" : "#34495e"),
      s("title", { text: info.fortress === "grey" ? t("grey fortress") : t("fortress") })));
    markX -= look.mark;
  }
  if (geo.extras[key] && geo.extras[key].landing) {
    ground.push(s("text", { x: markX + 12, y: y + 16, "text-anchor": "end", "font-size": 12, fill: "#1f618d", class: "landing", text: "⚓" }));
    markX -= 16;
  }
  ground.push(fitText({ x: x + 11, y: y + 16, "font-weight": "bold", fill: INK, class: "name" }, info.name,
    markX + 12 - x - 13, look.name, { least: look.nameLeast }));
  const items = [actionable(s("g", { class: "place" }, ground), actions, info.name)];
  info.generals.forEach((g, i) => {
    const cx = x + w - look.disc - 4.5 - i * (2 * look.disc + 2);
    items.push(actionable(s("g", { class: "general", "data-seat": g }, hitArea(cx - look.disc - 1, y + 20, 2 * look.disc + 2, 20),
      generalDisc(cx, y + 30, look.disc, colourOf(view, g)),
      s("title", { text: t("general of {seat}", { seat: named(g) }) })),
    generalActs(view, ctx, g, key), t("general of {seat}", { seat: named(g) })));
  });
  let ux = x + 11;
  for (const kind of KINDS) {
    if (!info[kind]) continue;
    const words = `${info[kind]} ${KIND_NAMES[kind]()}`;
    items.push(actionable(s("g", { class: `unit ${kind}`, "data-kind": kind, "data-count": info[kind] },
      s("title", { text: words }),
      hitArea(ux - 3, y + h - 25, 35, 21),
      unitSymbol(kind, ux, y + h - 22, info.owner ? colour : GREY_INK),
      s("text", { x: ux + 19, y: y + h - 12.5, "font-size": look.count, "font-weight": "bold", fill: INK, class: "count", text: info[kind] })),
    unitActs(ctx, key, kind), t("{troops} in {land}", { troops: KIND_NAMES[kind](), land: landName(view, key) })));
    ux += 36;
  }
  return s("g", {
    class: `land${decided ? " decision" : ""}${battle ? " battle" : ""}`, "data-land": key, "data-owner": info.owner || "",
  }, items);
}

/** The land ``key`` small, on a phone's overview map: ground, name, marks and troops, nothing to tap. */
export function spot(view, geo, key, box) {
  const info = view.public.lands[key];
  const { x, y, w, h } = box;
  const pub = view.public;
  const battle = Boolean(pub.battle) && pub.battle.target === key;
  const decided = Boolean(pub.decision) && pub.decision.land === key;
  const colour = colourOf(view, info.owner);
  const items = [
    s("rect", { x, y, width: w, height: h, rx: 4, class: "frame", fill: colourOf(view, info.owner, true),
      stroke: battle ? BATTLE : decided ? GOLD : colour, "stroke-width": battle || decided ? 2.5 : 1,
      "stroke-dasharray": battle ? "4 2" : null }),
    s("rect", { x, y: y + 3, width: 3, height: h - 6, rx: 1, fill: territoryColour(geo, info) }),
    fitText({ x: x + 5, y: y + 10, "font-weight": "bold", fill: INK }, info.name, w - 8, 8, { least: 6 }),
  ];
  let mx = x + w - 2;
  if (info.capital_of) {
    items.push(star(mx - 5, y + h - 7, 4.5, colourOf(view, info.capital_of)));
    mx -= 11;
  }
  if (info.fortress) {
    items.push(s("g", { transform: `translate(${mx - 8} ${y + h - 12}) scale(0.6)` }, tower(0, 0, info.fortress === "grey" ? "#aab7b8" : "#34495e")));
    mx -= 12;
  }
  for (const g of info.generals) {
    items.push(generalDisc(mx - 4.5, y + h - 7, 4, colourOf(view, g)));
    mx -= 10;
  }
  KINDS.forEach((kind, i) => {  // infantry and cavalry side by side, artillery below: two digits each fit
    if (!info[kind]) return;
    const [ux, uy] = [x + 5 + (i % 2) * 20, y + 14 + Math.floor(i / 2) * 9];
    items.push(s("g", { transform: `translate(${ux} ${uy}) scale(0.5)` }, unitSymbol(kind, 0, 0, info.owner ? colour : GREY_INK)),
      s("text", { x: ux + 9.5, y: uy + 5.5, "font-size": 7, fill: INK, text: info[kind] }));
  });
  return s("g", { class: "spot", "data-land": key }, items, s("title", { text: landTitle(view, geo, key, info) }));
}
