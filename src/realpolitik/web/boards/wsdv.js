// Wir sind das Volk! board: the map of West and East Germany with the 14 provinces (unrest,
// mass protests, living standard, socialists), cities, factories and blue lines; the four
// tracks; the display and the special card; your hand and the backs of the other hands. Each
// card, province, city, line, West Berlin sector, prestige space, the draw deck and West's hand
// carries the legal actions that name it (js/picking.js): the page plays or picks what a player
// taps. On a phone (ctx.narrow) it is drawn 360 units wide, words at least 11 units tall, the map
// filling the width, the display and the hand as rows of two cards (wsdv/look.js). Reads only
// the view, plus the printed content (data/map.toml, cards.toml, tracks.toml) for names.
//
// The 2+2 board reuses the exported layers: mapLayer, tracksLayer, provinceTable and
// sectorsLayer (wsdv-map.js), and cardFace, cardBack, displayLayer, handsLayer, playedLayer,
// statusLayer from here. The card rows take a ``skin`` (BASE_SKIN by default): the card face and
// the chip colours of a played card, so that a board with other cards draws them with its own
// faces; and a ``look`` (wsdv/look.js): the sizes for a desktop or a phone.

import { botName, s, titleIn } from "../js/dom.js";
import { fitText, measure } from "../js/fit.js";
import { lang, t, tn } from "../js/i18n.js";
import { actionable } from "../js/picking.js";
import {
  CH, CW, COLS, ROWS, mapLayer, prepare, provinceName, provinceTable, sectorsLayer, tracksLayer, usesOf,
} from "./wsdv-map.js";
import { DESKTOP, lookOf } from "./wsdv/look.js";
import { CHIP, GLYPH } from "./wsdv/marks.js";

export { mapLayer, prepare, provinceTable, sectorsLayer, tracksLayer } from "./wsdv-map.js";
export { legend } from "./wsdv-legend.js";

const ROMAN = ["", "I", "II", "III", "IV"];
export const CARD_FILL = { west: "#f7dc6f", east: "#cd6155", dual: "#e59866", special: "#78281f" };
export const CARD_INK = { west: "#1b2631", east: "#fdfefe", dual: "#1b2631", special: "#fdfefe" };
const KINDS = Object.keys(GLYPH).sort((a, b) => b.length - a.length);
const SIDELESS = new Set(["wall", "wall-down", "stasi-off", "guillaume", "stop"]);
const WHERE = { wg: "in West Germany", rheinsberg: "on Rheinsberg", cssr: "in the ČSSR", pl: "in Poland" };
const TRACK_WORDS = { prestige: "prestige", currency: "Western currency", socialism: "socialism" };
const ARROW_MARKS = { prestige: "P", currency: "W$", socialism: "S" };

/** The printed map, cards and tracks, loaded once. */
export async function load(ctx) {
  const [map, cards, tracks] = await Promise.all([ctx.content("map"), ctx.content("cards"), ctx.content("tracks")]);
  return prepare(map, cards, tracks);
}

// ---------------------------------------------------------------------- words

function sideWord(side) {
  return side === "west" ? t("West") : side === "east" ? t("East") : "";
}

function whereWords(ctx, where) {
  if (!where) return "";
  return ` ${WHERE[where] ? t(WHERE[where]) : t("in {province}", { province: provinceName(ctx, where) })}`;
}

