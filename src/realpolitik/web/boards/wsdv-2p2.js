// Wir sind das Volk! 2+2 board: the four seats in their teams (USA and West against the
// Soviet Union and East) and whose turn it is; the 2+2 board — arms race, space race and
// dominance with victory points and advantage levels, both treasuries, the world peace pool,
// the arms-race and conflict decks (count and last card), reminders, the 2+2 cards waiting for
// the next sub-decades (wsdv-2p2/cold-war.js); below it the base game's board, drawn by the base
// board's own layers (map, tracks, status, province table, display, hands, played cards) with
// the 2+2 card faces and button words (wsdv-2p2/cards.js, wsdv-2p2/words.js).
//
// Each card, province, city, line, sector, prestige or dominance space, the arms race's title (a
// card's arms-race use), the dominance track's title (a prestige arrow moved as dominance) and
// your treasury (a card's credit, a dollar beyond the dominance track) carries the legal actions
// that name it (js/picking.js): the page plays or picks what a player taps. On a phone
// (ctx.narrow) the board is one column 360 units wide, its words at least 11 units tall: the seats
// as rows, the map filling the width, the tracks and treasuries, the display and your hand as
// rows of two cards. Reads only the view, plus the printed content: the base game's map, cards
// and tracks and the expansion's cards, decks and tracks.

import { s } from "../js/dom.js";
import { t } from "../js/i18n.js";
import { contentLoader } from "../js/boards.js";
import { actionable, actionsOf } from "../js/picking.js";
import {
  banner, column, describeIcon, displayLayer, eventLayer, handsLayer, playedLayer, statusLayer,
} from "./wsdv.js";
import { CH, COLS, CW, ROWS, mapLayer, prepare, provinceTable, tracksLayer, usesOf } from "./wsdv-map.js";
import { lookOf } from "./wsdv/look.js";
import {
  BUDGET_PHONE, RACE_DESKTOP, RACE_PHONE, budgetLayer, raceLayer, seatsLayer, TEAM,
} from "./wsdv-2p2/cold-war.js";
import { SKIN } from "./wsdv-2p2/cards.js";
import { SIDE_OF, seatTitle as seatName } from "./wsdv-2p2/words.js";

export { legend } from "./wsdv-2p2/legend.js";

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

function phaseWords(phase) {
  return PHASE_WORDS[phase] ? PHASE_WORDS[phase]() : String(phase).replace(/_/g, " ");
}

function cwBanner(view, ctx, look) {
  const pub = view.public;
  const when = pub.end_of_decade
    ? t("end of the decade, phase {n}: {phase}", { n: pub.end_of_decade, phase: phaseWords(pub.phase) })
    : t("sub-decade {sub}", { sub: pub.sub_decade || "–" });
  const title = t("Wir sind das Volk! 2+2 — decade {decade}", { decade: ROMAN[pub.decade] || pub.decade });
  return banner(view, ctx, title, when, pub.turn_order.map(seatName).join(", "), look);
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
    if (!uses.length || !space) continue;
    const rect = space.querySelector("rect");
    rect.setAttribute("fill", "#f9e79f");
    rect.setAttribute("stroke", "#d4ac0d");
    rect.setAttribute("stroke-width", "2.5");
    actionable(space, [...actionsOf(space), ...uses], `${t("Prestige")} ${Math.abs(v)}`);
  }
  return tracks;
}

/** Team colours on the other hands the base layer drew (their headings name the team). */
function markTeams(hands) {
  for (const other of hands.querySelectorAll("g.other-hand")) {
    const team = TEAM[SIDE_OF[other.dataset.seat]];
    if (!team) continue;
    other.dataset.team = team.name;
    other.querySelector("text").setAttribute("fill", team.ink);
  }
  return hands;
}

