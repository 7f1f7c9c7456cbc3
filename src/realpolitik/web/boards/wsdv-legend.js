// Wir sind das Volk! — the legend below the board: every event icon, chip colour, place code,
// arrow and abbreviation of the board (wsdv.js, wsdv-map.js) in words. The 2+2 board adds its
// own marks (wsdv-2p2/legend.js).

import { t } from "../js/i18n.js";
import { swatch } from "../js/legend.js";
import { CHIP, GLYPH } from "./wsdv/marks.js";
import { provinceName } from "./wsdv-map.js";

/** Each event icon's meaning, by the icon's kind (its glyph is GLYPH[kind]). */
const ICONS = {
  unrest: () => t("unrest into a province"),
  calm: () => t("remove unrest from a province"),
  move: () => t("move unrest between provinces"),
  build: () => t("a build point: a factory or a blue line"),
  dismantle: () => t("dismantle a build point"),
  "end-protest": () => t("end a mass protest"),
  ls: () => t("living standard +1"),
  "reduce-ls": () => t("living standard −1"),
  rundown: () => t("a factory runs down"),
  repair: () => t("repair a run-down factory"),
  stop: () => t("close an external factory"),
  police: () => t("a police card (red or pink)"),
  wall: () => t("the Wall is built"),
  "wall-down": () => t("the Wall falls"),
  "stasi-off": () => t("the Stasi is disbanded"),
  guillaume: () => t("Guillaume affair"),
  "prestige-overflow": () => t("remove 1 own unrest or put 1 unrest into the other state"),
};

/** The base board's legend; ``arrows`` replaces the rows of the card arrows (the 2+2 cards have more). */
export function baseLegend(view, ctx, arrows = null) {
  const provinces = ctx.data ? Object.keys(ctx.data.provinces) : [];
  return [
    ...Object.entries(ICONS).map(([kind, words]) => [GLYPH[kind], words()]),
    [swatch(CHIP.west.fill, { stroke: CHIP.west.stroke }), t("yellow icon: for West")],
    [swatch(CHIP.east.fill, { stroke: CHIP.east.stroke }), t("red icon: for East")],
    [swatch(CHIP.pink.fill, { stroke: CHIP.pink.stroke }), t("pink icon: a pink police card")],
    [swatch(CHIP.none.fill, { stroke: CHIP.none.stroke }), t("grey icon: for neither side")],
    [swatch(CHIP.west.fill, { width: 3 }), t("black frame: the side named in its tooltip decides")],
    ["WG", t("in West Germany")], ["RH", t("on Rheinsberg")], ["CS", t("in the ČSSR")], ["PL", t("in Poland")],
    ...provinces.map((key) => [key.toUpperCase(), provinceName(ctx, key)]),
    ...(arrows || [
      ["P ▶2", t("prestige arrow: 2 steps toward East (◀ toward West)")],
      ["W$", t("Western currency arrow")],
      ["S", t("socialism arrow")],
    ]),
    [t("flight {n}", { n: 1 }), t("flight: steps on the flight track")],
    ["3|2", t("a dual card's values for West | East")],
    ["I–IV", t("the decade of a card")],
    [swatch("#fdebd0", { stroke: "#873600", round: true }), t("circle: unrest in the province (red: a mass protest)")],
    ["⚑", t("mass protest")],
    [swatch("#d6eaf8", { stroke: "#1f618d" }), t("blue box: the province's living standard")],
    [t("LS"), t("living standard (Lebensstandard); \"ls\" in action texts")],
    [swatch("#7d3c98", { stroke: "#7d3c98", round: true }), t("purple disc: socialists")],
    [t("soc."), t("socialists")],
    ["W · E", t("the West and the East end of a track")],
    [swatch("#b7950b"), t("factory with its value (yellow: West, red: East, purple: external)")],
    [swatch("#aab7b8", { dashed: true }), t("grey dashed factory: run down")],
    [swatch("#1f6fb5", { stroke: "#1f6fb5" }), t("solid blue line: a blue line is built")],
    [swatch("#fdfefe", { stroke: "#aab7b8", dashed: true }), t("dashed grey line: a connection without a blue line")],
    [swatch("#f9e79f", { stroke: "#d4ac0d", width: 3 }), t("gold: tap it to play it, or to see where it goes")],
  ];
}

/** The legend of the base game's board. */
export function legend(view, ctx) {
  return baseLegend(view, ctx);
}