/** An event icon in words: "1 unrest into an East province in Sachsen — West decides". */
export function describeIcon(icon, ctx = { data: null }) {
  const side = sideWord(icon.side);
  const n = icon.count && icon.count > 1 ? `${icon.count}× ` : "";
  const where = whereWords(ctx, icon.where);
  const words = {
    unrest: () => t("1 unrest into a {side} province", { side }) + where,
    calm: () => t("remove 1 unrest from a {side} province", { side }) + where,
    move: () => t("move 1 {side} unrest between provinces", { side }),
    build: () => tn("{n} {side} build point", "{n} {side} build points", { n: 1, side }) + where,
    dismantle: () => t("{side} dismantles 1 build point", { side }) + where,
    "end-protest": () => t("end a {side} mass protest", { side }),
    ls: () => t("1 free {side} living standard", { side }) + where
      + (icon.calms === false ? " " + t("(removes no unrest)") : ""),
    "reduce-ls": () => t("−1 {side} living standard", { side }) + where,
    rundown: () => t("1 {side} factory runs down", { side })
      + (icon.fallback ? " " + t("(or a build point is dismantled)") : ""),
    repair: () => t("repair a run-down {side} factory", { side }) + where,
    stop: () => t("close an external factory") + where,
    police: () => t("a {colour} police card", { colour: icon.colour === "pink" ? t("pink") : t("red") }),
    wall: () => t("the Wall is built"),
    "wall-down": () => t("the Wall falls"),
    "stasi-off": () => t("the Stasi is disbanded"),
    guillaume: () => t("Guillaume affair"),
    "prestige-overflow": () => t("remove 1 own unrest or put 1 unrest into the other state"),
  }[icon.icon];
  const cap = icon.cap ? " " + t("(at most {cap} per province)", { cap: icon.cap }) : "";
  const by = icon.by ? " — " + t("{side} decides", { side: sideWord(icon.by) }) : "";
  return `${n}${words ? words() : icon.icon}${cap}${by}`;
}

/** An icon's action word (``unrest-east-in-wg-by-west``) back into an icon. */
export function parseSlug(slug) {
  const kind = KINDS.find((k) => slug === k || slug.startsWith(`${k}-`));
  if (!kind) return null;
  const icon = { icon: kind, side: null };
  const rest = slug.slice(kind.length).split("-").filter(Boolean);
  for (let i = 0; i < rest.length; i += 1) {
    const word = rest[i];
    if (word === "red" || word === "pink") icon.colour = word;
    else if (word === "west" || word === "east") icon.side = word;
    else if (word === "in") icon.where = rest[++i];
    else if (word.startsWith("max")) icon.cap = Number(word.slice(3));
    else if (word === "quiet") icon.calms = false;
    else if (word === "or") icon.fallback = rest[++i];
    else if (word === "by") icon.by = rest[++i];
  }
  return icon;
}

// ---------------------------------------------------------------------- cards

/** An icon's chip: its short words, colours and description. */
function iconPart(ctx, icon) {
  const where = icon.where ? (icon.where.length <= 3 ? icon.where.toUpperCase() : icon.where.slice(0, 2).toUpperCase()) : "";
  const text = `${icon.count > 1 ? icon.count : ""}${GLYPH[icon.icon] || icon.icon}${where ? ` ${where}` : ""}`;
  const chip = CHIP[icon.colour || (SIDELESS.has(icon.icon) ? "none" : icon.side)] || CHIP.none;
  return { text, chip, title: describeIcon(icon, ctx), by: icon.by };
}

/** A chip at (x, y) of words ``size`` tall (a black frame: the side named decides); its width. */
function chipAt(part, x, y, size) {
  const width = Math.ceil(measure(part.text, size)) + 8;
  return [s("g", { class: "icon" },
    s("rect", { x, y, width, height: size + 4.5, rx: 3, fill: part.chip.fill, stroke: part.by ? "#1b2631" : part.chip.stroke,
      "stroke-width": part.by ? 2 : 1, class: "frame" }),
    s("text", { x: x + width / 2, y: y + size + 1, "text-anchor": "middle", "font-size": size, fill: part.chip.ink,
      text: part.text }),
    s("title", { text: part.title })), width];
}

function iconChips(ctx, card, x, y, w, size) {
  const chips = [];
  let [cx, cy] = [x, y];
  for (const part of (card.icons || []).map((icon) => iconPart(ctx, icon))) {
    if (cx + Math.ceil(measure(part.text, size)) + 8 > x + w && cx > x) {
      cx = x;
      cy += size + 6.5;
    }
    const [chip, width] = chipAt(part, cx, cy, size);
    chips.push(chip);
    cx += width + 3;
  }
  return chips;
}

/** The chip of an event's item by its action word: an icon ("unrest-east-in-sn") or an arrow's step
 * ("currency", "prestige-red": toward East). Returns [node, width]. */
