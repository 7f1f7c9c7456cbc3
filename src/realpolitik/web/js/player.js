// A player's page: ratings per game title with their history (a small chart drawn here),
// and recent finished games with links to their replays (GET /api/players/{name}).

import { getJSON } from "./api.js";
import { h, put, s } from "./dom.js";
import { lang, startLanguage, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const name = decodeURIComponent(location.pathname.slice("/player/".length));

/** The rating μ over the games, with its ±σ band, as an inline SVG. */
function chart(history) {
  const [w, hgt, pad] = [320, 120, 18];
  const lows = history.map((p) => p.mu - p.sigma);
  const highs = history.map((p) => p.mu + p.sigma);
  const [lo, hi] = [Math.min(...lows), Math.max(...highs)];
  const x = (i) => pad + (history.length > 1 ? (i * (w - 2 * pad)) / (history.length - 1) : (w - 2 * pad) / 2);
  const y = (v) => hgt - pad - ((v - lo) * (hgt - 2 * pad)) / Math.max(1e-9, hi - lo);
  const band = [...history.map((p, i) => `${x(i)},${y(p.mu + p.sigma)}`),
    ...history.map((p, i) => `${x(i)},${y(p.mu - p.sigma)}`).reverse()].join(" ");
  const line = history.map((p, i) => `${x(i)},${y(p.mu)}`).join(" ");
  return s("svg", { class: "rating-chart", viewBox: `0 0 ${w} ${hgt}`, width: w, height: hgt, role: "img",
    "aria-label": t("rating after each rated game: μ with a band of ±σ") },
  s("polygon", { points: band, class: "band" }),
  s("polyline", { points: line, class: "mu" }),
  history.map((p, i) => s("circle", { cx: x(i), cy: y(p.mu), r: 3, class: "point" },
    s("title", { text: `${new Date(p.at).toLocaleDateString(lang)}: μ ${p.mu.toFixed(1)}, σ ${p.sigma.toFixed(1)}` }))));
}

async function start() {
  await startLanguage();
  let page;
  try {
    page = await getJSON(`/api/players/${encodeURIComponent(name)}`);
  } catch (err) {
    $("notice").textContent = err.message;
    $("notice").hidden = false;
    return;
  }
  $("name").textContent = page.name;
  document.title = `realpolitik — ${page.name}`;
  put($("ratings"), page.ratings.map((r) => h("div", { class: "rating", "data-game": r.game },
    h("h3", {}, h("a", { href: `/leaderboard?game=${encodeURIComponent(r.game)}`, text: r.title })),
    h("p", { text: t("rating {ordinal} (μ {mu}, σ {sigma}) after {count} rated games", {
      ordinal: r.ordinal.toFixed(1), mu: r.mu.toFixed(1), sigma: r.sigma.toFixed(1), count: r.games }) }),
    chart(r.history))));
  $("unrated").hidden = page.ratings.length > 0;
  put($("recent"), page.recent.map((g) => h("li", {},
    h("a", { href: g.replay, text: g.title }), " ",
    h("span", { class: "muted", text: g.place ? t("place {place} of {count}", { place: g.place, count: g.players })
      : t("no place") }), " ",
    h("span", { class: "muted", text: new Date(g.created).toLocaleDateString(lang) }))));
}

start();
