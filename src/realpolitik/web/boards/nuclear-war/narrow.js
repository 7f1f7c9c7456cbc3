// Nuclear War on a phone: one column the phone's width, drawn at about one unit a pixel so that
// every word reads without zooming (no text below 11 units). The banner; the other nations, each
// a compact block — name, people and hand, then its face-up carrier, face-down row and deterrent
// force side by side (wrapping when they do not fit); your nation, with the places your cards can
// go; your hand in rows of four at the foot, as a player holds it (or your final retaliation's
// carriers and warheads).

import { s } from "../../js/dom.js";
import { fitText, measure } from "../../js/fit.js";
import { t } from "../../js/i18n.js";
import { actionable } from "../../js/picking.js";
import { back, face, place, seatLabel, through } from "./cards.js";
import * as uses from "./uses.js";
import { bankWords, faceDownTitle, nationWords, populationCards, retaliating } from "./words.js";

const WIDTH = 368;
const EDGE = 4;
const CARD_W = 84;
const CARD_H = 52;
const BACK_W = 28;
const GAP = 6;
const CAPTION = 15;
const FONT = { size: 12, least: 11, gap: 12, lines: 3 };
const LINE = 14;

/** A text that fits ``width`` in up to two lines, and the height it takes. */
function words(attrs, text, width) {
  const node = fitText({ fill: "#34495e", ...attrs }, text, width, 12, { lines: 2, least: 11, gap: LINE });
  return [node, Math.max(1, node.querySelectorAll("tspan").length) * LINE];
}

/**
 * Groups of cards with a caption above each, side by side from ``x``; a group that does not fit
 * before ``right`` starts the next line, and one too long for a line goes on in the next. A group:
 * {caption, cards: [{w, draw(box)}]} (draw gives its node, or none where it puts it elsewhere).
 * Returns the nodes and the height they take from ``y``.
 */
function flow(groups, x, right, y, passive) {
  const items = [];
  const step = CAPTION + CARD_H + 8;
  let [at, top] = [x, y];
  for (const group of groups.filter((g) => g.cards.length)) {
    const caption = measure(group.caption, 11);
    const row = group.cards.reduce((sum, c) => sum + c.w, 0) + (group.cards.length - 1) * GAP;
    if (at > x && at + Math.max(row, caption) > right) [at, top] = [x, top + step];
    items.push(fitText({ x: at, y: top + 11, fill: "#566573", ...through(passive) }, group.caption, right - at, 11,
      { least: 11 }));
    let [left, first] = [at, at];  // ``first``: where the group's cards begin on this line
    for (const card of group.cards) {
      if (left > first && left + card.w > right) [left, first, top] = [x, x, top + step];
      items.push(card.draw({ x: left, y: top + CAPTION, w: card.w, h: CARD_H }));
      left += card.w + GAP;
    }
    at = Math.max(left - GAP, at + caption) + 12;
  }
  return { items, height: items.length ? top - y + CAPTION + CARD_H : 0 };
}

