// Wir sind das Volk! 2+2 in words: the 2+2 icons and arrows, the action words of an event's
// items, and the button words of every 2+2 action (the base game's actions keep the base
// board's words, told which German state a seat plays for).

import { actionLabel, cardTitle, describeIcon, parseSlug } from "../wsdv.js";

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

function sideOf(seat) {
  return SIDE_OF[seat] || null;
}

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

/** An item's action word (``pay-usa-3``, ``dominance``, ``prestige-yellow``, base slugs) in words. */
function slugWords(ctx, slug) {
  if (TRACK_WORDS[slug]) return `the ${TRACK_WORDS[slug][0]} arrow`;
  const step = slug.match(/^([a-z]+)-(yellow|red)$/);
  if (step && TRACK_WORDS[step[1]]) {
    const [name, yellow, red] = TRACK_WORDS[step[1]];
    return `1 ${name} step toward ${step[2] === "yellow" ? yellow : red}`;
  }
  const money = slug.match(/^(pay|income)-(usa|ussr)-(\d+)$/);
  if (money) return effectWords({ icon: money[1], side: SIDE_OF[money[2]], amount: Number(money[3]) }, ctx);
  const conflict = slug.match(/^conflict-(usa|ussr|active)$/);
  if (conflict) return effectWords({ icon: "conflict", side: SIDE_OF[conflict[1]] || "active" }, ctx);
  if (NEW_ICONS.has(slug)) return effectWords({ icon: slug }, ctx);
  const icon = parseSlug(slug);
  return icon ? describeIcon(icon, ctx) : slug;
}

/** A card's value for a side: one number, or [yellow, red]; null for special cards. */
function valueFor(card, side) {
  if (!card || card.value === null || card.value === undefined) return null;
  if (!Array.isArray(card.value)) return card.value;
  return side === "west" ? card.value[0] : card.value[1];
}

/** What playing a card's value also does (§7): the icons below it, the conflict icon right of it. */
function valueExtras(ctx, card, side) {
  const extras = (card.value_icons || []).map((e) => effectWords(e, ctx));
  if (card.value_conflict && card.value_conflict === side) extras.push(effectWords({ icon: "conflict", side }, ctx));
  return extras.length ? `, then ${extras.join(", ")}` : "";
}

function useWords(view, ctx, key, use, seat) {
  const card = ctx.data && ctx.data.cards[key];
  const side = sideOf(seat);
  const cw = view ? view.public.cold_war : null;
  let value = valueFor(card, side);
  if (seat === "ussr" && (use === "build" || use === "ls") && cw && cw.reminders.soviet_penalty && value !== null) {
    value = Math.max(0, value - 1);
  }
  const shown = value === null ? "" : ` (${value})`;
  const cost = cw && cw.reminders.arms_cost ? `, pay $${cw.reminders.arms_cost}` : "";
  const words = {
    calm: "remove unrest",
    event: "event",
    build: `build up the economy${shown}`,
    ls: `living standard${shown}`,
    arms: `arms race: 1 step your way, draw an arms-race card${cost}`,
    credit: `credit: +$${value ?? 0} for your treasury`,
  }[use] || use;
  return use === "event" || !card ? words : `${words}${valueExtras(ctx, card, side)}`;
}

function convertWords(words) {
  const steps = Object.fromEntries(words.flatMap((w, i) => (i % 2 ? [] : [[w, Number(words[i + 1])]])));
  const parts = [];
  if (steps.prestige) parts.push(`${steps.prestige} prestige step${steps.prestige > 1 ? "s" : ""}`);
  if (steps.dominance) parts.push(`${steps.dominance} dominance step${steps.dominance > 1 ? "s" : ""}`);
  return `Prestige arrow: ${parts.join(" and ")}${steps.prestige ? "" : " instead"}`;
}

/** The icons of a dominance box (as the holder cashes them) in words. */
function boxWords(ctx, distance, side) {
  const icons = ctx.data ? ctx.data.tracks.dominance.icons[distance] || [] : [];
  return icons.map((e) => effectWords({ ...e, side: e.side ? side : e.side }, ctx)).join(", ");
}

/** Button words for an action text: the 2+2 actions here, the base game's from the base board. */
export function actionWords(action, view, ctx) {
  const w = action.split(" ");
  const seat = view ? view.seat : null;
  const pub = view ? view.public : null;
  switch (w[0]) {
    case "take": return `Take ${cardTitle(ctx, w[1])} — ${useWords(view, ctx, w[1], w[2], seat)}`;
    case "play": return `Play ${cardTitle(ctx, w[1])} from your hand — ${useWords(view, ctx, w[1], w[2], seat)}`;
    case "next": return `Next: ${slugWords(ctx, w[1])}`;
    case "ignore": return w[1] === "nothing" ? "Ignore nothing" : `Ignore ${slugWords(ctx, w[1])}`;
    case "prestige":
    case "dominance": return convertWords(w);
    case "shift": {
      const [name, yellow, red] = TRACK_WORDS[w[1]];
      return `Move the ${name} marker 1 step toward ${w[2] === "yellow" ? yellow : red}`;
    }
    case "income": return "Take $1 for your treasury";
    case "bonus":
      if (pub && pub.phase === "dominance") return `Cash dominance box ${w[1]}: ${boxWords(ctx, Number(w[1]), sideOf(seat))}`;
      return actionLabel(action, view, ctx, sideOf);
    case "yellow-draws": return "Instead the yellow player with fewer hand cards draws a card";
    default: return actionLabel(action, view, ctx, sideOf);
  }
}
