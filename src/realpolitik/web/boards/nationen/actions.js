// Das Spiel der Nationen board: which legal actions each thing on the board carries (js/picking.js).
// A move starts at one thing and ends at another, so that a tap on the first and one on the second
// play it: a head of state leaves its point (move, attack, and kill when a card takes it) for a point
// (move, attack; the agent's walk and a card's deposing end there too, and a capital takes the heads
// of state placed in its state); a piece in supply is placed; the agent walks; a tanker leaves its
// port or sea (tanker, sell, sink) for a port or sea (station, buy, tanker); the bank gives tankers
// and takes them back (station, buy, sell); a pipeline is laid or destroyed; the turn ends.

import { capitalOf, stateDefs } from "./words.js";

/** Per thing, the actions among ``ctx.choices`` that start or end there: ``from`` and ``to`` by
 * point, ``supply`` by kind of head of state, ``fleet`` (a power's tankers) and ``dock`` (a port
 * or high sea) by place, ``pipe`` by the pair of states in alphabetical order, and the lists
 * ``agent``, ``bank`` and ``end``. */
export function usesOf(ctx) {
  const uses = { from: new Map(), to: new Map(), supply: new Map(), fleet: new Map(), dock: new Map(), pipe: new Map(),
    agent: [], bank: [], end: [] };
  const defs = stateDefs(ctx);
  const add = (map, key, action) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(action);
  };
  for (const { action, verb, args } of ctx.choices || []) {
    const a = args.map(String);
    if (verb === "place") {
      add(uses.supply, a[0], action);
      add(uses.to, `${a[1]}-${capitalOf(defs[a[1]])}`, action);
    } else if (verb === "move" || verb === "attack") {
      add(uses.from, a[1], action);
      add(uses.to, a[2], action);
    } else if (verb === "kill") {
      add(uses.from, a[1], action);
    } else if (verb === "depose") {
      add(uses.to, a[1], action);
    } else if (verb === "agent") {
      uses.agent.push(action);
      add(uses.to, a[0], action);
    } else if (verb === "station") {
      uses.bank.push(action);
      add(uses.dock, a[0], action);
    } else if (verb === "buy") {
      uses.bank.push(action);
      add(uses.dock, a[1], action);
    } else if (verb === "sell") {
      uses.bank.push(action);
      add(uses.fleet, a[1], action);
    } else if (verb === "sink") {
      add(uses.fleet, a[0], action);
    } else if (verb === "tanker") {
      add(uses.fleet, a[0], action);
      add(uses.dock, a[1], action);
    } else if (verb === "pipeline" || verb === "sabotage") {
      add(uses.pipe, [a[0], a[1]].sort().join("-"), action);
    } else if (verb === "end") {
      uses.end.push(action);
    }
  }
  return uses;
}
