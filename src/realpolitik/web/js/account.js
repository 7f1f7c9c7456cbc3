// Accounts in the browser: the account page (sign up, log in and out, change the password,
// "My games") and what the game page needs of them.
//
// The session lives in an HttpOnly cookie no script reads; every state-changing request of a
// signed-in page carries the session's CSRF token (GET /api/account) as X-CSRF-Token. The game
// page keeps the seat tokens a guest plays with in localStorage, each with its seat's label (the
// lobby lists those games first: mygames.js); once the guest signs up or logs in, they are sent
// to POST /api/account/seats, which binds those seats to the account, and forgotten.

import { getJSON } from "./api.js";
import { h, put } from "./dom.js";
import { keptLanguage, lang, startLanguage, t } from "./i18n.js";
import { myGameRow } from "./mygames.js";
import { forgetPush, showPush, startPush } from "./push.js";
import { call, showSocial, startSocial } from "./social.js";
import { refreshUnread, showUnread } from "./unread.js";
import { showVacation, startVacation } from "./vacation.js";

const GUEST_SEATS = "realpolitik.guest-seats";
const $ = (id) => document.getElementById(id);

/** Who is signed in: `{user: {name, language}, csrf}`, or `{user: null}` for a guest. */
export async function account() {
  try {
    return await call("GET", "/api/account");
  } catch {
    return { user: null };
  }
}

/** POST JSON with the session's CSRF token (when signed in). */
async function send(url, body, csrf) {
  return call("POST", url, body, csrf);
}

/** The seats this browser plays as a guest: ``[{game, token, seat}]`` (older entries lack the seat). */
export function guestSeats() {
  try {
    const seats = JSON.parse(localStorage.getItem(GUEST_SEATS) || "[]");
    return Array.isArray(seats) ? seats : [];
  } catch {
    return [];
  }
}

/** Keep the token of a seat (its label ``seat``) this browser plays as a guest: the lobby lists
 * its game, and it is bound to the account after signing up or logging in. */
export function rememberGuestSeat(game, token, seat) {
  const seats = guestSeats().filter((s) => !(s.game === game && s.token === token));
  seats.push({ game, token, seat });
  localStorage.setItem(GUEST_SEATS, JSON.stringify(seats.slice(-50)));
}

/** The key of the seat ``seat`` (any, when not named) this browser holds in ``game`` as a guest
 * (the newest), or null. */
export function guestToken(game, seat = null) {
  const kept = guestSeats().filter((s) => s.game === game && (!seat || !s.seat || s.seat === seat));
  return kept.length ? kept[kept.length - 1].token : null;
}

/** Bind the seats this browser took as a guest to the account, once; returns those bound. */
export async function bindGuestSeats(csrf) {
  const seats = guestSeats();
  if (!seats.length) return [];
  const result = await send("/api/account/seats", { seats: seats.map(({ game, token }) => ({ game, token })) }, csrf);
  localStorage.removeItem(GUEST_SEATS);
  return result.bound;
}

// ---------------------------------------------------------------- the account page

let csrf = null;

function notice(text, kind = "error") {
  $("notice").hidden = !text;
  $("notice").className = `notice ${kind}`;
  $("notice").textContent = text || "";
}

function when(iso) {
  return new Date(iso).toLocaleString(lang);
}

/** A seat label of a listed game as the game names it, in the page's language. */
function titleIn(game, label) {
  const title = (game.players || []).find((p) => p.seat === label)?.title;
  return (title && (title[lang] || title.en)) || label;
}

async function join(game, seat) {
  try {
    await send(`/api/games/${game.id}/claim`, { seat, name: "" }, csrf);
    location.href = `/game/${game.id}#seat=${encodeURIComponent(seat)}`;
  } catch (err) {
    notice(err.message);
    listGames();
  }
}

function openGame(game) {
  return h("li", { "data-game": game.id },
    h("div", {}, h("strong", { text: game.title }), " ", h("span", { class: "muted", text: when(game.created) })),
    h("div", { class: "muted", text: t("free seats: {seats}", { seats: game.free.map((s) => titleIn(game, s)).join(", ") }) }),
    h("div", { class: "links" },
      game.free.map((seat) => h("button", { type: "button", onclick: () => join(game, seat), text: t("Join as {seat}", { seat: titleIn(game, seat) }) })),
      h("a", { href: game.url, text: t("Watch") })));
}

