// Building DOM and SVG nodes safely: every text goes in as text, never as markup.

import { lang, t } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: h("button", {class: "act", onclick: f}, "Place"). */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element: s("rect", {x: 0, y: 0, width: 10, height: 10}). */
export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replace the children of a node. */
export function put(node, ...children) {
  node.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** A seat as the game names it ("West", "Spieler 2"), in the page's language; else its label. */
export function seatTitle(player) {
  if (!player) return "";
  return (player.title && (player.title[lang] || player.title.en)) || player.seat;
}

/** Why a stored game ended, in the page's language (games finished before the reasons were kept
 * in every language have only the English). */
export function reasonIn(outcome) {
  return (outcome.reasons && (outcome.reasons[lang] || outcome.reasons.en)) || outcome.reason;
}

/** The title of the seat ``label`` among ``players`` (its label when unknown). */
export function titleIn(players, label) {
  return seatTitle((players || []).find((p) => p.seat === label)) || label;
}

let botLevels = [];

/** A catalog entry's bot levels for a game of ``players`` (those measured at that count, else
 * the game's own). */
export function levelsAt(entry, players) {
  if (!entry) return [];
  return (entry.levels_by_players || {})[String(players)] || entry.levels || [];
}

/** The bot levels of the game this page shows (its catalog entry's, at the table's player
 * count: ``levelsAt``), so that a bot seat is named by its level — "bot, normal" — as the lobby
 * offered it. */
export function knowLevels(levels) {
  botLevels = levels || [];
}

/** Who plays a bot seat of ``kind`` (a kind or a level's spec), in players' words: its level
 * ("bot, normal"), else what the kind does ("bot: rules of thumb") — never the spec itself. */
export function botName(kind, levels = botLevels) {
  const level = levels.find((l) => l.spec === kind || l.name === kind);
  return level ? t("bot, {level}", { level: level.label }) : kindName(kind);
}

/** A seat's display name: "Player 2 (Ann)", "West (bot, normal)" (``levels``: the game's, if
 * not the page's). */
export function seatName(player, levels = botLevels) {
  if (!player) return "";
  if (player.kind !== "human") return `${seatTitle(player)} (${botName(player.kind, levels)})`;
  return player.name ? `${seatTitle(player)} (${player.name})` : seatTitle(player);
}

/** Who plays a seat of this kind, in words: a person, or what the bot does (a spec's parameters,
 * "ismcts:budget=1500", are the experts' business and not shown). */
export function kindName(kind) {
  const base = String(kind).split(":")[0];
  if (base === "human") return t("human");
  if (base === "heuristic") return t("bot: rules of thumb");
  if (base === "ismcts") return t("bot: thinks ahead");
  if (base === "random") return t("bot: random moves");
  return t("bot: {kind}", { kind: base });
}
