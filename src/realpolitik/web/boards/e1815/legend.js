// 1815 — the legend below the board: the map's symbols and the players table's abbreviations
// in words (both boards: 1815 and 1815/1715 2vs2).

import { s } from "../../js/dom.js";
import { t } from "../../js/i18n.js";
import { swatch } from "../../js/legend.js";
import { star, tower, unitSymbol } from "./signs.js";

function drawn(...shapes) {
  return s("svg", { width: 22, height: 16, viewBox: "0 0 22 16", "aria-hidden": "true", class: "swatch" }, shapes);
}

/** The legend of the 1815 boards. */
export function legend(view) {
  const rows = [
    [drawn(unitSymbol("inf", 3, 2, "#1b2631")), t("infantry")],
    [drawn(unitSymbol("cav", 3, 2, "#1b2631")), t("cavalry")],
    [drawn(unitSymbol("art", 3, 2, "#1b2631")), t("artillery")],
    [drawn(star(11, 8, 7, "#fdfefe")), t("capital")],
    [drawn(tower(3, 1, "#aab7b8")), t("grey fortress")],
    [drawn(tower(3, 1, "#34495e")), t("fortress")],
    ["G", t("general")],
    ["⚓", t("landing coast")],
    ["⚔", t("a battle being prepared")],
    [swatch("#fdfefe", { stroke: "#a93226", dashed: true, width: 3 }), t("red dashes: the land of the battle")],
    [swatch("#fdfefe", { stroke: "#d4ac0d", width: 3 }), t("gold: a land, troops, your general, supply or markers to tap: one tap acts, or shows where it can go")],
    [swatch("#fdfefe", { stroke: "#1e8449", width: 3 }), t("green: where what you tapped can go; tap it there")],
    ["SP", t("SP: victory points (Siegpunkte)")],
    ["EP", t("EP: the strength of troops: infantry 1, cavalry 2, artillery 3")],
    [t("markers"), t("success markers: the gold dots are held")],
    [t("supply i/c/a"), t("troops in supply: infantry / cavalry / artillery")],
    [t("grey/left"), t("grey fortresses owned / fortresses still to build")],
    ["▶", t("whose turn it is")],
  ];
  if (view.public.teams) rows.push(["♦", t("the ally's seat")]);
  return rows;
}