function itemChip(ctx, slug, x, y, size) {
  const [track, way] = slug.split("-");
  if (ARROW_MARKS[track] && [undefined, "yellow", "red"].includes(way)) {
    const arrow = way === "red" ? "▶" : way === "yellow" ? "◀" : "";
    return chipAt({ text: ARROW_MARKS[track] + arrow, chip: way === "red" ? CHIP.east : way === "yellow" ? CHIP.west : CHIP.none,
      title: t(TRACK_WORDS[track]) }, x, y, size);
  }
  const icon = parseSlug(slug);
  return chipAt(icon ? iconPart(ctx, icon) : { text: slug, chip: CHIP.none, title: slug }, x, y, size);
}

function arrowsText(card) {
  const parts = [];
  for (const [track, mark] of Object.entries(ARROW_MARKS)) {
    const n = card.arrows && card.arrows[track];
    if (n) parts.push(`${mark}${n > 0 ? "▶" : "◀"}${Math.abs(n)}`);
  }
  if (card.flight) parts.push(t("flight {n}", { n: card.flight }));
  return parts.join("  ");
}

function cardTip(ctx, card) {
  const value = Array.isArray(card.value) ? t("values {west} (West) / {east} (East)", { west: card.value[0], east: card.value[1] })
    : card.value === null || card.value === undefined ? t("no value") : t("value {n}", { n: card.value });
  const colour = { west: () => t("West (yellow)"), east: () => t("East (red)"), dual: () => t("dual"),
    special: () => t("special (East only)") }[card.colour]();
  const events = (card.icons || []).map((i) => describeIcon(i, ctx));
  for (const [track, words] of Object.entries(TRACK_WORDS)) {
    const n = card.arrows && card.arrows[track];
    if (n) events.push(t("{track} {n} toward {side}", { track: t(words), n: Math.abs(n), side: n > 0 ? t("East") : t("West") }));
  }
  if (card.flight) events.push(t("{n} flight", { n: card.flight }));
  const police = card.police ? "; " + t("a {colour} police card", { colour: card.police === "pink" ? t("pink") : t("red") }) : "";
  return t("{card} ({title}, {year}) — {colour} card, decade {decade}, {value}; event: {events}", {
    card: `${card.key.toUpperCase()} ${card.title}`, title: lang === "en" ? card.title_en : card.title, year: card.year, colour,
    decade: ROMAN[card.decade], value, events: events.join("; ") || t("none") }) + police;
}

/** A card by its number and title, as the dock heads its actions: "12 Wiedergutmachungsabkommen mit Israel". */
export function cardName(ctx, key) {
  const card = ctx.data && ctx.data.cards[key];
  return card ? `${key.toUpperCase()} ${card.title}` : key.toUpperCase();
}

/** The rows of a card face of ``size`` (a look's ``card``): the baselines of its value, number
 * and title, the title's line gap and where its icons begin. */
export function faceRows(size) {
  const title = size.value + 16;
  const gap = size.title + 1.5;
  return { value: size.value + 2, key: size.key + 4, title, gap, icons: title + size.lines * gap };
}

/** One card face at (x, y): colour, value, number, title, event icons, arrows, its description as a
 * tooltip. ``opts``: size (a look's ``card``), highlight (a golden frame), className. */
