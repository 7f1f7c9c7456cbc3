// Wir sind das Volk! 2+2: the expansion's board — the four seats with their teams, hands,
// peacemakers and whose turn it is; the arms-race, space-race and dominance tracks with their
// victory points, advantage levels, space-race icons and dominance boxes; both treasuries
// (with the flipped and the +10 marker); the world peace pool and the red button; the
// arms-race and conflict decks (count and last card only); the reminders and the 2+2 cards
// waiting for the next sub-decades. Every figure comes from the view's ``cold_war`` part. The
// arms race's title, the dominance spaces and title and the treasuries carry the legal actions
// that name them (js/picking.js). On a phone (``look.narrow``) the seats are rows and the tracks
// narrower, their words at least 11 units tall.

import { botName, s } from "../../js/dom.js";
import { fitText, measure } from "../../js/fit.js";
import { t, tn } from "../../js/i18n.js";
import { actionable } from "../../js/picking.js";
import { usesOf } from "../wsdv-map.js";
import { chips } from "./cards.js";
import { PARTNER, SIDE_OF, effectWords, seatShort, seatTitle } from "./words.js";

/** Team colours: yellow (USA and West), red (Soviet Union and East); ``words``: "team yellow". */
export const TEAM = {
  west: { name: "yellow", words: () => t("team yellow"), fill: "#fbf3d0", stroke: "#b7950b", ink: "#7d6608" },
  east: { name: "red", words: () => t("team red"), fill: "#f6dcd6", stroke: "#922b21", ink: "#922b21" },
};
const HOT = "#f9e79f";
const HOT_STROKE = { stroke: "#d4ac0d", "stroke-width": 2.5 };
const T_CELL = 21;
/** The three 2+2 tracks' sizes: ``cell`` per space, ``box`` its height, ``left`` the room for
 * "USA" before them, their start spaces on one line; ``notes``: what a space's distance gives, below
 * it (baselines ``vp``, ``level``, ``income`` and the top of the ``chips``, from the space's foot) and
 * the height of that per track. A phone's fill its width each (``width``), their spaces as wide as
 * that allows, without the names at their ends (the colours say them); its numbers and titles are
 * larger, and its notes of every other space a row lower (``block`` per track), each as wide as
 * two spaces, so that their words are as large as the numbers. */
export const RACE_DESKTOP = { cell: 38, box: 22, number: 10, title: 11, least: 8, left: 34, titleW: 380, width: 0,
  notes: { font: 8.5, income: 8, chip: 7.5, least: 5, vp: 10, level: 21, chips: 13, incomeAt: 43, block: null,
    height: { arms: 26, space: 40, dominance: 48 } } };
export const RACE_PHONE = { cell: 32, box: 24, number: 11.5, title: 12, least: 11, left: 0, titleW: 352, width: 352,
  notes: { font: 11, income: 11, chip: 11, least: 11, vp: 13, level: 27, chips: 17, incomeAt: 63,
    block: { arms: 31, space: 52, dominance: 68 }, height: { arms: 66, space: 108, dominance: 140 } } };
/** The treasuries', peace's, decks' and notes' words: a treasury's ``number``s, the doves' and the red
 * button's ``dove``, a deck's last card (``last``: its heading, ``power``: the names of its rows, ``chip``:
 * its icons, ``row``: their distance, ``box``: its height), ``none``: "no card drawn yet", ``note``: the
 * reminders. A phone's are at least 11 units, its decks one below the other (``stacked``). */
export const BUDGET_DESKTOP = { number: 8.5, dove: 10, last: 9, power: 8.5, chip: 7.5, row: 14, box: 44, none: 9.5,
  note: 10.5, stacked: false };
export const BUDGET_PHONE = { number: 11, dove: 11, last: 11, power: 11, chip: 11, row: 17, box: 54, none: 11, note: 11,
  stacked: true };
const ROMAN = ["", "I", "II", "III", "IV"];

function text(x, y, words, attrs = {}) {
  return s("text", { x, y, "font-size": 11, fill: "#1b2631", text: words, ...attrs });
}

/** A text no wider than ``width`` (smaller down to ``least``, or cut, when its words are longer). */
function fitted(x, y, words, width, attrs = {}, least = 8) {
  const { "font-size": size = 11, ...rest } = attrs;
  return fitText({ x, y, fill: "#1b2631", ...rest }, words, width, size, { least: Math.min(size, least) });
}

