// Friends, blocks, private messages and reports in the browser (issues 59, 78): the account
// page's friend requests, Friends, Blocked and Messages, the player page's buttons, and the
// lobby's "invite a friend". Every request goes to /api/social… with the session's CSRF token; a
// block is never shown to the account blocked, so nothing here tells a player who blocks them.

import { h, put } from "./dom.js";
import { lang, t } from "./i18n.js";
import { refreshUnread } from "./unread.js";

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

function button(cls, text, onclick) {
  return h("button", { type: "button", class: cls, onclick, text });
}

function showLists(lists, notice) {
  const act = (method, url, body) => async () => {
    try {
      showLists(await call(method, url, body, csrf), notice);
      refreshUnread();
    } catch (err) {
      notice(err.message);
    }
  };
  const none = () => [h("li", { class: "muted", text: t("none") })];
  $("requests-box").hidden = !lists.incoming.length;
  put($("requests"), lists.incoming.map((r) => person(r.name,
    button("accept", t("Accept"), act("POST", "/api/social/friends", { name: r.name })),
    button("decline", t("Decline"), act("DELETE", `/api/social/requests/${NAME(r.name)}`)))));
  const friends = lists.friends.map((f) => person(f.name,
    button("talk", t("Send message"), () => openConversation(f.name, notice)),
    button("unfriend", t("Remove"), act("DELETE", `/api/social/friends/${NAME(f.name)}`)),
    button("block", t("Block"), act("POST", "/api/social/blocks", { name: f.name }))));
  const asked = lists.outgoing.map((r) => person(r.name,
    h("span", { class: "muted", text: t("asked, no answer yet") }), " ",
    button("withdraw", t("Withdraw"), act("DELETE", `/api/social/requests/${NAME(r.name)}`))));
  put($("friends"), friends.length || asked.length ? [...friends, ...asked] : none());
  put($("blocked"), lists.blocked.length ? lists.blocked.map((b) => person(b.name,
    button("unblock", t("Unblock"), act("DELETE", `/api/social/blocks/${NAME(b.name)}`))))
    : none());
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
      c.unread ? h("strong", { class: "unread-count", text: t("{count} unread", { count: c.unread }) }) : null, " ",
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
    else {
      put($("letters"), rows);  // the newest read: they count as read now
      refreshUnread();
      showInbox(notice);
    }
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
    const name = $("friend-name").value;
    try {
      const lists = await call("POST", "/api/social/friends", { name }, csrf);
      showLists(lists, notice);
      refreshUnread();
      const friend = lists.friends.find((f) => f.name.toLowerCase() === name.trim().toLowerCase());
      notice(friend ? t("{name} is among your friends now.", { name: friend.name })
        : t("You asked {name} to be your friend.", { name: name.trim() }), "info");
      $("friend-name").value = "";
    } catch (err) {
      notice(err.message);
    }
  });
  $("messages-from-everyone").addEventListener("change", async () => {
    try {
      await call("POST", "/api/account/settings", { messages_from_everyone: $("messages-from-everyone").checked }, csrf);
      notice(t("Saved."), "info");
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

/** The player page's buttons for a signed-in viewer of another account's page: the friendship as
 * it stands (ask; withdraw the request; accept or decline theirs; remove), the block as it stands
 * (block or unblock: one button), a message and a report. */
export async function playerButtons(name, token, notice) {
  const box = h("div", { class: "links social" });
  const status = h("p", { id: "friendship", class: "muted" });
  const change = (method, url, body, said) => async () => {
    try {
      render(await call(method, url, body, token));
      notice(said, "info");
      refreshUnread();
    } catch (err) {
      notice(err.message);
    }
  };
  const friendly = (id, text, method, url, body, said) => h("button", {
    type: "button", id, onclick: change(method, url, body, said), text });
  const asking = { name };
  const at = (path) => `/api/social/${path}/${NAME(name)}`;
  function render(lists) {
    const among = (key) => lists[key].some((entry) => entry.name === name);
    let friendship;
    if (among("friends")) {
      status.textContent = t("{name} is among your friends.", { name });
      friendship = [friendly("remove-friend", t("Remove friend"), "DELETE", at("friends"), undefined,
        t("{name} is no longer among your friends.", { name }))];
    } else if (among("incoming")) {
      status.textContent = t("{name} asks to be your friend.", { name });
      friendship = [
        friendly("accept-friend", t("Accept"), "POST", "/api/social/friends", asking, t("{name} is among your friends now.", { name })),
        friendly("decline-friend", t("Decline"), "DELETE", at("requests"), undefined, t("You declined the friend request of {name}.", { name }))];
    } else if (among("outgoing")) {
      status.textContent = t("You asked {name} to be your friend; no answer yet.", { name });
      friendship = [friendly("withdraw-friend", t("Withdraw friend request"), "DELETE", at("requests"), undefined,
        t("Your friend request to {name} is withdrawn.", { name }))];
    } else {
      status.textContent = "";
      friendship = [friendly("add-friend", t("Add friend"), "POST", "/api/social/friends", asking, t("You asked {name} to be your friend.", { name }))];
    }
    const blocking = among("blocked")
      ? friendly("block", t("Unblock"), "DELETE", at("blocks"), undefined, t("You no longer block {name}.", { name }))
      : friendly("block", t("Block"), "POST", "/api/social/blocks", asking, t("You block {name} now.", { name }));
    status.hidden = !status.textContent;
    put(box, friendship, blocking,
      h("a", { class: "button", id: "send-message", href: `/account#messages=${NAME(name)}`, text: t("Send message") }),
      h("button", { type: "button", id: "report", onclick: () => { report.hidden = false; reason.focus(); }, text: t("Report") }));
  }
  const reason = h("input", { id: "report-reason", maxlength: 500, required: true, "aria-label": t("Why do you report this player?") });
  const report = h("form", { id: "report-form", hidden: true },
    h("label", {}, h("span", { text: t("Why do you report this player?") }), " ", reason),
    h("button", { type: "submit", text: t("Send the report") }));
  report.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await call("POST", "/api/social/reports", { name, reason: reason.value }, token);
      notice(t("Thank you: the operators will look at your report."), "info");
      report.hidden = true;
      reason.value = "";
    } catch (err) {
      notice(err.message);
    }
  });
  render(await call("GET", "/api/social"));
  return h("div", {}, status, box, report);
}