export function cardFace(ctx, key, x, y, opts = {}) {
  const card = ctx.data && ctx.data.cards[key];
  const size = opts.size || DESKTOP.card;
  const [w, h] = [size.w, size.h];
  if (!card) {
    return s("g", { class: "card", "data-card": key },
      s("rect", { x, y, width: w, height: h, rx: 6, fill: "#d5d8dc", stroke: "#1b2631", class: "frame" }),
      s("text", { x: x + 8, y: y + 18, "font-size": size.key + 2, text: key.toUpperCase() }));
  }
  const ink = CARD_INK[card.colour];
  const rows = faceRows(size);
  const stroke = opts.highlight ? { stroke: "#d4ac0d", "stroke-width": 3.5 } : { stroke: "#1b2631", "stroke-width": 1 };
  const body = card.colour === "dual"
    ? [s("rect", { x, y, width: w / 2, height: h, fill: CARD_FILL.west }),
      s("rect", { x: x + w / 2, y, width: w / 2, height: h, fill: CARD_FILL.dual }),
      s("rect", { x, y, width: w, height: h, rx: 6, fill: "none", ...stroke, class: "frame" })]
    : [s("rect", { x, y, width: w, height: h, rx: 6, fill: CARD_FILL[card.colour], ...stroke, class: "frame" })];
  const value = Array.isArray(card.value) ? `${card.value[0]}|${card.value[1]}` : card.value ?? "";
  const items = [
    ...body,
    s("text", { x: x + 7, y: y + rows.value, "font-size": size.value, "font-weight": "bold", fill: ink, class: "value",
      text: value }),
    s("text", { x: x + w - 6, y: y + rows.key, "text-anchor": "end", "font-size": size.key, fill: ink,
      text: `${card.police ? "★ " : ""}${card.colour === "special" ? ROMAN[card.decade] || key : key.toUpperCase()}` }),
    fitText({ x: x + 6, y: y + rows.title, "font-weight": "bold", fill: ink }, card.title, w - 12, size.title,
      { lines: size.lines, least: size.least, gap: rows.gap }),
    iconChips(ctx, card, x + 5, y + rows.icons, w - 10, size.chip),
    fitText({ x: x + 6, y: y + h - size.foot * 0.55, fill: ink }, arrowsText(card), w - 12, size.foot,
      { least: size.footLeast }),
    s("title", { text: cardTip(ctx, card) }),
  ];
  return s("g", { class: `card ${card.colour}${opts.className ? ` ${opts.className}` : ""}`, "data-card": key }, items);
}

/** A card back at (x, y); the decade printed on it is public. */
export function cardBack(x, y, w, h, decade, title, font = 14) {
  return s("g", { class: "card back" },
    s("rect", { x, y, width: w, height: h, rx: 5, fill: "#34495e", stroke: "#1b2631", class: "frame" }),
    s("text", { x: x + w / 2, y: y + h / 2 + font * 0.36, "text-anchor": "middle", "font-size": font, "font-weight": "bold",
      fill: "#d5d8dc", text: ROMAN[decade] || "?" }),
    s("title", { text: title || t("a face-down card of decade {decade}", { decade: ROMAN[decade] || "?" }) }));
}

/** A played card's chip: fill and ink of its colour, and its description. */
export function cardChip(ctx, key) {
  const card = ctx.data && ctx.data.cards[key];
  const colour = card ? card.colour : "";
  return { fill: CARD_FILL[colour] || "#d5d8dc", ink: CARD_INK[colour] || "#1b2631", tip: card ? cardTip(ctx, card) : key };
}

/** How the card rows draw: the card face, a played card's chip, an event's item by its action word. */
export const BASE_SKIN = { face: cardFace, chip: cardChip, item: itemChip };

/** A card face that carries the legal actions ``test`` finds for it (golden when there are some). */
function playable(ctx, key, x, y, test, { skin = BASE_SKIN, look = DESKTOP, className = null } = {}) {
  const uses = usesOf(ctx, test);
  const node = skin.face(ctx, key, x, y, { size: look.card, className, highlight: uses.length > 0 });
  return actionable(node, uses, cardName(ctx, key));
}

/** Where the ``i``-th card of a row of ``look`` lies, from (x, y). */
function slot(look, x, y, i) {
  const [col, line] = [i % look.perRow, Math.floor(i / look.perRow)];
  return [x + col * (look.card.w + look.gap), y + line * (look.card.h + look.gap)];
}

/** The height of a row of ``count`` cards of ``look``; an empty row's: a line of words ("empty"). */
function rowsHeight(look, count) {
  return count ? Math.ceil(count / look.perRow) * (look.card.h + look.gap) : look.empty + 16;
}

// ---------------------------------------------------------------------- rows

