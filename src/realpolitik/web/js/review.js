// A finished game's review on the replay page: asked of the server (POST /api/games/{id}/review),
// its progress polled, then every seat's chance of winning after each action — the estimate
// the seat could make (line) and hindsight (dashed) — on the replay's move axis, with a marker
// at the move shown, the estimate's 95 % interval as a band and a 0–100 % scale beside each chart,
// and the turning points as buttons that jump to their move.

import { getJSON, postJSON } from "./api.js";
import { h, put, s, seatName } from "./dom.js";
import { formatNumber, t, tn } from "./i18n.js";

const WIDTH = 600;
const HEIGHT = 70;
const COLOURS = ["#1f618d", "#b03a2e", "#1e8449", "#9a7d0a", "#6c3483", "#117a65"];
const POLL_MS = 1000;

const SCALE = [100, 50, 0];

function point(ply, chance, total) {
  // ply counts actions from 1, as the replay's move axis: the position after action ply
  return `${((ply / total) * WIDTH).toFixed(1)},${((1 - chance) * HEIGHT).toFixed(1)}`;
}

function points(plies, pick, seat, total) {
  return plies.map((p) => point(p.ply, p[pick][seat], total)).join(" ");
}

/** The estimate's 95 % interval: along its upper ends and back along its lower ones. */
function band(plies, seat, total) {
  const upper = plies.map((p) => point(p.ply, p.interval[seat][1], total));
  const lower = plies.map((p) => point(p.ply, p.interval[seat][0], total)).reverse();
  return [...upper, ...lower].join(" ");
}

export class ReviewPanel {
  /** ``root``: the panel's section; ``go(ply)``: show move ``ply`` in the replay. */
  constructor(root, gameId, go) {
    this.root = root;
    this.gameId = gameId;
    this.go = go;
    this.players = [];
    this.markers = [];
    this.ply = 0;
    this.total = 1;
    this.timer = null;
    this.button = root.querySelector("#review-ask");
    this.progress = root.querySelector("#review-progress");
    this.said = root.querySelector("#review-said");
    this.chart = root.querySelector("#review-chart");
    this.turns = root.querySelector("#review-turns");
    this.button.addEventListener("click", () => this.ask());
  }

  /** Show what the server has already (a stored review appears at once). */
  async start(players) {
    this.players = players;
    this.root.hidden = false;
    try {
      this.shown(await getJSON(`/api/games/${encodeURIComponent(this.gameId)}/review`));
    } catch (err) {
      this.fail(err);
    }
  }

  async ask() {
    this.button.disabled = true;
    try {
      this.shown(await postJSON(`/api/games/${encodeURIComponent(this.gameId)}/review`, {}));
    } catch (err) {
      this.fail(err);
    }
  }

  fail(err) {
    this.button.disabled = false;
    put(this.said, h("span", { class: "error", text: err.message }));
  }

  shown(answer) {
    clearTimeout(this.timer);
    if (answer.status === "none") {
      this.button.hidden = false;
      this.button.disabled = false;
      return;
    }
    this.button.hidden = true;
    if (answer.status === "done") {
      this.progress.hidden = true;
      this.draw(answer.review, answer.words);
      return;
    }
    this.progress.hidden = false;
    this.progress.max = answer.total;
    this.progress.value = answer.done;
    put(this.said, answer.status === "queued"
      ? t("The review waits for the server's bots.")
      : tn("Reviewed {done} of {total} action.", "Reviewed {done} of {total} actions.",
        { done: answer.done, total: answer.total }, "total"));
    this.timer = setTimeout(() => this.poll(), POLL_MS);
  }

  async poll() {
    try {
      const answer = await getJSON(`/api/games/${encodeURIComponent(this.gameId)}/review`);
      if (answer.status === "none") throw new Error(t("The review stopped; ask for it again."));
      this.shown(answer);
    } catch (err) {
      this.fail(err);
      this.button.hidden = false;
    }
  }

  draw(review, words) {
    const total = Math.max(1, review.actions);
    this.total = total;
    const name = (label) => seatName(this.players.find((p) => p.seat === label)) || label;
    put(this.said, h("span", { text: t("chance of winning after each action") + " — " +
      t("line: each seat's chance estimated from its own information; band: its 95 % interval; dashed: in hindsight (the whole record)") }));
    this.markers = [];
    put(this.chart, review.seats.map((seat, i) => {
      const marker = s("line", { class: "review-marker", y1: 0, y2: HEIGHT });
      this.markers.push(marker);
      const svg = s("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, preserveAspectRatio: "none", class: "review-seat",
        role: "img", "aria-label": t("chance of winning of {seat}", { seat: name(seat) }),
        onclick: (event) => {
          const box = svg.getBoundingClientRect();
          this.go(Math.round(((event.clientX - box.left) / box.width) * total));
        } },
      s("line", { class: "review-half", x1: 0, x2: WIDTH, y1: HEIGHT / 2, y2: HEIGHT / 2 }),
      s("polygon", { points: band(review.plies, seat, total), fill: COLOURS[i % COLOURS.length], class: "review-band" }),
      s("polyline", { points: points(review.plies, "chances", seat, total), stroke: COLOURS[i % COLOURS.length], class: "review-estimate" }),
      s("polyline", { points: points(review.plies, "hindsight", seat, total), stroke: COLOURS[i % COLOURS.length], class: "review-hindsight" }),
      marker);
      const scale = h("div", { class: "review-scale", "aria-hidden": "true" },
        SCALE.map((percent) => h("span", { text: `${formatNumber(percent, 0)} %` })));
      return h("figure", { class: "review-row" }, h("figcaption", { text: name(seat) }), scale, svg);
    }));
    this.mark(this.ply);
    const turns = review.turning_points;
    put(this.turns, h("h3", { text: t("Turning points") }), turns.length
      ? h("ol", {}, turns.map((tp, i) => h("li", {}, h("button", { type: "button", class: "review-turn", onclick: () => this.go(tp.ply),
        text: t("Move {ply}: {seat} played {played}; the search preferred {best} ({loss} percentage points more)", {
          ply: tp.ply, seat: name(tp.seat), played: words[i].played, best: words[i].best,
          loss: formatNumber(tp.loss * 100, 0) }) }))))
      : h("p", { class: "muted", text: t("No move lost clearly against the moves the search preferred.") }));
  }

  /** Move the charts' marker to ``ply`` (the replay's move). */
  mark(ply) {
    this.ply = ply;
    for (const marker of this.markers) {
      const x = ((ply / this.total) * WIDTH).toFixed(1);
      marker.setAttribute("x1", x);
      marker.setAttribute("x2", x);
    }
  }
}
