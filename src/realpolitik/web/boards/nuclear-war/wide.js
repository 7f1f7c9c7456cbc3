// Nuclear War on a wide screen: the banner (war or peace, the draw pile, the bank), the nations
// in two or three columns — each with its people, hand size, deterrent force, face-down row and
// face-up carrier —, and below them your hand and your people (or your final retaliation's
// carriers and warheads).

import { s } from "../../js/dom.js";
import { fitText, measure } from "../../js/fit.js";
import { t } from "../../js/i18n.js";
import { actionable } from "../../js/picking.js";
import { back, face, place, seatLabel, spread, through } from "./cards.js";
import * as uses from "./uses.js";
import { bankWords, faceDownTitle, nationWords, retaliating, yourPeople } from "./words.js";

const WIDTH = 960;
const GAP = 12;
const NATION_H = 212;
// a card in a nation's box: narrower in three columns, where two face-down cards and the place
// for a third stand beside the face-up carrier
const CARD_W = 70;
const NARROW_CARD_W = 64;
const CARD_H = 46;
const HAND_W = 86;
const HAND_H = 56;
const HAND_ROW = 10;
const CARD_FONT = { size: 10, least: 7, gap: 11, lines: 3 };

function nation(ctx, view, player, x, y, w, places) {
  const cardW = w > 400 ? CARD_W : NARROW_CARD_W;
  const mine = player.seat === view.seat ? view.private : null;
  const acting = player.seat === view.to_act;
  const turn = acting ? "▶ " + t("to act") : "";
  const turnWidth = turn ? measure(turn, 12) + 12 : 0;
  const targets = uses.nation(ctx, player.seat);
  const passive = targets.length > 0;  // the nation is a target: a tap anywhere in its box names it
  // the nation's frame and name are what a player taps to choose it (a target); its cards lie
  // beside them, not inside, so that no button holds another
  const items = [actionable(s("g", { class: "nation-name" },
    s("rect", {
      x, y, width: w, height: NATION_H, rx: 8, class: "nation-frame frame",
      fill: player.alive ? "#f4f6f7" : "#d5d8dc",
      stroke: acting ? "#d4ac0d" : mine ? "#2e86c1" : "#aab7b8", "stroke-width": acting || mine ? 4 : 1.5,
    }),
    fitText({ x: x + 12, y: y + 22, "font-weight": "bold", fill: "#1b2631" },
      seatLabel(ctx, player.seat) + (player.alive ? "" : " ✝ " + t("annihilated")), w - 24 - turnWidth, 16, { least: 11 })),
  targets, seatLabel(ctx, player.seat))];
  const text = (attrs) => s("text", { ...attrs, ...through(passive) });
  if (acting) items.push(text({ x: x + w - 12, y: y + 22, "text-anchor": "end", "font-size": 12, fill: "#9a7d0a", text: turn }));
  items.push(fitText({ x: x + 12, y: y + 42, fill: "#34495e", class: "people", ...through(passive) },
    nationWords(player, mine), w - 24, 12, { least: 9 }));
  items.push(text({ x: x + 12, y: y + 62, "font-size": 11, fill: "#566573", text: t("deterrent force") }));
  const showHere = mine ? uses.deterrentPlace(ctx) : [];
  const shownAt = spread(player.deterrent.length + (showHere.length ? 1 : 0), x + 12, x + w - 12, cardW, 6);
  player.deterrent.forEach((key, i) => items.push(face(ctx, { x: shownAt[i], y: y + 68, w: cardW, h: CARD_H }, key,
    CARD_FONT, { actions: mine ? uses.deterrentCard(ctx, key) : [], passive })));
  if (showHere.length) {
    places.push(place({ x: shownAt.at(-1), y: y + 68, w: cardW, h: CARD_H }, t("show as deterrent"), t("your deterrent force"),
      showHere, CARD_FONT));
  }
  const upX = x + w - cardW - 12;
  items.push(text({ x: x + 12, y: y + 132, "font-size": 11, fill: "#566573", text: t("face-down row") }));
  const faceDown = mine ? mine.face_down : player.face_down;
  const placeHere = mine ? uses.nextPlace(ctx) : [];
  const rowAt = spread(faceDown.length + (placeHere.length ? 1 : 0), x + 12, upX - 10, cardW, 6);
  faceDown.forEach((key, i) => {
    const box = { x: rowAt[i], y: y + 138, w: cardW, h: CARD_H };
    if (!mine) {
      items.push(key === null ? back(box, { passive }) : face(ctx, box, key, CARD_FONT, { passive }));
      return;
    }
    // your own: hidden from the others (dashed) unless you placed it from your deterrent force
    const hidden = player.face_down[i] === null;
    items.push(face(ctx, box, key, CARD_FONT, { dashed: hidden, title: hidden ? faceDownTitle(ctx, key) : null,
      actions: uses.faceDownCard(ctx, i + 1), name: t("face-down card {slot}", { slot: i + 1 }) }));
  });
  if (placeHere.length) {
    places.push(place({ x: rowAt.at(-1), y: y + 138, w: cardW, h: CARD_H }, t("place face down"), t("your face-down row"),
      placeHere, CARD_FONT));
  } else if (!faceDown.length) {
    items.push(text({ x: x + 12, y: y + 162, "font-size": 11, fill: "#99a3a4", text: t("empty") }));
  }
  items.push(text({ x: upX, y: y + 132, "font-size": 11, fill: "#566573", text: t("face up") }));
  if (player.face_up) {
    items.push(face(ctx, { x: upX, y: y + 138, w: cardW, h: CARD_H + 14 }, player.face_up, CARD_FONT, { passive,
      below: player.payload ? t("{count} MT left", { count: player.payload }) : null }));
  }
  return s("g", { class: `nation${acting ? " acting" : ""}${mine ? " mine" : ""}`, "data-seat": player.seat }, items);
}

