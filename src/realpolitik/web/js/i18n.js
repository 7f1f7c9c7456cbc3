// The pages' language: German or English. The server chose it (server/pages.py) and sent the
// page in it, `<html lang>` set and its fixed words translated: a language the address names
// (?lang=de, as a link to the rules page may), else a choice made on any page (the language menu
// in the header, kept in the `lang` cookie), else the browser's languages (Accept-Language).
//
// t("Seat {seat}", { seat: "p2" }) gives a message in the page's language; elements marked
// data-t in the HTML have their text translated, and the attributes named in data-t-attrs.
// The catalog is the server's own (/i18n/<lang>.json, of the version the page's files are:
// kept by the browser), so pybabel extract finds every message.

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

/** The message `key` (its English source) in the page's language, with `{name}` fields filled. */
export function t(key, params = {}) {
  const template = catalog[key] || key;
  return template.replace(/\{(\w+)\}/g, (field, name) => (name in params ? String(params[name]) : field));
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
    if (response.ok) catalog = await response.json();
  }
  translatePage();
  const bar = document.querySelector("header.bar");
  if (bar) bar.append(languageMenu());
}