/** A face-down card without a decade (deck cards, 2+2 cards prepared for later sub-decades). */
function back(x, y, w, h, title) {
  return s("g", { class: "card back" }, s("rect", { x, y, width: w, height: h, rx: 3, fill: "#34495e", stroke: "#1b2631",
    class: "frame" }),
    s("title", { text: title }));
}

/** Who plays a seat: the person's name, or the bot's kind. */
function playerName(ctx, seat) {
  const player = (ctx.players || []).find((p) => p.seat === seat);
  return player ? (player.kind !== "human" ? botName(player.kind) : player.name || "") : "";
}

/** "3 cards in hand (I, II, II) · ☮ 1 peacemaker". */
function handWords(hand, peace) {
  const cards = tn("{n} card in hand", "{n} cards in hand", { n: hand.length });
  const decades = hand.length ? ` (${hand.map((d) => ROMAN[d]).join(", ")})` : "";
  const makers = tn("{n} peacemaker", "{n} peacemakers", { n: peace.length });
  return `${cards}${decades} · ☮ ${makers}`;
}

// ---------------------------------------------------------------------- seats

/** The four seats at (x, y), ``width`` wide: team, hand, peacemakers, whose turn — side by side on a
 * desktop, one below the other on a phone (``narrow``). Returns [node, height]. */
export function seatsLayer(view, ctx, x, y, width, narrow = false) {
  const cw = view.public.cold_war;
  const count = view.seats.length;
  const [w, h] = narrow ? [width, 50] : [(width - 8 * (count - 1)) / count, 54];
  const least = narrow ? 11 : 8;
  const seats = view.seats.map((seat, i) => {
    const team = TEAM[SIDE_OF[seat]];
    const [bx, by] = narrow ? [x, y + i * (h + 6)] : [x + i * (w + 8), y];
    const hand = view.public.hands[seat] || [];
    const peace = cw.peacemakers[seat] || [];
    const toAct = view.to_act === seat;
    const flag = toAct ? "▶ " + t("to act") : cw.active === seat ? t("active") : "";
    const cards = peace.map((k) => (ctx.data && ctx.data.cards[k] ? `${k.toUpperCase()} ${ctx.data.cards[k].title}` : k));
    return s("g", { class: `seat-box team-${team.name}${toAct ? " to-act" : ""}`, "data-seat": seat, "data-team": team.name,
      "data-hand": hand.length, "data-peacemakers": peace.length, "data-to-act": toAct ? "true" : null },
    s("rect", { x: bx, y: by, width: w, height: h, rx: 6, fill: team.fill, stroke: toAct ? "#d4ac0d" : team.stroke,
      "stroke-width": toAct ? 3.5 : 1, class: "frame" }),
    s("rect", { x: bx, y: by, width: 7, height: h, rx: 3, fill: team.stroke }),
    fitted(bx + 13, by + 16, view.seat === seat ? t("{seat} (you)", { seat: seatTitle(seat) }) : seatTitle(seat),
      w - 24 - (flag ? measure(flag, 11, "bold") + 6 : 0), { "font-size": 12.5, "font-weight": "bold", fill: team.ink }, least),
    flag ? text(bx + w - 6, by + 16, flag, { "text-anchor": "end", "font-weight": "bold",
      fill: toAct ? "#1b2631" : "#566573" }) : null,
    fitted(bx + 13, by + (narrow ? 30 : 31), [playerName(ctx, seat), t("{team} with {partner}", { team: team.words(),
      partner: seatShort(PARTNER[seat]) })].filter(Boolean).join(" · "), w - 19, { fill: team.ink }, least),
    fitted(bx + 13, by + (narrow ? 44 : 46), handWords(hand, peace), w - 19, { "font-size": narrow ? 11 : 10.5 }, least),
    s("title", { text: `${seatTitle(seat)}, ${team.words()}`
      + (cards.length ? "; " + t("peacemakers: {cards}", { cards: cards.join(", ") }) : "") }));
  });
  return [s("g", { class: "seats" }, seats), narrow ? count * (h + 6) - 6 : h];
}

