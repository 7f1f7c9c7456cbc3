// The leaderboard: the rated players of one game title, best first (GET /api/leaderboard/{game}),
// each with one rating — the number the board orders by — written as the page's language writes
// numbers; bots by their level or what they do.

import { getJSON } from "./api.js";
import { botName, h, put } from "./dom.js";
import { ratingText, t } from "./i18n.js";
import { perTitle } from "./titles.js";

const $ = (id) => document.getElementById(id);
let catalog = null;

async function show(game) {
  try {
    catalog = catalog || await getJSON("/api/catalog");
    const levels = (catalog.find((g) => g.id === game) || {}).levels || [];
    const board = await getJSON(`/api/leaderboard/${encodeURIComponent(game)}`);
    put($("rows"), board.players.map((p, i) => h("tr", { "data-kind": p.kind },
      h("td", { text: String(i + 1) }),
      h("td", {}, p.kind === "account" ? h("a", { href: `/player/${encodeURIComponent(p.name)}`, text: p.name })
        : h("span", { text: botName(p.name, levels) })),
      h("td", { class: "rating", text: ratingText(p) }),
      h("td", { text: String(p.games) }))));
    $("empty").hidden = board.players.length > 0;
    $("notice").hidden = true;
  } catch (err) {
    $("notice").textContent = err.message;
    $("notice").hidden = false;
  }
}

/** The first title (in the catalog's order) with rated players, so the page opens on a table. */
async function withRatings(titles) {
  const counts = await Promise.all(titles.map((g) => getJSON(`/api/leaderboard/${encodeURIComponent(g.id)}`)
    .then((board) => board.players.length).catch(() => 0)));
  const found = titles.find((g, i) => counts[i] > 0);
  return found ? found.id : titles[0].id;
}

perTitle(show, () => t("realpolitik — leaderboard"), withRatings);
