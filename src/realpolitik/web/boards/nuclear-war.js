// Nuclear War board: war or peace, and per nation its people, hand size, deterrent force,
// face-down row and face-up carrier; below, your own hand and population. Reads only the
// view (plus the printed card list from data/cards.toml for names and kinds).

import { s, seatName } from "../js/dom.js";
import { fitText, measure } from "../js/fit.js";
import { t } from "../js/i18n.js";
import { swatch } from "../js/legend.js";
import { actionable, naming } from "../js/picking.js";

const WIDTH = 960;
const GAP = 12;
const NATION_H = 212;
const CARD_W = 70;
const CARD_H = 46;
const HAND_W = 86;
const HAND_H = 56;
const HAND_ROW = 10;
const COLOURS = {
  warhead: "#a93226", carrier: "#2e5e8e", "anti-missile": "#1e7b4f",
  propaganda: "#b7860b", secret: "#6c3483", "top-secret": "#4a235a",
};

/** The printed cards by key (names and kinds), loaded once. */
export async function load(ctx) {
  const data = await ctx.content("cards");
  return Object.fromEntries(data.cards.map((card) => [card.key, card]));
}

function cardName(ctx, key) {
  return ctx.data && ctx.data[key] ? t(ctx.data[key].name) : key;
}

function seatLabel(ctx, label) {
  return seatName((ctx.players || []).find((p) => p.seat === label)) || label;
}

/** One card face (or its back when key is null) at x, y. */
function card(ctx, x, y, w, h, key, extra = {}) {
  if (key === null || key === undefined) {
    return s("g", { class: "card back" },
      s("rect", { x, y, width: w, height: h, rx: 5, fill: "#22313f", stroke: "#5d6d7e", class: "frame" }),
      s("text", { x: x + w / 2, y: y + h / 2 + 4, "text-anchor": "middle", fill: "#aab7b8", "font-size": 12, text: "?" }),
      s("title", { text: t("a face-down card") }));
  }
  const info = ctx.data ? ctx.data[key] : null;
  const kind = info ? info.kind : "";
  const group = s("g", { class: `card ${kind} ${extra.className || ""}`, "data-card": key },
    s("rect", {
      x, y, width: w, height: h, rx: 5, fill: COLOURS[kind] || "#566573", class: "frame",
      stroke: extra.stroke || "#1b2631", "stroke-width": extra.stroke ? 2.5 : 1,
      "stroke-dasharray": extra.dashed ? "4 3" : null,
    }),
    // the printed name in up to three lines ("50-Megatonnen-" / "Sprengkopf"), smaller if need be
    fitText({ x: x + w / 2, y: y + 14, "text-anchor": "middle", fill: "#fdfefe" }, cardName(ctx, key), w - 8, 10,
      { lines: Math.floor((h - 6) / 11), least: 7, gap: 11 }),
    s("title", { text: extra.title || cardName(ctx, key) }));
  return actionable(group, extra.actions, cardName(ctx, key));
}

function nation(ctx, view, player, x, y, w) {
  const mine = player.seat === view.seat ? view.private : null;
  const acting = player.seat === view.to_act;
  const turn = acting ? "▶ " + t("to act") : "";
  const turnWidth = turn ? measure(turn, 12) + 12 : 0;
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
  naming(ctx, player.seat), seatLabel(ctx, player.seat))];
  if (acting) items.push(s("text", { x: x + w - 12, y: y + 22, "text-anchor": "end", "font-size": 12, fill: "#9a7d0a", text: turn }));
  const people = mine ? t("{count} million people", { count: mine.population_total })
    : t("{count} population cards", { count: player.population_cards });
  const skip = player.skips ? " · " + t("loses {count} turn(s)", { count: player.skips }) : "";
  const hand = t("{count} cards in hand", { count: player.hand });
  items.push(fitText({ x: x + 12, y: y + 42, fill: "#34495e" }, `${people} · ${hand}${skip}`, w - 24, 12, { least: 9 }));
  items.push(s("text", { x: x + 12, y: y + 62, "font-size": 11, fill: "#566573", text: t("deterrent force") }));
  items.push(...player.deterrent.map((key, i) => card(ctx, x + 12 + i * (CARD_W + 6), y + 68, CARD_W, CARD_H, key,
    mine ? { actions: naming(ctx, key) } : {})));
  items.push(s("text", { x: x + 12, y: y + 132, "font-size": 11, fill: "#566573", text: t("face-down row") }));
  const faceDown = mine ? mine.face_down : player.face_down;
  items.push(...faceDown.map((key, i) => card(ctx, x + 12 + i * (CARD_W + 6), y + 138, CARD_W, CARD_H, key,
    mine && player.face_down[i] === null ? { dashed: true, title: cardName(ctx, key) + " — " + t("face down, only you see it") } : {})));
  if (!faceDown.length) items.push(s("text", { x: x + 12, y: y + 162, "font-size": 11, fill: "#99a3a4", text: t("empty") }));
  const upX = x + w - CARD_W - 16;
  items.push(s("text", { x: upX, y: y + 132, "font-size": 11, fill: "#566573", text: t("face up") }));
  if (player.face_up) {
    items.push(card(ctx, upX, y + 138, CARD_W, CARD_H, player.face_up));
    if (player.payload) items.push(s("text", { x: upX, y: y + 200, "font-size": 11, fill: "#1b2631", text: t("{count} MT left", { count: player.payload }) }));
  }
  return s("g", { class: `nation${acting ? " acting" : ""}${mine ? " mine" : ""}`, "data-seat": player.seat }, items);
}