// ---------------------------------------------------------------------- the three 2+2 tracks

/** A superpower's short name by the sign of a track's position: "USA", "USSR". */
function powerShort(pos) {
  return seatShort(pos < 0 ? "usa" : "ussr");
}

function where(pos) {
  return pos === 0 ? t("start") : `${powerShort(pos)} ${Math.abs(pos)}`;
}

/** The legal actions a space of the dominance track stands for: a choice step onto it, a box to cash. */
function dominanceUses(view, ctx, v, pos, spaces) {
  const dominancePhase = view.public.phase === "dominance";
  return usesOf(ctx, (w) => {
    if (w[0] === "shift" && w[1] === "dominance") {
      return v === (w[2] === "yellow" ? Math.max(pos - 1, -spaces) : Math.min(pos + 1, spaces));
    }
    return dominancePhase && w[0] === "bonus" && pos !== 0 && Math.sign(v) === Math.sign(pos) && Math.abs(v) === Number(w[1]);
  });
}

function trackTitle(view, key, pos, track) {
  const cw = view.public.cold_war;
  if (key === "arms") {
    const a = cw.arms_advantage;
    const adv = a ? t("{power} level {level}", { power: seatShort(a.side), level: a.level }) : t("none");
    return t("Arms race: {where} · advantage {adv}", { where: where(pos), adv });
  }
  if (key === "space") return t("Space race: {where}", { where: where(pos) });
  const d = Math.abs(pos);
  const income = pos === 0 ? t("both ${amount}", { amount: track.income[0] })
    : `${powerShort(pos)} $${track.income[d]}, ${powerShort(-pos)} $${track.income_other[d]}`;
  return t("Dominance: {where} · income {income}", { where: where(pos), income });
}

/** Under a space from y: what its distance gives (arms: level; space race: icons; dominance: box,
 * income), in the sizes of ``size`` (a look's ``notes``), within the track's ends ``[lo, hi]``. A note a
 * row lower hangs from its space by a thin line. */
function spaceNotes(ctx, key, track, v, [cx, lo, hi], y, cell, size) {
  const d = Math.abs(v);
  const side = v < 0 ? "west" : "east";
  const mirror = (e) => ({ ...e, side: e.side ? side : e.side });
  const lower = size.block && d % 2 === 1;
  const top = y + (lower ? size.block[key] : 0);
  const width = (size.block ? 2 * cell : cell) - 2;  // no wider than its space, or than two a row apart
  const left = Math.max(lo + 1, Math.min(cx - width / 2, hi - 1 - width));  // slid inside the track at its ends
  const mid = left + width / 2;
  const note = (dy, words, attrs) => fitText({ x: mid, y: top + dy, "text-anchor": "middle", ...attrs }, words, width,
    attrs["font-size"], { least: size.least });
  const notes = [lower ? s("line", { x1: cx, y1: y + 1, x2: cx, y2: top + 2, stroke: "#aab7b8" }) : null,
    track.vp[d] ? note(size.vp, t("{n} VP", { n: track.vp[d] }), { "font-size": size.font, fill: "#566573" }) : null];
  if (key === "arms" && track.level[d]) {
    notes.push(note(size.level, track.level[d] >= 4 ? t("victory") : t("L{level}", { level: track.level[d] }),
      { "font-size": size.font, "font-weight": "bold", fill: "#6c3483" }));
  }
  const icons = key === "arms" ? [] : (track.icons[d] || []).map(mirror);
  if (icons.length && v !== 0) notes.push(chips(ctx, icons, left, top + size.chips, width, size.chip));
  if (key === "dominance") {
    notes.push(note(size.incomeAt, v === 0 ? `$${track.income[0]}` : `$${track.income[d]}/${track.income_other[d]}`,
      { "font-size": size.income, fill: "#1e8449" }));
  }
  return notes;
}

