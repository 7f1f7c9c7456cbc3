// Wir sind das Volk! 2+2 board: the four seats in their teams (USA and West against the
// Soviet Union and East) and whose turn it is; the 2+2 board — arms race, space race and
// dominance with victory points and advantage levels, both treasuries, the world peace pool,
// the arms-race and conflict decks (count and last card), reminders, the 2+2 cards waiting for
// the next sub-decades (wsdv-2p2/cold-war.js); below it the base game's board, drawn by the base
// board's own layers (map, tracks, status, province table, display, hands, played cards) with
// the 2+2 card faces and button words (wsdv-2p2/cards.js, wsdv-2p2/words.js).
//
// Clicking a card, a province, a city, a line, a sector, a prestige or dominance space, the
// dominance track's title (a prestige arrow moved as dominance) or your treasury (a dominance
// step beyond the track) plays the single legal action that uses it, or opens a small menu.
// Reads only the view, plus the printed content: the base game's map, cards and tracks and the
// expansion's cards, decks and tracks.

import { botName, s } from "../js/dom.js";
import { fitText, measure } from "../js/fit.js";
import { t } from "../js/i18n.js";
import { contentLoader } from "../js/boards.js";
import { CARD_H, describeIcon, displayLayer, handsLayer, playedLayer, statusLayer } from "./wsdv.js";
import {
  CH, COLS, CW, ROWS, choiceLabel, clickable, mapLayer, prepare, provinceTable, tracksLayer, usesOf,
} from "./wsdv-map.js";
import { budgetLayer, raceLayer, seatsLayer, TEAM } from "./wsdv-2p2/cold-war.js";
import { SKIN } from "./wsdv-2p2/cards.js";
import { SIDE_OF, seatTitle as seatName } from "./wsdv-2p2/words.js";

export { legend } from "./wsdv-2p2/legend.js";

const WIDTH = 1000;
const ROMAN = ["", "I", "II", "III", "IV"];
const PRESTIGE_SPACES = 6;
/** The end-of-decade phases in words (the game's own messages). */
const PHASE_WORDS = {
  flight: () => t("flight"), prestige: () => t("prestige"), western_currency: () => t("western currency"),
  police_upkeep: () => t("police upkeep"), living_standard_limit: () => t("living standard limit"),
  internal_comparison: () => t("internal comparison"), east_west_comparison: () => t("east west comparison"),
  police: () => t("police"), socialists: () => t("socialists"), collapse: () => t("collapse"),
  arms_race: () => t("arms race"), space_race: () => t("space race"), dominance: () => t("dominance"),
};

function keyed(rows) {
  return Object.fromEntries((rows || []).map((row) => [row.key, row]));
}

/** The base game's map, cards and tracks and the expansion's cards, decks and tracks, loaded once. */
export async function load(ctx) {
  const base = contentLoader("wsdv");
  const [map, cards, tracks, expansion] = await Promise.all([base("map"), base("cards"), base("tracks"),
    ctx.content("expansion")]);
  const data = prepare(map, cards, tracks);
  for (const card of expansion.cards) data.cards[card.key] = card;
  return { ...data, expansion: new Set(expansion.cards.map((c) => c.key)), arms: keyed(expansion.arms_race),
    conflicts: keyed(expansion.conflicts), tracks: expansion.tracks };
}

function seatTitle(ctx, seat) {
  const player = (ctx.players || []).find((p) => p.seat === seat);
  const who = player ? (player.kind !== "human" ? botName(player.kind) : player.name) : "";
  return `${seatName(seat)}${who ? ` (${who})` : ""}`;
}

function phaseWords(phase) {
  return PHASE_WORDS[phase] ? PHASE_WORDS[phase]() : String(phase).replace(/_/g, " ");
}

