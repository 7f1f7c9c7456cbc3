// Das Spiel der Nationen board: what stands beside the map — the header (round, whose turn, the
// decision, the deck; the bank, which gives and takes tankers, and the end of the turn, both tapped
// as things), the last incident card and the powers (money, income, tankers, the heads of state in
// supply — the power to act places them by tapping —, agent and notes). On a desktop the powers are
// a table beside the card; on a phone (geo.size.narrow) each power is two rows of words big enough to
// read without zooming.

import { s } from "../../js/dom.js";
import { fitText, measure } from "../../js/fit.js";
import { t, tn } from "../../js/i18n.js";
import { actionable } from "../../js/picking.js";
import { INK, KINDS, LETTER, colourOf, fitted, text } from "./pieces.js";
import { leaderName, pointName, seatLabel, stateName } from "./words.js";

/** A button drawn on the board: a rounded frame around ``words``, ``size`` high words. */
function chip(x, y, words, size, attrs, actions, fill) {
  const width = measure(words, size, "bold") + size * 1.4;
  const node = s("g", attrs,
    s("rect", { x: x - width, y, width, height: size * 1.8, rx: size * 0.5, fill, stroke: "#fdfefe", "stroke-width": 1.5, class: "frame" }),
    text(x - width / 2, y + size * 1.25, words, { "text-anchor": "middle", "font-size": size, "font-weight": "bold", fill: INK }));
  return [actionable(node, actions, words), width];
}

/** The bank's tankers (and pipelines, and money when the bank is counted) and the end of the turn,
 * right-aligned at ``right``: the things of the header a player taps. */
function headerThings(view, ctx, uses, right, y, size) {
  const pub = view.public;
  const tankers = tn("{n} tanker", "{n} tankers", { n: pub.tanker_pool });
  const pipelines = tn("{n} pipeline", "{n} pipelines", { n: pub.pipeline_pool });
  const bank = t("bank: {tankers}, {pipelines}", { tankers, pipelines })
    + (pub.bank !== null && pub.bank !== undefined ? `, ${pub.bank} M` : "");
  const out = [];
  let x = right;
  if (uses.end.length) {
    const end = (ctx.choices || []).find((c) => c.action === uses.end[0]);
    const [node, width] = chip(x, y, end ? end.label : t("End the turn"), size, { class: "end-turn" }, uses.end, "#f9e79f");
    out.push(node);
    x -= width + size;
  }
  const [node, width] = chip(x, y, bank, size, { class: "bank" }, uses.bank, "#d6eaf8");
  out.push(node);
  return [out, right - x + width];
}

function roundWords(pub) {
  return pub.round_limit ? t("Kark — round {round} of {limit}", { round: pub.round, limit: pub.round_limit })
    : t("Kark — round {round}", { round: pub.round });
}

function turnWords(view, ctx) {
  const pub = view.public;
  if (view.outcome) return "";
  const steps = [pub.step3 === "open" ? null : pub.step3 === "done" ? t("leader placed or moved") : t("a card's order replaced step 3"),
    pub.tanker_action_used ? t("tanker action used") : null, pub.pipeline_bought ? t("pipeline laid") : null].filter(Boolean);
  return [t("{seat}'s turn", { seat: seatLabel(ctx, pub.turn) }), ...steps].join(" · ");
}

function decisionWords(view, ctx) {
  if (view.outcome) return [t("Game over: {reason}", { reason: view.outcome.reason }), "#d6eaf8"];
  if (view.pending) return [t("Your decision: {prompt}", { prompt: view.pending.prompt }), "#f9e79f"];
  return [`${seatLabel(ctx, view.to_act)}: ${view.waiting || ""}`, "#d6eaf8"];
}

function deckWords(pub) {
  return tn("deck {n} card ({never} never drawn)", "deck {n} cards ({never} never drawn)", { n: pub.deck.cards, never: pub.deck.never_drawn });
}

/** The header of ``width``; returns ``[node, height]``. */
export function header(view, ctx, uses, width, narrow) {
  const pub = view.public;
  const [decision, colour] = decisionWords(view, ctx);
  const turn = turnWords(view, ctx);
  if (!narrow) {
    const deck = deckWords(pub);
    const right = Math.min(measure(deck, 11), (width - 28) * 0.42);  // the deck, then the round gets the rest
    const [things, used] = headerThings(view, ctx, uses, width - 10, 30, 12);
    return [s("g", { class: "header" },
      s("rect", { x: 0, y: 0, width, height: 60, rx: 8, fill: "#17202a", class: "frame" }),
      fitted(14, 22, roundWords(pub) + (turn ? " · " + turn : ""), width - 28 - right - 16, { fill: "#fdfefe", "font-size": 14, "font-weight": "bold" }),
      fitted(width - 14, 22, deck, right, { fill: "#d5d8dc", "font-size": 11, "text-anchor": "end" }),
      fitted(14, 48, decision, width - 38 - used, { fill: colour, "font-size": 13, class: "decision" }),
      things), 66];
  }
  // a phone: one thing a line, the words big enough to read without zooming, the bank and the end below
  let y = 34;
  const lines = [fitted(14, y, roundWords(pub), width - 28, { fill: "#fdfefe", "font-size": 24, "font-weight": "bold" })];
  if (turn) lines.push(fitted(14, (y += 30), turn, width - 28, { fill: "#fdfefe", "font-size": 21 }));
  const decided = fitText({ x: 14, y: (y += 32), fill: colour, class: "decision", "pointer-events": "none" }, decision, width - 28, 22,
    { lines: 3, least: 19, gap: 26 });
  y += (Math.max(1, decided.querySelectorAll("tspan").length) - 1) * 26;
  lines.push(decided, fitted(14, (y += 30), deckWords(pub), width - 28, { fill: "#d5d8dc", "font-size": 20 }));
  const [things] = headerThings(view, ctx, uses, width - 12, y + 14, 24);
  const height = y + 14 + 24 * 1.8 + 10;
  return [s("g", { class: "header" }, s("rect", { x: 0, y: 0, width, height, rx: 8, fill: "#17202a", class: "frame" }), lines, things),
    height + 8];
}