/** The display (and the special card) at (x, y); ``title`` names it. Returns [node, height]. */
export function displayLayer(view, ctx, x, y, { skin = BASE_SKIN, look = DESKTOP, title = null } = {}) {
  const pub = view.public;
  const items = [fitText({ x, y: y + look.title - 1, "font-weight": "bold", fill: "#1b2631" },
    title || t("Display — sub-decade {half}", { half: pub.half || "–" }), look.width - x - 4, look.title,
    { least: look.least })];
  const top = y + look.title + 5;
  const take = (key) => (w) => w[0] === "take" && w[1] === key;
  pub.display.forEach((key, i) => items.push(playable(ctx, key, ...slot(look, x, top, i), take(key), { skin, look })));
  let count = pub.display.length;
  if (pub.special) {  // on a desktop after the row of seven, on a phone the next card
    const [sx, sy] = look.narrow ? slot(look, x, top, count)
      : [Math.min(x + Math.max(count, 7) * (look.card.w + look.gap), look.width - look.card.w - 2), top];
    items.push(playable(ctx, pub.special, sx, sy, take(pub.special), { skin, look, className: "special" }));
    count = look.narrow ? count + 1 : Math.max(count, 1);  // a desktop's beside the row, in its line
  }
  if (!pub.display.length && !pub.special) {
    items.push(s("text", { x, y: top + look.empty + 2, "font-size": look.empty, fill: "#99a3a4", text: t("empty") }));
  }
  return [s("g", { class: "display" }, items), top - y + rowsHeight(look, count)];
}

/** The items of the event being resolved while its player chooses which comes next or which is
 * ignored — each a chip as on the card, carrying its action —, at (x, y), ``width`` wide. Returns
 * [node, height]; [null, 0] when no such choice waits. */
export function eventLayer(view, ctx, x, y, width, { skin = BASE_SKIN, look = DESKTOP } = {}) {
  const items = (ctx.choices || []).filter((c) => ["next", "ignore"].includes(c.verb) && String(c.args[0]) !== "nothing");
  if (!items.length) return [null, 0];
  const size = look.narrow ? 12.5 : 11;
  const heading = items[0].verb === "next" ? t("The event's icons and arrows: which comes next?")
    : t("The event's icons and arrows: which is ignored?");
  const nodes = [fitText({ x, y: y + size + 2, "font-weight": "bold", fill: "#1b2631" }, heading, width, size,
    { least: look.least })];
  let [cx, cy] = [x, y + size + 8];
  for (const choice of items) {
    const [chip, w] = skin.item(ctx, String(choice.args[0]), cx, cy, size);
    if (cx + w > x + width && cx > x) {  // on to the next line
      chip.setAttribute("transform", `translate(${x - cx} ${size + 8})`);
      [cx, cy] = [x, cy + size + 8];
    }
    nodes.push(actionable(chip, [choice.action], choice.label));
    cx += w + 6;
  }
  return [s("g", { class: "event-items" }, nodes), cy + size + 4.5 - y];
}

/** A seat by its title, as the game names it ("West", "Sowjetunion"; the view's own titles
 * where the page's players do not say). */
export function seatTitle(view, ctx, seat) {
  const i = (view.seats || []).indexOf(seat);
  const title = titleIn(ctx.players, seat);
  return title !== seat || i < 0 || !view.titles ? title : view.titles[i];
}

/** A seat with who plays it: "East (bot, normal)", "West (Anna)". */
function seatLabel(view, ctx, seat) {
  const player = (ctx.players || []).find((p) => p.seat === seat);
  const who = !player ? "" : player.kind !== "human" ? botName(player.kind) : player.name || "";
  return who ? `${seatTitle(view, ctx, seat)} (${who})` : seatTitle(view, ctx, seat);
}

function faceRow(ctx, view, title, keys, x, y, test, className, { skin, look }) {
  const items = [fitText({ x, y: y + look.heading, "font-weight": "bold", fill: "#1b2631" }, title, look.width - x - 4,
    look.heading, { least: look.least })];
  const top = y + look.heading + 6;
  keys.forEach((key, i) => items.push(playable(ctx, key, ...slot(look, x, top, i), (w) => test(w, key), { skin, look })));
  if (!keys.length) {
    items.push(s("text", { x, y: top + look.empty + 2, "font-size": look.empty, fill: "#99a3a4", text: t("no cards") }));
  }
  return [s("g", { class: className }, items), top - y + rowsHeight(look, keys.length)];
}