function spaceTip(ctx, key, track, v) {
  const d = Math.abs(v);
  const side = v < 0 ? "west" : "east";
  const owner = v === 0 ? t("start space") : `${seatTitle(v < 0 ? "usa" : "ussr")} ${d}`;
  const parts = [track.vp[d] === 1 ? t("1 victory point") : t("{n} victory points", { n: track.vp[d] })];
  if (key === "arms" && track.level[d]) {
    parts.push(track.level[d] >= 4 ? t("victory space") : t("advantage level {level}", { level: track.level[d] }));
  }
  if (key === "space" && track.victory && d >= track.victory) parts.push(t("victory space"));
  const icons = key === "arms" ? [] : track.icons[d] || [];
  if (icons.length && v) {
    const effects = icons.map((e) => effectWords({ ...e, side: e.side ? side : e.side }, ctx)).join(", ");
    parts.push(key === "space" ? t("at the end of a decade: {effects}", { effects })
      : t("dominance box: {effects}", { effects }));
  }
  if (key === "dominance") {
    parts.push(t("income: holder ${holder}, other ${other}", { holder: track.income[d], other: track.income_other[d] }));
  }
  return `${owner}: ${parts.join("; ")}`;
}

/** One 2+2 track centred on ``centre`` at y, ``cell`` per space, in the sizes of ``look``; returns
 * [node, height]. */
function trackLayer(view, ctx, key, pos, [centre, cell], y, look) {
  const track = ctx.data.tracks[key];
  const n = track.spaces;
  const items = [];
  const middle = y + 18 + look.box / 2;
  // the dominance title stands for a prestige arrow moved as dominance; the arms race's for a card's arms-race use
  const uses = key === "dominance" ? usesOf(ctx, (w) => w[0] === "prestige" || w[0] === "dominance")
    : key === "arms" ? usesOf(ctx, (w) => (w[0] === "take" || w[0] === "play") && w[2] === "arms") : [];
  const words = trackTitle(view, key, pos, track);
  const left = look.width ? centre - look.width / 2 : centre - (n + 0.5) * cell;
  const title = s("g", { class: "track-title" },
    s("rect", { x: left, y, width: look.titleW, height: look.title + 4, rx: 3, fill: uses.length ? HOT : "transparent",
      ...(uses.length ? HOT_STROKE : {}), class: "frame" }),
    fitted(left + 4, y + look.title, words, look.titleW - 8, { "font-weight": "bold", "font-size": look.title },
      look.least));
  items.push(actionable(title, uses, words));
  if (!look.width) {
    items.push(text(left - 3, middle + 3.5, "USA", { "text-anchor": "end", "font-size": 9.5, fill: TEAM.west.ink }));
    items.push(text(centre + (n + 0.5) * cell + 1, middle + 3.5, seatShort("ussr"), { "font-size": 9.5, fill: TEAM.east.ink }));
  }
  for (let v = -n; v <= n; v += 1) {
    const d = Math.abs(v);
    const cx = centre + v * cell;
    const victory = (key === "arms" && track.level[d] >= 4) || (key === "space" && track.victory && d >= track.victory);
    const spaceUses = key === "dominance" ? dominanceUses(view, ctx, v, pos, n) : [];
    const fill = spaceUses.length ? HOT : victory ? (v < 0 ? "#f4d03f" : "#e6b0aa") : v < 0 ? TEAM.west.fill
      : v > 0 ? TEAM.east.fill : "#fdfefe";
    const space = s("g", { class: "space", "data-space": v },
      s("rect", { x: cx - cell / 2 + 1, y: y + 18, width: cell - 2, height: look.box, rx: 3, fill,
        ...(spaceUses.length ? HOT_STROKE : { stroke: "#aab7b8" }) }),
      text(cx, middle + look.number * 0.36, `${d}${victory ? "★" : ""}`, { "text-anchor": "middle",
        "font-size": look.number, fill: "#566573" }),
      s("title", { text: spaceTip(ctx, key, track, v) }));
    items.push(actionable(space, spaceUses, `${trackName(key)} ${where(v)}`));
    const ends = [centre - (n + 0.5) * cell, centre + (n + 0.5) * cell];
    items.push(spaceNotes(ctx, key, track, v, [cx, ...ends], y + 18 + look.box, cell, look.notes));
  }
  items.push(s("circle", { cx: centre + pos * cell, cy: middle, r: look.box * 0.41, fill: "none", stroke: "#1b2631",
    "stroke-width": 2.5, class: "marker", "pointer-events": "none" }));
  const height = 18 + look.box + look.notes.height[key];
  return [s("g", { class: "track x22", "data-track": key, "data-value": pos }, items), height];
}