/** The last incident card at (x, y), ``width`` wide; returns ``[node, height]``. */
export function incident(view, ctx, x, y, width, narrow) {
  const [label, name, body, note, lines] = narrow ? [20, 26, 22, 18, 7] : [11, 14, 11.5, 9, 6];
  const gap = body * 1.2;
  const height = narrow ? label + name + lines * gap + note + 44 : 160;
  const key = view.public.last_card;
  const card = key && ctx.data ? ctx.data.cards[key] : null;
  const inner = width - 24;
  const out = [
    s("rect", { x, y, width, height, rx: 8, fill: card ? (card.favourable ? "#e9f7ef" : "#fdedec") : "#f2f3f4", stroke: "#aab7b8",
      class: "frame" }),
  ];
  const kind = card ? (card.favourable ? t("favourable") : t("unfavourable")) : "";
  const kindWidth = kind ? measure(kind, label * 0.9) + 10 : 0;
  out.push(fitted(x + 12, y + label + 9, t("Last incident card"), inner - kindWidth, { "font-size": label, fill: "#566573" }));
  const top = y + label + name + 15;
  if (key) {
    out.push(fitted(x + 12, top, card ? t(card.name) : key, inner, { "font-size": name, "font-weight": "bold" }));
    if (card) {
      out.push(fitText({ x: x + 12, y: top + gap + 4, fill: INK, "pointer-events": "none" }, t(card.text), inner, body,
        { lines, least: body * 0.8, gap }));
      out.push(text(x + width - 12, y + label + 9, kind, { "font-size": label * 0.9, "text-anchor": "end", fill: card.favourable ? "#1e8449" : "#922b21" }));
    }
  } else {
    out.push(fitted(x + 12, top + 4, t("no card drawn yet"), inner, { fill: "#99a3a4", "font-size": body }));
  }
  const board = ctx.data ? ctx.data.board : null;
  if (board && board.stand_in) {
    out.push(fitted(x + 12, y + height - 8, t("* invented name · stand-in board and cards"), inner,
      { "font-size": note, fill: "#707b7c" }));
  }
  return [s("g", { class: "incident", "data-card": key || "" }, out), height];
}

function notes(view, ctx, p) {
  const out = [];
  if (!p.alive) out.push(t("eliminated"));
  const assigned = view.public.assigned;
  if (assigned && assigned[p.seat] && view.public.round === 1) out.push(t("begins in {state}", { state: stateName(ctx, assigned[p.seat]) }));
  if (p.loan_installments) out.push(t("loan {n}×{m} M", { n: p.loan_installments, m: p.loan_installment }));
  if (p.strike) out.push(t("strike"));
  if (p.nationalised) out.push(t("{state} nationalised", { state: stateName(ctx, p.nationalised) }));
  if (p.canal_treaty) out.push(t("canal treaty"));
  return out.join(", ");
}

/** A head of state in a power's supply: its disc, its letter and how many; the power to act places
 * it by tapping it (then the capital), or the capital first. */
function supplyPiece(view, ctx, uses, p, kind, cx, cy, r, size) {
  const count = p.supply[kind];
  const name = t("{n} × {leader} in {seat}'s supply", { n: count, leader: leaderName(kind), seat: seatLabel(ctx, p.seat) });
  const piece = s("g", { class: "supply", "data-seat": p.seat, "data-kind": kind, "data-count": count },
    s("circle", { cx, cy, r, fill: count ? colourOf(view, p.seat) : "#d5d8dc", stroke: "#fdfefe", "stroke-width": 1 }),
    text(cx, cy + size * 0.36, LETTER[kind], { "text-anchor": "middle", fill: "#fdfefe", "font-size": size, "font-weight": "bold" }),
    text(cx + r + 2, cy + size * 0.36, String(count), { "font-size": size, "data-field": "supply" }),
    s("title", { text: name }));
  return p.seat === view.to_act ? actionable(piece, uses.supply.get(kind), name) : piece;
}

const COLUMNS = [[() => t("power"), 0], [() => t("money"), 150], [() => t("income"), 200], [() => t("tankers"), 252],
  [() => t("in supply"), 308], [() => t("agent"), 448], [() => t("notes"), 548]];