/** The backs of ``seat``'s hand, each showing its decade, headed by the seat and ``note`` (its
 * team, say; on a phone in up to two lines); West's may be looked at (Guillaume). Returns [node, height]. */
function otherHand(view, ctx, seat, decades, x, y, look, note) {
  const uses = seat === "west" ? usesOf(ctx, (w) => w[0] === "look" && w[1] === "hand") : [];
  const back = look.back;
  const heading = tn("{seat}: {n} card in hand", "{seat}: {n} cards in hand", { seat: seatLabel(view, ctx, seat), n: decades.length })
    + (note ? ` · ${note}` : "");
  const title = fitText({ x, y: y + look.heading, "font-weight": "bold", fill: "#1b2631" }, heading, look.width - x - 4,
    look.heading, { least: look.least, lines: look.narrow ? 2 : 1 });
  const lines = title.querySelectorAll("tspan").length || 1;
  const top = y + look.heading * (1 + 1.15 * (lines - 1)) + 6;
  const backs = s("g", { class: "backs" },
    s("rect", { x, y: top, width: Math.max(back.w, decades.length * back.step - (back.step - back.w)), height: back.h,
      fill: "transparent" }),
    decades.map((d, i) => cardBack(x + i * back.step, top, back.w, back.h, d, null, back.font)),
    uses.length ? s("title", { text: heading }) : null);
  const node = s("g", { class: "other-hand", "data-seat": seat, "data-cards": decades.length }, title,
    actionable(backs, uses, heading));
  return [node, top - y + (decades.length ? back.h : 0) + 14];
}

/**
 * Your hand as faces (and what else only you know), every other hand as backs showing their
 * decades, headed by ``note(seat)`` too where it says something; at (x, y). Guillaume looks at
 * West's hand: only West's backs act for it. Returns [node, height].
 */
export function handsLayer(view, ctx, x, y, { skin = BASE_SKIN, look = DESKTOP, note = () => "" } = {}) {
  const pub = view.public;
  const mine = view.private;
  const items = [];
  let at = y;
  const row = (title, keys, test, className) => {
    const [node, height] = faceRow(ctx, view, title, keys, x, at, test, className, { skin, look });
    items.push(node);
    at += height;
  };
  if (mine) {
    row(t("Your hand — {seat}", { seat: seatLabel(view, ctx, view.seat) }), mine.hand,
      (w, key) => ["play", "discard", "swap"].includes(w[0]) && w[1] === key, "hand");
  }
  for (const [seat, decades] of Object.entries(pub.hands)) {
    if (mine && seat === view.seat) continue;
    const [node, height] = otherHand(view, ctx, seat, decades, x, at, look, note(seat));
    items.push(node);
    at += height;
  }
  if (mine) {
    const rows = [
      [t("Cards you know the other side holds"), mine.known, (w, key) => w[0] === "swap" && w[2] === key, "known"],
      [t("Top of the draw deck (you looked)"), mine.deck_top,
        (w, key) => (w[0] === "swap" && w[2] === key) || (w[0] === "remove" && w[1] === key), "deck-top"],
      [t("Your face-down discards"), mine.set_aside, () => false, "set-aside"],
    ];
    for (const [title, keys, test, className] of rows) if (keys.length) row(title, keys, test, className);
  }
  return [s("g", { class: "hands" }, items), at - y];
}