async function listGames() {
  try {
    const [lists, catalog] = await Promise.all([call("GET", "/api/account/games"), getJSON("/api/catalog")]);
    put($("my-games"), lists.games.length ? lists.games.map((g) => myGameRow(g, catalog, { lastMove: true }))
      : [h("li", { class: "muted", text: t("none") })]);
    put($("open-games"), lists.open.length ? lists.open.map(openGame) : [h("li", { class: "muted", text: t("none") })]);
  } catch (err) {
    notice(err.message);
  }
}

async function show() {
  const me = await account();
  csrf = me.user ? me.csrf : null;
  $("guest").hidden = Boolean(me.user);
  $("member").hidden = $("games-box").hidden = $("social-box").hidden = !me.user;
  document.body.dataset.user = me.user ? me.user.name : "";
  if (me.user) {
    $("signed-in").textContent = t("Logged in as {name}", { name: me.user.name });
    $("player-page").href = `/player/${encodeURIComponent(me.user.name)}`;
    $("email").value = me.user.email || "";
    $("webhook").value = me.user.webhook || "";
    $("account-language").value = $("account-language").dataset.was = me.user.language || "";
    $("messages-from-everyone").checked = me.user.messages_from_everyone;
    await showVacation(csrf, notice);
    await listGames();
    await showSocial(csrf, notice);
  }
  await showPush(Boolean(me.user));
  refreshUnread();  // signed in or out just now: the header's badges follow
}

async function signedIn(result) {
  csrf = result.csrf;
  $("signup-password").value = $("login-password").value = "";
  try {
    const bound = await bindGuestSeats(csrf);
    if (keptLanguage() && keptLanguage() !== lang) {  // the account speaks another language: show the page in it
      location.reload();
      return;
    }
    if (bound.length) {
      notice(t("Your seats from playing as a guest are in your account now: {seats}.", {
        seats: bound.map((b) => `${b.title} (${b.seat_title[lang] || b.seat})`).join(", "),
      }), "info");
    }
  } catch (err) {
    notice(err.message);
  }
  await show();
}

function form(id, submit) {
  $(id).addEventListener("submit", async (event) => {
    event.preventDefault();
    notice("");
    try {
      await submit();
    } catch (err) {
      notice(err.message);
    }
  });
}

async function start() {
  await startLanguage();
  showUnread();
  form("signup", async () => {
    await signedIn(await send("/api/account/signup", { name: $("signup-name").value, password: $("signup-password").value }, csrf));
  });
  form("login", async () => {
    await signedIn(await send("/api/account/login", { name: $("login-name").value, password: $("login-password").value }, csrf));
  });
  form("password", async () => {
    await send("/api/account/password", { old: $("old-password").value, new: $("new-password").value }, csrf);
    $("old-password").value = $("new-password").value = "";
    notice(t("Your password is changed; every other session of your account is logged out."), "info");
  });
  form("addresses", async () => {
    const kept = keptLanguage();
    const choice = $("account-language");
    const changes = { email: $("email").value, webhook: $("webhook").value };
    if (choice.value !== choice.dataset.was) changes.language = choice.value;  // "": the browser's
    await send("/api/account/settings", changes, csrf);
    choice.dataset.was = choice.value;
    if (keptLanguage() !== kept) {  // the pages speak another language now
      location.reload();
      return;
    }
    notice(t("Saved: you will be told of your turns at these addresses."), "info");
  });
  startSocial(notice);
  startVacation(form, () => csrf, notice);
  startPush(() => csrf, notice);
  $("logout").addEventListener("click", async () => {
    try {
      await forgetPush(csrf);
      await send("/api/account/logout", {}, csrf);
    } catch (err) {
      notice(err.message);
    }
    await show();
  });
  await show();
}

if (document.body.classList.contains("account-page")) start();
