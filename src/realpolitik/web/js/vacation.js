// The vacation part of the account page: the days left this year, the vacations going on or
// ahead (each can be ended or cancelled), and the forms "Take vacation from … to …" and
// "Go on vacation now" (GET/POST /api/account/vacation, POST /api/account/vacation/end).

import { h, put } from "./dom.js";
import { lang, t, tn } from "./i18n.js";
import { call } from "./social.js";

const $ = (id) => document.getElementById(id);

function day(iso) {
  return new Date(iso).toLocaleString(lang, { timeZone: "UTC", dateStyle: "medium", timeStyle: "short" });
}

function vacationItem(v, csrf, notice) {
  const now = Date.now();
  const going = new Date(v.starts).getTime() <= now;
  const words = tn("{starts} to {ends} (UTC), {days} day", "{starts} to {ends} (UTC), {days} days",
    { starts: day(v.starts), ends: day(v.ends), days: v.days }, "days");
  return h("li", { "data-vacation": v.id },
    h("div", { text: words }),
    v.auto ? h("div", { class: "muted", text: t("began by itself: a clock of yours ran out") }) : null,
    h("div", { class: "links" }, h("button", {
      type: "button",
      onclick: async () => {
        try {
          render(await call("POST", "/api/account/vacation/end", { id: v.id }, csrf), csrf, notice);
        } catch (err) {
          notice(err.message);
        }
      },
      text: going ? t("End the vacation now") : t("Cancel the vacation"),
    })));
}

function render(bank, csrf, notice) {
  $("vacation-bank").textContent = bank.days_per_year
    ? t("{left} of {total} vacation days left in {year}.", { left: bank.left, total: bank.days_per_year, year: bank.year })
    : t("This server gives no vacation days.");
  $("vacation-bank").className = bank.now ? "on-vacation" : "";
  const ahead = bank.vacations.filter((v) => new Date(v.ends).getTime() > Date.now());
  put($("vacations"), ahead.length ? ahead.map((v) => vacationItem(v, csrf, notice)) : [h("li", { class: "muted", text: t("none") })]);
  $("vacation-ahead").hidden = $("vacation-now").hidden = !bank.days_per_year;
}

/** Show the signed-in account's vacation days and vacations. */
export async function showVacation(csrf, notice) {
  try {
    const response = await fetch("/api/account/vacation", { headers: { accept: "application/json" } });
    const bank = await response.json();
    if (!response.ok) throw new Error(bank.error);
    render(bank, csrf, notice);
  } catch (err) {
    notice(err.message);
  }
}

/** Wire the two vacation forms (``form`` submits with the page's error handling). */
export function startVacation(form, csrf, notice) {
  const today = new Date().toISOString().slice(0, 10);
  $("vacation-from").min = $("vacation-to").min = today;
  form("vacation-ahead", async () => {
    const bank = await call("POST", "/api/account/vacation", { from: $("vacation-from").value, to: $("vacation-to").value }, csrf());
    render(bank, csrf(), notice);
    notice(t("Your vacation is planned."), "info");
  });
  form("vacation-now", async () => {
    const bank = await call("POST", "/api/account/vacation", { days: Number($("vacation-days").value) }, csrf());
    render(bank, csrf(), notice);
    notice(t("You are on vacation now: your correspondence clocks stand still."), "info");
  });
}
