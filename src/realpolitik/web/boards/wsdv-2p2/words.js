// Wir sind das Volk! 2+2 in words: the seats' names and the 2+2 icons and arrows on cards, decks
// and tracks, as messages in the page's language (the buttons' words are the game's own,
// view.pending.choices).

import { t } from "../../js/i18n.js";
import { describeIcon } from "../wsdv.js";

/** The side a seat plays for: the USA with West (yellow), the Soviet Union with East (red). */
export const SIDE_OF = { usa: "west", west: "west", ussr: "east", east: "east" };
export const PARTNER = { usa: "west", west: "usa", ussr: "east", east: "ussr" };
const SEAT_WORDS = { usa: () => "USA", ussr: () => t("Soviet Union"), west: () => t("West"), east: () => t("East") };
const SHORT_WORDS = { usa: () => "USA", ussr: () => t("USSR"), west: () => t("West"), east: () => t("East") };
const POWER_WORDS = { west: () => t("the USA"), east: () => t("the Soviet Union"), usa: () => t("the USA"),
  ussr: () => t("the Soviet Union"), active: () => t("the active side's superpower") };

/** A seat's name: "USA", "Soviet Union", "West", "East". */
export function seatTitle(seat) {
  return SEAT_WORDS[seat] ? SEAT_WORDS[seat]() : seat;
}

/** A seat's short name: "USA", "USSR", "West", "East". */
export function seatShort(seat) {
  return SHORT_WORDS[seat] ? SHORT_WORDS[seat]() : seat;
}

/** A superpower in a sentence: "the USA", "the Soviet Union" (a side stands for its superpower). */
function powerWords(side) {
  return POWER_WORDS[side] ? POWER_WORDS[side]() : side;
}

/** Track names, and the words for steps toward their yellow and red ends. */
const TRACK_WORDS = {
  prestige: [() => t("prestige"), () => t("toward West"), () => t("toward East")],
  currency: [() => t("Western currency"), () => t("toward West"), () => t("toward East")],
  socialism: [() => t("socialism"), () => t("toward West"), () => t("toward East")],
  dominance: [() => t("dominance"), () => t("toward the USA"), () => t("toward the Soviet Union")],
  space: [() => t("space race"), () => t("toward the USA"), () => t("toward the Soviet Union")],
  arms: [() => t("arms race"), () => t("toward the USA"), () => t("toward the Soviet Union")],
};
const NEW_ICONS = new Set(["dove", "undove", "peacemaker", "pay", "income", "conflict", "arms-cost", "soviet-penalty",
  "choice", "next-card"]);

/** An arrow in words: "dominance 1 toward the USA", "arms race 1 toward the USA and 1 toward the Soviet Union". */
function arrowWords(e) {
  const [name, yellow, red] = TRACK_WORDS[e.icon];
  const parts = [];
  if (e.yellow) parts.push(`${e.yellow} ${yellow()}`);
  if (e.red) parts.push(`${e.red} ${red()}`);
  const steps = parts.length === 2 ? t("{one} and {other}", { one: parts[0], other: parts[1] }) : parts.join("");
  return `${name()} ${steps}` + (e.strict ? " " + t("(strict: prestige only)") : "");
}

/** A new 2+2 icon in words. */
function newIconWords(e) {
  const count = e.count || 1;
  const words = {
    dove: () => (count === 1 ? t("flip a peace dove") : t("flip {n} peace doves", { n: count })),
    undove: () => (count === 1 ? t("a peace dove returns") : t("{n} peace doves return", { n: count })),
    peacemaker: () => t("peacemaker: the active player keeps this card"),
    pay: () => t("{power} pays ${amount}", { power: powerWords(e.side), amount: e.amount }),
    income: () => t("{power} receives ${amount}", { power: powerWords(e.side), amount: e.amount }),
    conflict: () => t("{power} draws a conflict card", { power: powerWords(e.side) }),
    "arms-cost": () => t("from now on every arms-race step costs $1 more"),
    "soviet-penalty": () => t("from now on Soviet values for build and living standard are 1 lower"),
    choice: () => t("move the dominance or the prestige marker 1 step either way"),
    "next-card": () => t("a hand card of the next decade"),
  }[e.icon];
  return words ? words() : e.icon;
}

/** One 2+2 icon or arrow (or a base icon) in words. */
export function effectWords(e, ctx) {
  let words;
  if (TRACK_WORDS[e.icon]) words = arrowWords(e);
  else if (!NEW_ICONS.has(e.icon)) words = describeIcon(e, ctx);
  else words = newIconWords(e);
  return words + (e.shaded ? " " + t("(shaded: not in the automatic event)") : "");
}
