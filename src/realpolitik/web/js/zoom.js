// Zooming the board: the board fits its box's width (a phone's too), and is zoomed with two
// fingers (pinch), the buttons beside it or Ctrl and the mouse wheel, up to a size where its
// smallest words read well; a zoomed board is panned by scrolling its box — one finger, the
// wheel, the scroll bars. The zoom stays as the player left it while views come and go.

/** Screen pixels the board's small words should reach at the largest zoom. */
const READABLE = 16;

export class BoardZoom {
  /** ``area``: the board's scrolling box (it holds the board's <svg class="board">); ``tools``:
   *  the buttons {in, out, fit}. */
  constructor(area, tools = {}) {
    this.area = area;
    this.tools = tools;
    this.level = 1;
    this.pinch = null;
    if (tools.in) tools.in.addEventListener("click", () => this.step(1.5));
    if (tools.out) tools.out.addEventListener("click", () => this.step(1 / 1.5));
    if (tools.fit) tools.fit.addEventListener("click", () => this.set(1));
    area.addEventListener("touchstart", (event) => this.touch(event), { passive: false });
    area.addEventListener("touchmove", (event) => this.touch(event), { passive: false });
    area.addEventListener("touchend", (event) => this.touch(event));
    area.addEventListener("touchcancel", (event) => this.touch(event));
    area.addEventListener("wheel", (event) => {
      if (!event.ctrlKey || !this.svg()) return;
      event.preventDefault();
      this.set(this.level * Math.exp(-event.deltaY / 300), event.clientX, event.clientY);
    }, { passive: false });
  }

  svg() {
    return this.area.querySelector("svg.board");
  }

  /** The largest zoom: the board's small words (the median of its texts) at READABLE pixels. */
  most() {
    const svg = this.svg();
    if (!svg) return 1;
    const heights = Array.from(svg.querySelectorAll("text"), (text) => text.getBoundingClientRect().height)
      .filter((h) => h > 0).sort((a, b) => a - b);
    if (!heights.length) return 4;
    const median = heights[Math.floor(heights.length / 2)] / this.level;
    return Math.max(2, Math.min(10, READABLE / median));
  }

  /** Zoom by ``factor`` around the middle of the box. */
  step(factor) {
    const r = this.area.getBoundingClientRect();
    this.set(this.level * factor, r.left + r.width / 2, r.top + Math.min(r.height, window.innerHeight) / 2);
  }

  /** Zoom to ``level`` (1: fit the box), keeping the point of the board at (x, y) on the screen where it is. */
  set(level, x = null, y = null) {
    const old = this.level;
    this.level = Math.max(1, Math.min(this.most(), level));
    const r = this.area.getBoundingClientRect();
    const [cx, cy] = [x === null ? r.width / 2 : x - r.left, y === null ? 0 : y - r.top];
    const [px, py] = [this.area.scrollLeft + cx, this.area.scrollTop + cy];
    this.apply();
    const k = this.level / old;
    this.area.scrollLeft = px * k - cx;
    this.area.scrollTop = py * k - cy;
  }

  /** Give the board on the page the current zoom (after every drawing). */
  apply() {
    const svg = this.svg();
    const zoomed = this.level > 1.001;
    this.area.classList.toggle("zoomed", zoomed);
    if (svg) svg.style.width = zoomed ? `${(this.level * 100).toFixed(2)}%` : "";
    if (this.tools.out) this.tools.out.disabled = !zoomed;
    if (this.tools.fit) this.tools.fit.disabled = !zoomed;
    if (this.tools.in) this.tools.in.disabled = Boolean(svg) && this.level >= this.most() - 0.001;
  }

  /** Two fingers zoom around their middle; one finger scrolls the box (the browser's own panning). */
  touch(event) {
    const fingers = event.touches;
    if (fingers.length !== 2) {
      this.pinch = null;
      return;
    }
    const [a, b] = [fingers[0], fingers[1]];
    const apart = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
    const [x, y] = [(a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2];
    if (event.cancelable) event.preventDefault();
    if (!this.pinch || event.type === "touchstart") {
      this.pinch = { apart: Math.max(apart, 1), level: this.level };
      return;
    }
    this.set(this.pinch.level * (apart / this.pinch.apart), x, y);
  }
}
