// The game page: play a seat (invite link with its token in the URL fragment) or watch.
//
// The token stays in the fragment, which browsers never send to a server, and travels
// only inside the WebSocket's first message. A signed-in player needs no token: the
// WebSocket carries the session cookie and the hello names the seat bound to the account
// (#seat=p2, else the account's seat in this game). A guest's tokens are kept, by seat, for
// the lobby's "Your games" (#seat=p2 opens the kept one) and for binding the seats once the
// guest signs up or logs in (account.js). Every view comes from the
// server; this page knows no rules. In a first game with a guide (a lesson) the view
// carries the guide: its words in the dock, its move's button marked and the only move the
// board offers; the outro once the script is over. Where the game allows hints (chosen at
// creation, and in every lesson) the dock offers "What would the bot do?" on the player's
// turn: the bot's suggestion in words, its button marked, and every seat's chances; the
// answer comes to this page only.

import { account, bindGuestSeats, guestToken, rememberGuestSeat } from "./account.js";
import { getJSON } from "./api.js";
import { contentLoader, loadBoard } from "./boards.js";
import { botName, h, knowLevels, levelsAt, put, seatTitle } from "./dom.js";
import { formatNumber, lang, startLanguage, t } from "./i18n.js";
import { boardLegend } from "./legend.js";
import { showNotepad } from "./notepad.js";
import { LogView, chatLine, clockText, renderOutcome, renderPending, renderPlayers, renderStatus } from "./panel.js";
import { Picker, actionsOf } from "./picking.js";
import { showRules } from "./rules.js";
import { showUnread } from "./unread.js";
import { BoardZoom } from "./zoom.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").pop());
const fragment = new URLSearchParams(location.hash.slice(1));
// the seat's key: the invite link's, else the one this browser kept when it took a seat of this game as a guest
let token = fragment.get("token");
let kept = false;
const FATAL = new Set([4400, 4403, 4404]);

const page = {
  socket: null, view: null, seq: 0, players: [], you: null, title: "realpolitik",
  board: null, data: null, entry: null, busy: false, status: "", retry: 0, user: null, seat: null, undo: false, undoWhy: "", clock: null, clockAt: 0, rematch: null, wasMine: false,
  guide: null, outroShown: false, hints: false, hint: null, hinting: false,
  // the actions of the thing picked on the board (null: none picked), and whether the player
  // opened or folded the list of all moves (null: as the screen suggests)
  only: null, listOpen: null,
};
const log = new LogView($("log"));
const zoom = new BoardZoom($("board"), { in: $("zoom-in"), out: $("zoom-out"), fit: $("zoom-fit") });
const PHONE = matchMedia("(max-width: 800px)");

/** The page's main part is drawn: show it (style.css keeps it hidden until then, so nothing the
 * script fills in moves under the reader's eyes). */
function drawn() {
  document.body.classList.add("drawn");
}

function notice(text, kind = "error") {
  if (text) drawn();
  const node = $("notice");
  node.hidden = !text;
  node.className = `notice ${kind}`;
  node.textContent = text || "";
}

function connection(text, ok) {
  $("connection").textContent = text;
  $("connection").classList.toggle("ok", Boolean(ok));
}

/** A grave action (the game says why: it eliminates you, gives something away, starts a war,
 * ends the game) is sent only once the player confirms it. */
function confirmed(text) {
  const typed = text.toLowerCase().split(/\s+/).filter(Boolean).join(" ");
  const choice = page.view && page.view.pending ? page.view.pending.choices.find((c) => c.action === typed) : null;
  return !choice || !choice.grave || window.confirm(t("{warning}\n\nPlay it anyway?", { warning: choice.grave }));
}

function act(text) {
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN || page.busy) return;
  if (!confirmed(text)) return;
  page.busy = true;
  notice("");
  page.socket.send(JSON.stringify({ type: "act", seq: page.seq, action: text }));
  for (const button of document.querySelectorAll("#pending button")) button.disabled = true;
}

// a tap on the board plays, picks or narrows (picking.js); the dock lists what the pick leaves
const picker = new Picker($("board"), {
  play: act,
  show: (actions) => {
    page.only = actions;
    renderDecision();
  },
});

/** The legal choices the board offers: while a lesson's guide asks for a move, that one only. */
function offered() {
  const choices = page.view && page.view.pending ? page.view.pending.choices : [];
  const guided = page.guide && page.guide.action;
  return guided ? choices.filter((c) => c.action === guided) : choices;
}