function banner(view, ctx) {
  const pub = view.public;
  const title = pub.war ? t("WAR") : t("COLD WAR — peace");
  const room = WIDTH - 32 - measure(title, 20, "bold") - 24;
  return s("g", { class: "banner" },
    s("rect", { x: 0, y: 0, width: WIDTH, height: 44, rx: 8, fill: pub.war ? "#922b21" : "#1e8449", class: "frame" }),
    s("text", { x: 16, y: 29, "font-size": 20, "font-weight": "bold", fill: "#fdfefe", text: title }),
    fitText({ x: WIDTH - 16, y: 28, "text-anchor": "end", fill: "#fdfefe" },
      t("turn of {seat} · draw pile {draw} · discarded {discarded} · bank {bank}", { seat: seatLabel(ctx, pub.turn), ...bankWords(pub) }),
      room, 13, { least: 9 }));
}

/** Cards in rows of ten from (4, y), the first in column ``from``: ``keys`` with the actions
 * ``of(key)`` each starts; ``extra(box)`` is handed the box after them. */
function cardRow(ctx, keys, of, y, { from = 0, extra = null } = {}) {
  const box = (i) => ({ x: 4 + ((from + i) % HAND_ROW) * (HAND_W + 8), y: y + Math.floor((from + i) / HAND_ROW) * (HAND_H + 8),
    w: HAND_W, h: HAND_H });
  const items = keys.map((key, i) => face(ctx, box(i), key, CARD_FONT, { actions: of(key) }));
  if (extra) extra(box(keys.length));
  return items;
}

function hand(ctx, view, y, places) {
  const mine = view.private;
  const heading = retaliating(view, ctx) ? t("Your final retaliation") : t("Your hand");
  const items = [s("text", { x: 4, y: y + 16, "font-size": 14, "font-weight": "bold", fill: "#1b2631", text: heading })];
  items.push(fitText({ x: WIDTH - 4, y: y + 16, "text-anchor": "end", fill: "#34495e", class: "people" },
    yourPeople(mine), WIDTH - 8 - measure(heading, 14, "bold") - 20, 12, { least: 9 }));
  if (retaliating(view, ctx)) {
    const { carriers, warheads } = uses.retaliation(ctx);
    items.push(...cardRow(ctx, carriers, (key) => uses.carrier(ctx, key), y + 26));
    // a gap between the carriers and the warheads
    items.push(...cardRow(ctx, warheads, (key) => uses.warhead(ctx, key), y + 26, { from: carriers.length + 1 }));
    return s("g", { class: "retaliation" }, items);
  }
  const deterrent = (view.public.players.find((p) => p.seat === view.seat) || { deterrent: [] }).deterrent;
  const takeBack = uses.handPlace(ctx);
  items.push(...cardRow(ctx, mine.hand, (key) => uses.handCard(ctx, key, deterrent), y + 26,
    { extra: (box) => places.push(place(box, t("back to hand"), t("your hand"), takeBack, CARD_FONT)) }));
  if (!mine.hand.length && !takeBack.length) {
    items.push(s("text", { x: 4, y: y + 50, "font-size": 12, fill: "#99a3a4", text: t("no cards") }));
  }
  return s("g", { class: "hand" }, items);
}

/** How many rows of cards the part below the nations holds. */
function handRows(view, ctx) {
  if (retaliating(view, ctx)) return 1;
  return Math.max(1, Math.ceil((view.private.hand.length + (uses.handPlace(ctx).length ? 1 : 0)) / HAND_ROW));
}

/** The board for ``view`` on a wide screen. */
export function wide(view, ctx, svgAttrs) {
  const players = view.public.players;
  const cols = players.length <= 4 ? 2 : 3;
  const rows = Math.ceil(players.length / cols);
  const w = (WIDTH - (cols - 1) * GAP) / cols;
  const top = 56 + rows * (NATION_H + GAP);
  const height = top + (view.private ? 30 + handRows(view, ctx) * (HAND_H + 8) : 0);
  const svg = s("svg", { ...svgAttrs, viewBox: `0 0 ${WIDTH} ${height}` });
  svg.append(banner(view, ctx));
  // your hand first, the places cards go last: the cards come first to the keyboard, and head the
  // list of moves
  const places = [];
  if (view.private) svg.append(hand(ctx, view, top, places));
  players.forEach((player, i) => {
    svg.append(nation(ctx, view, player, (i % cols) * (w + GAP), 56 + Math.floor(i / cols) * (NATION_H + GAP), w, places));
  });
  svg.append(s("g", { class: "places" }, places));
  return svg;
}
