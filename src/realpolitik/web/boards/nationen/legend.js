// Das Spiel der Nationen — the legend below the board: its pieces, points, letters and
// abbreviations in words.

import { t } from "../../js/i18n.js";
import { swatch } from "../../js/legend.js";
import { LETTER } from "./pieces.js";
import { leaderName } from "./words.js";

/** The legend of the Nationen board. */
export function legend() {
  return [
    ...Object.entries(LETTER).map(([kind, letter]) => [letter,
      t("a leader: {leader} (a disc in its power's colour)", { leader: leaderName(kind) })]),
    [swatch("#c0392b", { stroke: "#7b241c", round: true }), t("red point with ★: the state's capital")],
    [swatch("#f4d03f", { stroke: "#7f8c8d", round: true }), t("yellow point with ?: a leader who ends a move here draws an incident card")],
    ["0–7", t("the number of a point on its state's circle")],
    ["◆", t("a power's agent")],
    ["⚓", t("a port")],
    ["×3", t("tankers of a power in a port or on a high sea")],
    ["Λ", t("derricks: the state's oil wells")],
    [swatch("#95a5a6", { stroke: "#2c3e50", width: 3 }), t("grey line: a pipeline")],
    [swatch("#fdfefe", { stroke: "#17a589", dashed: true, width: 3 }), t("dashed green line: a pipeline that may be laid now")],
    ["M", t("M: million (money)")],
    ["✝", t("eliminated")],
    ["*", t("* invented name · stand-in board and cards")],
    [swatch("#fdfefe", { stroke: "#d4ac0d", width: 3 }), t("gold glow: tap it to play it, or to see where it can go")],
    [swatch("#fdfefe", { stroke: "#1e8449", width: 3 }), t("green glow: where the piece you tapped may go")],
  ];
}
