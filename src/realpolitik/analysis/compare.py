"""Two runs side by side: win rates, endings and lengths of run A against run B, each difference
with its p-value, flagged when Holm's correction over all of them keeps it significant."""

from __future__ import annotations

from math import erfc, sqrt

from realpolitik.sim.stats import Z95

from .stats import ALPHA, holm, two_proportions


def compare(a: dict, b: dict) -> dict:
    """The comparison of two reports' numbers (of :func:`realpolitik.analysis.report.build`)."""
    rows: list[dict] = []
    for group in ("seats", "teams", "bots"):
        one, two = a["win_rates"].get(group, {}), b["win_rates"].get(group, {})
        for key in dict.fromkeys([*one, *two]):
            rows.append(_proportion(group, key, one.get(key), two.get(key), a["games"], b["games"]))
    ends_a = {e["key"]: e for e in a["ends"]}
    ends_b = {e["key"]: e for e in b["ends"]}
    for key in dict.fromkeys([*ends_a, *ends_b]):
        text = (ends_a.get(key) or ends_b[key])["text"]
        row = _proportion("ends", key, (ends_a.get(key) or {}).get("share"), (ends_b.get(key) or {}).get("share"),
                          a["games"], b["games"])
        rows.append({**row, "text": text})
    rows.append(_means("length", "actions", a["length"]["actions"], b["length"]["actions"]))
    for row, adjusted in zip(rows, holm([r["p"] for r in rows])):
        row["p_holm"] = adjusted
        row["flagged"] = adjusted < ALPHA
    return {"games": [a["games"], b["games"]], "rows": rows}


def _proportion(group: str, key: str, one: dict | None, two: dict | None, games_a: int, games_b: int) -> dict:
    """A share in both runs (absent: none of the games) and the two-proportion test of them."""
    wins_a = one["wins"] if one else 0
    wins_b = two["wins"] if two else 0
    games_a = one["games"] if one else games_a
    games_b = two["games"] if two else games_b
    diff, p = two_proportions(wins_b, games_b, wins_a, games_a)
    return {"group": group, "key": key, "a": wins_a / games_a if games_a else 0.0,
            "b": wins_b / games_b if games_b else 0.0, "difference": diff, "p": p}


def _means(group: str, key: str, one: dict, two: dict) -> dict:
    """Two means (spreads of ``stats.spread``) and the z-test of their difference, their standard
    errors read back from the 95 % intervals."""
    if one.get("n", 0) < 2 or two.get("n", 0) < 2:
        return {"group": group, "key": key, "a": one.get("mean", 0.0), "b": two.get("mean", 0.0),
                "difference": 0.0, "p": 1.0}
    diff = two["mean"] - one["mean"]
    se = sqrt(sum(((s["ci95"][1] - s["ci95"][0]) / (2 * Z95)) ** 2 for s in (one, two)))
    p = (1.0 if diff == 0 else 0.0) if se == 0 else erfc(abs(diff / se) / sqrt(2))
    return {"group": group, "key": key, "a": one["mean"], "b": two["mean"], "difference": diff, "p": p}