/** The table of powers at (x, y) on a desktop, ``width`` wide. */
export function powersTable(view, ctx, uses, x, y, width) {
  const pub = view.public;
  const out = [s("rect", { x, y, width, height: 160, rx: 8, fill: "#fbfcfc", stroke: "#aab7b8" })];
  const room = (i) => (i + 1 < COLUMNS.length ? COLUMNS[i + 1][1] : width - 20) - COLUMNS[i][1] - 6;
  COLUMNS.forEach(([name, dx], i) => out.push(fitted(x + 10 + dx, y + 18, name(), room(i), { "font-size": 11, fill: "#566573" })));
  pub.players.forEach((p, i) => {
    const ry = y + 26 + i * 30;
    const mine = p.seat === view.seat;
    const acting = p.seat === view.to_act;
    const cells = [
      s("rect", { x: x + 4, y: ry, width: width - 8, height: 26, rx: 5, fill: acting ? "#fcf3cf" : mine ? "#eaf2f8" : "none",
        class: "frame" }),
      s("circle", { cx: x + 16, cy: ry + 13, r: 6, fill: colourOf(view, p.seat) }),
      fitted(x + 28, ry + 17, `${seatLabel(ctx, p.seat)}${p.alive ? "" : " ✝"}`, COLUMNS[1][1] - 24,
        { "font-weight": mine ? "bold" : "normal" }),
      fitted(x + 10 + COLUMNS[1][1], ry + 17, `${p.money} M`, room(1), { "data-field": "money" }),
      fitted(x + 10 + COLUMNS[2][1], ry + 17, `${p.income} M`, room(2), { "data-field": "income" }),
      fitted(x + 10 + COLUMNS[3][1], ry + 17, String(p.tankers), room(3), { "data-field": "tankers" }),
      fitted(x + 10 + COLUMNS[5][1], ry + 17, p.agent ? pointName(ctx, p.agent) : "—", room(5), { "font-size": 11 }),
      fitted(x + 10 + COLUMNS[6][1], ry + 17, notes(view, ctx, p), room(6), { "font-size": 10.5, fill: "#922b21" }),
    ];
    const pieces = KINDS.map((kind, k) => supplyPiece(view, ctx, uses, p, kind, x + 20 + COLUMNS[4][1] + k * 34, ry + 13, 9, 10));
    out.push(s("g", { class: `power${acting ? " acting" : ""}${mine ? " mine" : ""}`, "data-seat": p.seat }, cells, pieces));
  });
  return s("g", { class: "powers" }, out);
}

/** The powers on a phone at (0, y), ``width`` wide, two rows each: name, money, income and
 * tankers; the heads of state in supply, the agent and the notes. Returns ``[node, height]``. */
export function powersRows(view, ctx, uses, y, width) {
  const pub = view.public;
  const cols = [[t("power"), 14], [t("money"), 300], [t("income"), 420], [t("tankers"), 570]];
  const out = cols.map(([name, dx], i) => fitted(dx, y + 24, name, (i + 1 < cols.length ? cols[i + 1][1] : width) - dx - 10,
    { "font-size": 20, fill: "#566573" }));
  const row = 84;
  pub.players.forEach((p, i) => {
    const ry = y + 34 + i * row;
    const mine = p.seat === view.seat;
    const acting = p.seat === view.to_act;
    const line = ry + 30;
    const below = ry + 66;
    const cells = [
      s("rect", { x: 2, y: ry, width: width - 4, height: row - 6, rx: 8, fill: acting ? "#fcf3cf" : mine ? "#eaf2f8" : "#fbfcfc",
        stroke: "#d5d8dc", class: "frame" }),
      s("circle", { cx: 22, cy: line - 8, r: 9, fill: colourOf(view, p.seat) }),
      fitted(38, line, `${seatLabel(ctx, p.seat)}${p.alive ? "" : " ✝"}`, cols[1][1] - 48,
        { "font-size": 24, "font-weight": mine ? "bold" : "normal" }, 19),
      fitted(cols[1][1], line, `${p.money} M`, cols[2][1] - cols[1][1] - 10, { "font-size": 24, "data-field": "money" }),
      fitted(cols[2][1], line, `${p.income} M`, cols[3][1] - cols[2][1] - 10, { "font-size": 24, "data-field": "income" }),
      fitted(cols[3][1], line, String(p.tankers), width - cols[3][1] - 10, { "font-size": 24, "data-field": "tankers" }),
      fitted(320, below, `◆ ${p.agent ? pointName(ctx, p.agent) : "—"}`, 240, { "font-size": 22 }),
      fitted(570, below, notes(view, ctx, p), width - 580, { "font-size": 20, fill: "#922b21" }),
    ];
    const pieces = KINDS.map((kind, k) => supplyPiece(view, ctx, uses, p, kind, 40 + k * 72, below - 8, 18, 23));
    out.push(s("g", { class: `power${acting ? " acting" : ""}${mine ? " mine" : ""}`, "data-seat": p.seat }, cells, pieces));
  });
  return [s("g", { class: "powers" }, out), 34 + pub.players.length * row];
}
