// The generic panel: renders any game's view — whose turn, the seats, the pending
// decision with its legal actions as buttons, the outcome and the log. It knows no rules:
// everything comes from the view (see docs/web.md for the view's fields).

import { h, put, seatName } from "./dom.js";
import { t, tn } from "./i18n.js";

function playerOf(players, label) {
  return (players || []).find((p) => p.seat === label);
}

/** One line saying what happens now: your turn, whom we wait for, or the result. */
export function renderStatus(node, view, players) {
  node.classList.toggle("mine", Boolean(view.pending));
  if (view.outcome) return put(node, h("strong", { text: t("Game over.") + " " }), view.outcome.reason);
  if (view.pending) return put(node, h("strong", { text: t("Your turn:") + " " }), view.pending.prompt);
  const actor = playerOf(players, view.to_act);
  return put(node, h("strong", { text: t("{seat} to act:", { seat: seatName(actor) || view.to_act }) + " " }), view.waiting || "");
}

/** The seats: who sits there, online or not, whose turn it is, which one is yours. */
/** One chat message as a list item: who wrote it, to whom when not the table, the text (as text, never markup). */
export function chatLine(line, players) {
  const who = line.from ? seatName((players || []).find((p) => p.seat === line.from)) || line.from : line.name;
  const whom = line.channel === "team" ? t("to partners") : line.channel === "watchers" ? t("spectators") : "";
  return h("li", { class: `chat-${line.channel || "table"}` },
    h("strong", { text: `${who}: ` }), whom ? h("span", { class: "muted", text: `(${whom}) ` }) : null, line.text);
}

