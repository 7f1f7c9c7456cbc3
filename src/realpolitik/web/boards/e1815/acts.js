// 1815 — which legal actions each thing on the board starts (js/picking.js marks it with them):
//
// - a land: every action naming it (found a capital, claim, attack, relocate into it, supply it,
//   meddle, buy, cede, hand troops over, move or commit troops from it, place reinforcements in it),
//   and, when the pending decision is about that land, the one that finishes it (done, go);
// - a land's units of a kind: the moves, commitments and meddling that take them;
// - the page's own general: its moves and commitments, and its jumps to other lands;
// - a kind in the page's own supply: the reinforcements and the Nachschub that bring it;
// - a success marker of the page's own: spending that many; the ally's markers: giving one;
// - a power (1715): choosing it;
// - a box n of the count track: the moves and commitments of n troops.
//
// A tap on a unit or the supply, then on a land, plays what both name (from → to); troops, then a
// count, move or commit that many.

const UNIT_VERBS = new Set(["meddle", "move", "commit"]);
const SUPPLY_VERBS = new Set(["place", "supply"]);
/** The actions that finish the decision about a land: the moves into it, the attack on it. */
const FINISH = new Set(["done", "go"]);

function acts(ctx, keep) {
  return (ctx.choices || []).filter(keep).map((c) => c.action);
}

const words = (choice) => choice.args.map(String);

export function landActs(view, ctx, key) {
  const decision = view.public.decision;
  const about = Boolean(decision) && decision.land === key && decision.seat === view.seat;
  return acts(ctx, (c) => (c.verb !== "power" && words(c).includes(key)) || (about && FINISH.has(c.action)));
}

export function unitActs(ctx, key, kind) {
  return acts(ctx, (c) => UNIT_VERBS.has(c.verb) && String(c.args[0]) === key && words(c).includes(kind));
}

/** The actions of the general of ``seat`` standing in ``key`` (only the page's own general acts). */
export function generalActs(view, ctx, seat, key) {
  if (seat !== view.seat) return [];
  return acts(ctx, (c) => c.verb === "general"
    || (UNIT_VERBS.has(c.verb) && String(c.args[0]) === key && words(c).includes("general")));
}

export function supplyActs(ctx, kind) {
  return acts(ctx, (c) => SUPPLY_VERBS.has(c.verb) && words(c).includes(kind));
}

/** Spending ``n`` of the page's own success markers. */
export function spendActs(ctx, n) {
  return acts(ctx, (c) => c.verb === "spend" && Number(c.args[0]) === n && n > 0);
}

/** Giving the ally a success marker. */
export function giftActs(ctx) {
  return acts(ctx, (c) => c.action === "give marker");
}

export function powerActs(ctx, key) {
  return acts(ctx, (c) => c.verb === "power" && String(c.args[0]) === key);
}

/** The lands the legal actions name (by ``landActs``), in the view's order. */
export function namedLands(view, ctx) {
  return Object.keys(view.public.lands).filter((key) => landActs(view, ctx, key).length);
}

/** Moving or committing ``n`` troops (of any kind, from any land). */
export function countActs(ctx, n) {
  return acts(ctx, (c) => UNIT_VERBS.has(c.verb) && Number(c.args[1]) === n);
}

/** The most troops a legal move or commitment takes (0: none takes a number of them). */
export function mostCounted(ctx) {
  return Math.max(0, ...(ctx.choices || []).filter((c) => UNIT_VERBS.has(c.verb)).map((c) => Number(c.args[1]) || 0));
}