function nation(ctx, view, player, y, places) {
  const mine = player.seat === view.seat ? view.private : null;
  const acting = player.seat === view.to_act;
  const targets = uses.nation(ctx, player.seat);
  const passive = targets.length > 0;  // the nation is a target: a tap anywhere in its box names it
  const [left, right] = [EDGE + 8, WIDTH - EDGE - 8];
  const turn = acting ? "▶ " + t("to act") : "";
  const frame = s("rect", {
    x: EDGE, y, width: WIDTH - 2 * EDGE, rx: 8, class: "nation-frame frame",
    fill: player.alive ? "#f4f6f7" : "#d5d8dc",
    stroke: acting ? "#d4ac0d" : mine ? "#2e86c1" : "#aab7b8", "stroke-width": acting || mine ? 3 : 1.5,
  });
  // the frame and the name are what a player taps to name the nation; its cards lie beside them
  const items = [actionable(s("g", { class: "nation-name" }, frame,
    fitText({ x: left, y: y + 20, "font-weight": "bold", fill: "#1b2631" },
      seatLabel(ctx, player.seat) + (player.alive ? "" : " ✝ " + t("annihilated")),
      right - left - (turn ? measure(turn, 12) + 8 : 0), 15, { least: 12 })), targets, seatLabel(ctx, player.seat))];
  if (turn) {
    items.push(s("text", { x: right, y: y + 20, "text-anchor": "end", "font-size": 12, fill: "#9a7d0a", text: turn,
      ...through(passive) }));
  }
  let at = y + 38;
  for (const text of mine ? [nationWords(player, mine), populationCards(mine)] : [nationWords(player, null)]) {
    const [node, height] = words({ x: left, y: at, class: "people", ...through(passive) }, text, right - left);
    items.push(node);
    at += height;
  }
  const groups = mine ? ownGroups(ctx, player, mine, places) : otherGroups(ctx, player, passive);
  const { items: cards, height } = flow(groups, left, right, at - 4, passive);
  items.push(...cards);
  at += height + (height ? 4 : 0);
  frame.setAttribute("height", at - y);
  const classes = `nation${acting ? " acting" : ""}${mine ? " mine" : ""}`;
  return [s("g", { class: classes, "data-seat": player.seat }, items), at - y];
}

function faceUp(ctx, player, passive) {
  if (!player.face_up) return [];
  const below = player.payload ? t("{count} MT left", { count: player.payload }) : null;
  return [{ w: CARD_W, draw: (box) => face(ctx, box, player.face_up, FONT, { below, passive }) }];
}

/** Another nation's cards: what it shows, its face-down row as backs (or as the cards it placed
 * from its deterrent force, which everyone saw). */
function otherGroups(ctx, player, passive) {
  const card = (key) => ({ w: CARD_W, draw: (box) => face(ctx, box, key, FONT, { passive }) });
  return [
    { caption: t("face up"), cards: faceUp(ctx, player, passive) },
    { caption: t("face down"), cards: player.face_down.map((key) => (key === null
      ? { w: BACK_W, draw: (box) => back(box, { passive }) } : card(key))) },
    { caption: t("deterrent force"), cards: player.deterrent.map(card) },
  ];
}

/** Your nation's cards, each with the actions it starts, and the places cards can go (drawn into
 * ``places``). */
function ownGroups(ctx, player, mine, places) {
  const at = (label, name, actions) => (actions.length
    ? [{ w: CARD_W, draw: (box) => { places.push(place(box, label, name, actions, FONT)); } }] : []);
  // hidden from the others (dashed) unless you placed it from your deterrent force
  const hidden = (i) => player.face_down[i] === null;
  const row = mine.face_down.map((key, i) => ({ w: CARD_W, draw: (box) => face(ctx, box, key, FONT, {
    dashed: hidden(i), title: hidden(i) ? faceDownTitle(ctx, key) : null, actions: uses.faceDownCard(ctx, i + 1),
    name: t("face-down card {slot}", { slot: i + 1 }) }) }));
  const shown = player.deterrent.map((key) => ({ w: CARD_W,
    draw: (box) => face(ctx, box, key, FONT, { actions: uses.deterrentCard(ctx, key) }) }));
  return [
    { caption: t("face up"), cards: faceUp(ctx, player, false) },
    { caption: t("face-down row"),
      cards: [...row, ...at(t("place face down"), t("your face-down row"), uses.nextPlace(ctx))] },
    { caption: t("deterrent force"),
      cards: [...shown, ...at(t("show as deterrent"), t("your deterrent force"), uses.deterrentPlace(ctx))] },
  ];
}