/** The cards played this decade as small chips at (x, y). Returns [node, height]. */
export function playedLayer(view, ctx, x, y, { skin = BASE_SKIN, look = DESKTOP } = {}) {
  const played = view.public.played;
  const chip = look.played;
  const items = [s("text", { x, y: y + look.heading, "font-size": look.heading, "font-weight": "bold", fill: "#1b2631",
    text: t("Played this decade") })];
  const top = y + look.heading + 6;
  played.forEach((key, i) => {
    const colours = skin.chip(ctx, key);
    const cx = x + (i % chip.perRow) * (chip.w + 4);
    const cy = top + Math.floor(i / chip.perRow) * (chip.h + 4);
    items.push(s("g", { class: "played-card", "data-card": key },
      s("rect", { x: cx, y: cy, width: chip.w, height: chip.h, rx: 3, fill: colours.fill, stroke: "#1b2631", class: "frame" }),
      s("text", { x: cx + chip.w / 2, y: cy + chip.h / 2 + chip.font * 0.36, "text-anchor": "middle", "font-size": chip.font,
        fill: colours.ink, text: key.toUpperCase() }),
      s("title", { text: colours.tip })));
  });
  if (!played.length) items.push(s("text", { x, y: top + 14, "font-size": look.empty, fill: "#99a3a4", text: t("none yet") }));
  return [s("g", { class: "played" }, items), top - y + Math.max(1, Math.ceil(played.length / chip.perRow)) * (chip.h + 4)];
}

/** Wall, Stasi, police cards, socialists, Hamburg, mass protests, the draw deck and West
 * Berlin's sectors; at (x, y). Returns [node, height]. */
export function statusLayer(view, ctx, x, y, { look = DESKTOP } = {}) {
  const pub = view.public;
  const lines = look.status;
  const police = pub.police.cards.length
    ? t("{cards} (used {used})", { cards: pub.police.cards.map((c) => "★ " + (c === "pink" ? t("pink") : t("red"))).join(", "), used: pub.police.used }) : t("none");
  const deckUses = usesOf(ctx, (w) => w[0] === "look" && w[1] === "deck");
  const dx = x + lines.deck;
  const deck = s("g", { class: "deck", "data-cards": pub.deck },
    actionable(cardBack(dx, y, 40, 54, pub.decade, t("the draw deck")), deckUses, t("the draw deck")),
    s("text", { x: dx + 20, y: y + 56 + lines.font, "text-anchor": "middle", "font-size": lines.count, fill: "#566573",
      text: t("deck {n}", { n: pub.deck }) }));
  const words = [
    (pub.wall ? t("Wall: standing") : t("Wall: not built")) + (pub.stasi_disbanded ? " · " + t("Stasi disbanded") : ""),
    t("Police cards: {cards}", { cards: police }),
    t("Socialists: {box} in the box, {supply} in the supply", { box: pub.socialist_box, supply: pub.socialist_supply }),
    t("Hamburg counts for {province}", { province: provinceName(ctx, pub.hamburg) }),
    t("Mass protests: West {west}, East {east}", { west: pub.mass_protests.west, east: pub.mass_protests.east }),
  ];
  const below = Math.max(y + words.length * lines.step + 5, y + 62 + lines.font);
  const [sectors, sectorsH] = sectorsLayer(view, ctx, x, below, look.table.sectors);
  return [s("g", { class: "status" },
    words.map((text, i) => fitText({ x, y: y + lines.font + i * lines.step, fill: "#1b2631" }, text, lines.width,
      lines.font, { least: lines.least })),
    deck,
    sectors), below - y + sectorsH];
}

/** The banner: the game and decade, when in the decade, the turn order and who is to act. */
export function banner(view, ctx, title, when, order, look = DESKTOP) {
  const acting = view.to_act ? " · " + t("{seat} to act", { seat: seatLabel(view, ctx, view.to_act) }) : "";
  const words = when + " · " + t("turn order {seats}", { seats: order }) + acting;
  if (look.narrow) {  // two lines: the title, then the rest in words that may wrap
    return s("g", { class: "banner" },
      s("rect", { x: 0, y: 0, width: look.width, height: 62, rx: 6, fill: "#1b2631", class: "frame" }),
      fitText({ x: 10, y: 20, "font-weight": "bold", fill: "#fdfefe" }, title, look.width - 20, 15, { least: 12 }),
      fitText({ x: 10, y: 38, fill: "#d5d8dc" }, words, look.width - 20, 12, { lines: 2, least: 11, gap: 14 }));
  }
  return s("g", { class: "banner" },
    s("rect", { x: 0, y: 0, width: look.width, height: 34, rx: 6, fill: "#1b2631", class: "frame" }),
    s("text", { x: 12, y: 23, "font-size": 17, "font-weight": "bold", fill: "#fdfefe", text: title }),
    fitText({ x: look.width - 12, y: 22, "text-anchor": "end", fill: "#d5d8dc" }, words,
      look.width - 48 - measure(title, 17, "bold"), 12, { least: 8 }));
}

