// Wir sind das Volk! board: the map of West and East Germany with the 14 provinces (unrest,
// mass protests, living standard, socialists), cities, factories and blue lines; the four
// tracks; the display and the special card; your hand and the backs of the other hands.
// Clicking a card, a province, a city, a line, a West Berlin sector or a prestige space plays
// the single legal action that uses it, or opens a small menu when several do. Reads only the
// view, plus the printed content (data/map.toml, cards.toml, tracks.toml) for names.
//
// The 2+2 board reuses the exported layers: mapLayer, tracksLayer, provinceTable and
// sectorsLayer (wsdv-map.js), and cardFace, cardBack, displayLayer, handsLayer, playedLayer,
// statusLayer from here. The card rows take a ``skin`` (BASE_SKIN by default): the card face,
// the chip colours of a played card and the button words, so that a board with other cards draws
// them with its own faces. Button words are the game's own (``view.pending.choices``).

import { botName, s, titleIn } from "../js/dom.js";
import { fitText, measure } from "../js/fit.js";
import { lang, t, tn } from "../js/i18n.js";
import {
  CH, CW, COLS, ROWS, choiceLabel, clickable, mapLayer, prepare, provinceName, provinceTable, sectorsLayer, tracksLayer,
  usesOf,
} from "./wsdv-map.js";

export { mapLayer, prepare, provinceTable, sectorsLayer, tracksLayer } from "./wsdv-map.js";
export { legend } from "./wsdv-legend.js";

const WIDTH = 1000;
export const CARD_W = 114;
export const CARD_H = 104;
const ROMAN = ["", "I", "II", "III", "IV"];
export const CARD_FILL = { west: "#f7dc6f", east: "#cd6155", dual: "#e59866", special: "#78281f" };
export const CARD_INK = { west: "#1b2631", east: "#fdfefe", dual: "#1b2631", special: "#fdfefe" };
export const CHIP = {
  west: { fill: "#f4d03f", ink: "#1b2631", stroke: "#7d6608" },
  east: { fill: "#a93226", ink: "#fdfefe", stroke: "#641e16" },
  red: { fill: "#a93226", ink: "#fdfefe", stroke: "#641e16" },
  pink: { fill: "#d98cb3", ink: "#1b2631", stroke: "#7b2456" },
  none: { fill: "#5d6d7e", ink: "#fdfefe", stroke: "#273746" },
};
export const GLYPH = {
  unrest: "⚡", calm: "☮", move: "⇄", build: "⚒", dismantle: "−⚒", "end-protest": "⚑✗", ls: "▲",
  "reduce-ls": "▼", rundown: "⚙↓", repair: "⚙↑", stop: "⊘", police: "★", wall: "▮", "wall-down": "▯",
  "stasi-off": "☠", guillaume: "⌕", "prestige-overflow": "P±",
};
const KINDS = Object.keys(GLYPH).sort((a, b) => b.length - a.length);
const SIDELESS = new Set(["wall", "wall-down", "stasi-off", "guillaume", "stop"]);
const WHERE = { wg: "in West Germany", rheinsberg: "on Rheinsberg", cssr: "in the ČSSR", pl: "in Poland" };
const TRACK_WORDS = { prestige: "prestige", currency: "Western currency", socialism: "socialism" };

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

function iconChips(ctx, card, x, y, w) {
  const chips = [];
  let [cx, cy] = [x, y];
  const parts = (card.icons || []).map((icon) => {
    const where = icon.where ? (icon.where.length <= 3 ? icon.where.toUpperCase() : icon.where.slice(0, 2).toUpperCase()) : "";
    const text = `${icon.count > 1 ? icon.count : ""}${GLYPH[icon.icon] || icon.icon}${where ? ` ${where}` : ""}`;
    const chip = CHIP[icon.colour || (SIDELESS.has(icon.icon) ? "none" : icon.side)] || CHIP.none;
    return { text, chip, title: describeIcon(icon, ctx), by: icon.by };
  });
  for (const part of parts) {
    const width = Math.ceil(measure(part.text, 9.5)) + 8;
    if (cx + width > x + w && cx > x) {
      cx = x;
      cy += 16;
    }
    chips.push(s("g", { class: "icon" },
      s("rect", { x: cx, y: cy, width, height: 14, rx: 3, fill: part.chip.fill, stroke: part.by ? "#1b2631" : part.chip.stroke,
        "stroke-width": part.by ? 2 : 1, class: "frame" }),
      s("text", { x: cx + width / 2, y: cy + 10.5, "text-anchor": "middle", "font-size": 9.5, fill: part.chip.ink,
        text: part.text }),
      s("title", { text: part.title })));
    cx += width + 3;
  }
  return chips;
}