/** A 2+2 track's name in a sentence: "dominance". */
function trackName(key) {
  return { arms: () => t("arms race"), space: () => t("space race"), dominance: () => t("dominance") }[key]();
}

/** Arms race, space race and dominance, stacked from (x, y). */
export function raceLayer(view, ctx, x, y, look = RACE_DESKTOP) {
  const cw = view.public.cold_war;
  const centre = look.width ? x + look.width / 2 : x + look.left + (ctx.data.tracks.arms.spaces + 0.5) * look.cell;
  const cell = (key) => (look.width ? Math.min(look.cell, look.width / (2 * ctx.data.tracks[key].spaces + 1)) : look.cell);
  const items = [];
  let at = y;
  for (const [key, pos] of [["arms", cw.arms_race], ["space", cw.space_race], ["dominance", cw.dominance]]) {
    const [node, height] = trackLayer(view, ctx, key, pos, [centre, cell(key)], at, look);
    items.push(node);
    at += height;
  }
  return [s("g", { class: "races" }, items), at - y];
}

// ---------------------------------------------------------------------- treasuries, peace, decks

function money(value) {
  return value < 0 ? `−$${-value}` : `$${value}`;
}

/** A superpower's treasury at (x, y): the printed spaces, the flipped marker below, the +10 marker above. */
function treasuryLayer(view, ctx, power, x, y, look) {
  const track = ctx.data.tracks.treasury;
  const value = view.public.cold_war.treasury[power];
  const [low, high] = [track.flip + 1, track.plus10 - 1];
  const marker = value > high ? "plus10" : value < low ? "flipped" : "";
  const cell = marker === "plus10" ? value - high : marker === "flipped" ? value - low : value;
  const red = view.public.cold_war.in_the_red.includes(power);
  // a dollar beyond the dominance track, or a card's credit: into the seat's own treasury; whichever
  // superpower the active player lets draw its arms-race card first: on that one's treasury
  const own = view.seat === power
    ? usesOf(ctx, (w) => w[0] === "income" || ((w[0] === "take" || w[0] === "play") && w[2] === "credit")) : [];
  const uses = [...own, ...usesOf(ctx, (w) => w[0] === "first" && w[1] === power)];
  const team = TEAM[SIDE_OF[power]];
  const note = marker === "plus10" ? " " + t("(+10 marker)") : marker === "flipped" ? " " + t("(marker flipped)") : "";
  const title = power === "usa" ? t("USA treasury: {money}", { money: money(value) })
    : t("Soviet Union treasury: {money}", { money: money(value) });
  const items = [
    s("rect", { x: x - 4, y, width: (high - low + 1) * T_CELL + 8, height: 40, rx: 4, fill: uses.length ? HOT : "transparent",
      ...(uses.length ? HOT_STROKE : {}) }),
    fitted(x, y + 12, title + note + (red ? " — " + t("in the red") : ""), (high - low + 1) * T_CELL,
      { "font-weight": "bold", fill: red ? "#c0392b" : team.ink, class: "sum" }),
  ];
  for (let v = low; v <= high; v += 1) {
    const cx = x + (v - low) * T_CELL;
    items.push(s("rect", { x: cx, y: y + 17, width: T_CELL - 2, height: 19, rx: 2,
      fill: v < 0 ? "#f5b7b1" : v === track.start ? "#d5f5e3" : "#fdfefe", stroke: "#aab7b8" }),
    text(cx + T_CELL / 2 - 1, y + 26.5 + look.number * 0.36, String(v), { "text-anchor": "middle",
      "font-size": look.number, fill: "#566573" }));
  }
  const mx = x + (cell - low) * T_CELL + T_CELL / 2 - 1;
  items.push(s("circle", { cx: mx, cy: y + 26.5, r: 8.5, fill: marker === "flipped" ? "#c0392b" : "none",
    "fill-opacity": 0.35, stroke: marker === "plus10" ? "#1e8449" : "#1b2631", "stroke-width": 2.5, class: "marker" }));
  const has = power === "usa" ? t("The USA has {money}", { money: money(value) })
    : t("The Soviet Union has {money}", { money: money(value) });
  const printed = t("(printed {low}…{high}; the flipped marker shows {lowest}…{flip}, the +10 marker {plus10}…{highest})",
    { low, high, lowest: track.lowest, flip: track.flip, plus10: track.plus10, highest: track.highest });
  items.push(s("title", { text: `${has} ${printed}` }));
  const node = s("g", { class: "treasury", "data-power": power, "data-value": value, "data-marker": marker }, items);
  return actionable(node, uses, title);
}

