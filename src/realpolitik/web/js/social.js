// Friends, blocks, private messages and reports in the browser (issue 59): the account page's
// Friends, Blocked and Messages, the player page's buttons, and the lobby's "invite a friend".
// Every request goes to /api/social… with the session's CSRF token; a block is never shown to
// the account blocked, so nothing here tells a player who blocks them.

import { h, put } from "./dom.js";
import { lang, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const NAME = (name) => encodeURIComponent(name);

/** A JSON request with the CSRF token; the server's sentence as the error of a refusal. */
export async function call(method, url, body, csrf) {
  const headers = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (csrf) headers["x-csrf-token"] = csrf;
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try {
    data = await response.json();
  } catch {
    throw new Error(t("The server answered {status}.", { status: response.status }));
  }
  if (!response.ok) {
    const refused = new Error(data && data.error ? data.error : t("The server answered {status}.", { status: response.status }));
    refused.code = data && data.code;
    throw refused;
  }
  return data;
}

/** The friends of the account signed in (none for a guest, who is not asked, or when the server
 * does not answer). */
export async function friendNames() {
  try {
    if (!(await call("GET", "/api/account")).user) return [];
    return (await call("GET", "/api/social")).friends.map((f) => f.name);
  } catch {
    return [];
  }
}

/** Send ``friend`` the link of ``seat`` of a game just created (its token from the invite link). */
export async function inviteFriend(friend, game, invite, csrf) {
  const token = new URLSearchParams(invite.url.split("#")[1]).get("token");
  return call("POST", "/api/social/invites", { friend, game, seat: invite.seat, token }, csrf);
}

// ---------------------------------------------------------------- the account page

let csrf = null;
let talking = null;  // the name of the conversation open, and its oldest message's number
let oldest = null;

function when(iso) {
  return new Date(iso).toLocaleString(lang);
}

function person(name, ...buttons) {
  return h("li", { "data-name": name }, h("a", { href: `/player/${NAME(name)}`, text: name }), " ", buttons);
}

function showLists(lists, notice) {
  const act = (method, url, body) => async () => {
    try {
      showLists(await call(method, url, body, csrf), notice);
    } catch (err) {
      notice(err.message);
    }
  };
  put($("friends"), lists.friends.length ? lists.friends.map((f) => person(f.name,
    h("button", { type: "button", class: "talk", onclick: () => openConversation(f.name, notice), text: t("Send message") }),
    h("button", { type: "button", class: "unfriend", onclick: act("DELETE", `/api/social/friends/${NAME(f.name)}`), text: t("Remove") }),
    h("button", { type: "button", class: "block", onclick: act("POST", "/api/social/blocks", { name: f.name }), text: t("Block") })))
    : [h("li", { class: "muted", text: t("none") })]);
  put($("blocked"), lists.blocked.length ? lists.blocked.map((b) => person(b.name,
    h("button", { type: "button", class: "unblock", onclick: act("DELETE", `/api/social/blocks/${NAME(b.name)}`), text: t("Unblock") })))
    : [h("li", { class: "muted", text: t("none") })]);
  const said = [lists.muted ? t("The operators have muted your account: you cannot chat or send messages.") : "",
    lists.banned ? t("The operators have banned your account from creating and joining games.") : ""].filter(Boolean);
  $("sanction").hidden = !said.length;
  $("sanction").textContent = said.join(" ");
  put($("warnings"), lists.warnings.map((w) => h("li", { class: "warning" },
    h("strong", { text: t("Warning from the operators") }), ` (${when(w.at)}): `, w.text)));
}

function letter(message) {
  const from = message.mine ? t("you") : talking;
  const invite = message.invite
    ? h("a", { href: message.invite, class: "button", text: t("Take the seat in {game}", { game: message.text }) }) : null;
  return h("li", { class: message.mine ? "mine" : "theirs", "data-id": message.id },
    h("span", { class: "muted", text: `${from}, ${when(message.at)}: ` }),
    invite || message.text);
}

async function showInbox(notice) {
  try {
    const { conversations } = await call("GET", "/api/social/messages");
    put($("inbox"), conversations.length ? conversations.map((c) => h("li", { "data-name": c.name },
      h("button", { type: "button", class: "open-conversation", onclick: () => openConversation(c.name, notice), text: c.name }), " ",
      h("span", { class: "muted", text: `${when(c.last.at)} · ${c.last.invite ? t("an invitation") : c.last.text}` })))
      : [h("li", { class: "muted", text: t("none") })]);
  } catch (err) {
    notice(err.message);
  }
}

async function openConversation(name, notice, older = false) {
  try {
    const url = `/api/social/messages/${NAME(name)}${older && oldest ? `?before=${oldest}` : ""}`;
    const page = await call("GET", url);
    talking = page.with;
    oldest = page.messages.length ? page.messages[0].id : oldest;
    $("conversation").hidden = false;
    $("conversation-with").textContent = t("Messages with {name}", { name: page.with });
    $("older").hidden = !page.more;
    const rows = page.messages.map(letter);
    if (older) $("letters").prepend(...rows);
    else put($("letters"), rows);
  } catch (err) {
    notice(err.message);
  }
}

/** Fill the account page's Friends, Blocked and Messages for the account signed in. */
export async function showSocial(token, notice) {
  csrf = token;
  try {
    showLists(await call("GET", "/api/social"), notice);
  } catch (err) {
    notice(err.message);
  }
  await showInbox(notice);
  const asked = new URLSearchParams(location.hash.slice(1)).get("messages");
  if (asked) await openConversation(asked, notice);
}

/** Wire the account page's social forms (once). */
export function startSocial(notice) {
  $("friend-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      showLists(await call("POST", "/api/social/friends", { name: $("friend-name").value }, csrf), notice);
      $("friend-name").value = "";
    } catch (err) {
      notice(err.message);
    }
  });
  $("older").addEventListener("click", () => openConversation(talking, notice, true));
  $("letter-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const sent = await call("POST", "/api/social/messages", { to: talking, text: $("letter-text").value }, csrf);
      $("letters").append(letter(sent));
      $("letter-text").value = "";
      await showInbox(notice);
    } catch (err) {
      notice(err.message);
    }
  });
}

