// 1815 — reading the view for the board: the printed map and rules, lands, players, seats by
// their titles, owners in words, the colours of the seats.

import { seatName, titleIn } from "../../js/dom.js";
import { t, tn } from "../../js/i18n.js";

export const KINDS = ["inf", "cav", "art"];
export const KIND_NAMES = { inf: () => t("infantry"), cav: () => t("cavalry"), art: () => t("artillery") };
// Seat colours and their light tints; in 2vs2 allies share a warm or a cool hue.
const COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#b7950b"];
const TINTS = ["#f5d5d1", "#d0e2f2", "#cfeedd", "#f6ecc4"];
const TEAM_COLOURS = ["#c0392b", "#2471a3", "#d35400", "#138d90"];
const TEAM_TINTS = ["#f5d5d1", "#d0e2f2", "#fbe0c8", "#c9eeee"];
const NEUTRAL = "#7f8c8d";
const NEUTRAL_TINT = "#eceeef";
export const TERRITORY_COLOURS = ["#8e44ad", "#16a085", "#a04000", "#2e4053", "#b03a2e", "#1f618d", "#7d6608",
  "#5b2c6f", "#117864", "#6e2c00"];
export const GOLD = "#d4ac0d";
export const BATTLE = "#a93226";
export const INK = "#1b2631";
export const GREY_INK = "#566573";

// the seats' titles ("Player 2") of the board being drawn, from its context's players
let titles = (seat) => seat;

/** Name the seats by their titles among ``ctx.players`` while a board is drawn. */
export function nameSeats(ctx) {
  titles = (seat) => titleIn(ctx.players, seat);
}

/** A seat by its title: "Player 2". */
export function named(seat) {
  return titles(seat);
}

/** "Player 1 (Ann)", "Player 2 (bot, normal)": who sits in a seat. */
export function whoSits(ctx, seat) {
  const player = (ctx.players || []).find((q) => q.seat === seat);
  return player ? seatName(player) : named(seat);
}

export function printedMap(view, ctx) {
  const pub = view.public;
  return !pub.map_file && ctx.data && ctx.data.maps ? ctx.data.maps[pub.map] || null : null;
}

export function rule(ctx, section, key, fallback) {
  const rules = ctx.data && ctx.data.rules;
  return rules && rules[section] && rules[section][key] !== undefined ? rules[section][key] : fallback;
}

export function landName(view, key) {
  const land = view && view.public && view.public.lands[key];
  return land ? land.name : key;
}

export function playerOf(view, seat) {
  return view.public.players.find((p) => p.seat === seat) || null;
}

export function colourOf(view, seat, tint = false) {
  if (!seat) return tint ? NEUTRAL_TINT : NEUTRAL;
  const i = view.seats.indexOf(seat) % 4;
  if (view.public.teams) return (tint ? TEAM_TINTS : TEAM_COLOURS)[i];
  return (tint ? TINTS : COLOURS)[i];
}

/** The ally of the page's seat, or null. */
export function allyOf(view) {
  const me = view.seat ? playerOf(view, view.seat) : null;
  return me ? me.ally : null;
}

/** "Player 1 (you)", "Player 3 (ally)", "Player 2", "neutral" — seen from this page's seat;
 * ``short``: "♦ Player 3" for the ally (a phone's tile). */
export function ownerWords(view, seat, short = false) {
  if (!seat) return t("neutral");
  if (seat === view.seat) return t("{seat} (you)", { seat: named(seat) });
  if (allyOf(view) !== seat) return named(seat);
  return short ? `♦ ${named(seat)}` : t("{seat} (ally)", { seat: named(seat) });
}

export function troops(counts) {
  const parts = KINDS.filter((k) => counts[k]).map((k) => `${counts[k]} ${KIND_NAMES[k]()}`);
  return parts.length ? parts.join(", ") : t("no troops");
}

export function powerName(view, ctx, key) {
  const map = printedMap(view, ctx);
  const power = map && map.powers ? map.powers.find((p) => p.key === key) : null;
  return power ? power.name : key;
}

