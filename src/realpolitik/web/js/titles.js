// A page about one game title at a time (leaderboard, statistics): the menu of titles, with the
// chosen one kept in the address (?game=…) so that a link or a reload shows it again.

import { getJSON } from "./api.js";
import { h, put } from "./dom.js";
import { startLanguage } from "./i18n.js";
import { showUnread } from "./unread.js";

/** Fill the menu #game with the titles, show the one the address names (else `first(catalog)`'s, a
 *  title with something to show, else the first) with `show(game)`, and show the next one whenever
 *  the menu changes; `pageTitle()` names the tab. */
export async function perTitle(show, pageTitle, first = null) {
  await startLanguage();
  showUnread();
  const catalog = await getJSON("/api/catalog");
  const menu = document.getElementById("game");
  const wanted = new URLSearchParams(location.search).get("game") || (first ? await first(catalog) : catalog[0].id);
  put(menu, catalog.map((g) => h("option", { value: g.id, selected: g.id === wanted, text: g.title })));
  const pick = (game) => {
    const url = new URL(location.href);
    url.searchParams.set("game", game);
    history.replaceState(null, "", url);
    show(game);
  };
  menu.addEventListener("change", () => pick(menu.value));
  pick(menu.value);
  document.title = pageTitle();
}
