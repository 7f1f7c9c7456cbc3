// The lobby: the player's own games first (mygames.js: the account's, or those whose seat tokens
// this browser keeps), create a game (game, players, who sits where, rule options), hand out the
// invite links, and list open, running and finished games to join, watch or replay.

import { account, guestSeats } from "./account.js";
import { getJSON, postJSON } from "./api.js";
import { h, kindName, levelsAt, put, reasonIn, seatName, seatTitle } from "./dom.js";
import { lang, ratingText, startLanguage, t } from "./i18n.js";
import { guestGames, myGameRow } from "./mygames.js";
import { rulesPage, showRules } from "./rules.js";
import { friendNames, inviteFriend } from "./social.js";
import { showUnread } from "./unread.js";

const $ = (id) => document.getElementById(id);
// the game a newcomer finds chosen, as the server says (server/lobby_page.py)
const FIRST_GAME = $("game").dataset.first;
let catalog = [];
let me = { user: null };
// the player's unfinished games: game id → the link to the player's seat
let mine = new Map();

function current() {
  return catalog.find((g) => g.id === $("game").value);
}

/** The seats of the current game for the chosen number of players: [{label, title, team}]. */
function currentSeats() {
  return current().seats[$("players").value] || [];
}

/** "2 players · about 2–3 hours": the player count and the typical length of a game. */
function facts(game) {
  const players = game.min_players === game.max_players
    ? t("{count} players", { count: game.min_players })
    : t("{low}–{high} players", { low: game.min_players, high: game.max_players });
  return game.length ? `${players} · ${game.length}` : players;
}

/** Who may sit at a seat, in words: a person or a bot of some kind. */

function seatChoices(game, i, seat, players) {
  const preferred = i === 0 ? "human" : game.bots.includes("heuristic") ? "heuristic" : game.bots[0];
  const option = (value, text) => h("option", { value, selected: value === preferred, text });
  // bots by strength at this player count, each with the rating its spec got in the game's ladder
  // (the leaderboard's number, μ − 3σ) and, where that ladder had another count, which; then
  // every kind, for experts
  const levels = levelsAt(game, players).map((level) => option(level.name,
    level.measured_at && level.measured_at !== players
      ? t("bot, {level} (rating {rating}, measured with {count} players)",
        { level: level.label, rating: ratingText(level), count: level.measured_at })
      : t("bot, {level} (rating {rating})", { level: level.label, rating: ratingText(level) })));
  return h("select", { name: `seat-${i}`, "aria-label": t("who plays {seat}", { seat: seat.title }) },
    option("human", kindName("human")),
    levels.length ? h("optgroup", { label: t("Bot by strength") }, levels) : null,
    h("optgroup", { label: t("Bot by kind") }, game.bots.map((k) => option(k, kindName(k)))));
}

function renderSeats() {
  const game = current();
  const seats = currentSeats();
  put($("seats"), seats.map((seat, i) => h("li", { "data-seat": seat.label },
    h("span", { class: "label" }, h("span", { class: "seat-title", text: seat.title }),
      seat.team ? h("span", { class: "team muted", text: seat.team }) : null),
    seatChoices(game, i, seat, seats.length))));
}

/** One rule option in players' words: a menu for a choice, a checkbox for yes or no, a
 * bounded number field for a number. File options never come here (the server refuses them). */
function optionInput(option) {
  const id = `option-${option.name}`;
  const help = h("small", { class: "muted", id: `${id}-help`, text: option.help });
  const common = { id, "data-option": option.name, "aria-describedby": `${id}-help` };
  if (typeof option.default === "boolean") {
    return h("div", { class: "option check" },
      h("label", {}, h("input", { ...common, type: "checkbox", checked: option.default }), h("span", { text: option.label })),
      help);
  }
  let input;
  if (option.choices.length) {
    input = h("select", common, option.choices.map((c, i) => h("option", {
      value: String(c), selected: c === option.default, text: option.choice_labels[i] ?? String(c),
    })));
  } else if (typeof option.default === "number") {
    input = h("input", { ...common, type: "number", required: true, value: option.default, min: option.minimum,
      max: option.maximum, step: Number.isInteger(option.default) ? 1 : "any" });
  } else {
    input = h("input", { ...common, value: option.default ?? "" });  // the game bounds its length and says so
  }
  return h("div", { class: "option" }, h("label", { for: id, text: option.label }), input, help);
}

