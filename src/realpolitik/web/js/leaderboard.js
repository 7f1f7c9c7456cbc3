// The leaderboard: the rated players of one game title, best first (GET /api/leaderboard/{game}).

import { getJSON } from "./api.js";
import { h, kindName, put } from "./dom.js";
import { t } from "./i18n.js";
import { perTitle } from "./titles.js";

const $ = (id) => document.getElementById(id);

async function show(game) {
  try {
    const board = await getJSON(`/api/leaderboard/${encodeURIComponent(game)}`);
    put($("rows"), board.players.map((p, i) => h("tr", { "data-kind": p.kind },
      h("td", { text: String(i + 1) }),
      h("td", {}, p.kind === "account" ? h("a", { href: `/player/${encodeURIComponent(p.name)}`, text: p.name })
        : h("span", { text: kindName(p.name) })),
      h("td", { text: p.ordinal.toFixed(1) }), h("td", { text: p.mu.toFixed(1) }), h("td", { text: p.sigma.toFixed(1) }),
      h("td", { text: String(p.games) }))));
    $("empty").hidden = board.players.length > 0;
    $("notice").hidden = true;
  } catch (err) {
    $("notice").textContent = err.message;
    $("notice").hidden = false;
  }
}

perTitle(show, () => t("realpolitik — leaderboard"));
