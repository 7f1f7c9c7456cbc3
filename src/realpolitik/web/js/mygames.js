// The games a player plays, as the lobby shows them first ("Your games") and the account page
// lists them ("My games"): who sits at each, whose turn it is, the move, the result once over,
// the tournament, and a link straight to the player's seat (/game/{id}#seat=p2).
//
// A signed-in player's games come from GET /api/account/games. A guest has no account: its
// browser keeps the seat tokens it plays with (account.js), with each seat's label, and asks
// GET /api/entries for those games' lobby entries; the game page takes the kept token for the
// seat the link names.

import { getJSON } from "./api.js";
import { botName, h, levelsAt, reasonIn, seatName, seatTitle } from "./dom.js";
import { lang, t } from "./i18n.js";

/** A game listed as "my games" lists it, from a lobby entry and the seats this browser keeps of it. */
function kept(entry, seats) {
  const mine = entry.players.map((p) => p.seat).filter((label) => seats.includes(label));
  const myTurn = entry.status === "running" && mine.includes(entry.to_act);
  const seat = myTurn ? entry.to_act : mine[0];
  return { ...entry, seats: mine, my_turn: myTurn, seat, url: seat ? `/game/${entry.id}#seat=${seat}` : `/game/${entry.id}` };
}

/** The unfinished games of a guest's kept seats (``[{game, token, seat}]``), its turn first, then the newest. */
export async function guestGames(seats) {
  const ids = [...new Set(seats.map((s) => s.game))].slice(-50);
  if (!ids.length) return [];
  const { games } = await getJSON(`/api/entries?ids=${ids.map(encodeURIComponent).join(",")}`);
  const listed = games.map((entry) => kept(entry, seats.filter((s) => s.game === entry.id).map((s) => s.seat)));
  return listed.sort((a, b) => Number(b.my_turn) - Number(a.my_turn) || b.created.localeCompare(a.created));
}

/** Whoever sits at a seat, in players' words: a person by name, a bot by its level, a free seat as free. */
function sitter(player, levels) {
  if (player.kind !== "human") return botName(player.kind, levels);
  if (player.joined === false) return t("{seat}: free", { seat: seatTitle(player) });
  return player.name || seatTitle(player);
}

/** Where the game stands: my turn, whose turn at which move, waiting for players, or how it ended. */
function standing(game, levels) {
  if (game.status === "finished") {
    const result = game.won ? t("you won") : game.place ? t("place {place} of {count}", { place: game.place, count: game.players.length }) : "";
    return [t("Game over"), result, game.outcome ? reasonIn(game.outcome) : ""].filter(Boolean).join(" · ");
  }
  if (game.status === "open") return t("waiting for players");
  if (game.my_turn) return t("Your turn (move {ply})", { ply: game.ply });
  const acting = game.players.find((p) => p.seat === game.to_act);
  return t("move {ply}, {seat} to act", { ply: game.ply, seat: acting ? seatName(acting, levels) : game.to_act });
}

/** One of my games as a list row (``catalog``: the server's, to name bots by their level). */
export function myGameRow(game, catalog, { lastMove = false } = {}) {
  const levels = levelsAt((catalog || []).find((g) => g.id === game.game), game.players.length);
  const mine = game.players.filter((p) => game.seats.includes(p.seat));
  const others = game.players.filter((p) => !game.seats.includes(p.seat));
  const who = mine.length ? t("you play {seat}", { seat: mine.map(seatTitle).join(", ") }) : "";
  const against = others.length ? t("against {players}", { players: others.map((p) => sitter(p, levels)).join(", ") }) : "";
  const moved = game.last_move ? t("last move {when}", { when: new Date(game.last_move).toLocaleString(lang) }) : t("no move yet");
  return h("li", { "data-game": game.id, class: game.my_turn ? "mine" : null },
    h("div", {}, h("strong", { text: game.title }),
      game.tournament ? [" · ", h("a", { href: `/tournaments#${game.tournament.id}`, "data-tournament": game.tournament.id,
        text: t("Tournament: {name}", { name: game.tournament.name }) })] : null),
    h("div", { class: "muted", text: [who, against].filter(Boolean).join(" ") }),
    h("div", { class: game.my_turn ? "turn" : null, text: standing(game, levels) }),
    lastMove && game.status !== "open" ? h("div", { class: "muted", text: moved }) : null,
    h("div", { class: "links" }, h("a", { href: game.url, class: "button", "data-open": game.id,
      text: game.status === "finished" ? t("Open the game") : t("Play on") })));
}
