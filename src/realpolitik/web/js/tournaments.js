// Tournaments (GET/POST /api/tournaments): the list, one tournament's standings, rounds and
// players (the address's #number), sign-up and withdrawal, and the form for a new one.

import { getJSON, postJSON } from "./api.js";
import { h, put } from "./dom.js";
import { formatNumber, startLanguage, t } from "./i18n.js";
import { showUnread } from "./unread.js";

const $ = (id) => document.getElementById(id);
let me = null;
let catalog = [];

const STATUS = () => ({ signup: t("taking sign-ups"), running: t("running"), finished: t("finished"),
  cancelled: t("called off: too few players") });
const KIND = () => ({ "round-robin": t("round robin"), swiss: t("Swiss") });
const WITHDRAWN = () => ({ withdrew: t("withdrew"), timeouts: t("withdrawn: lost on time too often"),
  removed: t("withdrawn: account removed"), banned: t("withdrawn: account banned") });

function tell(err) {
  $("notice").textContent = err ? err.message : "";
  $("notice").hidden = !err;
}

function when(iso) {
  return iso ? new Date(iso).toLocaleString(document.documentElement.lang) : "";
}

/** One line of facts: game, kind, players, round, status, sign-up, clock. */
function facts(one) {
  const parts = [one.title, KIND()[one.kind], t("{n} players per game", { n: one.seats }),
    t("{count} signed up", { count: one.players }), STATUS()[one.status]];
  if (one.status === "running") parts.push(t("round {round} of {total}", { round: one.round, total: one.total_rounds ?? one.rounds ?? "?" }));
  if (one.status === "signup" && one.closes) parts.push(t("sign-up closes {when}", { when: when(one.closes) }));
  if (one.status === "signup" && one.capacity) parts.push(t("starts with {count} players", { count: one.capacity }));
  if (one.clock) parts.push(one.clock[document.documentElement.lang] || one.clock.en);
  return parts.filter(Boolean).join(" · ");
}

async function showList() {
  const { tournaments } = await getJSON("/api/tournaments");
  put($("list"), tournaments.length ? tournaments.map((one) => h("li", {},
    h("a", { href: `#${one.id}`, text: one.name }), " — ", facts(one)))
    : [h("li", { class: "muted", text: t("No tournament yet.") })]);
}

function standingRow(s) {
  const name = s.withdrawn ? `${s.name} (${WITHDRAWN()[s.withdrawn]})` : s.name;
  return h("tr", {}, h("td", { text: String(s.place) }), h("th", { scope: "row", text: name }),
    h("td", { text: formatNumber(s.points, 2) }), h("td", { text: formatNumber(s.tiebreak, 2) }),
    h("td", { text: String(s.games) }), h("td", { text: String(s.wins) }), h("td", { text: String(s.rests) }));
}

function roundBlock(entry) {
  const games = entry.games.map((g) => h("li", {}, g.game
    ? h("a", { href: `/game/${g.game}`, text: g.players.join(" – ") }) : g.players.join(" – "),
  " ", g.status === "finished" ? t("(finished)") : ""));
  const rests = entry.rests.map((name) => h("li", { text: t("{name} rests", { name }) }));
  return h("section", {}, h("h3", { text: t("Round {round}", { round: entry.round }) }), h("ul", {}, games, rests));
}

async function showOne(number) {
  if (!number) {
    $("one").hidden = true;
    return;
  }
  const one = await getJSON(`/api/tournaments/${encodeURIComponent(number)}`);
  $("one").hidden = false;
  $("one-name").textContent = one.name;
  $("one-facts").textContent = facts(one);
  put($("standings").querySelector("tbody"), one.standings.map(standingRow));
  put($("entrants"), one.entrants.map((p) => h("li", { text: p.withdrawn ? `${p.name} (${WITHDRAWN()[p.withdrawn]})` : p.name })));
  put($("rounds"), one.schedule.map(roundBlock));
  const mine = me && one.entrants.find((p) => p.name === me.name && !p.withdrawn);
  $("sign-up").hidden = !me || one.status !== "signup" || Boolean(mine);
  $("withdraw").hidden = !mine || !["signup", "running"].includes(one.status);
}

function number() {
  return location.hash.replace("#", "");
}

async function refresh() {
  try {
    await Promise.all([showList(), showOne(number())]);
    tell(null);
  } catch (err) {
    tell(err);
  }
}

async function act(path) {
  try {
    await postJSON(`/api/tournaments/${encodeURIComponent(number())}/${path}`, {});
    await refresh();
  } catch (err) {
    tell(err);
  }
}

function fillSeats() {
  const game = catalog.find((g) => g.id === $("game").value);
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n += 1) counts.push(n);
  put($("seats"), counts.map((n) => h("option", { value: n, text: String(n) })));
}

/** The time control chosen: every tournament has one (the server refuses one without). */
function readClock() {
  const [kind, a, b] = $("clock").value.split("-");
  if (kind === "live") return { kind: "live", minutes: Number(a), increment: Number(b) };
  return { kind: "correspondence", hours: Number(a), bank_hours: Number(b) };
}

async function create(event) {
  event.preventDefault();
  const swiss = $("kind").value === "swiss";
  const body = { name: $("name").value, game: $("game").value, kind: $("kind").value, seats: Number($("seats").value),
    rounds: swiss ? Number($("rounds-count").value) : null, clock: readClock(), timeouts: Number($("timeouts").value),
    closes: $("closes").value ? new Date($("closes").value).toISOString() : null,
    capacity: $("capacity").value ? Number($("capacity").value) : null };
  try {
    const made = await postJSON("/api/tournaments", body);
    location.hash = `#${made.id}`;
  } catch (err) {
    tell(err);
  }
}

async function start() {
  await startLanguage();
  showUnread();
  document.title = t("realpolitik — tournaments");
  const account = await getJSON("/api/account").catch(() => ({ user: null }));
  me = account.user;
  catalog = await getJSON("/api/catalog");
  put($("game"), catalog.map((g) => h("option", { value: g.id, text: g.title })));
  fillSeats();
  $("game").addEventListener("change", fillSeats);
  const rounds = () => { $("rounds-box").hidden = $("kind").value !== "swiss"; };
  $("kind").addEventListener("change", rounds);
  rounds();
  $("create").hidden = !me;
  $("sign-in-first").hidden = Boolean(me);
  $("create").addEventListener("submit", create);
  $("sign-up").addEventListener("click", () => act("signup"));
  $("withdraw").addEventListener("click", () => act("withdraw"));
  window.addEventListener("hashchange", refresh);
  await refresh();
}

start();
