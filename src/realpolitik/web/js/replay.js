// The replay page: step through a finished game — forward, back, jump to any move — as
// any seat saw it or as a spectator. The server computes every view; the board and the
// panel are the same as in play, without action buttons.

import { getJSON } from "./api.js";
import { contentLoader, loadBoard } from "./boards.js";
import { h, knowLevels, levelsAt, put, seatName, seatTitle } from "./dom.js";
import { startLanguage, t } from "./i18n.js";
import { boardLegend } from "./legend.js";
import { LogView, chatLine, renderOutcome, renderPlayers, renderStatus } from "./panel.js";
import { ReviewPanel } from "./review.js";
import { showUnread } from "./unread.js";
import { BoardZoom } from "./zoom.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").pop());
const query = new URLSearchParams(location.search);
const state = { ply: Number(query.get("ply") || 0), total: 0, seat: query.get("seat") || "", board: null, data: null, players: [], request: 0, typing: false };
const log = new LogView($("log"));
const zoom = new BoardZoom($("board"), { in: $("zoom-in"), out: $("zoom-out"), fit: $("zoom-fit") });
const review = new ReviewPanel($("review"), gameId, (ply) => go(ply));

function context(view) {
  return { seat: view.seat, players: state.players, act: () => {}, legal: new Set(), choices: [], content: contentLoader(view.game), data: state.data,
    narrow: matchMedia("(max-width: 800px)").matches };
}

function draw(step) {
  const view = step.view;
  state.players = step.players;
  state.total = step.total;
  $("total").textContent = String(step.total);
  $("slider").max = String(step.total);
  $("slider").value = String(step.ply);
  $("ply").max = String(step.total);
  if (!state.typing) $("ply").value = String(step.ply); // a step arriving does not overwrite a number being typed
  const actor = step.players.find((p) => p.seat === step.actor);
  put($("step"), step.ply === 0
    ? h("span", { text: t("The start of the game.") })
    : h("span", {}, h("strong", { text: t("Move {ply}:", { ply: step.ply }) + " " }), `${seatName(actor) || step.actor}`,
      step.action ? ` — ${step.label || step.action}` : " " + t("acted")));
  renderStatus($("status"), { ...view, pending: null }, step.players);
  put($("pending"), view.pending ? h("p", { class: "muted", text: t("choices then: {choices}", { choices: view.pending.choices.map((c) => c.label).join(" · ") }) }) : null);
  const asked = (step.hints || []).map((seat) => seatName(step.players.find((p) => p.seat === seat)) || seat);
  $("hints-asked").hidden = !asked.length;
  $("hints-asked").textContent = asked.length ? t("Hint asked here by {seats}", { seats: asked.join(", ") }) : "";
  const left = (step.left || []).map((n) => {
    const who = seatName(step.players.find((p) => p.seat === n.seat)) || n.seat;
    return n.kind === "resigned" ? t("{seat} resigned here; a bot played the seat to the end.", { seat: who })
      : t("{seat}'s time ran out here, and a bot took the seat.", { seat: who });
  });
  $("seats-left").hidden = !left.length;
  $("seats-left").textContent = left.join(" ");
  renderOutcome($("outcome"), view.outcome, step.players);
  renderPlayers($("players"), step.players.map((p) => ({ ...p, online: true })), view);
  log.show(view.log, step.fresh.length);
  if (state.board) {
    put($("board"), state.board.render(view, context(view)));
    put($("legend-box"), boardLegend(state.board, view, context(view)));
    zoom.apply();
  }
  $("first").disabled = $("back").disabled = step.ply === 0;
  $("last").disabled = $("forward").disabled = step.ply === step.total;
  review.mark(step.ply);
  const url = new URL(location.href);
  url.searchParams.set("ply", String(step.ply));
  if (state.seat) url.searchParams.set("seat", state.seat); else url.searchParams.delete("seat");
  history.replaceState(null, "", url);
}

async function go(ply) {
  const target = Math.max(0, Math.min(ply, state.total || ply));
  const request = ++state.request;
  state.ply = target; // the requested position counts at once, so a quick next step builds on it
  try {
    const step = await getJSON(`/api/games/${gameId}/replay?seat=${encodeURIComponent(state.seat)}&ply=${target}`);
    if (request !== state.request) return;
    state.ply = step.ply;
    $("notice").hidden = true;
    draw(step);
  } catch (err) {
    $("notice").textContent = err.message;
    $("notice").hidden = false;
  }
}

async function start() {
  await startLanguage();
  showUnread();
  $("record-link").href = `/api/games/${gameId}/record`;
  let info;
  let catalog;
  try {
    [info, catalog] = await Promise.all([getJSON(`/api/games/${encodeURIComponent(gameId)}`), getJSON("/api/catalog")]);
  } catch (err) {
    $("notice").textContent = err.message;
    $("notice").hidden = false;
    return;
  }
  getJSON(`/api/games/${encodeURIComponent(gameId)}/chat`).then((chat) => {
    put($("chat-lines"), chat.lines.map((line) => chatLine(line, info.players)));
    $("chat").hidden = !chat.lines.length;
  }).catch((err) => console.error(err));
  if (info.status === "finished") {  // the review, and the notes their writers show: only once the game is over
    review.start(info.players);
    getJSON(`/api/games/${encodeURIComponent(gameId)}/notes`).then((shown) => {
      put($("notes-list"), shown.notes.map((n) => h("li", { "data-seat": n.seat },
        h("strong", { text: seatTitle(info.players.find((p) => p.seat === n.seat)) || n.seat }), h("pre", { text: n.text }))));
      $("notes").hidden = !shown.notes.length;
    }).catch((err) => console.error(err));
  }
  const entry = catalog.find((g) => g.id === info.game);
  knowLevels(levelsAt(entry, info.players.length));
  $("title").textContent = t("Replay — {game}", { game: info.title });
  document.title = t("Replay — {game}", { game: info.title });
  put($("pov"), h("option", { value: "", text: t("spectator") }),
    info.players.map((p) => h("option", { value: p.seat, selected: p.seat === state.seat, text: seatName(p) })));
  const loaded = await loadBoard(entry, { content: contentLoader(info.game) });
  state.board = loaded.board;
  state.data = loaded.data;
  $("pov").addEventListener("change", () => {
    state.seat = $("pov").value;
    go(state.ply);
  });
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(state.ply - 1));
  $("forward").addEventListener("click", () => go(state.ply + 1));
  $("last").addEventListener("click", () => go(state.total));
  $("slider").addEventListener("input", () => go(Number($("slider").value)));
  $("ply").addEventListener("input", () => { state.typing = true; });
  $("ply").addEventListener("blur", () => { state.typing = false; }); // left without a change: steps show again
  $("ply").addEventListener("change", () => {
    state.typing = false;
    go(Number($("ply").value));
  });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === "number") return;
    if (event.key === "ArrowRight") go(state.ply + 1);
    else if (event.key === "ArrowLeft") go(state.ply - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(state.total);
  });
  go(state.ply);
}

start();
