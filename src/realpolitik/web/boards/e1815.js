// 1815 board (also 1815 2vs2 and 1715 2vs2): the map of lands — owner colours, capitals,
// fortresses, generals and troops —, the battle being prepared, the teams and the players. A wide
// screen sees the map on the map file's grid with a table of the players (e1815/desktop.js); a
// phone sees the lands a turn needs as tiles, its own panel, the map small and the others as rows
// (e1815/phone.js). Lands, troops, the own general, supply and success markers and (1715) the
// powers start the legal actions that name them (e1815/acts.js; the page's picking does the rest).
// Reads only the view, plus the printed map and rule files (positions, borders, power names, costs).

import { narrow } from "./e1815/phone.js";
import { wide } from "./e1815/desktop.js";
import { nameSeats } from "./e1815/words.js";

export { legend } from "./e1815/legend.js";

/** The printed maps (positions, borders, powers) and rules (costs, targets), loaded once. */
export async function load(ctx) {
  const names = ["map_1815", "map_1715", "rules"];
  const found = await Promise.allSettled(names.map((name) => ctx.content(name)));
  const maps = {};
  for (const result of found.slice(0, 2)) {
    if (result.status === "fulfilled" && result.value && result.value.key) maps[result.value.key] = result.value;
  }
  return { maps, rules: found[2].status === "fulfilled" ? found[2].value : null };
}

/** The board for ``view``: a phone's layout on a narrow screen. */
export function render(view, ctx) {
  nameSeats(ctx);
  return ctx.narrow ? narrow(view, ctx) : wide(view, ctx);
}
