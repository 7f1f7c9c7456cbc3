// Pictures in a game's rules, drawn by the game's own board (boards.js) from the views the
// server sends with the text (GET /api/rules/{game}, server/rules.py): each example — the
// position before its moves and the result after them, one at a time with a switch, the places
// its moves use marked as the board marks a legal action's, then its moves in words and the
// log lines they wrote — and the game's opening position. A picture is drawn when the reader
// comes near it (a long text has many, and a phone draws slowly). A picture is not played: its
// board's act does nothing and clicks on it go nowhere; it zooms like the game page's board.

import { getJSON } from "./api.js";
import { contentLoader, loadBoard } from "./boards.js";
import { h, put } from "./dom.js";
import { lang, t } from "./i18n.js";
import { BoardZoom } from "./zoom.js";

const boards = new Map();
const waiting = new WeakMap();  // a picture's box → what draws it
let watcher = null;

async function loadGameBoard(game) {
  const catalog = await getJSON("/api/catalog");
  const content = contentLoader(game);
  const { board, data } = await loadBoard(catalog.find((entry) => entry.id === game) || null, { content });
  return { board, data, content };
}

/** The board of ``game`` with its data and content, loaded once per page. */
export function gameBoard(game) {
  if (!boards.has(game)) boards.set(game, loadGameBoard(game));
  return boards.get(game);
}

/** The seats of a view as players a board names: their titles in the view's language. */
function seatsOf(view) {
  return view.seats.map((seat, i) => ({ seat, kind: "human", name: "", title: { [lang]: view.titles[i], en: view.titles[i] } }));
}

/** A board's context for a picture: ``moves`` stand as the legal actions (so the board marks the
 *  places they use), and acting does nothing. */
function pictureContext(game, view, moves) {
  const choices = [...new Map(moves.map((m) => [m.action, { action: m.action, verb: m.verb, args: m.args, label: m.label }])).values()];
  return { seat: view.seat, players: seatsOf(view), act: () => {}, content: game.content, data: game.data,
    legal: new Set(choices.map((c) => c.action)), choices };
}

/** ``view`` drawn by the game's board with ``moves`` marked; a board that cannot draw it leaves a
 *  notice (the words stay) and the error in the console. */
function draw(game, view, moves) {
  try {
    const board = game.board.render(view, pictureContext(game, view, moves));
    for (const thing of board.querySelectorAll("[data-actions]")) {  // marked, but a picture is no button
      thing.removeAttribute("tabindex");
      thing.removeAttribute("role");
    }
    return board;
  } catch (err) {
    console.error(err);
    return h("p", { class: "notice error", text: t("The board could not be drawn: {error}", { error: err.message }) });
  }
}

/** Run ``drawIt`` once ``area`` comes near the screen. */
function whenNear(area, drawIt) {
  watcher = watcher || new IntersectionObserver((entries) => {
    for (const entry of entries.filter((e) => e.isIntersecting)) {
      watcher.unobserve(entry.target);
      waiting.get(entry.target)();
    }
  }, { rootMargin: "50% 0px" });
  waiting.set(area, drawIt);
  watcher.observe(area);
}

function zoomTools() {
  const button = (label, text) => h("button", { type: "button", "aria-label": label, text });
  return { out: button(t("zoom out"), "−"), fit: h("button", { type: "button", text: t("Fit") }), in: button(t("zoom in"), "+") };
}

/** A box for a picture's board with its zoom buttons: ``{area, tools, zoom}``. */
function pictureBox() {
  const area = h("div", { class: "board-area picture-board", tabindex: "0", role: "group" });
  area.addEventListener("click", (event) => event.stopPropagation(), true);  // a picture is not played
  const buttons = zoomTools();
  const tools = h("div", { class: "zoom-tools", role: "toolbar", "aria-label": t("zoom the board") },
    buttons.out, buttons.fit, buttons.in);
  return { area, tools, zoom: new BoardZoom(area, buttons) };
}

/** The example ``node`` (its ``words``: the page nodes of its children, the caption first) as a
 *  figure: the caption, the picture with its before/after switch, the moves and the log. */
export function examplePicture(node, game, words) {
  if (!game || !node.position) return h("div", { class: "example words-only", "data-example": node.name }, words);
  const [caption, ...moves] = words;
  const { area, tools, zoom } = pictureBox();
  const states = { before: [node.position, node.moves], after: [node.result, []] };
  const labels = { before: t("the position before the moves"), after: t("the position after the moves") };
  const drawn = {};
  const switches = Object.keys(states).map((state) => h("button", {
    type: "button", "data-state": state, text: state === "before" ? t("Before") : t("After"), onclick: () => show(state),
  }));
  const choose = (state) => {
    for (const button of switches) button.setAttribute("aria-pressed", String(button.dataset.state === state));
    area.dataset.state = state;
    area.setAttribute("aria-label", labels[state]);
  };
  function show(state) {
    choose(state);
    drawn[state] = drawn[state] || draw(game, ...states[state]);
    put(area, drawn[state]);
    zoom.apply();
  }
  choose("before");
  whenNear(area, () => show(area.dataset.state));
  const log = node.log && node.log.length
    ? h("div", { class: "example-log" }, h("p", {}, h("strong", { text: t("Log") })),
      h("ol", {}, node.log.map((line) => h("li", { text: line }))))
    : null;
  return h("figure", { class: "example", "data-example": node.name },
    h("figcaption", {}, caption),
    h("div", { class: "picture-tools" },
      h("div", { class: "switch", role: "group", "aria-label": t("Show the position") }, switches), tools),
    area, moves, log);
}

/** The opening position ``node`` as a figure: its words, then the board of the first seat's view. */
export function openingPicture(node, game, words) {
  if (!game) return h("div", { class: "opening words-only" }, words);
  const { area, tools, zoom } = pictureBox();
  area.setAttribute("aria-label", t("the position at the start"));
  whenNear(area, () => {
    put(area, draw(game, node.position, []));
    zoom.apply();
  });
  return h("figure", { class: "opening" }, h("figcaption", {}, words), h("div", { class: "picture-tools" }, tools), area);
}
