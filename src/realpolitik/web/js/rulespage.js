// The rules page, /rules/{game} (?lang=de names the language): a game's rules for players as a
// page of their own. The server sends the text in the page, with its table of contents and the
// examples and opening position in words (server/rules_page.py); this script draws their
// pictures with the game's board, as the rules dialog does (js/rules.js).

import { getJSON } from "./api.js";
import { lang, startLanguage } from "./i18n.js";
import { drawPictures } from "./rules.js";
import { showUnread } from "./unread.js";

const $ = (id) => document.getElementById(id);
const game = decodeURIComponent(location.pathname.split("/").pop());

async function start() {
  await startLanguage();
  showUnread();
  const body = $("rules-body");
  if (!body.children.length) return;  // no rules for players: the server's page says so
  try {
    await drawPictures(body, await getJSON(`/api/rules/${encodeURIComponent(game)}?lang=${lang}`));
  } catch (err) {
    $("notice").textContent = err.message;
    $("notice").className = "notice error";
    $("notice").hidden = false;
  }
  if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
}

start();
