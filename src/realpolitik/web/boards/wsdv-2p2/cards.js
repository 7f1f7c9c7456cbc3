// Wir sind das Volk! 2+2 cards: the faces of the 2+2 cards and 2+2 special cards (Blue, Green
// and Black cards, arrows on every track, doves, payments, conflict icons, icons at the value,
// the arms-race ban); base cards keep the base board's faces. The skin the base board's card
// rows draw with, in the sizes of the page's look (wsdv/look.js).

import { s } from "../../js/dom.js";
import { fitText, measure } from "../../js/fit.js";
import { lang, t } from "../../js/i18n.js";
import { BASE_SKIN, CARD_FILL, CARD_INK, cardChip, cardFace, faceRows } from "../wsdv.js";
import { CHIP, GLYPH } from "../wsdv/marks.js";
import { DESKTOP } from "../wsdv/look.js";
import { effectWords } from "./words.js";

const FILL = { ...CARD_FILL, blue: "#5dade2", green: "#58d68d", black: "#1c2833" };
const INK = { ...CARD_INK, blue: "#1b2631", green: "#1b2631", black: "#fdfefe" };
const COLOUR_WORDS = {
  west: () => t("Yellow card (USA and West)"), east: () => t("Red card (Soviet Union and East)"),
  dual: () => t("Dual card (ignore 1 icon or arrow step)"),
  special: () => t("2+2 special card (Soviet Union and East, event only)"),
  blue: () => t("Blue card (the triggering player's colour only)"), green: () => t("Green card (everything)"),
  black: () => t("Black card (everything)"),
};
/** The colour printed at the foot of a Blue, Green or Black card. */
const COLOUR_NAME = { blue: () => t("Blue"), green: () => t("Green"), black: () => t("Black") };
const ARROW_MARK = { prestige: () => "P", dominance: () => "D", space: () => "S", arms: () => "A", currency: () => "W$",
  socialism: () => t("Soc") };
const ROMAN = ["", "I", "II", "III", "IV"];
/** The 2+2's own icons (the others are the base game's). */
const NEW_ICONS = new Set(["dove", "undove", "peacemaker", "arms-cost", "soviet-penalty", "choice", "next-card"]);

/** True for a 2+2 card (``x1``…``x40``, ``xi``…``xiv-wall``). */
function isExpansion(ctx, key) {
  return Boolean(ctx.data && ctx.data.expansion.has(key));
}

/** An icon's short mark on a card or track: "D◀1", "−$2", "2⚒", "−dove". */
function chipText(e) {
  if (ARROW_MARK[e.icon]) {
    return `${ARROW_MARK[e.icon]()}${e.strict ? "!" : ""}${e.yellow ? `◀${e.yellow}` : ""}${e.red ? `▶${e.red}` : ""}`;
  }
  const n = e.count > 1 ? e.count : "";
  const marks = { dove: () => t("−dove"), undove: () => t("+dove"), peacemaker: () => "☮", pay: () => `−$${e.amount}`,
    income: () => `+$${e.amount}`, conflict: () => "⚔", "arms-cost": () => "A+$1", "soviet-penalty": () => t("Sov−1"),
    choice: () => "D/P±1", "next-card": () => t("+card") };
  if (marks[e.icon]) return `${n}${marks[e.icon]()}`;
  const where = e.where ? ` ${e.where.length <= 3 ? e.where.toUpperCase() : e.where.slice(0, 2).toUpperCase()}` : "";
  return `${n}${GLYPH[e.icon] || e.icon}${where}`;
}

/** Chip colours of an icon: yellow or red by side or arrow direction, grey otherwise. */
function chipStyle(e) {
  if (ARROW_MARK[e.icon]) return e.yellow && e.red ? CHIP.none : e.yellow ? CHIP.west : CHIP.east;
  return CHIP[e.colour] || CHIP[e.side] || CHIP.none;
}

/** A row of icon chips from (x, y), wrapping at width ``w``; a chip wider than ``w`` has its words
 * set smaller (a narrow space of a phone's track). */
export function chips(ctx, effects, x, y, w, size = 9.5) {
  const out = [];
  let [cx, cy] = [x, y];
  for (const e of effects) {
    const text = chipText(e);
    const font = Math.min(size, (size * (w - 8)) / measure(text, size));
    const width = Math.ceil(measure(text, font)) + 8;
    if (cx + width > x + w && cx > x) {
      cx = x;
      cy += size + 6.5;
    }
    const style = chipStyle(e);
    out.push(s("g", { class: "icon" },
      s("rect", { x: cx, y: cy, width, height: size + 4.5, rx: 3, fill: style.fill, stroke: e.by ? "#1b2631" : style.stroke,
        "stroke-width": e.by ? 2 : 1, "stroke-dasharray": e.shaded ? "2 2" : null, "fill-opacity": e.shaded ? 0.55 : 1,
        class: "frame" }),
      s("text", { x: cx + width / 2, y: cy + size + 1, "text-anchor": "middle", "font-size": font, fill: style.ink, text }),
      s("title", { text: effectWords(e, ctx) })));
    cx += width + 3;
  }
  return out;
}

function valueText(card) {
  if (card.value === null || card.value === undefined) return "";
  return Array.isArray(card.value) ? `${card.value[0]}|${card.value[1]}` : String(card.value);
}

