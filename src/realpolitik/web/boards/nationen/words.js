// Das Spiel der Nationen board: names of states, points, ports and seas, and the words
// on the action buttons. The printed names come from data/board.toml (ctx.data.board);
// without it the keys stand in.

import { seatName } from "../../js/dom.js";

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
  if (i === capitalOf(def)) return `${stateName(ctx, key)} capital`;
  return `${stateName(ctx, key)} ${i}${questionsOf(def).includes(i) ? " (?)" : ""}`;
}

export function placeName(ctx, loc, into) {
  if (SEAS.includes(loc)) return `${into ? "onto" : "on"} the ${loc}ern high sea`;
  return `${into ? "into" : "in"} the port of ${stateName(ctx, loc)}`;
}

export function seatLabel(ctx, label) {
  return seatName((ctx.players || []).find((p) => p.seat === label)) || label;
}

export function occupant(view, point) {
  const cut = point.lastIndexOf("-");
  const state = view.public.states.find((st) => st.key === point.slice(0, cut));
  const spot = state ? state.points[Number(point.slice(cut + 1))] : null;
  return spot ? spot.leader : null;
}

function price(ctx, name) {
  const comp = ctx.data && ctx.data.board ? ctx.data.board.components : null;
  return comp && comp[name] !== undefined ? ` (${comp[name]} M)` : "";
}

/** Button words for an action text. */
export function label(action, view, ctx) {
  const w = action.split(" ");
  switch (w[0]) {
    case "place": return `Place a ${w[1]} in ${stateName(ctx, w[2])}`;
    case "move": return `Move the ${w[1]} ${pointName(ctx, w[2])} → ${pointName(ctx, w[3])}`;
    case "attack": {
      const victim = occupant(view, w[3]);
      const whom = victim ? ` (${seatLabel(ctx, victim.seat)}'s ${victim.kind})` : "";
      return `Attack ${stateName(ctx, w[3].slice(0, w[3].lastIndexOf("-")))}${whom} with the ${w[1]} from ${pointName(ctx, w[2])}`;
    }
    case "agent": return `Agent to ${pointName(ctx, w[1])}`;
    case "station": return `Tanker ${placeName(ctx, w[1], true)}`;
    case "buy": return `Buy a tanker${price(ctx, "tanker_price")} ${placeName(ctx, w[2], true)}`;
    case "sell": return `Sell a tanker${price(ctx, "tanker_refund")} ${placeName(ctx, w[2], false)}`;
    case "tanker":
      if (SEAS.includes(w[1]) && SEAS.includes(w[2])) return `Tanker through the canal to the ${w[2]}ern high sea`;
      return `Tanker from ${placeName(ctx, w[1], false).replace(/^(in|on) /, "")} ${placeName(ctx, w[2], true).replace(/^(into|onto)/, "to")}`;
    case "pipeline": return `Lay a pipeline ${stateName(ctx, w[1])} – ${stateName(ctx, w[2])}`;
    case "sabotage": return `Destroy the pipeline ${stateName(ctx, w[1])} – ${stateName(ctx, w[2])}`;
    case "depose": {
      const victim = occupant(view, w[2]);
      return `Depose ${victim ? `${seatLabel(ctx, victim.seat)}'s` : "the"} ${w[1]} from ${pointName(ctx, w[2])}`;
    }
    case "kill": return `Lose your ${w[1]} on ${pointName(ctx, w[2])}`;
    case "sink": return `Lose a tanker ${placeName(ctx, w[1], false)}`;
    case "end": return "End the turn";
    case "decline": return "Decline";
    default: return action;
  }
}

