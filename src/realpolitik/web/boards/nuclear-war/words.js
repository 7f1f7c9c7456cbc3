// Nuclear War's board in words, the same in both layouts: a nation's people and hand, yours, the
// piles and the bank, your own face-down card's tooltip; whether you are naming the strikes of
// your final retaliation.

import { t, tn } from "../../js/i18n.js";
import { cardName } from "./cards.js";

/** Population or other cards by value, "2×5M 1×10M" (joined by ``by``); null when there are none. */
function byValue(counts, by) {
  return Object.entries(counts).filter(([, n]) => n).map(([v, n]) => `${n}×${v}M`).join(by) || null;
}

/** A nation's people (your millions; another's population cards), hand size and turns to lose. */
export function nationWords(player, mine) {
  const people = mine ? tn("{count} million people", "{count} million people", { count: mine.population_total }, "count")
    : tn("{count} population card", "{count} population cards", { count: player.population_cards }, "count");
  const skip = player.skips ? " · " + tn("loses {count} turn", "loses {count} turns", { count: player.skips }, "count") : "";
  return `${people} · ${tn("{count} card in hand", "{count} cards in hand", { count: player.hand }, "count")}${skip}`;
}

/** Your people: how many millions, on which cards. */
export function yourPeople(mine) {
  return tn("your people: {count} million ({cards})", "your people: {count} million ({cards})",
    { count: mine.population_total, cards: byValue(mine.population, ", ") || t("none") }, "count");
}

/** Your population cards by value. */
export function populationCards(mine) {
  return t("population cards: {cards}", { cards: byValue(mine.population, ", ") || t("none") });
}

/** The draw pile, the discarded cards and the bank's population cards, as the banner's fields. */
export function bankWords(pub) {
  const discarded = Object.values(pub.discard).reduce((a, b) => a + b, 0);
  return { draw: pub.draw_pile, discarded, bank: byValue(pub.bank, " ") || t("empty") };
}

export function faceDownTitle(ctx, key) {
  return cardName(ctx, key) + " — " + t("face down, only you see it");
}

/** Whether your nation is out and you name the strikes of its final retaliation now. */
export function retaliating(view, ctx) {
  const me = view.private ? view.public.players.find((p) => p.seat === view.seat) : null;
  return Boolean(me && !me.alive && (ctx.choices || []).some((c) => c.verb === "strike"));
}
