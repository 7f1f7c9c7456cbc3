// The lobby: create a game (game, players, who sits where, rule options), hand out the
// invite links, and list open, running and finished games to join, watch or replay.

import { getJSON, postJSON } from "./api.js";
import { h, put, seatName } from "./dom.js";
import { lang, startLanguage, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let catalog = [];

function current() {
  return catalog.find((g) => g.id === $("game").value);
}

function seatChoices(game, i) {
  const kinds = ["human", ...game.bots];
  const preferred = i === 0 ? "human" : game.bots.includes("heuristic") ? "heuristic" : game.bots[0];
  return h("select", { name: `seat-${i}`, "aria-label": t("seat {number}", { number: i + 1 }) },
    kinds.map((k) => h("option", { value: k, selected: k === preferred, text: k === "human" ? t("human") : t("{kind} bot", { kind: k }) })));
}

function renderSeats() {
  const game = current();
  const n = Number($("players").value);
  const teams = game.teams[String(n)];
  put($("seats"), Array.from({ length: n }, (_, i) => h("li", {},
    h("span", { class: "label", text: teams ? t("seat {number} (team {team})", { number: i + 1, team: teams[i] + 1 }) : t("seat {number}", { number: i + 1 }) }), seatChoices(game, i))));
}

function optionInput(option) {
  const id = `option-${option.name}`;
  let input;
  if (option.choices.length) {
    input = h("select", { id, "data-option": option.name },
      option.choices.map((c) => h("option", { value: String(c), selected: c === option.default, text: String(c) })));
  } else if (typeof option.default === "boolean") {
    input = h("input", { id, type: "checkbox", "data-option": option.name, checked: option.default });
  } else if (typeof option.default === "number") {
    input = h("input", { id, type: "number", "data-option": option.name, value: option.default });
  } else {
    input = h("input", { id, "data-option": option.name, value: option.default ?? "", maxlength: 200 });
  }
  return h("label", { class: "option", title: option.help }, h("span", { text: option.name }), input,
    h("small", { class: "muted", text: option.help }));
}

function renderGame() {
  const game = current();
  put($("players"), Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => {
    const n = game.min_players + i;
    return h("option", { value: n, selected: n === game.default_players, text: String(n) });
  }));
  renderSeats();
  put($("options"), game.options.map(optionInput));
  $("options-box").hidden = !game.options.length;
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

function showCreated(answer) {
  const base = location.origin;
  const rows = answer.invites.map((invite) => {
    const url = base + invite.url;
    const field = h("input", { readonly: true, value: url, class: "invite", "data-seat": invite.seat, "aria-label": t("invite link for {seat}", { seat: invite.seat }) });
    return h("li", {},
      h("span", { class: "label", text: invite.seat }), field,
      h("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(url), text: t("Copy") }),
      h("a", { class: "button", href: invite.url, "data-play": invite.seat, text: t("Play {seat}", { seat: invite.seat }) }));
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
  const seats = Array.from(document.querySelectorAll("#seats select"), (s) => s.value);
  try {
    const answer = await postJSON("/api/games", {
      game: current().id, seats, options: readOptions(), lobby_join: $("lobby-join").checked,
    });
    showCreated(answer);
    refresh();
  } catch (err) {
    $("create-error").textContent = err.message;
    $("create-error").hidden = false;
  }
}

async function join(game, seat) {
  const name = (prompt(t("Your name for seat {seat}:", { seat }), localStorage.getItem("realpolitik.name") || "") || "").trim();
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
  const seats = game.players.map((p) => (p.kind === "human" && !p.joined ? t("{seat}: free", { seat: p.seat }) : seatName(p))).join(", ");
  const links = [];
  if (game.status === "open" && game.lobby_join) {
    for (const p of game.players.filter((x) => x.kind === "human" && !x.joined)) {
      links.push(h("button", { type: "button", class: "join", onclick: () => join(game, p.seat), text: t("Join as {seat}", { seat: p.seat }) }));
    }
  }
  if (game.status === "finished") {
    links.push(h("a", { href: `/replay/${game.id}`, text: t("Replay") }),
      h("a", { href: `/api/games/${game.id}/record`, download: `${game.game}-${game.id}.json`, text: t("Record") }));
  } else {
    links.push(h("a", { href: `/game/${game.id}`, text: t("Watch") }));
  }
  const when = new Date(game.created).toLocaleString(lang);
  const detail = game.status === "finished"
    ? (game.outcome ? game.outcome.reason : "")
    : game.status === "running" ? t("move {ply}, {seat} to act", { ply: game.ply, seat: game.to_act }) : (game.lobby_join ? "" : t("invitation only"));
  return h("li", { "data-game": game.id },
    h("div", {}, h("strong", { text: game.title }), " ", h("span", { class: "muted", text: when })),
    h("div", { class: "muted", text: seats }),
    detail ? h("div", { text: detail }) : null,
    h("div", { class: "links" }, links));
}

async function refresh() {
  try {
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
  catalog = await getJSON("/api/catalog");
  put($("game"), catalog.map((g) => h("option", { value: g.id, text: `${g.title} (${g.min_players}–${g.max_players})` })));
  $("game").addEventListener("change", renderGame);
  $("players").addEventListener("change", renderSeats);
  $("create").addEventListener("submit", create);
  renderGame();
  refresh();
  setInterval(refresh, 5000);
}

start();