function boardContext() {
  const choices = offered();
  return {
    seat: page.you, players: page.players, act, content: contentLoader(page.view ? page.view.game : ""), data: page.data,
    legal: new Set(choices.map((c) => c.action)), choices, narrow: PHONE.matches,
  };
}

/** The guide of a lesson in the dock: its title, which step of how many, the intro until the
 * learner's first move, and the step's words; hidden once the script is over. */
function renderGuide() {
  const guide = page.guide;
  $("guide").hidden = !guide;
  document.body.classList.toggle("guided", Boolean(guide));
  if (!guide) return;
  $("guide-title").textContent = guide.title;
  $("guide-step").textContent = t("Step {step} of {steps}", { step: guide.step, steps: guide.steps });
  $("guide-intro").hidden = !guide.intro;
  $("guide-intro").textContent = guide.intro || "";
  $("guide-text").textContent = guide.text;
}

/** The lesson's last words, once, when its script is over: the game goes on as any game. */
function showOutro(text) {
  if (page.outroShown) return;
  page.outroShown = true;
  $("outro-text").textContent = text;
  $("outro").hidden = false;
}

/** A choice's button words: the board's own, else the game's (choice.label). */
function label(choice) {
  if (page.board && page.board.label) {
    try {
      return page.board.label(choice.action, page.view, boardContext()) || choice.label;
    } catch (err) {
      console.error(err);
    }
  }
  return choice.label;
}