function banner(view, ctx) {
  const pub = view.public;
  const bank = Object.entries(pub.bank).filter(([, n]) => n).map(([v, n]) => `${n}×${v}M`).join(" ") || t("empty");
  const discarded = Object.values(pub.discard).reduce((a, b) => a + b, 0);
  const title = pub.war ? t("WAR") : t("COLD WAR — peace");
  const room = WIDTH - 32 - measure(title, 20, "bold") - 24;
  return s("g", { class: "banner" },
    s("rect", { x: 0, y: 0, width: WIDTH, height: 44, rx: 8, fill: pub.war ? "#922b21" : "#1e8449", class: "frame" }),
    s("text", { x: 16, y: 29, "font-size": 20, "font-weight": "bold", fill: "#fdfefe", text: title }),
    fitText({ x: WIDTH - 16, y: 28, "text-anchor": "end", fill: "#fdfefe" },
      t("turn of {seat} · draw pile {draw} · discarded {discarded} · bank {bank}", { seat: seatLabel(ctx, pub.turn), draw: pub.draw_pile, discarded, bank }),
      room, 13, { least: 9 }));
}

function hand(ctx, view, y) {
  const mine = view.private;
  const heading = t("Your hand");
  const items = [s("text", { x: 4, y: y + 16, "font-size": 14, "font-weight": "bold", fill: "#1b2631", text: heading })];
  const pop = Object.entries(mine.population).filter(([, n]) => n).map(([v, n]) => `${n}×${v}M`).join(", ");
  items.push(fitText({ x: WIDTH - 4, y: y + 16, "text-anchor": "end", fill: "#34495e" },
    t("your people: {count} million ({cards})", { count: mine.population_total, cards: pop || t("none") }),
    WIDTH - 8 - measure(heading, 14, "bold") - 20, 12, { least: 9 }));
  mine.hand.forEach((key, i) => {
    const uses = naming(ctx, key);
    const [col, line] = [i % HAND_ROW, Math.floor(i / HAND_ROW)];
    items.push(card(ctx, 4 + col * (HAND_W + 8), y + 26 + line * (HAND_H + 8), HAND_W, HAND_H, key,
      uses.length ? { stroke: "#d4ac0d", actions: uses } : {}));
  });
  if (!mine.hand.length) items.push(s("text", { x: 4, y: y + 50, "font-size": 12, fill: "#99a3a4", text: t("no cards") }));
  return s("g", { class: "hand" }, items);
}

/** The board for ``view``. */
export function render(view, ctx) {
  const players = view.public.players;
  const cols = players.length <= 4 ? 2 : 3;
  const rows = Math.ceil(players.length / cols);
  const w = (WIDTH - (cols - 1) * GAP) / cols;
  const handRows = view.private ? Math.max(1, Math.ceil(view.private.hand.length / HAND_ROW)) : 0;
  const height = 56 + rows * (NATION_H + GAP) + (view.private ? 30 + handRows * (HAND_H + 8) : 0);
  const svg = s("svg", { viewBox: `0 0 ${WIDTH} ${height}`, class: "board nuclear-war", role: "img",
    "aria-label": "Nuclear War: " + (view.public.war ? t("war") : t("peace")) });
  svg.append(banner(view, ctx));
  players.forEach((player, i) => {
    svg.append(nation(ctx, view, player, (i % cols) * (w + GAP), 56 + Math.floor(i / cols) * (NATION_H + GAP), w));
  });
  if (view.private) svg.append(hand(ctx, view, 56 + rows * (NATION_H + GAP)));
  return svg;
}

/** What the board's colours, frames and abbreviations mean (shown below the board). */
export function legend() {
  return [
    [swatch(COLOURS.warhead), t("red card: warhead")],
    [swatch(COLOURS.carrier), t("blue card: carrier (missile or bomber)")],
    [swatch(COLOURS["anti-missile"]), t("green card: anti-missile")],
    [swatch(COLOURS.propaganda), t("ochre card: propaganda")],
    [swatch(COLOURS.secret), t("purple card: secret")],
    [swatch(COLOURS["top-secret"]), t("dark purple card: top secret")],
    ["?", t("a face-down card")],
    [swatch("#566573", { dashed: true }), t("dashed frame: your own face-down card, only you see it")],
    [swatch("#566573", { stroke: "#d4ac0d", width: 3 }), t("gold frame: tap it to play it, or to see where it can go")],
    ["MT", t("megatons: the yield a carrier still holds")],
    ["2×5M", t("population: 2 cards of 5 million people each")],
    ["✝", t("annihilated: the nation has no people left")],
    ["▶", t("whose turn it is")],
  ];
}