function banner(view, ctx) {
  const pub = view.public;
  const when = pub.end_of_decade
    ? t("end of the decade, phase {n}: {phase}", { n: pub.end_of_decade, phase: phaseWords(pub.phase) })
    : t("sub-decade {sub}", { sub: pub.sub_decade || "–" });
  const acting = view.to_act ? " · " + t("{seat} to act", { seat: seatTitle(ctx, view.to_act) }) : "";
  const title = t("Wir sind das Volk! 2+2 — decade {decade}", { decade: ROMAN[pub.decade] || pub.decade });
  return s("g", { class: "banner" },
    s("rect", { x: 0, y: 0, width: WIDTH, height: 34, rx: 6, fill: "#1b2631", class: "frame" }),
    s("text", { x: 12, y: 23, "font-size": 17, "font-weight": "bold", fill: "#fdfefe", text: title }),
    fitText({ x: WIDTH - 12, y: 22, "text-anchor": "end", fill: "#d5d8dc" },
      when + " · " + t("turn order {seats}", { seats: pub.turn_order.map(seatName).join(", ") }) + acting,
      WIDTH - 48 - measure(title, 17, "bold"), 12, { least: 8 }));
}

/** The base layers see every legal action but the dominance boxes (``bonus`` in the dominance phase). */
function baseContext(view, ctx) {
  if (view.public.phase !== "dominance") return ctx;
  const choices = ctx.choices.filter((c) => c.verb !== "bonus");
  return { ...ctx, choices, legal: new Set(choices.map((c) => c.action)) };
}

/** The choice icon's prestige steps (``shift prestige yellow|red``) on the base prestige track's spaces. */
function prestigeChoices(tracks, view, ctx) {
  const pos = view.public.tracks.prestige;
  for (const [colour, v] of [["yellow", Math.max(pos - 1, -PRESTIGE_SPACES)], ["red", Math.min(pos + 1, PRESTIGE_SPACES)]]) {
    const uses = usesOf(ctx, (w) => w[0] === "shift" && w[1] === "prestige" && w[2] === colour);
    const space = tracks.querySelector(`g.track[data-track="prestige"] g.space[data-space="${v}"]`);
    if (!uses.length || !space || space.dataset.uses) continue;
    const rect = space.querySelector("rect");
    rect.setAttribute("fill", "#f9e79f");
    rect.setAttribute("stroke", "#d4ac0d");
    rect.setAttribute("stroke-width", "2.5");
    clickable(space, ctx, view, uses, Number(rect.getAttribute("x")), Number(rect.getAttribute("y")) + 22, choiceLabel);
  }
  return tracks;
}

/** Team marks on the other hands the base layer drew. */
function markTeams(hands) {
  for (const other of hands.querySelectorAll("g.other-hand")) {
    const team = TEAM[SIDE_OF[other.dataset.seat]];
    if (!team) continue;
    other.dataset.team = team.name;
    const title = other.querySelector("text");
    title.textContent = `${title.textContent} · ${team.words()}`;
    title.setAttribute("fill", team.ink);
  }
  return hands;
}

/** The board for ``view``. */
export function render(view, ctx) {
  const pub = view.public;
  const baseCtx = baseContext(view, ctx);
  const [races, racesH] = raceLayer(view, ctx, 0, 106);
  const mapY = 106 + Math.max(racesH, 232) + 10;
  const rightX = COLS * CW + 14;
  const below = mapY + ROWS * CH + 12;
  const [hands, handsH] = handsLayer(view, ctx, 0, below + CARD_H + 30, SKIN);
  const [played, playedH] = playedLayer(view, ctx, 0, below + CARD_H + 36 + handsH, SKIN);
  const height = below + CARD_H + 36 + handsH + playedH;
  return s("svg", { viewBox: `0 0 ${WIDTH} ${height}`, class: "board wsdv wsdv-2p2", role: "img",
    "aria-label": t("Wir sind das Volk! 2+2, decade {decade}", { decade: pub.decade }) },
  banner(view, ctx),
  seatsLayer(view, ctx, 0, 42, WIDTH),
  races,
  budgetLayer(view, ctx, 636, 106),
  mapLayer(view, baseCtx, 0, mapY, choiceLabel),
  prestigeChoices(tracksLayer(view, baseCtx, rightX, mapY, { label: choiceLabel, describeIcon: (i) => describeIcon(i, ctx) }),
    view, ctx),
  statusLayer(view, baseCtx, rightX + 4, mapY + 190, SKIN),
  provinceTable(view, baseCtx, rightX, mapY + 318, WIDTH - rightX, choiceLabel),
  displayLayer(view, ctx, 0, below, SKIN, t("Display — sub-decade {sub}", { sub: pub.sub_decade || "–" })),
  markTeams(hands),
  played);
}
