// Wir sind das Volk! — how big the boards draw their parts. On a desktop the board is 1000 units
// wide and shrinks to its box; on a phone (``ctx.narrow``) it is drawn 360 units wide, which a
// phone shows at about its size, so every word a player needs for a turn — the hand, the
// display, the tracks, the unrest — is at least 11 units (pixels) tall without zooming. The map
// stays the map, shown smaller, with its badges and factories grown (wsdv-map.js).

import { MAP_DESKTOP, MAP_PHONE, TABLE_DESKTOP, TABLE_PHONE } from "../wsdv-map.js";

/** ``card``: a card face's size and words (``small``: the marks beside its value); ``perRow`` cards in a row, ``gap`` apart; ``back``: a
 * card back's size; ``played``: the chips of the cards played; ``status``: the lines of the table's
 * state; ``map``, ``table``: the map's marks and the tracks, sectors and province table. */
export const DESKTOP = {
  width: 1000, narrow: false, perRow: 8, gap: 8, heading: 12, least: 9, title: 13, empty: 11,
  card: { w: 114, h: 104, value: 15, key: 10, title: 9.5, lines: 3, least: 7.5, chip: 9.5, foot: 9, footLeast: 7, small: 8.5 },
  back: { w: 42, h: 58, font: 14, step: 48 },
  played: { w: 57, h: 22, font: 10, perRow: 16 },
  status: { font: 11, step: 15, width: 290, least: 8, deck: 340, count: 9 },
  map: MAP_DESKTOP, table: TABLE_DESKTOP,
};

export const PHONE = {
  width: 360, narrow: true, perRow: 2, gap: 12, heading: 12.5, least: 11, title: 13.5, empty: 12,
  card: { w: 174, h: 108, value: 17, key: 11, title: 11, lines: 2, least: 11, chip: 11, foot: 11, footLeast: 11, small: 11 },
  back: { w: 30, h: 42, font: 13, step: 34 },
  played: { w: 68, h: 24, font: 11, perRow: 5 },
  status: { font: 12, step: 17, width: 300, least: 11, deck: 312, count: 11 },
  map: MAP_PHONE, table: TABLE_PHONE,
};

/** The look for the page's screen. */
export function lookOf(ctx) {
  return ctx.narrow ? PHONE : DESKTOP;
}
