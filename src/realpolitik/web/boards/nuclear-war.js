// Nuclear War board: war or peace, and per nation its people, hand size, deterrent force,
// face-down row and face-up carrier; your own hand and population. Reads only the view (plus
// the printed card list from data/cards.toml for names and kinds) and the legal actions.
//
// Everything an action names is a thing to tap (js/picking.js; nuclear-war/uses.js says which
// actions each starts): a card in your hand, in your deterrent force or your face-down row, the
// places a card can go (the face-down row's next place, the deterrent force, your hand — dashed
// boxes while a card can go there), a nation (a target), and in a final retaliation your carriers
// and warheads. A wide screen shows the nations in columns (nuclear-war/wide.js), a phone one
// column drawn at the phone's own size (nuclear-war/narrow.js).

import { t } from "../js/i18n.js";
import { swatch } from "../js/legend.js";
import { COLOURS, GOLD, PLACE } from "./nuclear-war/cards.js";
import { narrow } from "./nuclear-war/narrow.js";
import { wide } from "./nuclear-war/wide.js";

/** The printed cards by key (names and kinds), loaded once. */
export async function load(ctx) {
  const data = await ctx.content("cards");
  return Object.fromEntries(data.cards.map((card) => [card.key, card]));
}

/** The board for ``view``. */
export function render(view, ctx) {
  const attrs = { class: "board nuclear-war", role: "img", "aria-label": "Nuclear War: " + (view.public.war ? t("war") : t("peace")) };
  return ctx.narrow ? narrow(view, ctx, attrs) : wide(view, ctx, attrs);
}

/** What the board's colours, frames and abbreviations mean (shown below the board). */
export function legend() {
  return [
    [swatch(COLOURS.warhead), t("red card: warhead")],
    [swatch(COLOURS.carrier), t("blue card: carrier (missile or bomber)")],
    [swatch(COLOURS["anti-missile"]), t("green card: anti-missile")],
    [swatch(COLOURS.propaganda), t("ochre card: propaganda")],
    [swatch(COLOURS.secret), t("purple card: secret")],
    [swatch(COLOURS["top-secret"]), t("dark purple card: top secret")],
    ["?", t("a face-down card")],
    [swatch("#566573", { dashed: true }), t("dashed frame: your own face-down card, only you see it")],
    [swatch("#566573", { stroke: GOLD, width: 3 }), t("gold frame: tap it to play it, or to see where it can go")],
    [swatch(PLACE.fill, { stroke: PLACE.stroke, dashed: true }),
      t("green dashed box: where a card can go — tap the card, then the box, or the other way round")],
    ["MT", t("megatons: the yield a carrier still holds")],
    ["2×5M", t("population: 2 cards of 5 million people each")],
    ["✝", t("annihilated: the nation has no people left")],
    ["▶", t("whose turn it is")],
  ];
}
