// Wir sind das Volk! 2+2 — the legend below the board: the base board's icons and codes
// (../wsdv-legend.js) and the 2+2 marks on cards and tracks in words.

import { t } from "../../js/i18n.js";
import { swatch } from "../../js/legend.js";
import { baseLegend } from "../wsdv-legend.js";
import { TEAM } from "./cold-war.js";

/** The legend of the 2+2 board. */
export function legend(view, ctx) {
  const arrows = [
    ["P ◀1", t("prestige arrow: 1 step toward West (▶ toward East)")],
    ["W$", t("Western currency arrow")],
    [t("Soc"), t("socialism arrow")],
    ["D", t("dominance arrow")],
    ["S", t("space race arrow")],
    ["A", t("arms race arrow")],
    ["!", t("strict: moves prestige only")],
  ];
  return [
    ...baseLegend(view, ctx, arrows),
    [t("−dove"), t("flip a peace dove")],
    [t("+dove"), t("a peace dove returns")],
    ["☮", t("peacemaker: the active player keeps this card")],
    ["−$2 · +$2", t("pay or receive dollars")],
    ["⚔", t("draw a conflict card")],
    ["A+$1", t("from now on every arms-race step costs $1 more")],
    [t("Sov−1"), t("from now on Soviet values for build and living standard are 1 lower")],
    ["D/P±1", t("move the dominance or the prestige marker 1 step either way")],
    [t("+card"), t("a hand card of the next decade")],
    [t("VP"), t("victory points")],
    [t("L{level}", { level: 2 }), t("advantage level {level}", { level: 2 })],
    ["★", t("victory space")],
    [t("USSR"), t("Soviet Union")],
    [swatch(TEAM.west.fill, { stroke: TEAM.west.stroke }), t("yellow: the USA and West")],
    [swatch(TEAM.east.fill, { stroke: TEAM.east.stroke }), t("red: the Soviet Union and East")],
  ];
}
