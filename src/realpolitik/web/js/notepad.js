// The seat's private notepad on the game page (POST /api/games/{id}/notes): read when the page
// holds a seat — with the seat's token, or the account's session — and saved on request, with
// the choice "show my notes in the replay". Nobody else reads them while the game runs.

import { postJSON } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** Show the notepad of ``seat`` in game ``gameId`` (``token``: the seat's, or null when signed in). */
export async function showNotepad(gameId, seat, token) {
  const url = `/api/games/${gameId}/notes`;
  const who = token ? { seat, token } : { seat };
  const state = (text) => { $("notes-state").textContent = text; };
  let notes;
  try {
    notes = await postJSON(url, who);
  } catch (err) {
    return;  // not this seat's to read (another tab took it over): no notepad
  }
  $("notes-text").value = notes.text;
  $("notes-shown").checked = notes.shown;
  $("notepad").hidden = false;
  $("notes-save").onclick = async () => {
    try {
      const saved = await postJSON(url, { ...who, text: $("notes-text").value, shown: $("notes-shown").checked });
      $("notes-text").value = saved.text;
      state(t("Notes saved."));
    } catch (err) {
      state(err.message);
    }
  };
  $("notes-shown").onchange = async () => {
    try {
      await postJSON(url, { ...who, shown: $("notes-shown").checked });
      state($("notes-shown").checked ? t("Your notes will be shown in the replay.") : t("Your notes stay private."));
    } catch (err) {
      state(err.message);
    }
  };
}
