// Das Spiel der Nationen board: the continent of Kark with its eight oil states, each a circle of
// points (the red capital, "?" points, curved arrows to the neighbours' circles), the leaders and
// agents in their powers' colours, ports and high seas with their tankers, the canal, the
// pipelines, the last incident card and every power's money, income, tankers and supply. Reads
// only the view; the printed board (names, capitals, "?" points, arrows, layout) and the card texts
// come from data/board.toml and data/cards.toml.
//
// Playing on it is the page's (js/picking.js): every thing a legal action starts or ends at carries
// it — a head of state and the point it goes to, a piece in supply and the capital it is placed on,
// the agent and its point, a power's tankers and the port or sea they go to, the bank, a pipeline,
// the end of the turn (nationen/actions.js). A desktop shows the map as the board file lays it out,
// the card and the powers below it; a phone (ctx.narrow) shows the header and the powers above the
// map, turned to fill the phone's width, and the card below it, all in words a player reads
// without zooming. nationen/geometry.js places the map, map.js and waters.js draw it, panels.js
// the rest, words.js names everything.

import { s } from "../js/dom.js";
import { t } from "../js/i18n.js";
import { usesOf } from "./nationen/actions.js";
import { geometry } from "./nationen/geometry.js";
import { drawMap } from "./nationen/map.js";
import { header, incident, powersRows, powersTable } from "./nationen/panels.js";

export { legend } from "./nationen/legend.js";

/** The printed board and the incident cards by key, loaded once. */
export async function load(ctx) {
  const [board, cards] = await Promise.all([ctx.content("board"), ctx.content("cards")]);
  return { board, cards: Object.fromEntries(cards.cards.map((card) => [card.key, card])) };
}

/** The board for ``view``. */
export function render(view, ctx) {
  const geo = geometry(view, ctx);
  const uses = usesOf(ctx);
  const width = geo.width;
  const map = (y) => s("g", { class: "map", transform: `translate(0 ${y})` }, drawMap(view, ctx, geo, uses));
  let parts;
  let height;
  if (geo.size.narrow) {
    const [top, topHeight] = header(view, ctx, uses, width, true);
    const [powers, powersHeight] = powersRows(view, ctx, uses, topHeight, width);
    const mapAt = topHeight + powersHeight + 8;
    const [card, cardHeight] = incident(view, ctx, 0, mapAt + geo.height + 8, width, true);
    parts = [top, powers, card, map(mapAt)];
    height = mapAt + geo.height + 8 + cardHeight;
  } else {
    const [top, topHeight] = header(view, ctx, uses, width, false);
    const below = topHeight + geo.height + 8;
    const [card, cardHeight] = incident(view, ctx, 0, below, 330, false);
    parts = [top, powersTable(view, ctx, uses, 344, below, width - 344), card, map(topHeight)];
    height = below + cardHeight;
  }
  // the header and the powers come first: the things a move starts at head the list of moves
  return s("svg", { viewBox: `0 0 ${width} ${height}`, class: `board nationen${geo.size.narrow ? " narrow" : ""}`, role: "img",
    "aria-label": t("Das Spiel der Nationen, round {round}", { round: view.public.round }) }, parts);
}
