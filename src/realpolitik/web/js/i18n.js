// The pages' language: German or English. The server chose it (server/pages.py) and sent the
// page in it, `<html lang>` set and its fixed words translated: a language the address names
// (?lang=de, as a link to the rules page may), else a choice made on any page (the language menu
// in the header, kept in the `lang` cookie), else the browser's languages (Accept-Language).
//
// t("Seat {seat}", { seat: "p2" }) gives a message in the page's language; a message about a
// number has an English singular and plural, tn("{n} card", "{n} cards", { n: 2 }), and takes
// the form the number asks for (the catalog's plural entry: [singular, plural]); a German
// translation asks for a place's form as {land:in} ("in den Niederlanden", the catalog's
// places). Elements marked data-t in the HTML have their text translated, and the attributes
// named in data-t-attrs. The catalog is the server's own (/i18n/<lang>.json, of the version the
// page's files are: kept by the browser), so pybabel extract finds every message.

import { getJSON, postJSON } from "./api.js";

export const LANGUAGES = { en: "English", de: "Deutsch" };

/** The language kept in the `lang` cookie (chosen in a menu, or the account's), or "". */
export function keptLanguage() {
  const cookie = document.cookie.split("; ").find((c) => c.startsWith("lang="));
  const value = cookie ? cookie.slice(5) : "";
  return value in LANGUAGES ? value : "";
}

export const lang = document.documentElement.lang in LANGUAGES ? document.documentElement.lang : "en";
/** The version of the page's files (their addresses are /static/v/<version>/…), if they have one. */
const version = (import.meta.url.match(/\/static\/v\/(\w+)\//) || [])[1];
let catalog = {};
let places = { plain: {}, named: {} };

/** ``value`` as the page's language writes numbers (Intl.NumberFormat): 28.4 → "28.4" / "28,4";
 * ``digits`` after the point at most, or exactly with ``fixed``. */
export function formatNumber(value, digits = 1, fixed = false) {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: digits, minimumFractionDigits: fixed ? digits : 0,
    useGrouping: false }).format(Number(value));
}

/** A player's or a bot's rating as one number: the conservative μ − 3σ of its openskill rating
 * (what the leaderboard orders by), with one decimal. */
export function ratingText({ mu, sigma }) {
  return formatNumber(mu - 3 * sigma, 1, true);
}

const FORMS = ["nom", "acc", "dat", "gen", "in", "nach", "von", "aus"];

/** The place `word` in the form `spec` (realpolitik.i18n.catalogs.Places.form): "in" → "in den Niederlanden". */
function placeForm(word, spec) {
  const lower = spec[0].toLowerCase() + spec.slice(1);
  if (!FORMS.includes(lower)) return word;
  const own = places.named[word];
  const out = own ? own[lower] : (places.plain[lower] || "{}").replace("{}", word);
  return spec[0] === spec[0].toUpperCase() ? out[0].toUpperCase() + out.slice(1) : out;
}

function filled(template, params) {
  return template.replace(/\{(\w+)(?::(\w+))?\}/g, (field, name, spec) => {
    if (!(name in params)) return field;
    return spec ? placeForm(String(params[name]), spec) : String(params[name]);
  });
}

/** The message `key` (its English source) in the page's language, with `{name}` fields filled. */
export function t(key, params = {}) {
  const template = catalog[key];
  return filled(typeof template === "string" && template ? template : key, params);
}

/** The message whose English forms are `singular` and `plural`, in the form the number in the
 * field `count` of `params` asks for (English and German: the singular for 1 only). */
export function tn(singular, plural, params, count = "n") {
  const index = Number(params[count]) === 1 ? 0 : 1;
  const forms = catalog[singular];
  return filled(Array.isArray(forms) ? forms[index] : [singular, plural][index], params);
}

function translatePage() {
  for (const node of document.querySelectorAll("[data-t]")) {
    node.dataset.t = node.dataset.t || node.textContent.trim().replace(/\s+/g, " ");
    node.textContent = t(node.dataset.t);
  }
  for (const node of document.querySelectorAll("[data-t-attrs]")) {
    for (const name of node.dataset.tAttrs.split(" ")) {
      const source = `data-t-source-${name}`;  // the English, kept for a second translation
      if (!node.hasAttribute(source)) node.setAttribute(source, node.getAttribute(name) || "");
      if (node.getAttribute(source)) node.setAttribute(name, t(node.getAttribute(source)));
    }
  }
}

/** A signed-in player's choice is the account's too, so every device follows it. */
async function keepInAccount(language) {
  const me = await getJSON("/api/account");
  if (me.user && me.user.language !== language) await postJSON("/api/account/settings", { language });
}

function languageMenu() {
  const select = document.createElement("select");
  select.id = "language";
  select.setAttribute("aria-label", "Sprache / language");
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.selected = code === lang;
    select.append(option);
  }
  select.addEventListener("change", async () => {
    document.cookie = `lang=${select.value}; path=/; max-age=31536000; samesite=lax`;
    await keepInAccount(select.value).catch((err) => console.error(err));
    const address = new URL(location.href);
    if (!address.searchParams.has("lang")) return location.reload();
    address.searchParams.set("lang", select.value);  // the address named the language: it names the new one
    return location.assign(address);
  });
  return select;
}

/** Load the catalog, translate the page's marked texts and add the language menu (await first). */
export async function startLanguage() {
  if (lang !== "en") {
    const response = await fetch(`/i18n/${lang}.json${version ? `?v=${version}` : ""}`);
    if (response.ok) ({ messages: catalog, places } = await response.json());
  }
  translatePage();
  const bar = document.querySelector("header.bar");
  if (bar) bar.append(languageMenu());
}
