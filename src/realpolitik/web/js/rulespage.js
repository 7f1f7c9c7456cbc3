// The rules page, /rules/{game} (?lang=de names the language): a game's rules for players as a
// page of their own, built as the rules dialog builds them (rulesBody: its examples and opening
// position drawn by the game's board), with a table of contents of the text's sections.

import { getJSON } from "./api.js";
import { h, put } from "./dom.js";
import { lang, startLanguage, t } from "./i18n.js";
import { rulesBody } from "./rules.js";

const $ = (id) => document.getElementById(id);
const game = decodeURIComponent(location.pathname.split("/").pop());

/** An id for a heading from its words ("Was auf dem Tisch liegt" → "was-auf-dem-tisch-liegt"),
 *  numbered when another heading has the same. */
function anchor(text, taken) {
  const base = text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "section";
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/** The table of contents: a link to each section of the text (its "##" headings, h3 on the page,
 *  below the text's title). */
function contents(body) {
  const taken = new Set();
  const sections = Array.from(body.querySelectorAll(":scope > h3"));
  put($("contents-list"), sections.map((heading) => {
    heading.id = anchor(heading.textContent, taken);
    return h("li", {}, h("a", { href: `#${heading.id}`, text: heading.textContent }));
  }));
  $("contents").hidden = !sections.length;
}

function notice(text, kind) {
  $("notice").textContent = text;
  $("notice").className = `notice ${kind}`;
  $("notice").hidden = !text;
}

async function start() {
  await startLanguage();
  const body = $("rules-body");
  put(body, h("p", { class: "muted", text: t("loading…") }));
  try {
    const rules = await getJSON(`/api/rules/${encodeURIComponent(game)}?lang=${lang}`);
    $("title").textContent = rules.heading;
    document.title = `${rules.heading} · realpolitik`;
    notice(rules.note || "", "info");
    if (rules.language !== lang) body.setAttribute("lang", rules.language);
    put(body, await rulesBody(rules));
    contents(body);
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  } catch (err) {
    put(body);
    notice(err.message, "error");
  }
}

start();