function arrowsText(card) {
  const parts = [];
  for (const [track, mark] of [["prestige", "P"], ["currency", "W$"], ["socialism", "S"]]) {
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

/** One card face at (x, y): colour, value, number, title, event icons, arrows, its description as a
 * tooltip. ``opts``: w, h (size), highlight (a golden frame), className. */
export function cardFace(ctx, key, x, y, opts = {}) {
  const card = ctx.data && ctx.data.cards[key];
  const [w, h] = [opts.w || CARD_W, opts.h || CARD_H];
  if (!card) {
    return s("g", { class: "card", "data-card": key },
      s("rect", { x, y, width: w, height: h, rx: 6, fill: "#d5d8dc", stroke: "#1b2631", class: "frame" }),
      s("text", { x: x + 8, y: y + 18, "font-size": 12, text: key.toUpperCase() }));
  }
  const ink = CARD_INK[card.colour];
  const stroke = opts.highlight ? { stroke: "#d4ac0d", "stroke-width": 3.5 } : { stroke: "#1b2631", "stroke-width": 1 };
  const body = card.colour === "dual"
    ? [s("rect", { x, y, width: w / 2, height: h, fill: CARD_FILL.west }),
      s("rect", { x: x + w / 2, y, width: w / 2, height: h, fill: CARD_FILL.dual }),
      s("rect", { x, y, width: w, height: h, rx: 6, fill: "none", ...stroke, class: "frame" })]
    : [s("rect", { x, y, width: w, height: h, rx: 6, fill: CARD_FILL[card.colour], ...stroke, class: "frame" })];
  const value = Array.isArray(card.value) ? `${card.value[0]}|${card.value[1]}` : card.value ?? "";
  const items = [
    ...body,
    s("text", { x: x + 7, y: y + 17, "font-size": 15, "font-weight": "bold", fill: ink, class: "value", text: value }),
    s("text", { x: x + w - 6, y: y + 14, "text-anchor": "end", "font-size": 10, fill: ink,
      text: `${card.police ? "★ " : ""}${card.colour === "special" ? ROMAN[card.decade] || key : key.toUpperCase()}` }),
    fitText({ x: x + 6, y: y + 31, "font-weight": "bold", fill: ink }, card.title, w - 12, 9.5,
      { lines: 3, least: 7.5, gap: 11 }),
    iconChips(ctx, card, x + 5, y + 64, w - 10),
    fitText({ x: x + 6, y: y + h - 5, fill: ink }, arrowsText(card), w - 12, 9, { least: 7 }),
    s("title", { text: cardTip(ctx, card) }),
  ];
  return s("g", { class: `card ${card.colour}${opts.className ? ` ${opts.className}` : ""}`, "data-card": key }, items);
}

/** A card back at (x, y); the decade printed on it is public. */
export function cardBack(x, y, w, h, decade, title) {
  return s("g", { class: "card back" },
    s("rect", { x, y, width: w, height: h, rx: 5, fill: "#34495e", stroke: "#1b2631", class: "frame" }),
    s("text", { x: x + w / 2, y: y + h / 2 + 5, "text-anchor": "middle", "font-size": 14, "font-weight": "bold",
      fill: "#d5d8dc", text: ROMAN[decade] || "?" }),
    s("title", { text: title || t("a face-down card of decade {decade}", { decade: ROMAN[decade] || "?" }) }));
}

/** A played card's chip: fill and ink of its colour, and its description. */
export function cardChip(ctx, key) {
  const card = ctx.data && ctx.data.cards[key];
  const colour = card ? card.colour : "";
  return { fill: CARD_FILL[colour] || "#d5d8dc", ink: CARD_INK[colour] || "#1b2631", tip: card ? cardTip(ctx, card) : key };
}

/** How the card rows draw: the card face, a played card's chip, the button words. */
export const BASE_SKIN = { face: cardFace, chip: cardChip, label: choiceLabel };

function clickableCard(ctx, view, key, x, y, test, opts = {}, skin = BASE_SKIN) {
  const uses = usesOf(ctx, test);
  const node = skin.face(ctx, key, x, y, { ...opts, highlight: uses.length > 0 });
  return clickable(node, ctx, view, uses, x + 10, y + (opts.h || CARD_H) - 6, skin.label);
}

// ---------------------------------------------------------------------- rows

/** The display (and the special card) at (x, y); ``title`` names it. */
export function displayLayer(view, ctx, x, y, skin = BASE_SKIN, title = null) {
  const pub = view.public;
  const items = [s("text", { x, y: y + 12, "font-size": 13, "font-weight": "bold", fill: "#1b2631",
    text: title || t("Display — sub-decade {half}", { half: pub.half || "–" }) })];
  pub.display.forEach((key, i) => {
    items.push(clickableCard(ctx, view, key, x + i * (CARD_W + 8), y + 18, (w) => w[0] === "take" && w[1] === key, {},
      skin));
  });
  if (pub.special) {
    const sx = x + Math.max(pub.display.length, 7) * (CARD_W + 8);
    items.push(clickableCard(ctx, view, pub.special, Math.min(sx, WIDTH - CARD_W - 2), y + 18,
      (w) => w[0] === "take" && w[1] === pub.special, { className: "special" }, skin));
  }
  if (!pub.display.length && !pub.special) {
    items.push(s("text", { x, y: y + 40, "font-size": 11, fill: "#99a3a4", text: t("empty") }));
  }
  return s("g", { class: "display" }, items);
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

function faceRow(ctx, view, title, keys, x, y, test, className, skin) {
  const items = [fitText({ x, y: y + 12, "font-weight": "bold", fill: "#1b2631" }, title, WIDTH - x - 4, 12, { least: 9 })];
  keys.forEach((key, i) => {
    const [col, line] = [i % 8, Math.floor(i / 8)];
    items.push(clickableCard(ctx, view, key, x + col * (CARD_W + 8), y + 18 + line * (CARD_H + 8), (w) => test(w, key),
      {}, skin));
  });
  if (!keys.length) items.push(s("text", { x, y: y + 32, "font-size": 11, fill: "#99a3a4", text: t("no cards") }));
  const height = 18 + Math.max(1, Math.ceil(keys.length / 8)) * (CARD_H + 8);
  return [s("g", { class: className }, items), height];
}

/**
 * Your hand as faces (and what else only you know), every other hand as backs showing their
 * decades; at (x, y). Guillaume looks at West's hand: only West's backs act for it.
 * Returns [node, height].
 */
export function handsLayer(view, ctx, x, y, skin = BASE_SKIN) {
  const pub = view.public;
  const mine = view.private;
  const items = [];
  let at = y;
  if (mine) {
    const [node, height] = faceRow(ctx, view, t("Your hand — {seat}", { seat: seatLabel(view, ctx, view.seat) }), mine.hand, x, at,
      (w, key) => ((w[0] === "play" || w[0] === "discard") && w[1] === key) || (w[0] === "swap" && w[1] === key),
      "hand", skin);
    items.push(node);
    at += height;
  }
  for (const [seat, decades] of Object.entries(pub.hands)) {
    if (mine && seat === view.seat) continue;
    const uses = seat === "west" ? usesOf(ctx, (w) => w[0] === "look" && w[1] === "hand") : [];
    const backs = s("g", { class: "backs" },
      s("rect", { x, y: at + 18, width: Math.max(42, decades.length * 48 - 6), height: 58, fill: "transparent" }),
      decades.map((d, i) => cardBack(x + i * 48, at + 18, 42, 58, d)));
    items.push(s("g", { class: "other-hand", "data-seat": seat, "data-cards": decades.length },
      fitText({ x, y: at + 12, "font-weight": "bold", fill: "#1b2631" },
        tn("{seat}: {n} card in hand", "{seat}: {n} cards in hand", { seat: seatLabel(view, ctx, seat), n: decades.length }), WIDTH - x - 4, 12, { least: 9 }),
      clickable(backs, ctx, view, uses, x + 10, at + 70, skin.label)));
    at += 84;
  }
  if (mine) {
    const rows = [
      [t("Cards you know the other side holds"), mine.known, (w, key) => w[0] === "swap" && w[2] === key, "known"],
      [t("Top of the draw deck (you looked)"), mine.deck_top,
        (w, key) => (w[0] === "swap" && w[2] === key) || (w[0] === "remove" && w[1] === key), "deck-top"],
      [t("Your face-down discards"), mine.set_aside, () => false, "set-aside"],
    ];
    for (const [title, keys, test, className] of rows) {
      if (!keys.length) continue;
      const [node, height] = faceRow(ctx, view, title, keys, x, at, test, className, skin);
      items.push(node);
      at += height;
    }
  }
  return [s("g", { class: "hands" }, items), at - y];
}

/** The cards played this decade as small chips at (x, y). */
export function playedLayer(view, ctx, x, y, skin = BASE_SKIN) {
  const played = view.public.played;
  const items = [s("text", { x, y: y + 12, "font-size": 12, "font-weight": "bold", fill: "#1b2631",
    text: t("Played this decade") })];
  played.forEach((key, i) => {
    const chip = skin.chip(ctx, key);
    const cx = x + (i % 16) * 61;
    const cy = y + 18 + Math.floor(i / 16) * 26;
    items.push(s("g", { class: "played-card", "data-card": key },
      s("rect", { x: cx, y: cy, width: 57, height: 22, rx: 3, fill: chip.fill, stroke: "#1b2631", class: "frame" }),
      s("text", { x: cx + 28, y: cy + 15, "text-anchor": "middle", "font-size": 10, fill: chip.ink,
        text: key.toUpperCase() }),
      s("title", { text: chip.tip })));
  });
  if (!played.length) items.push(s("text", { x, y: y + 32, "font-size": 11, fill: "#99a3a4", text: t("none yet") }));
  return [s("g", { class: "played" }, items), 24 + Math.max(1, Math.ceil(played.length / 16)) * 26];
}

/** Wall, Stasi, police cards, socialists, Hamburg, mass protests, the draw deck; at (x, y). */
export function statusLayer(view, ctx, x, y, skin = BASE_SKIN) {
  const pub = view.public;
  const police = pub.police.cards.length
    ? t("{cards} (used {used})", { cards: pub.police.cards.map((c) => "★ " + (c === "pink" ? t("pink") : t("red"))).join(", "), used: pub.police.used }) : t("none");
  const deckUses = usesOf(ctx, (w) => w[0] === "look" && w[1] === "deck");
  const deck = s("g", { class: "deck", "data-cards": pub.deck },
    clickable(cardBack(x + 340, y, 40, 54, pub.decade, t("the draw deck")), ctx, view, deckUses, x + 250, y + 60,
      skin.label),
    s("text", { x: x + 360, y: y + 66, "text-anchor": "middle", "font-size": 9, fill: "#566573", text: t("deck {n}", { n: pub.deck }) }));
  const lines = [
    (pub.wall ? t("Wall: standing") : t("Wall: not built")) + (pub.stasi_disbanded ? " · " + t("Stasi disbanded") : ""),
    t("Police cards: {cards}", { cards: police }),
    t("Socialists: {box} in the box, {supply} in the supply", { box: pub.socialist_box, supply: pub.socialist_supply }),
    t("Hamburg counts for {province}", { province: provinceName(ctx, pub.hamburg) }),
    t("Mass protests: West {west}, East {east}", { west: pub.mass_protests.west, east: pub.mass_protests.east }),
  ];
  return s("g", { class: "status" },
    lines.map((text, i) => fitText({ x, y: y + 11 + i * 15, fill: "#1b2631" }, text, 290, 11, { least: 8 })),
    deck,
    sectorsLayer(view, ctx, x, y + 80, skin.label));
}

function banner(view, ctx) {
  const pub = view.public;
  const when = pub.end_of_decade
    ? t("end of the decade, phase {n}: {phase}", { n: pub.end_of_decade, phase: t(String(pub.phase).replace(/_/g, " ")) })
    : t("sub-decade {half}", { half: pub.half });
  const acting = view.to_act ? " · " + t("{seat} to act", { seat: seatLabel(view, ctx, view.to_act) }) : "";
  const title = t("Wir sind das Volk! — decade {decade}", { decade: ROMAN[pub.decade] || pub.decade });
  const order = pub.turn_order.map((seat) => seatTitle(view, ctx, seat)).join(", ");
  return s("g", { class: "banner" },
    s("rect", { x: 0, y: 0, width: WIDTH, height: 34, rx: 6, fill: "#1b2631", class: "frame" }),
    s("text", { x: 12, y: 23, "font-size": 17, "font-weight": "bold", fill: "#fdfefe", text: title }),
    fitText({ x: WIDTH - 12, y: 22, "text-anchor": "end", fill: "#d5d8dc" },
      when + " · " + t("turn order {seats}", { seats: order }) + acting, WIDTH - 48 - measure(title, 17, "bold"), 12,
      { least: 8 }));
}

/** The board for ``view``. */
export function render(view, ctx) {
  const mapY = 42;
  const rightX = COLS * CW + 14;
  const rightW = WIDTH - rightX;
  const below = mapY + ROWS * CH + 12;
  const [hands, handsH] = handsLayer(view, ctx, 0, below + CARD_H + 30);
  const [played, playedH] = playedLayer(view, ctx, 0, below + CARD_H + 36 + handsH);
  const height = below + CARD_H + 36 + handsH + playedH;
  return s("svg", { viewBox: `0 0 ${WIDTH} ${height}`, class: "board wsdv", role: "img",
    "aria-label": t("Wir sind das Volk!, decade {decade}", { decade: view.public.decade }) },
  banner(view, ctx),
  mapLayer(view, ctx, 0, mapY, choiceLabel),
  tracksLayer(view, ctx, rightX, mapY, { label: choiceLabel, describeIcon: (i) => describeIcon(i, ctx) }),
  statusLayer(view, ctx, rightX + 4, mapY + 190),
  provinceTable(view, ctx, rightX, mapY + 318, rightW, choiceLabel),
  displayLayer(view, ctx, 0, below),
  hands,
  played);
}