/** A 2+2 card's description: colour, decade, value and what comes with it, the event. */
function cardTip(ctx, card) {
  const value = Array.isArray(card.value)
    ? t("values {yellow} (yellow) / {red} (red)", { yellow: card.value[0], red: card.value[1] })
    : card.value === null || card.value === undefined ? t("no value") : t("value {n}", { n: card.value });
  const extras = (card.value_icons || []).map((e) => effectWords(e, ctx));
  if (card.value_conflict) {
    extras.push(t("{effect} when it plays the value", {
      effect: effectWords({ icon: "conflict", side: card.value_conflict }, ctx) }));
  }
  const atValue = extras.length ? "; " + t("with the value: {extras}", { extras: extras.join(", ") }) : "";
  const ban = card.arms_ban ? "; " + t("no arms race with this card") : "";
  const flight = card.flight ? "; " + t("{n} flight", { n: card.flight }) : "";
  const events = (card.icons || []).map((e) => effectWords(e, ctx)).join("; ") || t("none");
  const colour = COLOUR_WORDS[card.colour] ? COLOUR_WORDS[card.colour]() : card.colour;
  return t("{card} ({title}, {year}) — {colour}, decade {decade}, {value}", {
    card: `${card.key.toUpperCase()} ${card.title}`, title: lang === "en" ? card.title_en : card.title, year: card.year, colour,
    decade: ROMAN[card.decade], value })
    + atValue + ban + "; " + t("event: {events}", { events }) + flight;
}

/** A card face at (x, y): 2+2 cards drawn here, base cards by the base board. ``opts``: size (a
 * look's ``card``), highlight, className. */
function face(ctx, key, x, y, opts = {}) {
  if (!isExpansion(ctx, key)) return cardFace(ctx, key, x, y, opts);
  const card = ctx.data.cards[key];
  const size = { ...(opts.size || DESKTOP.card), lines: 2 };  // the marks at the value take the third line's room
  const [w, h] = [size.w, size.h];
  const rows = faceRows(size);
  const ink = INK[card.colour];
  const stroke = opts.highlight ? { stroke: "#d4ac0d", "stroke-width": 3.5 } : { stroke: "#1b2631", "stroke-width": 1 };
  const body = card.colour === "dual"
    ? [s("rect", { x, y, width: w / 2, height: h, fill: FILL.west }),
      s("rect", { x: x + w / 2, y, width: w / 2, height: h, fill: FILL.dual }),
      s("rect", { x, y, width: w, height: h, rx: 6, fill: "none", ...stroke, class: "frame" })]
    : [s("rect", { x, y, width: w, height: h, rx: 6, fill: FILL[card.colour], ...stroke, class: "frame" })];
  const value = valueText(card);
  const atValue = [...(card.value_icons || [])];
  if (card.value_conflict) atValue.push({ icon: "conflict", side: card.value_conflict });
  const bottom = [card.arms_ban ? t("no arms race") : "", card.flight ? t("flight {n}", { n: card.flight }) : "",
    COLOUR_NAME[card.colour] ? COLOUR_NAME[card.colour]() : ""].filter(Boolean).join(" · ");
  const number = `${card.arms_ban ? "⊘ " : ""}${key.toUpperCase()}`;
  const after = x + 11 + measure(value, size.value, "bold");  // the marks at the value, up to the card's number
  return s("g", { class: `card x22 ${card.colour}${opts.className ? ` ${opts.className}` : ""}`, "data-card": key },
    body,
    s("text", { x: x + 7, y: y + rows.value, "font-size": size.value, "font-weight": "bold", fill: ink, class: "value",
      text: value }),
    chips(ctx, atValue, after, y + 5, x + w - 10 - measure(number, size.key) - after, size.small),
    s("text", { x: x + w - 6, y: y + rows.key, "text-anchor": "end", "font-size": size.key, fill: ink, text: number }),
    fitText({ x: x + 6, y: y + rows.title, "font-weight": "bold", fill: ink }, card.title, w - 12, size.title,
      { lines: 2, least: size.least, gap: rows.gap }),
    chips(ctx, card.icons || [], x + 5, y + rows.icons, w - 10, size.chip),
    fitText({ x: x + 6, y: y + h - size.foot * 0.55, fill: ink }, bottom, w - 12, size.foot, { least: size.footLeast }),
    s("title", { text: cardTip(ctx, card) }));
}

/** A superpower in an action word, as the side of its icons. */
const POWER_SIDE = { usa: "west", ussr: "east", active: "active" };

/** A 2+2 item of an event by its action word ("pay-usa-3", "conflict-active", "dove") as an
 * effect, an arrow's step ("dominance-red") as an arrow of one step; null for a base icon. */
function parseItem(slug) {
  const [kind, ...rest] = slug.split("-");
  if (ARROW_MARK[kind] && rest.length <= 1) return { icon: kind, yellow: rest[0] === "yellow" ? 1 : 0, red: rest[0] === "red" ? 1 : 0 };
  if ((kind === "pay" || kind === "income") && rest.length === 2) {
    return { icon: kind, side: POWER_SIDE[rest[0]], amount: Number(rest[1]) };
  }
  if (kind === "conflict") return { icon: kind, side: POWER_SIDE[rest[0]] };
  return NEW_ICONS.has(slug) ? { icon: slug } : null;
}

/** An event's item by its action word as a chip at (x, y): 2+2 items here, base icons by the base
 * board. Returns [node, width]. */
function item(ctx, slug, x, y, size) {
  const effect = parseItem(slug);
  if (!effect) return BASE_SKIN.item(ctx, slug, x, y, size);
  return [chips(ctx, [effect], x, y, Infinity, size)[0], Math.ceil(measure(chipText(effect), size)) + 8];
}

/** A played card's chip: colours and description. */
function chip(ctx, key) {
  if (!isExpansion(ctx, key)) return cardChip(ctx, key);
  const card = ctx.data.cards[key];
  return { fill: FILL[card.colour], ink: INK[card.colour], tip: cardTip(ctx, card) };
}

/** The skin the base board's card rows draw 2+2 games with. */
export const SKIN = { face, chip, item };
