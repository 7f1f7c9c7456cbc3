// The header's news for the account signed in (issue 78): how many private messages it has not
// read and how many friend requests wait for its answer, each a link to where the account page
// shows them, hidden at none (a guest always has none). Asked of GET /api/social/unread when the
// page opens, when its tab comes back into view and every minute while it is in view; the
// account page asks again as soon as it has shown a conversation or answered a request.

import { h, s } from "./dom.js";
import { t } from "./i18n.js";

const EVERY = 60 * 1000;
const ICONS = {  // an envelope, a person with a plus
  messages: "M1 3h14v10H1zM1.5 3.5 8 9l6.5-5.5",
  requests: "M6 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM1 15c0-3 2-5 5-5s5 2 5 5zM13 5v6M10 8h6",
};

function badge(kind, href) {
  return h("a", { id: `unread-${kind}`, class: `unread ${kind}`, href, hidden: true },
    s("svg", { viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true" },
      s("path", { d: ICONS[kind] })),
    h("span", { class: "count" }));
}

function show(node, count, label) {
  node.hidden = !count;
  node.querySelector(".count").textContent = String(count);
  node.setAttribute("aria-label", label);
  node.title = label;
}

/** Ask the server for the counts now and show them. */
export async function refreshUnread() {
  const messages = document.getElementById("unread-messages");
  const requests = document.getElementById("unread-requests");
  if (!messages || !requests) return;
  let counts;
  try {
    const response = await fetch("/api/social/unread", { headers: { accept: "application/json" } });
    if (!response.ok) return;
    counts = await response.json();
  } catch {
    return;  // no answer now: the next look tells
  }
  show(messages, counts.messages, t("Unread messages: {count}", { count: counts.messages }));
  show(requests, counts.requests, t("Friend requests: {count}", { count: counts.requests }));
}

/** Put the badges in the page's header (before its account link) and keep them current. */
export function showUnread() {
  const bar = document.querySelector("header.bar");
  if (!bar || document.getElementById("unread-messages")) return;
  const place = bar.querySelector(".account-link");
  const badges = [badge("messages", "/account#inbox"), badge("requests", "/account#requests")];
  if (place) place.before(...badges);
  else bar.append(...badges);
  refreshUnread();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refreshUnread();
  });
  setInterval(() => {
    if (document.visibilityState === "visible") refreshUnread();
  }, EVERY);
}
