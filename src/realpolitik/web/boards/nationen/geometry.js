// Das Spiel der Nationen board: where everything goes on the map of Kark. Two sizes: a desktop's,
// the board file's layout at its own orientation, and a phone's (ctx.narrow), the layout turned a
// quarter to the right when it is wider than tall, so that three cells fill a phone's width and the
// points, pieces and their words are big enough to tap and read there without zooming.

import { SEAS, stateDefs } from "./words.js";

/** The sizes of the two layouts, in the drawing's units (a phone shows one unit as half a pixel): cells,
 * circles, points, pieces and the font sizes of their words. */
export const SIZES = {
  desk: {
    narrow: false, cellW: 250, cellH: 250, drop: 14, head: 40, ring: 66, point: 13, mark: 12, star: 11, letter: 11,
    number: 9, name: 15, kind: 10, ruler: 11, agent: 8, port: 14, portFont: 14, ship: 24, shipFont: 11, shipGap: 15,
    sea: 14, note: 11, derrick: 16, seaAcross: 60, seaDown: 26,
  },
  phone: {
    narrow: true, cellW: 250, cellH: 330, drop: 12, head: 66, ring: 76, point: 19, mark: 24, star: 23, letter: 23,
    number: 16, name: 26, kind: 21, ruler: 19, agent: 12, port: 21, portFont: 24, ship: 34, shipFont: 23, shipGap: 30,
    sea: 24, note: 23, derrick: 20, seaAcross: 80, seaDown: 44,
  },
};

const geometries = { desk: new WeakMap(), phone: new WeakMap() };

/** ``layout`` turned a quarter to the right: its first column, bottom to top, becomes the first row. */
function turned(layout) {
  const cols = Math.max(...layout.map((row) => row.length));
  return Array.from({ length: cols }, (_, c) => layout.map((row) => row[c] || "").reverse());
}

/** The top left corner of a box ``w`` × ``h`` in the cell of ``g`` (``{cell, centre}``), as near as may be
 * to the middle at (x, y): inside the cell, below the state's name, clear of its ring of points and
 * their numbers and of the boxes ``avoid`` (``[x, y, w, h]``) — or where it covers least of them. */
export function spotFor(g, z, x, y, w, h, avoid = []) {
  const { x: cx, y: cy } = g.cell;
  const [gx, gy] = g.centre;
  const reach = z.ring + z.point + z.number + 2;
  const cost = (px, py) => {
    const into = Math.max(0, reach - Math.hypot(Math.max(px - gx, 0, gx - px - w), Math.max(py - gy, 0, gy - py - h)));
    const over = avoid.reduce((sum, [ax, ay, aw, ah]) => sum + Math.max(0, Math.min(px + w, ax + aw) - Math.max(px, ax))
      * Math.max(0, Math.min(py + h, ay + ah) - Math.max(py, ay)), 0);
    return Math.hypot(px + w / 2 - x, py + h / 2 - y) + 1000 * into + 1000 * over;
  };
  let [best, least] = [null, Infinity];
  for (let px = cx + 8; px <= cx + z.cellW - 8 - w; px += 2) {
    for (let py = cy + z.head; py <= cy + z.cellH - 8 - h; py += 2) {
      const c = cost(px, py);
      if (c < least) [best, least] = [[px, py], c];
    }
  }
  return best || [x - w / 2, y - h / 2];
}

/** The turn of a circle (degrees) that points its arrows at the neighbours they lead to. */
function rotationFor(def, n, centre, centres) {
  const arrows = (def && def.arrows ? def.arrows : []).filter((a) => centres[a.to]);
  if (!arrows.length) return 0;
  let best = 0;
  let bestCost = Infinity;
  for (let phi = 0; phi < 360; phi += 5) {
    let cost = 0;
    for (const a of arrows) {
      const [tx, ty] = centres[a.to];
      const dir = Math.atan2(tx - centre[0], -(ty - centre[1]));
      cost += 1 - Math.cos(((a.at * 360) / n + phi) * (Math.PI / 180) - dir);
    }
    if (cost < bestCost - 1e-9) {
      best = phi;
      bestCost = cost;
    }
  }
  return best;
}

/** Where everything goes: cells from the board's layout, circles turned to face their arrows, the
 * canal beside the canal state's circle, across the line from one high sea to the other. */
export function geometry(view, ctx) {
  const size = ctx.narrow ? SIZES.phone : SIZES.desk;
  const memo = geometries[ctx.narrow ? "phone" : "desk"];
  const key = ctx.data || view.public;
  if (memo.has(key)) return memo.get(key);
  const { cellW, cellH, ring, point } = size;
  const keys = view.public.states.map((st) => st.key);
  const defs = stateDefs(ctx);
  let layout = ctx.data && ctx.data.board && ctx.data.board.layout ? ctx.data.board.layout : [];
  const placed = new Set(layout.flat());
  const missing = keys.filter((k) => !placed.has(k));
  for (let i = 0; i < missing.length; i += 4) layout = [...layout, missing.slice(i, i + 4)];
  const absentSeas = SEAS.filter((sea) => !placed.has(sea));
  if (absentSeas.length) layout = [...layout, absentSeas];
  if (size.narrow && Math.max(...layout.map((row) => row.length)) > layout.length) layout = turned(layout);
  const cols = Math.max(...layout.map((row) => row.length));
  const cells = {};
  layout.forEach((row, r) => row.forEach((cell, c) => {
    if (cell) cells[cell] = { x: c * cellW, y: r * cellH };
  }));
  const centres = {};
  for (const k of keys) centres[k] = [cells[k].x + cellW / 2, cells[k].y + cellH / 2 + size.drop];
  for (const sea of SEAS) centres[sea] = [cells[sea].x + cellW / 2, cells[sea].y + cellH / 2];
  const canalKey = keys.find((k) => defs[k] && defs[k].port === "canal");
  let canalAt = null;
  if (canalKey) {
    const [n, south, c] = [centres.north, centres.south, centres[canalKey]];
    const len = Math.hypot(south[0] - n[0], south[1] - n[1]) || 1;
    const reach = ring + point + size.number + 14;
    canalAt = [c[0] + ((south[1] - n[1]) / len) * reach, c[1] - ((south[0] - n[0]) / len) * reach];
  }
  const states = {};
  view.public.states.forEach((st) => {
    const def = defs[st.key];
    const n = st.points.length;
    const centre = centres[st.key];
    const turn = rotationFor(def, n, centre, centres);
    const points = st.points.map((_, i) => {
      const a = ((turn + (i * 360) / n) * Math.PI) / 180;
      return { x: centre[0] + ring * Math.sin(a), y: centre[1] - ring * Math.cos(a), dx: Math.sin(a), dy: -Math.cos(a) };
    });
    let port = null;
    if (def && def.port) {
      const aim = def.port === "canal" ? canalAt : centres[def.port];
      const [dx, dy] = [aim[0] - centre[0], aim[1] - centre[1]];
      const len = Math.hypot(dx, dy) || 1;
      const reach = def.port === "canal" ? len : ring + point + 33;
      const [w, h] = [size.port * 2, size.port * 1.6];
      const [x, y] = spotFor({ cell: cells[st.key], centre }, size, centre[0] + (dx / len) * reach, centre[1] + (dy / len) * reach, w, h);
      port = { x: x + w / 2, y: y + h / 2 };
    }
    states[st.key] = { centre, points, port, cell: cells[st.key], def };
  });
  const geo = { size, width: cols * cellW, height: layout.length * cellH, cells, centres, states, canalKey, canalAt };
  memo.set(key, geo);
  return geo;
}
