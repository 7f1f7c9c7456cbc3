// The leaderboard: the rated players of one game title, best first (GET /api/leaderboard/{game}).

import { getJSON } from "./api.js";
import { h, kindName, put } from "./dom.js";
import { startLanguage, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

async function show(game) {
  const url = new URL(location.href);
  url.searchParams.set("game", game);
  history.replaceState(null, "", url);
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

async function start() {
  await startLanguage();
  const catalog = await getJSON("/api/catalog");
  const wanted = new URLSearchParams(location.search).get("game") || catalog[0].id;
  put($("game"), catalog.map((g) => h("option", { value: g.id, selected: g.id === wanted, text: g.title })));
  $("game").addEventListener("change", () => show($("game").value));
  show($("game").value);
  document.title = t("realpolitik — leaderboard");
}

start();
