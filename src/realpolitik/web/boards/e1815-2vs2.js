// 1815 2vs2 (on the 1815 or the 1715 map) shares the 1815 board: teams, allies and the
// map in use all come from the view.

export { legend, load, render } from "./e1815.js";
