// Wir sind das Volk! — the marks the board and its legend share: the chips' colours by side and
// each event icon's glyph by its kind.

/** A chip's fill, ink and stroke by the side (or colour) it stands for. */
export const CHIP = {
  west: { fill: "#f4d03f", ink: "#1b2631", stroke: "#7d6608" },
  east: { fill: "#a93226", ink: "#fdfefe", stroke: "#641e16" },
  red: { fill: "#a93226", ink: "#fdfefe", stroke: "#641e16" },
  pink: { fill: "#d98cb3", ink: "#1b2631", stroke: "#7b2456" },
  none: { fill: "#5d6d7e", ink: "#fdfefe", stroke: "#273746" },
};

/** Each event icon's glyph, by its kind (the legend says what each means). */
export const GLYPH = {
  unrest: "⚡", calm: "☮", move: "⇄", build: "⚒", dismantle: "−⚒", "end-protest": "⚑✗", ls: "▲",
  "reduce-ls": "▼", rundown: "⚙↓", repair: "⚙↑", stop: "⊘", police: "★", wall: "▮", "wall-down": "▯",
  "stasi-off": "☠", guillaume: "⌕", "prestige-overflow": "P±",
};