/** A browser notification when the turn comes to this seat while the tab is hidden (asked for with the toggle). */
function notifyTurn(view, mine) {
  const came = mine && !page.wasMine;
  page.wasMine = mine;
  if (!came || !document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  if (localStorage.getItem("realpolitik.notify") !== "1") return;
  const told = new Notification(t("Your turn in {game}", { game: page.title }), { body: view.pending.prompt, tag: gameId });
  told.onclick = () => window.focus();
}

function signalTurn(view) {
  // a game that waits for players (a rematch, say) shows the first decision, but nobody acts yet
  const mine = Boolean(view.pending) && page.status !== "open";
  notifyTurn(view, mine);
  document.body.classList.toggle("your-turn", mine);
  $("turn-banner").hidden = !mine;
  $("turn-banner").textContent = mine ? t("Your turn — {prompt}", { prompt: view.pending.prompt }) : "";
  document.title = mine ? "▶ " + t("Your turn") + " · " + page.title : view.outcome ? t("Game over") + " · " + page.title : page.title;
}

/** In a game that waits for players, a seated player may give each free seat to a bot (a
 * level, else a kind of the game), so the game starts without the one who stays away. */
function renderFill() {
  const free = page.you && page.status === "open" ? page.players.filter((p) => p.kind === "human" && !p.joined) : [];
  $("fill").hidden = !free.length;
  if (!free.length) return put($("fill"));
  const levels = levelsAt(page.entry, page.players.length);
  const kinds = levels.length ? levels.map((l) => l.name) : (page.entry ? page.entry.bots : []);
  return put($("fill"), free.map((p) => {
    const title = seatTitle(p);
    const choice = h("select", { "aria-label": t("bot for {seat}", { seat: title }), "data-fill-bot": p.seat },
      kinds.map((k) => h("option", { value: k, text: botName(k) })));
    return h("p", { class: "fill-seat" }, choice, h("button", {
      type: "button", "data-fill": p.seat, text: t("Let a bot play {seat}", { seat: title }),
      onclick: () => send({ type: "fill", seat: p.seat, bot: choice.value }),
    }));
  }));
}

/** The hint button on the player's turn where the game allows hints, and the last hint: the
 * suggested action in words and each seat's chances. */
function renderHint() {
  const mine = (page.players || []).find((p) => p.seat === page.you);
  const offered = page.hints && Boolean(page.view && page.view.pending) && page.status === "running" && !(mine && mine.away);
  $("hint").hidden = !offered;
  $("hint").disabled = page.hinting;
  $("hint").textContent = page.hinting ? t("The bot is thinking…") : t("What would the bot do?");
  const hint = offered ? page.hint : null;
  $("hint-box").hidden = !hint;
  if (!hint) return put($("hint-box"));
  const choice = page.view.pending.choices.find((c) => c.action === hint.best);
  const chances = Object.entries(hint.chances).map(([seat, p]) => `${titleOf(seat)} ${formatNumber(100 * p, 0)} %`);
  const at = picker.mark(hint.best, "suggested");
  return put($("hint-box"), h("p", {}, h("strong", { text: t("The bot would play:") + " " }), choice ? label(choice) : hint.label),
    at ? h("p", { class: "hint-where", text: t("It is marked on the board: {thing}.", { thing: at.getAttribute("data-name") || "" }) }) : null,
    h("p", { class: "muted", text: t("Chances then: {chances}", { chances: chances.join(", ") }) }));
}

/** A choice's group in the list of moves: the words of the first board thing that names it. */
function boardGroups() {
  const heads = new Map();
  for (const node of picker.things()) {
    for (const action of actionsOf(node)) if (!heads.has(action)) heads.set(action, node.getAttribute("data-name"));
  }
  return (choice) => heads.get(choice.action) || null;
}

/** The decision in the dock: the actions of the thing picked on the board, or all of them. A phone
 * folds a long list where the board offers its moves — not while a lesson's guide asks for one,
 * whose button stays in view. */
function renderDecision() {
  const view = page.view;
  const many = view && view.pending && view.pending.choices.length > 6 && !(page.guide && page.guide.action);
  renderPending($("pending"), view, { act, label, enabled: !page.busy && page.status !== "open",
    guided: page.guide && page.guide.action, suggested: page.hint && page.hint.best,
    only: page.only, onAll: () => picker.letGo(), group: boardGroups(),
    folded: page.listOpen === null ? Boolean(many && PHONE.matches && picker.things().length) : !page.listOpen,
    onFold: (open) => { page.listOpen = open; } });
}

/** After a time-out, the button that takes the seat back from the bot: usable once the bot has
 * moved for the seat (until then it says so), gone once the seat has lost on time for good. */
function renderComeBack(mine) {
  const back = mine && page.status === "running" ? mine.back : null;
  $("come-back").hidden = !(back === "now" || back === "after-move");
  $("come-back").disabled = back !== "now";
  const why = {
    "after-move": () => t("Your time ran out: you can take the seat back once the bot has made a move for it."),
    never: () => t("Your time ran out {count} times in this game: you have lost on time, and the bot plays your seat to the end.", { count: mine.timeouts }),
  }[back];
  $("come-back-why").hidden = !why;
  $("come-back-why").textContent = why ? why() : "";
}

function render() {
  const view = page.view;
  if (!view) return;
  renderStatus($("status"), view, page.players);
  renderPlayers($("players"), page.players, view, page.clock);
  renderGuide();
  if (page.board) {
    try {
      put($("board"), page.board.render(view, boardContext()));
      put($("legend-box"), boardLegend(page.board, view, boardContext()));
    } catch (err) {
      console.error(err);
      put($("board"), h("p", { class: "error", text: t("The board could not be drawn: {error}", { error: err.message }) }));
    }
    zoom.apply();
    picker.redrawn();
    picker.mark(page.guide && page.guide.action, "guided");
  }
  renderDecision();
  renderHint();
  renderFill();
  renderOutcome($("outcome"), view.outcome, page.players);
  if (view.outcome && page.rating) $("outcome").append(h("p", { class: "muted rating-note", text: page.rating }));
  $("after").hidden = !view.outcome;
  $("rematch").hidden = !(view.outcome && page.you);
  $("rematch").textContent = page.rematch ? t("Accept the rematch") : t("Propose a rematch (seats move on by one)");
  $("take-back").hidden = !page.undo;
  $("take-back").disabled = page.busy;
  // why the player's last action stays (a bot's answer drew on chance, a rated game, …)
  $("take-back-why").hidden = page.undo || !page.undoWhy;
  $("take-back-why").textContent = page.undo ? "" : page.undoWhy;
  const mine = (page.players || []).find((p) => p.seat === page.you);
  renderComeBack(mine);
  $("resign").hidden = !(mine && mine.away !== "resigned" && page.status === "running");
  $("clock-words").hidden = !page.clock;
  $("notify-box").hidden = !(page.you && "Notification" in window && view && !view.outcome);
  $("notify-me").checked = "Notification" in window && Notification.permission === "granted"
    && localStorage.getItem("realpolitik.notify") === "1";
  $("clock-words").textContent = page.clock ? t("Time control: {words}", { words: page.clock.words[lang] || page.clock.words.en }) : "";
  signalTurn(view);
  drawn();
}

function addChat(lines) {
  for (const line of lines) $("chat-lines").append(chatLine(line, page.players));
  $("chat-lines").scrollTop = $("chat-lines").scrollHeight;
}

/** A seat label's title ("West", "Spieler 2") from the players known so far. */
function titleOf(label) {
  return seatTitle((page.players || []).find((p) => p.seat === label)) || label;
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      page.you = message.you;
      page.hints = Boolean(message.hints && message.you);
      if (token && message.you && !page.user) rememberGuestSeat(gameId, token, message.you);
      page.title = message.title;
      $("title").textContent = message.title;
      $("you").textContent = message.you ? t("you play {seat}", { seat: titleOf(message.you) }) : t("watching");
      $("chat").hidden = false;
      $("chat-heading").textContent = message.you ? t("Chat") : t("Spectators' chat");
      $("chat-channel").hidden = !message.chat;
      $("chat-channel").value = message.chat ? "team" : "table";
      $("chat-team").textContent = message.team ? `(${t("partners")}: ${message.team.map(titleOf).join(", ")})` : "";
      $("chat-text").placeholder = message.you ? t("to the table; spectators read along") : t("to the other spectators only");
      put($("chat-lines"));
      if (message.you) showNotepad(gameId, message.you, token);
      break;
    case "view":
      page.busy = false;
      page.view = message.view;
      if (message.seq !== page.seq) {  // the game moved on: no hint, no pick, the list as the screen suggests
        page.hint = null;
        page.only = null;
        page.listOpen = null;
        picker.clear();
      }
      page.seq = message.seq;
      page.players = message.players;
      page.status = message.status;
      page.undo = Boolean(message.undo);
      page.undoWhy = message.undo_why || "";
      page.clock = message.clock || null;
      page.rematch = message.rematch || null;
      page.rating = message.rating || "";
      page.clockAt = performance.now();
      page.guide = message.guide && message.guide.step ? message.guide : null;
      if (message.guide && message.guide.outro) showOutro(message.guide.outro);
      document.body.dataset.seq = String(message.seq);
      document.body.dataset.status = message.status;
      log.update(message.view);
      if (message.status === "open") notice(t("Waiting for players: the game starts when every seat is taken."), "info waiting");
      else if ($("notice").classList.contains("waiting")) notice("");
      render();
      break;
    case "players":
      page.players = message.players;
      if (page.status === "open" && message.status !== "open") notice("");
      page.status = message.status;
      render();
      break;
    case "chat":
      addChat(message.lines);
      break;
    case "hint":
      page.hinting = false;
      page.hint = message.seq === page.seq ? message : null;
      render();
      break;
    case "rematch":
      location.href = message.url;
      break;
    case "rematch-offered":
      page.rematch = true;
      notice(message.text, "info");
      render();
      break;
    case "taken-back":
    case "timeout":
    case "lost-on-time":
    case "vacation":
    case "resigned":
    case "back":
      notice(message.text, "info");
      break;
    case "error":
      page.busy = false;
      page.hinting = false;  // a refused hint may be asked again (the server refuses one under way)
      if (message.code !== "hint-stale") notice(message.message);  // the game went on: nothing to say
      render();
      break;
    default:
      break;
  }
}

