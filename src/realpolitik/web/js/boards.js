// Boards: one ES module per game in boards/<game id>.js beside js/, found by the game's id.
//
// A board module exports
//   render(view, ctx) -> Node          required: draws the view (SVG or HTML)
//   load(ctx) -> Promise<any>          optional: runs once first; its result becomes ctx.data
//   label(action, view, ctx) -> string optional: the words on an action's button (default:
//                                      the game's own, view.pending.choices[i].label)
// ctx is { seat, players, legal: Set, choices, act(text), content(name), data, narrow }; choices are
// the legal actions as {action, verb, args, label}, so a board need not split texts; narrow is true
// on a phone's screen (a board may draw its phone layout). A board marks each thing that legal
// actions name with js/picking.js's actionable(), and the page lets a player tap them. A board reads
// only the view, so it can never show what the seat may not see. Games without a board file
// get the generic board below. See docs/web/browser.md.

import { getJSON } from "./api.js";
import { h, titleIn } from "./dom.js";
import { t } from "./i18n.js";

function tree(value) {
  if (value === null || value === undefined) return h("span", { class: "muted", text: "—" });
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) {
      return h("span", { text: value.length ? value.map((v) => (v === null ? "▢" : String(v))).join(", ") : "—" });
    }
    return h("ol", {}, value.map((v) => h("li", {}, tree(v))));
  }
  if (typeof value === "object") {
    return h("dl", { class: "tree" }, Object.entries(value).map(([k, v]) => [h("dt", { text: k }), h("dd", {}, tree(v))]));
  }
  return h("span", { text: String(value) });
}

/** The board for games that bring none: the view's public and private data as a tree. */
export const genericBoard = {
  render(view, ctx) {
    return h("div", { class: "generic-board" },
      h("section", {}, h("h3", { text: t("Table") }), tree(view.public)),
      view.private ? h("section", { class: "mine" }, h("h3", { text: t("{seat} — only you see this", { seat: titleIn(ctx.players, view.seat) }) }), tree(view.private)) : null);
  },
};

const contentCache = new Map();

/** The game's printed content file data/<name>.toml as JSON (cards, maps), fetched once. */
export function contentLoader(gameId) {
  return (name) => {
    const key = `${gameId}/${name}`;
    if (!contentCache.has(key)) contentCache.set(key, getJSON(`/api/content/${gameId}/${name}`));
    return contentCache.get(key);
  };
}

/** The board module of a game (loaded once), with its data; the generic board when it has none. */
export async function loadBoard(entry, ctx) {
  let board = genericBoard;
  if (entry && entry.board) {
    try {
      board = await import(new URL(`../boards/${entry.id}.js`, import.meta.url));  // of the page's files' version
    } catch (err) {
      console.error(`board of ${entry.id} failed to load`, err);
    }
  }
  let data = null;
  if (board.load) {
    try {
      data = await board.load(ctx);
    } catch (err) {
      console.error(`board of ${entry.id} failed to prepare`, err);
    }
  }
  return { board, data };
}
