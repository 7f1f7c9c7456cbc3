// The rules at hand: a game's rules for players in a dialog, opened from the game page's and
// the lobby's "Rules" buttons and closed with Escape or its Close button, and the same rules as
// a page of their own (/rules/{game}, js/rulespage.js): both build them with rulesBody(). The
// server sends the text as a tree of plain nodes (GET /api/rules/{game}); it is built here
// element by element, never parsed as markup, its examples and opening position drawn by the
// game's board (js/pictures.js).

import { getJSON } from "./api.js";
import { h, put } from "./dom.js";
import { lang, t } from "./i18n.js";
import { examplePicture, gameBoard, openingPicture } from "./pictures.js";

/** The elements a rules text may use (the server sends no others; anything else keeps only its text). */
const TAGS = new Set(["h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "em", "strong", "code", "pre", "a", "br", "hr",
  "blockquote", "table", "thead", "tbody", "tr", "th", "td", "s"]);
const loaded = new Map();
let dialog = null;

/** A node of the tree as page nodes; ``game`` is the game's board (null: examples in words only). */
function build(node, game) {
  if (typeof node === "string") return node;
  const children = (node.children || []).map((child) => build(child, game));
  if (node.tag === "example") return examplePicture(node, game, children);
  if (node.tag === "board") return openingPicture(node, game, children);
  if (!TAGS.has(node.tag)) return children;
  if (node.tag === "table") return h("div", { class: "table-box" }, h("table", {}, children));
  if (node.tag !== "a") return h(node.tag, {}, children);
  const web = typeof node.href === "string" && /^https?:\/\//.test(node.href);
  return web ? h("a", { href: node.href, rel: "noopener noreferrer", target: "_blank" }, children) : children;
}

/** The body of ``rules`` (an answer of GET /api/rules/{game}) as page nodes, with its pictures
 *  (in words only when the game's board cannot be loaded). */
export async function rulesBody(rules) {
  const game = await gameBoard(rules.game).catch((err) => {
    console.error(err);
    return null;
  });
  return rules.body.map((node) => build(node, game));
}

/** Draw the pictures of ``rules`` (an answer of GET /api/rules/{game}) into ``body``, a page the
 *  server sent with the rules in it (server/rules_page.py): each example and the opening stand
 *  there in words (``.words-only``), in the order of the tree; each becomes its picture. */
export async function drawPictures(body, rules) {
  const game = await gameBoard(rules.game).catch((err) => {
    console.error(err);
    return null;
  });
  if (!game) return;
  const drawn = [];
  const walk = (node) => {
    if (typeof node === "string") return;
    if (node.tag === "example" || node.tag === "board") drawn.push(build(node, game));
    else for (const child of node.children || []) walk(child);
  };
  rules.body.forEach(walk);
  const places = body.querySelectorAll(".words-only");
  drawn.forEach((picture, i) => places[i] && places[i].replaceWith(picture));
}

/** The address of the rules page of ``game``. */
export function rulesPage(game) {
  return `/rules/${encodeURIComponent(game)}`;
}

function rulesDialog() {
  if (dialog) return dialog;
  dialog = h("dialog", { id: "rules", class: "rules", "aria-labelledby": "rules-heading" },
    h("div", { class: "rules-head" },
      h("h2", { id: "rules-heading" }),
      h("a", { id: "rules-as-page", href: "/", target: "_blank", rel: "noopener", text: t("Open as a page") }),
      h("button", { type: "button", id: "rules-close", text: t("Close"), onclick: () => dialog.close() })),
    h("p", { id: "rules-note", class: "notice info", hidden: true }),
    h("div", { id: "rules-body", class: "rules-body" }));
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();  // a click on the backdrop
  });
  document.body.append(dialog);
  return dialog;
}

/** Open the rules of the game ``game`` (its id: "wsdv", "nuclear-war"). */
export async function showRules(game) {
  const box = rulesDialog();
  const [heading, note, body] = ["rules-heading", "rules-note", "rules-body"].map((id) => box.querySelector(`#${id}`));
  heading.textContent = t("Rules");
  box.querySelector("#rules-as-page").href = rulesPage(game);
  note.hidden = true;
  put(body, h("p", { class: "muted", text: t("loading…") }));
  if (!box.open) box.showModal();
  try {
    if (!loaded.has(game)) loaded.set(game, getJSON(`/api/rules/${encodeURIComponent(game)}?lang=${lang}`));
    const rules = await loaded.get(game);
    heading.textContent = rules.heading;
    note.textContent = rules.note || "";
    note.hidden = !rules.note;
    if (rules.language !== lang) body.setAttribute("lang", rules.language);
    else body.removeAttribute("lang");
    put(body, await rulesBody(rules));
  } catch (err) {
    loaded.delete(game);
    put(body, h("p", { class: "notice error", text: err.message }));
  }
}