// ---------------------------------------------------------------- the player page

/** The player page's buttons for a signed-in viewer of another account's page. */
export function playerButtons(name, token, notice) {
  const done = (text) => notice(text, "info");
  const post = (url, body, said) => async () => {
    try {
      await call("POST", url, body, token);
      done(said);
    } catch (err) {
      notice(err.message);
    }
  };
  const reason = h("input", { id: "report-reason", maxlength: 500, required: true, "aria-label": t("Why do you report this player?") });
  const report = h("form", { id: "report-form", hidden: true },
    h("label", {}, h("span", { text: t("Why do you report this player?") }), " ", reason),
    h("button", { type: "submit", text: t("Send the report") }));
  report.addEventListener("submit", async (event) => {
    event.preventDefault();
    await post("/api/social/reports", { name, reason: reason.value }, t("Thank you: the operators will look at your report."))();
    report.hidden = true;
    reason.value = "";
  });
  return h("div", { class: "links social" },
    h("button", { type: "button", id: "add-friend", onclick: post("/api/social/friends", { name }, t("{name} is among your friends now.", { name })), text: t("Add friend") }),
    h("button", { type: "button", id: "block", onclick: post("/api/social/blocks", { name }, t("You block {name} now.", { name })), text: t("Block") }),
    h("a", { class: "button", id: "send-message", href: `/account#messages=${NAME(name)}`, text: t("Send message") }),
    h("button", { type: "button", id: "report", onclick: () => { report.hidden = false; reason.focus(); }, text: t("Report") }),
    report);
}