function connect(name) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(gameId)}`);
  page.socket = socket;
  socket.addEventListener("open", () => {
    page.retry = 0;
    connection(t("connected"), true);
    const hello = token ? { type: "hello", token, name: name || "" } : page.seat ? { type: "hello", seat: page.seat } : { type: "hello" };
    socket.send(JSON.stringify({ ...hello, lang }));
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    page.busy = false;
    if (FATAL.has(event.code)) {
      connection(t("disconnected"), false);
      if (event.code === 4403 && kept) {  // the key this browser kept no longer holds the seat: watch
        token = null;
        kept = false;
        connect("");
        return;
      }
      if (event.code === 4403) {
        $("pending").replaceChildren(h("a", { href: `/game/${gameId}`, text: t("Watch this game as a spectator") }),
          token ? "" : h("p", {}, h("a", { href: "/account", text: t("Log in") })));
      }
      return;
    }
    page.retry = Math.min(page.retry + 1, 5);
    connection(t("connection lost — reconnecting…"), false);
    setTimeout(() => connect(name), 500 * page.retry);
  });
}

async function start() {
  await startLanguage();
  showUnread();
  $("replay-link").href = `/replay/${gameId}`;
  $("record-link").href = `/api/games/${gameId}/record`;
  let info;
  let catalog;
  let me;
  try {
    [info, catalog, me] = await Promise.all([getJSON(`/api/games/${encodeURIComponent(gameId)}`), getJSON("/api/catalog"), account()]);
  } catch (err) {
    notice(err.message);
    connection("", false);
    return;
  }
  page.title = info.title;
  $("title").textContent = info.title;
  $("rules-button").addEventListener("click", () => showRules(info.game));
  const entry = catalog.find((g) => g.id === info.game);
  page.entry = entry || null;
  knowLevels(levelsAt(entry, info.players.length));
  const loaded = await loadBoard(entry, { content: contentLoader(info.game) });
  page.board = loaded.board;
  page.data = loaded.data;
  const seat = fragment.get("seat");
  page.user = me.user;
  if (!token && !me.user) {  // a guest's own game: the seat's key this browser kept (the lobby links #seat=…)
    token = guestToken(gameId, seat);
    kept = Boolean(token);
  }
  if (me.user) bindGuestSeats(me.csrf).catch((err) => console.error(err));
  if (!token) page.seat = seat || (me.user && info.yours.length ? info.yours[0] : null);
  page.players = info.players;
  const mine = info.players.find((p) => p.seat === seat);
  if (info.lesson && token && mine && !mine.joined) {  // the learner's own game: straight to the seat
    connect(localStorage.getItem("realpolitik.name") || "");
    return;
  }
  if (token && mine && !mine.joined && !me.user) {
    $("join").hidden = false;
    drawn();
    $("join-text").textContent = t("You are invited to play {seat} in this game of {game}.", { seat: seatTitle(mine), game: info.title });
    $("join-name").value = localStorage.getItem("realpolitik.name") || "";
    $("join").addEventListener("submit", (event) => {
      event.preventDefault();
      const name = $("join-name").value.trim();
      localStorage.setItem("realpolitik.name", name);
      $("join").hidden = true;
      connect(name);
    });
    connection(t("not connected"), false);
    return;
  }
  connect("");
}

$("dock-toggle").addEventListener("click", () => {
  const open = $("dock-toggle").getAttribute("aria-expanded") !== "true";
  $("dock-toggle").setAttribute("aria-expanded", String(open));
  $("dock-toggle").textContent = open ? t("Hide") : t("Show");
  $("dock").classList.toggle("collapsed", !open);
});

$("outro-close").addEventListener("click", () => { $("outro").hidden = true; });
PHONE.addEventListener("change", () => render());  // a phone turned, a window narrowed: the board's other layout

$("take-back").addEventListener("click", () => {
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN || page.busy) return;
  page.busy = true;
  $("take-back").disabled = true;
  page.socket.send(JSON.stringify({ type: "undo", seq: page.seq }));
});

/** Only the running clock changes between views: count it down here. */
function tickClock() {
  const clock = page.clock;
  if (!clock || !clock.running || (clock.paused && clock.paused[clock.running])) return;
  const node = document.querySelector(`[data-clock="${clock.running}"]`);
  if (node) node.textContent = clockText(clock.left[clock.running] - (performance.now() - page.clockAt) / 1000);
}
setInterval(tickClock, 1000);

function send(message) {
  if (page.socket && page.socket.readyState === WebSocket.OPEN) page.socket.send(JSON.stringify(message));
}

$("resign").addEventListener("click", () => {
  if (window.confirm(t("Resign this game? A bot plays your seat to the end, and you cannot come back."))) send({ type: "resign" });
});
$("come-back").addEventListener("click", () => send({ type: "back" }));
$("hint").addEventListener("click", () => {
  if (page.hinting) return;
  page.hinting = true;
  page.hint = null;
  send({ type: "hint", seq: page.seq });
  render();
});
$("notify-me").addEventListener("change", async () => {
  const wanted = $("notify-me").checked;
  if (wanted && Notification.permission !== "granted") {
    $("notify-me").checked = (await Notification.requestPermission()) === "granted";
  }
  localStorage.setItem("realpolitik.notify", $("notify-me").checked ? "1" : "0");
});
$("rematch").addEventListener("click", () => send({ type: "rematch" }));

$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("chat-text").value.trim();
  if (!text || !page.socket) return;
  const channel = $("chat-channel").hidden ? undefined : $("chat-channel").value;
  page.socket.send(JSON.stringify({ type: "chat", text, channel }));
  $("chat-text").value = "";
});

start();
