// Das Spiel der Nationen board: the continent of Kark with its eight oil states, each a
// circle of points (the red capital, "?" points, curved arrows to the neighbours' circles),
// the leaders and agents in their powers' colours, ports and high seas with their tankers,
// the canal, the pipelines, the last incident card and a table of every power. Reads only
// the view; the printed board (names, capitals, "?" points, arrows, layout) and the card
// texts come from data/board.toml and data/cards.toml.
//
// Clicking plays: a point, a capital, a leader, the agent, a port, a sea, a pipeline or a
// leader in supply plays the single legal action that uses it. Where several do, a leader
// (or agent, tanker, piece in supply) is picked up first and its destinations light up, or
// a small menu lists the choices. This file holds the clicking; nationen/map.js places
// and draws everything, nationen/words.js names it.

import { put, s, shownRange, touchScale } from "../js/dom.js";
import { BOTTOM, INK, TARGET, drawMap, geometry, text } from "./nationen/map.js";
import { capitalOf, leaderName, occupant, stateDefs } from "./nationen/words.js";

export { legend } from "./nationen/legend.js";
import { t } from "../js/i18n.js";


const HOT = "#d4ac0d";
const PICKED = "#2e86c1";

// What the player has picked up and the open menu; kept while the same view is shown.
const ui = { view: null, picked: null, menu: null, scale: 0, shown: null };

/** The printed board and the incident cards by key, loaded once. */
export async function load(ctx) {
  const [board, cards] = await Promise.all([ctx.content("board"), ctx.content("cards")]);
  return { board, cards: Object.fromEntries(cards.cards.map((card) => [card.key, card])) };
}

// ------------------------------------------------------------------ what an action uses

/**
 * The board items an action uses: "pt:<point>", "loc:<port or sea>", "pipe:<a>-<b>",
 * "sup:<kind>", "agent". Actions with two items go from the first to the second.
 */
function itemsOf(choice, ctx) {
  const w = [choice.verb, ...choice.args.map(String)];
  switch (w[0]) {
    case "place": return [`sup:${w[1]}`, `pt:${w[2]}-${capitalOf(stateDefs(ctx)[w[2]])}`];
    case "move": case "attack": return [`pt:${w[2]}`, `pt:${w[3]}`];
    case "agent": return ["agent", `pt:${w[1]}`];
    case "depose": case "kill": return [`pt:${w[2]}`];
    case "station": case "sink": return [`loc:${w[1]}`];
    case "buy": case "sell": return [`loc:${w[2]}`];
    case "tanker": return [`loc:${w[1]}`, `loc:${w[2]}`];
    case "pipeline": case "sabotage": return [`pipe:${[w[1], w[2]].sort().join("-")}`];
    default: return [];
  }
}

function useIndex(ctx) {
  const uses = new Map();
  for (const choice of ctx.choices || []) {
    const items = itemsOf(choice, ctx);
    for (const item of items) {
      if (!uses.has(item)) uses.set(item, []);
      uses.get(item).push({ action: choice.action, label: choice.label, from: items.length === 2 ? items[0] : null,
        to: items.length === 2 ? items[1] : null });
    }
  }
  return uses;
}

function pickText(item, view) {
  if (item === "agent") return t("Move your agent…");
  if (item.startsWith("sup:")) return t("Place a {leader}…", { leader: leaderName(item.slice(4)) });
  if (item.startsWith("loc:")) return t("Move a tanker from here…");
  const leader = occupant(view, item.slice(3));
  return t("Move the {leader} from here…", { leader: leader ? leaderName(leader.kind) : t("head of state") });
}

/** What a click on ``item`` does: play one action, pick the item up, or open a menu. */
function click(item, x, y, view, ctx, uses, redraw) {
  if (ui.picked && ui.picked !== item) {
    const both = (uses.get(item) || []).filter((u) => u.from === ui.picked && u.to === item);
    if (both.length === 1) return play(both[0].action, ctx, redraw);
    if (both.length > 1) return openMenu(x, y, both.map((u) => ({ text: u.label, action: u.action })), redraw);
  }
  const again = ui.picked === item;
  ui.picked = null;
  ui.menu = null;
  const all = again ? [] : uses.get(item) || [];
  const from = all.filter((u) => u.from === item);
  const entries = from.length > 1 ? [{ text: pickText(item, view), pick: item }] : [];
  for (const u of all) {
    if (from.length <= 1 || u.from !== item) entries.push({ text: u.label, action: u.action });
  }
  if (entries.length === 1 && entries[0].action) return play(entries[0].action, ctx, redraw);
  if (entries.length === 1) ui.picked = entries[0].pick;
  else if (entries.length > 1) ui.menu = { x, y, entries };
  return redraw();
}

