// A player's page: ratings per game title with their history (a small chart drawn here),
// and recent finished games with links to their replays (GET /api/players/{name}).

import { getJSON } from "./api.js";
import { h, put, s } from "./dom.js";
import { formatNumber, lang, ratingText, startLanguage, t, tn } from "./i18n.js";
import { playerButtons } from "./social.js";
import { showUnread } from "./unread.js";

const $ = (id) => document.getElementById(id);
const name = decodeURIComponent(location.pathname.slice("/player/".length));

/** The rating after each rated game (the one number the leaderboard shows), as an inline SVG. */
function chart(history) {
  const [w, hgt, pad] = [320, 120, 18];
  const values = history.map((p) => p.mu - 3 * p.sigma);
  const [lo, hi] = [Math.min(...values) - 1, Math.max(...values) + 1];
  const x = (i) => pad + (history.length > 1 ? (i * (w - 2 * pad)) / (history.length - 1) : (w - 2 * pad) / 2);
  const y = (v) => hgt - pad - ((v - lo) * (hgt - 2 * pad)) / Math.max(1e-9, hi - lo);
  const line = values.map((v, i) => `${x(i)},${y(v)}`).join(" ");
  return s("svg", { class: "rating-chart", viewBox: `0 0 ${w} ${hgt}`, width: w, height: hgt, role: "img",
    "aria-label": t("rating after each rated game") },
  s("polyline", { points: line, class: "mu" }),
  history.map((p, i) => s("circle", { cx: x(i), cy: y(values[i]), r: 3, class: "point" },
    s("title", { text: `${new Date(p.at).toLocaleDateString(lang)}: ${ratingText(p)}` }))));
}

function notice(text, kind = "error") {
  $("notice").className = `notice ${kind}`;
  $("notice").textContent = text;
  $("notice").hidden = !text;
}

/** The friendship and the block as they stand, "Send message" and "Report" for a signed-in viewer
 * of another's page. */
async function offerSocial(page) {
  const me = await getJSON("/api/account").catch(() => ({ user: null }));
  if (!me.user || me.user.name === page.name) return;
  try {
    put($("social"), await playerButtons(page.name, me.csrf, notice));
    $("social").hidden = false;
  } catch (err) {
    notice(err.message);
  }
}

async function start() {
  await startLanguage();
  showUnread();
  let page;
  try {
    page = await getJSON(`/api/players/${encodeURIComponent(name)}`);
  } catch (err) {
    notice(err.message);
    return;
  }
  $("name").textContent = page.name;
  document.title = `realpolitik — ${page.name}`;
  put($("ratings"), page.ratings.map((r) => h("div", { class: "rating", "data-game": r.game },
    h("h3", {}, h("a", { href: `/leaderboard?game=${encodeURIComponent(r.game)}`, text: r.title })),
    h("p", { text: tn("rating {rating} after {count} rated game", "rating {rating} after {count} rated games",
      { rating: ratingText(r), count: formatNumber(r.games) }, "count") }),
    chart(r.history))));
  $("unrated").hidden = page.ratings.length > 0;
  offerSocial(page);
  const r = page.reliability;
  $("reliability").textContent = r.ended
    ? tn("{ended} game ended: {finished} played to the end, {abandoned} abandoned, {lost} lost on time.",
      "{ended} games ended: {finished} played to the end, {abandoned} abandoned, {lost} lost on time.", {
        ended: r.ended, finished: r.finished, abandoned: r.abandoned, lost: r.lost_on_time }, "ended")
    : t("No finished game yet.");
  put($("recent"), page.recent.map((g) => h("li", {},
    h("a", { href: g.replay, text: g.title }), " ",
    h("span", { class: "muted", text: g.place ? t("place {place} of {count}", { place: g.place, count: g.players })
      : t("no place") }), " ",
    h("span", { class: "muted", text: new Date(g.created).toLocaleDateString(lang) }))));
}

start();
