// The page /learn/{game}: creates a first game with a guide of that game (POST /api/learn/{game})
// and goes on to its game page, the learner's seat key in the fragment as an invitation's; the
// browser's history keeps the game page, not this one (location.replace).

import { postJSON } from "./api.js";
import { lang, startLanguage } from "./i18n.js";
import { showUnread } from "./unread.js";

const $ = (id) => document.getElementById(id);
const game = decodeURIComponent(location.pathname.split("/").pop());

async function start() {
  await startLanguage();
  showUnread();
  try {
    const answer = await postJSON(`/api/learn/${encodeURIComponent(game)}`, { lang });
    location.replace(answer.url);
  } catch (err) {
    $("learn-status").hidden = true;
    $("learn-error").textContent = err.message;
    $("learn-error").hidden = false;
    $("learn-back").hidden = false;
  }
}

start();