export function demandWords(view, ctx, key) {
  const map = printedMap(view, ctx);
  const demand = map && map.demands ? map.demands.find((d) => d.key === key) : null;
  if (!demand) return key;
  if (demand.kind === "conquer") {
    const territory = (map.territories || []).find((x) => x.key === demand.territory);
    return t("conquer {territory}", { territory: territory ? territory.name : demand.territory });
  }
  if (demand.kind === "hold-capital") return t("capital with {n} EP", { n: demand.amount });
  if (demand.kind === "lands") return tn("{n} land", "{n} lands", { n: demand.amount });
  return key;
}

/** The title and the season line: "1815 — Europa 1815 (stand-in map)", "year 2 of 8, summer · …". */
export function headings(view, ctx) {
  const pub = view.public;
  const map = printedMap(view, ctx);
  const mapName = map ? map.name + (map.stand_in ? " " + t("(stand-in map)") : "") : t("map {map}", { map: pub.map });
  const year = !pub.year ? t("before the first year")
    : pub.max_years ? t("year {year} of {last}", { year: pub.year, last: pub.max_years }) : t("year {year}", { year: pub.year });
  const season = { start: () => t("start phase"), winter: () => t("winter"), summer: () => t("summer"),
    reinforcement: () => t("reinforcements"), scoring: () => t("SP distribution") }[pub.season];
  let turn = "";
  if (pub.turn && (pub.season === "winter" || pub.season === "summer")) {
    const params = { seat: named(pub.turn), n: pub.actions_left };
    turn = " · " + (pub.half_move ? tn("{seat}'s half move, {n} action left", "{seat}'s half move, {n} actions left", params)
      : tn("{seat}'s turn, {n} action left", "{seat}'s turn, {n} actions left", params));
  }
  return [`${view.game === "e1815" ? "1815" : "1815 2vs2"} — ${mapName}`, `${year}, ${season ? season() : pub.season}${turn}`];
}

/** The decision line: the page's own decision, whom the game waits for, or the result. */
export function decisionWords(view, ctx) {
  const pub = view.public;
  let words;
  if (view.outcome) words = t("Game over: {reason}", { reason: view.outcome.reason });
  else if (view.pending) words = t("Your decision: {prompt}", { prompt: view.pending.prompt });
  else words = t("Waiting for {seat}: {waiting}", { seat: whoSits(ctx, view.to_act), waiting: view.waiting || "" });
  const where = pub.decision && pub.decision.land && !view.outcome ? landName(view, pub.decision.land) : "";
  return where && !words.includes(where) ? `${words} (${where})` : words;
}

/** The battle being prepared, in words. */
export function battleWords(view) {
  const b = view.public.battle;
  const parts = KINDS.filter((k) => b[k]).map((k) => `${b[k]} ${KIND_NAMES[k]()}`).concat(b.general ? [t("the general")] : []);
  const spent = b.markers_spent ? " · " + tn("{n} success marker spent", "{n} success markers spent", { n: b.markers_spent }) : "";
  const params = { seat: named(b.attacker), land: landName(view, b.target), defender: b.defender ? named(b.defender) : t("neutral"),
    force: parts.join(", ") };
  return "⚔ " + (parts.length ? t("Battle: {seat} attacks {land} ({defender}) with {force}", params)
    : t("Battle: {seat} attacks {land} ({defender}); no troops committed yet", params)) + spent;
}

/** A team's line: "Team 1 (yours): Player 1 + Player 3 allied — 4 of 13 SP". */
export function teamWords(view, ctx, team, n) {
  const words = { n: n + 1, seats: team.seats.map(named).join(" + "), sp: team.sp, target: rule(ctx, "scoring", "team_win", 13) };
  return view.seat && team.seats.includes(view.seat) ? t("Team {n} (yours): {seats} allied — {sp} of {target} SP", words)
    : t("Team {n}: {seats} allied — {sp} of {target} SP", words);
}
