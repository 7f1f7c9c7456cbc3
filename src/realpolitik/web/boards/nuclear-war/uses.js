// Which legal actions each thing on Nuclear War's board starts (see grammar.py for the texts):
//
// - a card in your hand: placing it face down, showing it, swapping it in for a face-down card,
//   shooting with it (an anti-missile, unless the same card lies in the deterrent force, which
//   the game then uses first);
// - a card of your deterrent force: placing it face down, taking it back, shooting with it;
// - your face-down card in place N: swapping a hand card in for it;
// - the places a card goes: the face-down row's next place, the deterrent force, your hand;
// - a carrier or a warhead of your final retaliation, and a nation: the strikes they take part in,
//   a nation also its being named as a target.
//
// Each action is told by its verb and arguments (ctx.choices), never by splitting its text.

/** The legal actions whose verb and arguments (as text) pass ``test``. */
function those(ctx, test) {
  return (ctx.choices || []).filter((c) => test(c.verb, c.args.map(String))).map((c) => c.action);
}

/** A card ``key`` in your hand; ``deterrent``: the keys of your deterrent force. */
export function handCard(ctx, key, deterrent) {
  return those(ctx, (verb, args) => (verb === "place" && args.length === 1 && args[0] === key)
    || (verb === "show" && args[0] === key) || (verb === "swap" && args[1] === key)
    || (verb === "intercept" && args[0] === key && !deterrent.includes(key)));
}

/** A card ``key`` of your deterrent force. */
export function deterrentCard(ctx, key) {
  return those(ctx, (verb, args) => (verb === "place" && args[0] === "shown" && args[1] === key)
    || (verb === "hide" && args[0] === key) || (verb === "intercept" && args[0] === key));
}

/** Your face-down card in place ``slot`` (1, 2, …). */
export function faceDownCard(ctx, slot) {
  return those(ctx, (verb, args) => verb === "swap" && args[0] === String(slot));
}

/** The face-down row's next place: every card that can be placed there. */
export function nextPlace(ctx) {
  return those(ctx, (verb) => verb === "place");
}

/** The deterrent force as a place: every card that can be shown there. */
export function deterrentPlace(ctx) {
  return those(ctx, (verb) => verb === "show");
}

/** Your hand as a place: every deterrent card that can be taken back. */
export function handPlace(ctx) {
  return those(ctx, (verb) => verb === "hide");
}

/** The nation of seat ``label``: named as a target, or struck in a final retaliation. */
export function nation(ctx, label) {
  return those(ctx, (verb, args) => (verb === "target" && args[0] === label) || (verb === "strike" && args[2] === label));
}

/** A carrier of your final retaliation. */
export function carrier(ctx, key) {
  return those(ctx, (verb, args) => verb === "strike" && args[0] === key);
}

/** A warhead of your final retaliation. */
export function warhead(ctx, key) {
  return those(ctx, (verb, args) => verb === "strike" && args[1] === key);
}

/** The carriers and warheads your final retaliation may still fire (each card once), from its strikes. */
export function retaliation(ctx) {
  const strikes = (ctx.choices || []).filter((c) => c.verb === "strike").map((c) => c.args.map(String));
  return { carriers: [...new Set(strikes.map((a) => a[0]))], warheads: [...new Set(strikes.map((a) => a[1]))] };
}