/** Seconds on a clock in words: "12:05", "1:02:05", "2 d 3 h". */
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 86400) return t("{days} d {hours} h", { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600) });
  const two = (n) => String(n).padStart(2, "0");
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** Each seat: its name, tags, and its clock when the game has one (`clock`: the view message's). */
export function renderPlayers(node, players, view, clock = null) {
  return put(node, (players || []).map((p) => h("li", {
    class: [p.seat === view.to_act ? "acting" : "", p.seat === view.seat ? "you" : "", p.online ? "online" : "offline"].join(" "),
    title: p.online ? t("online") : t("not connected"),
  },
  h("span", { class: "dot", "aria-hidden": "true" }),
  h("span", { class: "label", text: seatName(p) }),
  p.seat === view.seat ? h("span", { class: "tag", text: t("you") }) : null,
  p.kind === "human" && !p.joined ? h("span", { class: "tag free", text: t("free seat") }) : null,
  p.seat === view.to_act ? h("span", { class: "tag turn", text: t("to act") }) : null,
  p.away === "timeout" && p.back !== "never" ? h("span", { class: "tag away", text: t("a bot stands in") }) : null,
  p.back === "never" ? h("span", { class: "tag away", text: t("lost on time") }) : null,
  p.away === "resigned" ? h("span", { class: "tag away", text: t("resigned") }) : null,
  clock && clock.paused && clock.paused[p.seat] === "vacation" ? h("span", { class: "tag away", text: t("on vacation") }) : null,
  clock && clock.paused && clock.paused[p.seat] === "weekend" ? h("span", { class: "tag", text: t("weekend: the clock stands still") }) : null,
  clock && p.seat in clock.left ? h("span", {
    class: p.seat === clock.running ? "clock running" : "clock", "data-clock": p.seat, text: clockText(clock.left[p.seat]),
    "aria-label": t("time left"),
  }) : null)));
}

/** Decisions with more actions than this list them under the board things that start them, in a
 * list a phone shows folded (the board is where a phone player chooses). */
const FEW = 6;

/**
 * The pending decision: its prompt and one button per legal action (view.pending.choices:
 * {action, verb, args, label}), plus a field to type one. `act(text)` sends an action;
 * `label(choice)` gives a button's words (by default the game's choice.label); the button of
 * the action a lesson's guide asks for (`guided`) is marked, and described by the guide's words;
 * the one a hint suggests (`suggested`) is marked too. With `only` (a thing picked on the board)
 * just those actions are listed, and a button (`onAll`) lists them all again. Otherwise a
 * decision of many actions lists them in groups — under the words of the board thing that
 * starts them, `group(choice)`, where it gives one — in a list that can be folded: `folded` says
 * whether it starts so, `onFold(open)` hears the player open or close it. A button whose words are a
 * board's own has the game's words as its tooltip; no button shows its action text.
 */
export function renderPending(node, view, { act, label = (choice) => choice.label, enabled = true, guided = null,
  suggested = null, only = null, onAll = null, group = null, folded = false, onFold = null }) {
  if (!view.pending) return put(node);
  const marks = (choice) => ["action", choice.action === guided ? "guided" : "", choice.action === suggested ? "suggested" : ""];
  const button = (choice) => {
    const words = label(choice);  // the game's words, or a board's own; never the action text a player cannot read
    return h("button", {
      class: marks(choice).filter(Boolean).join(" "), type: "button", "data-action": choice.action,
      title: words === choice.label ? null : choice.label, disabled: !enabled,
      "aria-describedby": choice.action === guided ? "guide-text" : null, onclick: () => act(choice.action),
    }, words);
  };
  const choices = view.pending.choices;
  let listed;
  if (only) {
    listed = h("div", { class: "actions picked" }, choices.filter((c) => only.includes(c.action)).map(button),
      h("button", { type: "button", class: "all-moves", onclick: onAll, text: t("Show all moves") }));
  } else if (choices.length > FEW) {
    const groups = new Map();
    for (const choice of choices) {
      const heading = (group && group(choice)) || "";
      if (!groups.has(heading)) groups.set(heading, []);
      groups.get(heading).push(choice);
    }
    const sections = [...groups].sort(([a], [b]) => (a === "") - (b === ""));
    const body = sections.length > 1
      ? sections.map(([heading, some]) => h("div", { class: "action-group" },
        h("h3", { text: heading || t("Other moves") }), h("div", { class: "actions" }, some.map(button))))
      : h("div", { class: "actions" }, choices.map(button));
    listed = h("details", { class: "all-actions", open: !folded, ontoggle: (event) => onFold && onFold(event.target.open) },
      h("summary", { text: t("All moves ({count})", { count: choices.length }) }), body);
  } else {
    listed = h("div", { class: "actions" }, choices.map(button));
  }
  const typed = h("input", { name: "action", placeholder: t("or type an action"), autocomplete: "off", maxlength: 200 });
  const form = h("form", {
    class: "typed",
    onsubmit: (event) => {
      event.preventDefault();
      if (typed.value.trim()) act(typed.value.trim());
    },
  }, typed, h("button", { type: "submit", disabled: !enabled, text: t("Play") }));
  return put(node, h("p", { class: "prompt", text: view.pending.prompt }), listed, form);
}

/** The result: the reason in words and every seat's place (and points, if the game has them). */
export function renderOutcome(node, outcome, players) {
  if (!outcome) return put(node);
  const rows = Object.entries(outcome.places).sort((a, b) => a[1] - b[1]).map(([seat, place]) => {
    const points = outcome.points ? outcome.points[seat] : null;
    return h("li", { class: outcome.winners.includes(seat) ? "winner" : "" },
      `${place}. ${seatName(playerOf(players, seat)) || seat}`, points !== null && points !== undefined ? " — " + tn("{points} point", "{points} points", { points }, "points") : "");
  });
  return put(node, h("h3", { text: t("Result") }), h("p", { text: outcome.reason }), h("ul", { class: "places" }, rows));
}

/** The log: lines appended as views arrive; the newest are marked until the next update. */
export class LogView {
  constructor(node) {
    this.node = node;
  }

  /** Show a view's log: from_ 0 replaces everything, otherwise the lines are new. */
  update(view) {
    if (!view.log) return;
    for (const old of this.node.querySelectorAll(".fresh")) old.classList.remove("fresh");
    if (view.log_from === 0) put(this.node);
    this.add(view.log, true);
  }

  /** Replace the log with `lines`, marking the last `fresh` of them as new. */
  show(lines, fresh) {
    put(this.node);
    lines.forEach((line, i) => this.node.append(h("li", { class: i >= lines.length - fresh ? "fresh" : "", text: line })));
    this.scroll();
  }

  add(lines, fresh) {
    for (const line of lines) this.node.append(h("li", { class: fresh ? "fresh" : "", text: line }));
    this.scroll();
  }

  scroll() {
    this.node.scrollTop = this.node.scrollHeight;
  }
}