/** The drawing of ``height`` units, named for assistive technology. */
function drawing(view, look, height, ...parts) {
  return s("svg", { viewBox: `0 0 ${look.width} ${height}`, class: `board wsdv wsdv-2p2${look.narrow ? " narrow" : ""}`,
    role: "img", "aria-label": t("Wir sind das Volk! 2+2, decade {decade}", { decade: view.public.decade }) }, ...parts);
}

/** The board for ``view``: a desktop's, or a phone's (``ctx.narrow``). */
export function render(view, ctx) {
  const pub = view.public;
  const look = lookOf(ctx);
  const baseCtx = baseContext(view, ctx);
  const tracks = (x, y, trackLook) => {
    const [node, height] = tracksLayer(view, baseCtx, x, y, { look: trackLook, describeIcon: (i) => describeIcon(i, ctx) });
    return [prestigeChoices(node, view, ctx), height];
  };
  const display = (y) => displayLayer(view, ctx, 0, y, { skin: SKIN, look,
    title: t("Display — sub-decade {sub}", { sub: pub.sub_decade || "–" }) });
  const hands = (y) => {
    const note = (seat) => (TEAM[SIDE_OF[seat]] ? TEAM[SIDE_OF[seat]].words() : "");
    const [node, height] = handsLayer(view, ctx, 0, y, { skin: SKIN, look, note });
    return [markTeams(node), height];
  };
  if (look.narrow) {
    // one column: the event's items when they wait for a choice, the seats, the map filling the width,
    // the state of the table, the tracks, the 2+2 tracks and treasuries, the display, your hand and the
    // others, the province table, the cards played
    const [nodes, height] = column(72, [
      (y) => eventLayer(view, ctx, 0, y, look.width, { skin: SKIN, look }),
      (y) => seatsLayer(view, ctx, 0, y, look.width, true),
      (y) => [mapLayer(view, baseCtx, 0, y, look.map), ROWS * CH * look.map.scale],
      (y) => statusLayer(view, baseCtx, 0, y, { look }),
      (y) => tracks(0, y, look.table.track),
      (y) => raceLayer(view, ctx, 0, y, RACE_PHONE),
      (y) => budgetLayer(view, ctx, 4, y, look.width - 4, BUDGET_PHONE),
      display,
      hands,
      (y) => [provinceTable(view, baseCtx, 0, y, look.width, look.table.rows),
        look.table.rows.top + pub.provinces.length * look.table.rows.step],
      (y) => playedLayer(view, ctx, 0, y, { skin: SKIN, look }),
    ]);
    return drawing(view, look, height, cwBanner(view, ctx, look), ...nodes);
  }
  const [event, eventH] = eventLayer(view, ctx, 8, 42, look.width - 16, { skin: SKIN });
  const shift = event ? eventH + 10 : 0;  // the board below the event's items while they wait
  const [races, racesH] = raceLayer(view, ctx, 0, 106, RACE_DESKTOP);
  const mapY = 106 + Math.max(racesH, 232) + 10;
  const rightX = COLS * CW + 14;
  const below = mapY + ROWS * CH + 12;
  const [shown, shownH] = display(below);
  const [others, othersH] = hands(below + shownH + 6);
  const [played, playedH] = playedLayer(view, ctx, 0, below + shownH + 12 + othersH, { skin: SKIN, look });
  return drawing(view, look, shift + below + shownH + 12 + othersH + playedH,
    cwBanner(view, ctx, look),
    event,
    s("g", { transform: shift ? `translate(0 ${shift})` : null },
      seatsLayer(view, ctx, 0, 42, look.width)[0],
      races,
      budgetLayer(view, ctx, 636, 106)[0],
      mapLayer(view, baseCtx, 0, mapY),
      tracks(rightX, mapY, look.table.track)[0],
      statusLayer(view, baseCtx, rightX + 4, mapY + 190)[0],
      provinceTable(view, baseCtx, rightX, mapY + 318, look.width - rightX),
      shown,
      others,
      played));
}
