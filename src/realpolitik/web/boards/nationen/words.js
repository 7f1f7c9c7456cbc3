// Das Spiel der Nationen board: names of states, points, ports and seas, heads of state and
// seats. The printed names come from data/board.toml (ctx.data.board);
// without it the keys stand in.

import { seatName } from "../../js/dom.js";
import { t } from "../../js/i18n.js";

export const SEAS = ["north", "south"];

export function stateDefs(ctx) {
  return ctx.data && ctx.data.board ? Object.fromEntries(ctx.data.board.states.map((d) => [d.key, d])) : {};
}

export function stateName(ctx, key) {
  const def = stateDefs(ctx)[key];
  return def ? def.name : key;
}

export function capitalOf(def) {
  return def && def.capital !== undefined ? def.capital : 0;
}

export function questionsOf(def) {
  return def && def.questions !== undefined ? def.questions : [4];
}

/** "Kadhar 3", "Kadhar 4 (?)", "Kadhar capital". */
export function pointName(ctx, point) {
  const cut = point.lastIndexOf("-");
  const key = point.slice(0, cut);
  const i = Number(point.slice(cut + 1));
  const def = stateDefs(ctx)[key];
  if (i === capitalOf(def)) return t("{state} capital", { state: stateName(ctx, key) });
  if (questionsOf(def).includes(i)) return t("{state} {n} (?)", { state: stateName(ctx, key), n: i });
  return t("{state} {n}", { state: stateName(ctx, key), n: i });
}

export function placeName(ctx, loc, into) {
  if (loc === "north") return into ? t("onto the northern high sea") : t("on the northern high sea");
  if (loc === "south") return into ? t("onto the southern high sea") : t("on the southern high sea");
  return into ? t("into the port of {state}", { state: stateName(ctx, loc) }) : t("in the port of {state}", { state: stateName(ctx, loc) });
}

/** A head of state's kind in words: "king", "guerrilla leader". */
export function leaderName(kind) {
  const words = { king: () => t("king"), president: () => t("president"), dictator: () => t("dictator"),
    guerrilla: () => t("guerrilla leader") }[kind];
  return words ? words() : kind;
}

export function seatLabel(ctx, label) {
  return seatName((ctx.players || []).find((p) => p.seat === label)) || label;
}
