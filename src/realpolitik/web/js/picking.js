// Playing on the board. A board marks each thing it draws that legal actions name — a card in a
// hand or a row, a province, a city, a track's box, a unit — with those actions: `actionable(node,
// actions, name)` gives it `data-actions` (a JSON array of the action texts, as the action
// buttons' `data-action` spell them) and `data-name` (its name in words, which heads its actions in
// the dock's list), makes it focusable and a button to assistive technology (which reads its own
// words: its text, or an SVG <title>).
// The page does the rest, the same for every game (`Picker`):
//
// - a tap (a click, Enter or Space) on a thing with one action plays it;
// - on a thing with more, picks it: the dock lists only its actions, and every other thing one of
//   them names is marked as a place to go;
// - a tap on a marked place plays the one action both name, or leaves only those in the list;
// - a tap on the picked thing again, or Escape, lets go; a new view lets go too.
//
// Nothing here knows a rule: the actions come from the view's legal choices, through the board.

/** Give ``node`` the legal ``actions`` that name what it draws, and ``name`` (what it is, in the
 * page's language); a node no legal action names is left as it is. Returns ``node``. */
export function actionable(node, actions, name) {
  const legal = [...new Set(actions || [])];
  if (!legal.length) return node;
  node.setAttribute("data-actions", JSON.stringify(legal));
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  if (name) node.setAttribute("data-name", name);
  node.classList.add("actionable");
  return node;
}

/** The legal actions among ``ctx.choices`` whose arguments name every one of ``parts`` (compared
 * as text: a card key, a province, a seat label). */
export function naming(ctx, ...parts) {
  const wanted = parts.map(String);
  return (ctx.choices || []).filter((c) => wanted.every((p) => c.args.map(String).includes(p))).map((c) => c.action);
}

/** The actions a board node carries (none for a node without ``data-actions``). */
export function actionsOf(node) {
  try {
    return JSON.parse(node.getAttribute("data-actions") || "[]");
  } catch {
    return [];
  }
}

export class Picker {
  /** ``area``: the node the board is drawn into; ``play(action)`` sends an action; ``show(actions)``
   * tells the page which actions the dock lists (``null``: all). */
  constructor(area, { play, show }) {
    this.area = area;
    this.play = play;
    this.show = show;
    // the things picked, in order, each with its actions as text (to find it again when the board is
    // drawn anew), and the actions that name all of them; null: nothing picked
    this.picked = null;
    area.addEventListener("click", (event) => {
      const node = event.target.closest("[data-actions]");
      if (node && area.contains(node)) this.tap(node);
    });
    area.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.picked) {
        this.letGo();
        return;
      }
      if (event.key !== "Enter" && event.key !== " ") return;
      const node = event.target.closest("[data-actions]");
      if (!node || !area.contains(node)) return;
      event.preventDefault();
      this.tap(node);
    });
  }

  /** Every board node that carries actions. */
  things() {
    return Array.from(this.area.querySelectorAll("[data-actions]"));
  }

  /** A tap on ``node``: play, pick, narrow or let go (see the top of this file). */
  tap(node) {
    const own = actionsOf(node);
    if (this.picked && this.picked.nodes.includes(node)) {
      this.letGo();
      return;
    }
    const both = this.picked ? own.filter((a) => this.picked.actions.includes(a)) : [];
    if (both.length === 1) {
      this.letGo();
      this.play(both[0]);
    } else if (both.length > 1) {
      this.choose([...this.picked.nodes, node], both);
    } else if (own.length === 1) {
      this.letGo();
      this.play(own[0]);
    } else if (own.length > 1) {
      this.choose([node], own);
    }
  }

  /** ``nodes`` are picked and ``actions`` name them all: only those listed, the other things
   * they name marked as places to go. */
  choose(nodes, actions) {
    this.clear();
    this.picked = { nodes, actions, keys: nodes.map((n) => n.getAttribute("data-actions")) };
    for (const node of nodes) {
      node.classList.add("picked");
      node.setAttribute("aria-pressed", "true");
    }
    for (const other of this.things()) {
      if (!nodes.includes(other) && actionsOf(other).some((a) => actions.includes(a))) other.classList.add("target");
    }
    this.show(actions);
  }

  /** Let go of what was picked: every action listed again. */
  letGo() {
    this.clear();
    this.show(null);
  }

  /** After the board was drawn anew: a drawing a player taps in is a group of buttons, not a
   * picture (``role``); for the same view (a seat came online, say) the things that carry the
   * actions picked before are picked again, else the pick is let go. */
  redrawn() {
    const drawing = this.area.querySelector("svg.board");
    if (drawing && this.things().length) drawing.setAttribute("role", "group");
    if (!this.picked) return;
    const { keys, actions } = this.picked;
    const things = this.things();
    const nodes = keys.map((key) => things.find((n) => n.getAttribute("data-actions") === key));
    if (nodes.every(Boolean)) this.choose(nodes, actions);
    else this.letGo();
  }

  /** Forget what was picked without telling the page. */
  clear() {
    this.picked = null;
    for (const node of this.area.querySelectorAll(".picked, .target")) {
      node.classList.remove("picked", "target");
      node.removeAttribute("aria-pressed");
    }
  }

  /** Mark (class ``kind``) every thing that names ``action`` — a hint's move, a lesson's — and
   * return the first of them (``null`` when no thing on the board names it). */
  mark(action, kind) {
    let first = null;
    for (const node of this.things()) {
      const names = Boolean(action) && actionsOf(node).includes(action);
      node.classList.toggle(kind, names);
      if (names && !first) first = node;
    }
    return first;
  }
}
