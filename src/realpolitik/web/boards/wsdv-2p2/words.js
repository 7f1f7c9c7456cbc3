// Wir sind das Volk! 2+2 in words: the 2+2 icons and arrows on cards, decks and tracks (the
// buttons' words are the game's own, view.pending.choices).

import { describeIcon } from "../wsdv.js";

/** The side a seat plays for: the USA with West (yellow), the Soviet Union with East (red). */
export const SIDE_OF = { usa: "west", west: "west", ussr: "east", east: "east" };
export const SEAT_TITLE = { usa: "USA", ussr: "Soviet Union", west: "West", east: "East" };
export const PARTNER = { usa: "west", west: "usa", ussr: "east", east: "ussr" };
const POWER_WORDS = { west: "the USA", east: "the Soviet Union", usa: "the USA", ussr: "the Soviet Union" };
/** Track names, and the words for their yellow and red ends. */
const TRACK_WORDS = {
  prestige: ["prestige", "West", "East"], currency: ["Western currency", "West", "East"],
  socialism: ["socialism", "West", "East"], dominance: ["dominance", "the USA", "the Soviet Union"],
  space: ["space race", "the USA", "the Soviet Union"], arms: ["arms race", "the USA", "the Soviet Union"],
};
const NEW_ICONS = new Set(["dove", "undove", "peacemaker", "pay", "income", "conflict", "arms-cost", "soviet-penalty",
  "choice", "next-card"]);

function plural(n, one, many) {
  return n === 1 ? one : `${n} ${many}`;
}

/** An arrow in words: "dominance 1 toward the USA", "arms race 1 toward the USA and 1 toward the Soviet Union". */
function arrowWords(e) {
  const [name, yellow, red] = TRACK_WORDS[e.icon];
  const parts = [];
  if (e.yellow) parts.push(`${e.yellow} toward ${yellow}`);
  if (e.red) parts.push(`${e.red} toward ${red}`);
  return `${name} ${parts.join(" and ")}${e.strict ? " (strict: prestige only)" : ""}`;
}

/** One 2+2 icon or arrow (or a base icon) in words. */
export function effectWords(e, ctx) {
  let words;
  if (TRACK_WORDS[e.icon]) words = arrowWords(e);
  else if (!NEW_ICONS.has(e.icon)) words = describeIcon(e, ctx);
  else {
    const count = e.count || 1;
    words = {
      dove: `flip ${plural(count, "a peace dove", "peace doves")}`,
      undove: `${plural(count, "a peace dove returns", "peace doves return")}`,
      peacemaker: "peacemaker: the active player keeps this card",
      pay: `${POWER_WORDS[e.side]} pays $${e.amount}`,
      income: `${POWER_WORDS[e.side]} receives $${e.amount}`,
      conflict: e.side === "active" ? "the active side's superpower draws a conflict card"
        : `${POWER_WORDS[e.side]} draws a conflict card`,
      "arms-cost": "from now on every arms-race step costs $1 more",
      "soviet-penalty": "from now on Soviet values for build and living standard are 1 lower",
      choice: "move the dominance or the prestige marker 1 step either way",
      "next-card": "a hand card of the next decade",
    }[e.icon];
  }
  return `${words}${e.shaded ? " (shaded: not in the automatic event)" : ""}`;
}