function banner(view, ctx) {
  const pub = view.public;
  const fields = { seat: seatLabel(ctx, pub.turn), ...bankWords(pub) };
  const [node, height] = words({ x: 10, y: 42, fill: "#fdfefe" },
    t("turn of {seat} · draw pile {draw} · discarded {discarded} · bank {bank}", fields), WIDTH - 20);
  return [s("g", { class: "banner" },
    s("rect", { x: 0, y: 0, width: WIDTH, height: 34 + height, rx: 8, fill: pub.war ? "#922b21" : "#1e8449", class: "frame" }),
    fitText({ x: 10, y: 21, "font-size": 16, "font-weight": "bold", fill: "#fdfefe" },
      pub.war ? t("WAR") : t("COLD WAR — peace"), WIDTH - 20, 16, { least: 12 }),
    node), 34 + height];
}

/** Cards (each a ``draw(box)``) four to a row from ``y``; returns the nodes and the rows taken. */
function cardRows(cards, y) {
  const items = cards.map((draw, i) => draw({ x: EDGE + (i % 4) * (CARD_W + (WIDTH - 2 * EDGE - 4 * CARD_W) / 3),
    y: y + Math.floor(i / 4) * (CARD_H + 8), w: CARD_W, h: CARD_H }));
  return [items, Math.ceil(cards.length / 4)];
}

function hand(ctx, view, y, places) {
  const mine = view.private;
  const retaliation = retaliating(view, ctx);
  const heading = retaliation ? t("Your final retaliation") : t("Your hand");
  const items = [s("text", { x: EDGE + 4, y: y + 16, "font-size": 14, "font-weight": "bold", fill: "#1b2631",
    text: heading })];
  let at = y + 26;
  const caption = (text) => {
    items.push(s("text", { x: EDGE + 4, y: at + 11, "font-size": 11, fill: "#566573", text }));
    at += CAPTION;
  };
  const put = (cards) => {
    const [nodes, count] = cardRows(cards, at);
    items.push(...nodes);
    at += count * (CARD_H + 8);
  };
  if (retaliation) {
    const { carriers, warheads } = uses.retaliation(ctx);
    caption(t("carriers"));
    put(carriers.map((key) => (box) => face(ctx, box, key, FONT, { actions: uses.carrier(ctx, key) })));
    caption(t("warheads"));
    put(warheads.map((key) => (box) => face(ctx, box, key, FONT, { actions: uses.warhead(ctx, key) })));
    return [s("g", { class: "retaliation" }, items), at - y];
  }
  const deterrent = view.public.players.find((p) => p.seat === view.seat).deterrent;
  const cards = mine.hand.map((key) => (box) => face(ctx, box, key, FONT,
    { actions: uses.handCard(ctx, key, deterrent) }));
  const takeBack = uses.handPlace(ctx);
  if (takeBack.length) {
    cards.push((box) => { places.push(place(box, t("back to hand"), t("your hand"), takeBack, FONT)); });
  }
  if (!cards.length) {
    items.push(s("text", { x: EDGE + 4, y: at + 14, "font-size": 12, fill: "#99a3a4", text: t("no cards") }));
    return [s("g", { class: "hand" }, items), at + 24 - y];
  }
  put(cards);
  return [s("g", { class: "hand" }, items), at - y];
}

/** The board for ``view`` on a phone: the others first, then your nation and your hand. */
export function narrow(view, ctx, svgAttrs) {
  const players = view.public.players;
  const others = players.filter((p) => p.seat !== view.seat);
  const own = players.filter((p) => p.seat === view.seat);
  const parts = [];
  let y = 0;
  const add = ([node, height]) => {
    parts.push(node);
    y += height + 8;
  };
  add(banner(view, ctx));
  const places = [];
  for (const player of [...others, ...own]) add(nation(ctx, view, player, y, places));
  const handPart = view.private ? hand(ctx, view, y, places) : null;
  if (handPart) y += handPart[1];
  const svg = s("svg", { ...svgAttrs, viewBox: `0 0 ${WIDTH} ${Math.ceil(y)}` });
  // your hand first, the places cards go last: the cards come first to the keyboard, and head the
  // list of moves
  if (handPart) svg.append(handPart[0]);
  svg.append(...parts, s("g", { class: "places" }, places));
  return svg;
}