function renderGame() {
  const game = current();
  $("rules-page").href = rulesPage(game.id);
  put($("game-about"), h("span", { class: "summary", text: game.summary }), " ",
    h("span", { class: "facts muted", text: facts(game) }));
  // a first game with a guide, where the game has one (/learn/{game} creates it)
  $("learn-link").hidden = !game.lesson;
  $("learn-link").href = `/learn/${encodeURIComponent(game.id)}`;
  put($("players"), Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => {
    const n = game.min_players + i;
    return h("option", { value: n, selected: n === game.default_players, text: t("{count} players", { count: n }) });
  }));
  $("players").disabled = game.min_players === game.max_players;
  renderSeats();
  put($("options"), game.options.map(optionInput));
  $("options-box").hidden = !game.options.length;
  const standIn = game.bots.includes("heuristic") ? "heuristic" : game.bots[0];
  put($("stand-in"), game.bots.map((k) => h("option", { value: k, selected: k === standIn, text: kindName(k) })));
}

/** The time control chosen from the presets (``live-MIN-SEC``, ``mail-HOURS-BANKHOURS``); null: no clock. */
function readClock() {
  const [kind, a, b] = $("clock").value.split("-");
  if (kind === "live") return { kind: "live", minutes: Number(a), increment: Number(b) };
  if (kind === "mail") return { kind: "correspondence", hours: Number(a), bank_hours: Number(b), weekend: $("weekend").checked };
  return null;
}

/** What the creator asks of players who join from the lobby (empty fields: nothing); null: nothing. */
function readTerms() {
  const terms = {};
  if ($("most-lost").value !== "") terms.most_lost_on_time = Number($("most-lost").value);
  if ($("least-finished").value !== "") terms.least_finished = Number($("least-finished").value);
  return Object.keys(terms).length ? terms : null;
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const option = current().options.find((o) => o.name === input.dataset.option);
    let value;
    if (input.type === "checkbox") value = input.checked;
    else if (typeof option.default === "number") value = Number(input.value);
    else value = input.value;
    if (value !== option.default) options[option.name] = value;
  }
  return options;
}

/** Put ``text`` on the clipboard: the Clipboard API, else (a page not served over HTTPS) a copied selection. */
async function copied(text) {
  if (navigator.clipboard && window.isSecureContext) {
    return navigator.clipboard.writeText(text).then(() => true, () => false);
  }
  const area = h("textarea", { readonly: true, class: "offscreen" });
  area.value = text;
  document.body.append(area);
  area.select();
  const done = document.execCommand("copy");
  area.remove();
  return done;
}

function showCreated(answer, seats) {
  const base = location.origin;
  const title = (label) => (seats.find((seat) => seat.label === label) || { title: label }).title;
  const rows = answer.invites.map((invite) => {
    const url = base + invite.url;
    const seat = title(invite.seat);
    // the link itself is not shown: its address names the seat by its label (#seat=p2), not by words
    const field = h("input", { type: "hidden", value: url, class: "invite", "data-seat": invite.seat });
    const copy = h("button", { type: "button", class: "copy", "data-copy": invite.seat, text: t("Copy the link"),
      title: t("Copy the invite link for {seat}", { seat }),
      onclick: async () => { if (await copied(url)) copy.textContent = t("Copied"); } });
    return h("li", {},
      h("span", { class: "label", text: seat }), field, copy,
      h("a", { class: "button", href: invite.url, "data-play": invite.seat, text: t("Play {seat}", { seat }) }));
  });
  put($("created"),
    h("h3", { text: t("Game created") }),
    answer.invites.length
      ? h("p", { text: t("Each link below is one seat's key: send it to that player only. Whoever holds a link can play that seat.") })
      : h("p", { text: t("Only bots play in this game.") }),
    h("ul", { class: "invites" }, rows),
    h("p", {}, h("a", { href: answer.watch, "data-watch": answer.id, text: t("Watch the game") })));
  $("created").hidden = false;
}

async function create(event) {
  event.preventDefault();
  $("create-error").hidden = true;
  const seats = currentSeats();
  const kinds = Array.from(document.querySelectorAll("#seats select"), (s) => s.value);
  try {
    const answer = await postJSON("/api/games", {
      game: current().id, seats: kinds, options: readOptions(), lobby_join: $("lobby-join").checked,
      clock: readClock(), stand_in: $("stand-in").value, rated: $("rated").checked, hints: $("hints").checked,
      terms: readTerms(),
    });
    showCreated(answer, seats);
    await invite(answer, seats);
    refresh();
  } catch (err) {
    $("create-error").textContent = err.message;
    $("create-error").hidden = false;
  }
}

/** Send the friend chosen in the form the link of the second person's seat (the first's, if
 * only one person plays): the creator takes the first. */
async function invite(answer, seats) {
  const friend = $("invite-friend").value;
  const seat = answer.invites[Math.min(1, answer.invites.length - 1)];
  if (!friend || !seat) return;
  const title = (seats.find((s) => s.label === seat.seat) || { title: seat.seat }).title;
  const me = await getJSON("/api/account").catch(() => ({ user: null }));
  try {
    await inviteFriend(friend, answer.id, seat, me.csrf);
    $("created").append(h("p", { class: "notice info", "data-invited": friend, text: t("{name} is invited to {seat}: the link is in their messages.", { name: friend, seat: title }) }));
  } catch (err) {
    $("create-error").textContent = err.message;
    $("create-error").hidden = false;
  }
}