function peaceLayer(view, x, y, width, look) {
  const cw = view.public.cold_war;
  const label = t("World peace: {doves} of {total} doves", { doves: cw.doves, total: cw.doves_total });
  const at = x + Math.max(168, Math.round(measure(label, 11, "bold")) + 14);  // the doves after the words
  const items = [text(x, y + 12, label, { "font-weight": "bold" })];
  for (let i = 0; i < cw.doves_total; i += 1) {
    const here = i < cw.doves;
    items.push(s("circle", { cx: at + i * 19, cy: y + 8, r: 8, fill: here ? "#d6eaf8" : "#d5d8dc",
      stroke: here ? "#1f618d" : "#839192" }),
    text(at + i * 19, y + 8 + look.dove * 0.36, here ? "☮" : "✕", { "text-anchor": "middle", "font-size": look.dove,
      fill: here ? "#1f618d" : "#839192" }));
  }
  // the red button after the doves; a phone's below them, where its words have room
  const [bx, by] = look.stacked ? [x + 9, y + 30] : [at + 8 + cw.doves_total * 19, y + 8];
  items.push(s("circle", { cx: bx, cy: by, r: 9, fill: cw.red_button ? "#e74c3c" : "#922b21", stroke: "#1b2631" }),
    fitted(bx + 14, by + 4, cw.red_button ? t("pressed by {seat}", { seat: seatTitle(cw.red_button) }) : t("red button"),
      x + width - bx - 14, { "font-size": look.dove, fill: cw.red_button ? "#c0392b" : "#566573",
        "font-weight": cw.red_button ? "bold" : null }, look.dove));
  return s("g", { class: "peace", "data-doves": cw.doves, "data-red-button": cw.red_button || null }, items);
}

function deckRow(ctx, card, power, decade) {
  const column = card[power] || [];
  return column.length > 1 ? column[decade - 1] || [] : column[0] || [];
}

/** One deck at (x, y), ``w`` wide: face down with its count, its last card face up (this decade's row). */
function deckLayer(view, ctx, kind, x, y, w, look) {
  const cw = view.public.cold_war;
  const deck = kind === "arms" ? cw.arms_deck : cw.conflict_deck;
  const cards = kind === "arms" ? ctx.data.arms : ctx.data.conflicts;
  const title = kind === "arms" ? t("Arms-race deck") : t("Conflict deck");
  const decade = view.public.decade || 1;
  const faceDown = tn("{deck}: {n} card, face down", "{deck}: {n} cards, face down", { deck: title, n: deck.count });
  const items = [fitted(x, y + 11, `${title}: ${deck.count}`, w, { "font-weight": "bold" }),
    back(x, y + 16, 30, 44, faceDown),
    text(x + 15, y + 43, String(deck.count), { "text-anchor": "middle", "font-size": 11, "font-weight": "bold",
      fill: "#fdfefe" })];
  const last = deck.last ? cards[deck.last] : null;
  if (last) {
    const rows = ["usa", "ussr"].map((power) => deckRow(ctx, last, power, decade));
    const tip = ["usa", "ussr"].map((power, i) => `${seatTitle(power)}: `
      + (rows[i].map((e) => effectWords(e, ctx)).join(", ") || t("nothing"))).join("; ");
    const card = deck.last.toUpperCase();
    // the chips after the longer name
    const names = Math.max(measure("USA", look.power), measure(seatShort("ussr"), look.power)) + 5;
    const tipTitle = t("{deck} — last card {card}", { deck: title, card })
      + (kind === "arms" ? " " + t("(decade {decade} row)", { decade: ROMAN[decade] }) : "");
    const top = y + 16 + look.last + 7;  // the first row's chips; the second's a row lower
    const row = (i, power, ink) => {
      const [chipsY, baseline] = [top + i * look.row, top + i * look.row + look.chip + 1.5];
      return [text(x + 40, baseline, power, { "font-size": look.power, fill: ink }),
        rows[i].length ? chips(ctx, rows[i], x + 40 + names, chipsY, w - 42 - names, look.chip)
          : text(x + 40 + names, baseline, "—", { "font-size": look.last })];
    };
    items.push(s("g", { class: "last-card", "data-card": deck.last },
      s("rect", { x: x + 36, y: y + 16, width: w - 36, height: look.box, rx: 4, fill: "#fdfefe", stroke: "#1b2631",
        class: "frame" }),
      fitted(x + 40, y + 18 + look.last, t("last: {card}", { card: card + (last.reshuffle ? " ↻" : "") }), w - 44,
        { "font-size": look.last, "font-weight": "bold" }),
      row(0, "USA", TEAM.west.ink),
      row(1, seatShort("ussr"), TEAM.east.ink),
      s("title", { text: `${tipTitle}: ${tip}` + (last.reshuffle ? "; " + t("reshuffles the deck") : "") })));
  } else {
    items.push(fitted(x + 40, y + 42, t("no card drawn yet"), w - 40, { "font-size": look.none, fill: "#99a3a4" }, look.none));
  }
  return s("g", { class: "deck-2p2", "data-deck": kind, "data-count": deck.count, "data-last": deck.last || null }, items);
}