function play(action, ctx, redraw) {
  ui.picked = null;
  ui.menu = null;
  redraw();
  ctx.act(action);
}

function openMenu(x, y, entries, redraw) {
  ui.menu = { x, y, entries };
  redraw();
}

/** How a board item stands: picked up, a destination of the picked one, clickable, or none of these. */
function hotness(item, uses) {
  if (ui.picked === item) return "picked";
  if (ui.picked && (uses.get(item) || []).some((u) => u.from === ui.picked && u.to === item)) return "target";
  return uses.has(item) ? "hot" : "";
}

function halo(state, shape, attrs) {
  if (!state) return null;
  const stroke = state === "picked" ? PICKED : state === "target" ? TARGET : HOT;
  return s(shape, {
    fill: "none", stroke, "stroke-width": state === "hot" ? 2.5 : 4,
    "stroke-dasharray": state === "hot" ? "5 3" : null, "pointer-events": "none", class: "halo", ...attrs,
  });
}

/** A board item's group: when a legal action uses it, a halo, a pointer and a click handler. */
function item(view, ctx, env, name, cls, data, children, [shape, ring]) {
  const state = hotness(name, env.uses);
  const group = s("g", { class: `${cls}${state ? ` hot ${state}` : ""}`, ...data, cursor: state ? "pointer" : null },
    halo(state, shape, ring), children);
  if (state) {
    group.addEventListener("click", (event) => {
      event.stopPropagation();
      const [x, y] = env.at(event);
      const svg = event.currentTarget.ownerSVGElement;
      ui.scale = touchScale(svg); // for the menu's rows on a phone
      ui.shown = shownRange(svg); // and to open it where the board is scrolled to
      click(name, x, y, view, ctx, env.uses, env.redraw);
    });
  }
  return group;
}

function menu(env) {
  if (!ui.menu) return null;
  const { entries } = ui.menu;
  const tall = Math.max(24, 44 * ui.scale); // on a phone: rows a finger's height, words 14 pixels
  const font = Math.max(12, 14 * ui.scale);
  const [from, to] = ui.shown || [0, env.width];
  const width = Math.min(to - from - 8, Math.max(...entries.map((e) => e.text.length)) * font * 0.55 + 24);
  const height = entries.length * tall + 10;
  const x = Math.max(from + 4, Math.min(ui.menu.x + 8, to - width - 4));
  const y = Math.max(4, Math.min(ui.menu.y + 8, env.height - height - 4));
  const close = s("rect", { x: 0, y: 0, width: env.width, height: env.height, fill: "transparent", class: "menu-shade" });
  close.addEventListener("click", () => {
    ui.menu = null;
    env.redraw();
  });
  const rows = entries.map((entry, i) => {
    const row = s("g", { class: "choice", cursor: "pointer", "data-action": entry.action || null, "data-pick": entry.pick || null },
      s("rect", { x: x + 4, y: y + 5 + i * tall, width: width - 8, height: tall - 2, rx: 4, fill: i % 2 ? "#f4f6f7" : "#fdfefe" }),
      text(x + 12, y + 5 + i * tall + (tall - 2) / 2 + font * 0.35, entry.text, { "font-size": font, "pointer-events": "none" }));
    row.addEventListener("click", (event) => {
      event.stopPropagation();
      if (entry.action) return play(entry.action, env.ctx, env.redraw);
      ui.menu = null;
      ui.picked = entry.pick;
      return env.redraw();
    });
    return row;
  });
  return s("g", { class: "chooser" }, close,
    s("rect", { x, y, width, height, rx: 6, fill: "#fdfefe", stroke: INK, "stroke-width": 1.5 }), rows);
}

/** The board for ``view``. */
export function render(view, ctx) {
  if (ui.view !== view) {
    ui.view = view;
    ui.picked = null;
    ui.menu = null;
  }
  const geo = geometry(view, ctx);
  const height = geo.mapBottom + BOTTOM;
  const svg = s("svg", { viewBox: `0 0 ${geo.width} ${height}`, class: "board nationen", role: "img",
    "aria-label": t("Das Spiel der Nationen, round {round}", { round: view.public.round }) });
  const env = {
    ctx, width: geo.width, height, uses: useIndex(ctx),
    redraw: () => svg.replaceWith(render(view, ctx)),
    at: (event) => {
      const box = svg.getBoundingClientRect();
      return [((event.clientX - box.left) * geo.width) / (box.width || 1), ((event.clientY - box.top) * height) / (box.height || 1)];
    },
  };
  env.item = (...args) => item(view, ctx, env, ...args);
  put(svg, drawMap(view, ctx, geo, env), menu(env));
  if (ui.picked) svg.addEventListener("click", () => {
    ui.picked = null;
    env.redraw();
  });
  return svg;
}