/** Offer the account's friends in the form (nothing for a guest or an account without friends). */
async function offerFriends() {
  const names = await friendNames();
  put($("invite-friend"), h("option", { value: "", text: t("nobody") }), names.map((name) => h("option", { value: name, text: name })));
  $("invite-box").hidden = !names.length;
}

async function join(game, seat, title) {
  const name = (prompt(t("Your name for seat {seat}:", { seat: title }), localStorage.getItem("realpolitik.name") || "") || "").trim();
  localStorage.setItem("realpolitik.name", name);
  try {
    const answer = await postJSON(`/api/games/${game.id}/claim`, { seat, name });
    location.href = answer.url;
  } catch (err) {
    alert(err.message);
    refresh();
  }
}

function gameRow(game) {
  const levels = levelsAt(catalog.find((g) => g.id === game.game), game.players.length);
  const seats = game.players.map((p) => (p.kind === "human" && !p.joined ? t("{seat}: free", { seat: seatTitle(p) })
    : seatName(p, levels))).join(", ");
  const links = [];
  if (game.status === "open" && game.lobby_join) {
    for (const p of game.players.filter((x) => x.kind === "human" && !x.joined)) {
      links.push(h("button", { type: "button", class: "join", onclick: () => join(game, p.seat, seatTitle(p)), text: t("Join as {seat}", { seat: seatTitle(p) }) }));
    }
  }
  if (game.status === "finished") {
    links.push(h("a", { href: `/replay/${game.id}`, text: t("Replay") }),
      h("a", { href: `/api/games/${game.id}/record`, download: `${game.game}-${game.id}.json`, text: t("Record") }));
  } else if (mine.has(game.id)) {
    links.push(h("a", { href: mine.get(game.id), text: t("Play on") }));
  } else {
    links.push(h("a", { href: `/game/${game.id}`, text: t("Watch") }));
  }
  const when = new Date(game.created).toLocaleString(lang);
  const detail = game.status === "finished"
    ? (game.outcome ? reasonIn(game.outcome) : "")
    : game.status === "running" ? t("move {ply}, {seat} to act", { ply: game.ply, seat: seatTitle(game.players.find((p) => p.seat === game.to_act)) || game.to_act }) : (game.lobby_join ? "" : t("invitation only"));
  return h("li", { "data-game": game.id },
    h("div", {}, h("strong", { text: game.title }), " ", h("span", { class: "muted", text: when })),
    h("div", { class: "muted", text: seats }),
    detail ? h("div", { text: detail }) : null,
    game.rating ? h("div", { class: "muted rating-note", text: game.rating[lang] || game.rating.en })
      : game.rated ? h("div", { class: "muted rating-note", text: t("rated") }) : null,
    game.hints && !game.lesson ? h("div", { class: "muted", text: t("hints allowed") }) : null,
    h("div", { class: "links" }, links));
}

/** The player's unfinished games, first on the page: the account's, or a guest's kept seats'. */
async function showMine() {
  const games = me.user ? (await getJSON("/api/account/games")).games.filter((g) => g.status !== "finished")
    : await guestGames(guestSeats());
  mine = new Map(games.map((g) => [g.id, g.url]));
  put($("mine"), games.map((g) => myGameRow(g, catalog)));
  $("mine-box").hidden = !games.length;
}

async function refresh() {
  try {
    await showMine().catch((err) => console.error(err));
    const lists = await getJSON("/api/games");
    for (const status of ["open", "running", "finished"]) {
      const rows = lists[status].map(gameRow);
      put($(status), rows.length ? rows : [h("li", { class: "muted", text: t("none") })]);
    }
  } catch (err) {
    console.error(err);
  }
}

async function start() {
  await startLanguage();
  showUnread();
  me = await account();
  const games = await getJSON("/api/catalog");
  catalog = [...games.filter((g) => g.id === FIRST_GAME), ...games.filter((g) => g.id !== FIRST_GAME)];
  put($("game"), catalog.map((g, i) => h("option", { value: g.id, selected: i === 0, text: `${g.title} · ${facts(g)}` })));
  $("game").addEventListener("change", renderGame);
  $("rules-button").addEventListener("click", () => showRules(current().id));
  $("players").addEventListener("change", renderSeats);
  $("create").addEventListener("submit", create);
  // a rated game offers no hints: choosing one clears the other
  $("rated").addEventListener("change", () => { if ($("rated").checked) $("hints").checked = false; });
  $("hints").addEventListener("change", () => { if ($("hints").checked) $("rated").checked = false; });
  renderGame();
  offerFriends();
  refresh();
  setInterval(refresh, 5000);
}

start();