/** Victory points, reminders and the 2+2 cards waiting for sub-decades B and C at (x, y). */
function notesLayer(view, x, y, width, look) {
  const cw = view.public.cold_war;
  const reminders = [];
  if (cw.reminders.arms_cost) reminders.push(t("arms race +${amount} per step", { amount: cw.reminders.arms_cost }));
  if (cw.reminders.soviet_penalty) reminders.push(t("Soviet build/LS value −1"));
  const [b, c] = cw.prepared;
  const items = [
    fitted(x, y + 11, t("Victory points: USA {usa} · Soviet Union {ussr}", { usa: cw.victory_points.usa,
      ussr: cw.victory_points.ussr }), width, { "font-weight": "bold", class: "vp" }),
    fitted(x, y + 26, t("Reminders: {reminders}", { reminders: reminders.join("; ") || t("none") }), width,
      { "font-size": look.note, class: "reminders" }, look.note),
    fitted(x, y + 41, t("2+2 cards waiting for sub-decade B: {b}, C: {c}", { b, c }), width - 96, { "font-size": look.note },
      look.note),
  ];
  [b, c].forEach((count, i) => {
    const sub = "BC"[i];
    const tip = count === 1 ? t("1 2+2 card waiting for sub-decade {sub}, face down", { sub })
      : t("{n} 2+2 cards waiting for sub-decade {sub}, face down", { n: count, sub });
    for (let k = 0; k < count; k += 1) items.push(back(x + width - 90 + i * 40 + k * 4, y + 30 - k * 2, 18, 24, tip));
  });
  return s("g", { class: "cold-war-notes", "data-prepared": `${b},${c}`, "data-vp": `${cw.victory_points.usa},`
    + `${cw.victory_points.ussr}`, "data-reminders": reminders.join("; ") }, items);
}

/** Treasuries, peace, decks, victory points and reminders in a column at (x, y), ``width`` wide
 * (a phone's screen, too), in the sizes of ``look``; returns [node, height]. */
export function budgetLayer(view, ctx, x, y, width = 364, look = BUDGET_DESKTOP) {
  const deckH = 20 + look.box;
  const decks = y + (look.stacked ? 140 : 116);  // below the peace's line, a phone's two
  const [deckW, conflict] = look.stacked ? [width, [x, decks + deckH]] : [(width - 6) / 2, [x + (width + 6) / 2, decks]];
  const notes = look.stacked ? conflict[1] + deckH : y + 184;
  return [s("g", { class: "cold-war" },
    treasuryLayer(view, ctx, "usa", x, y, look),
    treasuryLayer(view, ctx, "ussr", x, y + 44, look),
    peaceLayer(view, x, y + 92, width, look),
    deckLayer(view, ctx, "arms", x, decks, deckW, look),
    deckLayer(view, ctx, "conflict", ...conflict, deckW, look),
    notesLayer(view, x, notes, width - 4, look)), notes + 46 - y];
}