/** The base game's banner. */
function baseBanner(view, ctx, look) {
  const pub = view.public;
  const when = pub.end_of_decade
    ? t("end of the decade, phase {n}: {phase}", { n: pub.end_of_decade, phase: t(String(pub.phase).replace(/_/g, " ")) })
    : t("sub-decade {half}", { half: pub.half });
  const title = t("Wir sind das Volk! — decade {decade}", { decade: ROMAN[pub.decade] || pub.decade });
  return banner(view, ctx, title, when, pub.turn_order.map((seat) => seatTitle(view, ctx, seat)).join(", "), look);
}

/** The board's drawing of ``height`` units below the banner, named for assistive technology. */
function drawing(view, look, height, ...parts) {
  return s("svg", { viewBox: `0 0 ${look.width} ${height}`, class: `board wsdv${look.narrow ? " narrow" : ""}`, role: "img",
    "aria-label": t("Wir sind das Volk!, decade {decade}", { decade: view.public.decade }) }, ...parts);
}

/** A phone's board: ``parts`` one below the other from ``top``, each ``(y) => [node, height]`` (a
 * null node: nothing now). Returns [nodes, height]. */
export function column(top, parts) {
  let y = top;
  const nodes = [];
  for (const part of parts) {
    const [node, height] = part(y);
    if (!node) continue;  // a part with nothing to show now
    nodes.push(node);
    y += height + 14;
  }
  return [nodes, y];
}

/** The board for ``view``: a desktop's, or a phone's (``ctx.narrow``). */
export function render(view, ctx) {
  const look = lookOf(ctx);
  if (look.narrow) {
    // one column: the event's items when they wait for a choice, the map filling the width, the state
    // of the table and West Berlin, the tracks, the display, your hand and the other hand, the
    // province table, the cards played
    const [nodes, height] = column(72, [
      (y) => eventLayer(view, ctx, 0, y, look.width, { look }),
      (y) => [mapLayer(view, ctx, 0, y, look.map), ROWS * CH * look.map.scale],
      (y) => statusLayer(view, ctx, 0, y, { look }),
      (y) => tracksLayer(view, ctx, 0, y, { look: look.table.track, describeIcon: (i) => describeIcon(i, ctx) }),
      (y) => displayLayer(view, ctx, 0, y, { look }),
      (y) => handsLayer(view, ctx, 0, y, { look }),
      (y) => [provinceTable(view, ctx, 0, y, look.width, look.table.rows),
        look.table.rows.top + view.public.provinces.length * look.table.rows.step],
      (y) => playedLayer(view, ctx, 0, y, { look }),
    ]);
    return drawing(view, look, height, baseBanner(view, ctx, look), ...nodes);
  }
  const [event, eventH] = eventLayer(view, ctx, 8, 42, look.width - 16);
  const shift = event ? eventH + 10 : 0;  // the board below the event's items while they wait
  const mapY = 42;
  const rightX = COLS * CW + 14;
  const below = mapY + ROWS * CH + 12;
  const [display, displayH] = displayLayer(view, ctx, 0, below);
  const [hands, handsH] = handsLayer(view, ctx, 0, below + displayH + 6);
  const [played, playedH] = playedLayer(view, ctx, 0, below + displayH + 12 + handsH);
  return drawing(view, look, shift + below + displayH + 12 + handsH + playedH,
    baseBanner(view, ctx, look),
    event,
    s("g", { transform: shift ? `translate(0 ${shift})` : null },
      mapLayer(view, ctx, 0, mapY),
      tracksLayer(view, ctx, rightX, mapY, { describeIcon: (i) => describeIcon(i, ctx) })[0],
      statusLayer(view, ctx, rightX + 4, mapY + 190)[0],
      provinceTable(view, ctx, rightX, mapY + 318, look.width - rightX),
      display,
      hands,
      played));
}
