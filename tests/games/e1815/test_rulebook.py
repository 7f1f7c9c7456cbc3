"""1815's and 1815 2vs2's rules for players say what the game's data says: the units table,
the supply mixes, the diplomacy costs, the SP table, the reinforcement formula and the other
numbers of the rule constants, the lands, territories, grey fortresses and tribes of both
maps, the powers of 1715 and the crown's demands — in English and in German. The nine
lands known from the original 1815 map are the ones the texts name."""

from __future__ import annotations

import re

import pytest

from realpolitik import rulebook
from realpolitik.games import get
from realpolitik.games.e1815.content import load, load_rules
from realpolitik.games.e1815.logistics import supply_mixes
from realpolitik.testing.markdown import tables

BASE = get("e1815")
TEAMS = get("e1815-2vs2")
RULES = load_rules()
MAPS = {name: load(name).board for name in ("1815", "1715")}
TEXTS = [(game, lang) for game in (BASE, TEAMS) for lang in ("en", "de")]
IDS = [f"{game.id}-{lang}" for game, lang in TEXTS]

#: the words the texts use, per language
WORDS = {
    "en": {"and": "and", "kinds": ("infantry", "cavalry", "artillery"), "mix_and": " and ", "or": ", or "},
    "de": {"and": "und", "kinds": ("Infanterie", "Kavallerie", "Artillerie"), "mix_and": " und ", "or": " oder "},
}


def _source(game, lang: str) -> str:
    return rulebook.source(game, lang)


def _flat(game, lang: str) -> str:
    """The text with its line breaks and emphasis gone, for sentences that run over lines."""
    return re.sub(r"\s+", " ", _source(game, lang).replace("**", ""))


def _tables(game, lang: str) -> list[list[list[str]]]:
    return tables(_source(game, lang))


def _listed(names: list[str], lang: str) -> str:
    """``A, B and C`` — names as a text lists them."""
    return ", ".join(names[:-1]) + f" {WORDS[lang]['and']} " + names[-1]


@pytest.mark.parametrize(("game", "lang"), TEXTS, ids=IDS)
def test_the_units_table_is_the_rule_constants(game, lang):
    units = _tables(game, lang)[0][1:]
    assert [row[0].split(" (")[0] for row in units] == list(WORDS[lang]["kinds"])
    assert [int(row[1]) for row in units] == [RULES.units.inf, RULES.units.cav, RULES.units.art]
    assert [int(row[2]) for row in units] == [RULES.supply.inf, RULES.supply.cav, RULES.supply.art]
    text = _flat(game, lang)
    assert (f"{RULES.supply.fortresses} fortress tokens" if lang == "en" else f"{RULES.supply.fortresses} Festungen") \
        in text
    assert (f"more than {RULES.markers.cap}" if lang == "en" else f"mehr als {RULES.markers.cap}") in text


@pytest.mark.parametrize(("game", "lang"), TEXTS, ids=IDS)
def test_the_supply_mixes_are_those_the_supply_can_bring(game, lang):
    kinds = WORDS[lang]["kinds"]
    mixes = supply_mixes((RULES.supply.inf, RULES.supply.cav, RULES.supply.art), RULES.nachschub.ep,
                         (RULES.units.inf, RULES.units.cav, RULES.units.art))
    words = [WORDS[lang]["mix_and"].join(f"{n} {kinds[k]}" for k, n in enumerate(mix) if n) for mix in mixes]
    said = ", ".join(words[:-1]) + WORDS[lang]["or"] + words[-1]
    assert said in _flat(game, lang)
    assert (f"exactly {RULES.nachschub.ep} EP" if lang == "en" else f"genau {RULES.nachschub.ep} EP") \
        in _flat(game, lang)


@pytest.mark.parametrize(("game", "lang"), TEXTS, ids=IDS)
def test_the_diplomacy_table_is_the_rule_constants(game, lang):
    d = RULES.diplomacy
    rows = next(table for table in _tables(game, lang) if table[0][0] in ("markers", "Marker"))[1:]
    assert [int(row[0]) for row in rows] == [d.convert_cost, d.meddle_cost, d.buy_cost]
    most = "at most {} EP" if lang == "en" else "höchstens {} EP"
    assert most.format(d.convert_max_ep) in rows[0][1]
    assert most.format(d.buy_max_ep) in rows[2][1]


@pytest.mark.parametrize(("game", "lang"), TEXTS, ids=IDS)
def test_the_sp_table_is_the_scale_of_the_game(game, lang):
    table = next(table for table in _tables(game, lang) if table[0][0] in ("players", "Spieler"))
    said = {row[0]: [int(cell) for cell in row[1:] if cell] for row in table[1:]}
    scale = {n: list(row) for n, row in RULES.scoring.sp_by_rank.items()}
    assert said == (scale if game is BASE else {"4": scale["4"]})  # 2vs2 scores as four players do
    text = _flat(game, lang)
    per = RULES.scoring.per_territory
    assert (f"{per} more point for every whole territory" if lang == "en" else
            f"{per} Punkt mehr für jedes ganze Territorium") in text


@pytest.mark.parametrize(("game", "lang"), TEXTS, ids=IDS)
def test_the_numbers_in_the_text_are_the_rule_constants(game, lang):
    text = _flat(game, lang)
    r, start, reinforce = RULES, RULES.start, RULES.reinforcement
    if lang == "en":
        said = [f"{start.capital_inf} infantry and {start.capital_cav} cavalry",
                f"claims two empty lands next to his capital and puts {start.claim_inf} infantry on each",
                f"{r.relocation.z_effects} Z-effect, plus {r.relocation.per_grey_fortress} for every grey fortress",
                f"every civil action in winter costs {r.relocation.winter_disband_ep} EP",
                f"loses {r.combat.winter_attacker_loss} EP more",
                f"at least {r.fortress.build_min_ep} EP",
                f"{reinforce.base} EP + 1 EP for every {reinforce.lands_per_ep} lands you own + "
                f"{reinforce.per_territory} EP for every whole territory",
                f"+{r.combat.general_bonus} with the general",
                f"+{r.combat.art_vs_fortress} for each committed artillery",
                f"+{r.fortress.defence} if it has a fortress",
                f"+{r.combat.capital_bonus} if it is the defender's own capital",
                f"({r.scoring.max_years} years unless the options say otherwise)"]
        said.append(f"{r.scoring.win} victory points" if game is BASE else f"add up to {r.scoring.team_win}")
    else:
        said = [f"{start.capital_inf} Infanterie und {start.capital_cav} Kavallerie",
                f"zwei leere Länder neben seiner Hauptstadt und stellt je {start.claim_inf} Infanterie darauf",
                f"{r.relocation.z_effects} Z-Effekt und {r.relocation.per_grey_fortress} weiteren für jede "
                "graue Festung",
                f"kostet im Winter jede zivile Aktion {r.relocation.winter_disband_ep} EP",
                f"verliert {r.combat.winter_attacker_loss} EP mehr",
                f"mindestens {r.fortress.build_min_ep} EP",
                f"{reinforce.base} EP + 1 EP je {reinforce.lands_per_ep} Länder, die du besitzt + "
                f"{reinforce.per_territory} EP je ganzes Territorium",
                f"+{r.combat.general_bonus} mit dem General",
                f"+{r.combat.art_vs_fortress} für jede eingesetzte Artillerie",
                f"+{r.fortress.defence} mit einer Festung",
                f"+{r.combat.capital_bonus}, wenn es die eigene Hauptstadt des Verteidigers ist",
                f"({r.scoring.max_years} Jahre, wenn die Optionen nichts anderes sagen)"]
        said.append(f"{r.scoring.win} Siegpunkte" if game is BASE else f"zusammen als Erste {r.scoring.team_win}")
    assert start.claims == 2 and r.relocation.z_effects == 1  # written as words above
    for sentence in said:
        assert sentence in text, sentence
    assert next(o for o in game.options if o.name == "max_years").default == r.scoring.max_years


@pytest.mark.parametrize(("game", "lang"), TEXTS, ids=IDS)
def test_the_1815_map_is_the_built_in_map(game, lang):
    board = MAPS["1815"]
    text = _flat(game, lang)
    territories = [t.name for t in board.territories]
    grey = [board.lands[i].name for i in board.grey_lands]
    if lang == "en":
        assert f"has {len(board.lands)} lands (Länder) in {len(territories)} territories (Territorien): " \
               f"{_listed(territories, lang)}." in text
        assert f"grey fortress (graue Festung) — {_listed(grey, lang)} —" in text
    else:
        assert f"hat {len(board.lands)} Länder in {len(territories)} Territorien: {_listed(territories, lang)}." \
            in text
        assert f"graue Festung — {_listed(grey, lang)} —" in text
    assert {board.lands[i].garrison for i in board.grey_lands} == {2}
    assert ("each guarded by 2 neutral infantry" if lang == "en" else "von je 2 neutralen Infanterie") in text
    known = [land.name for land in board.lands if land.anchor]
    assert sorted(known) == sorted(re.search(r"(?:nine of its lands|neun ihrer Länder) \(([^)]*)\)", text)
                                   .group(1).replace(f" {WORDS[lang]['and']} ", ", ").split(", "))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_1715_map_powers_and_demands_are_the_built_in_ones(lang):
    board = MAPS["1715"]
    text = _flat(TEAMS, lang)
    territories = [t.name for t in board.territories]
    grey = [land.name for land in board.lands if land.grey_fortress]
    tribes = [land.name for land in board.lands if land.tribe]
    powers = [p.name for p in board.powers if not p.indian]
    chief = next(p.name for p in board.powers if p.indian)
    lands = "lands" if lang == "en" else "Länder"
    territory_word = "territories" if lang == "en" else "Territorien"
    assert f"{len(board.lands)} {lands} in {len(territories)} {territory_word}: {_listed(territories, lang)}." in text
    assert f"— {_listed(grey, lang)} —" in text
    assert f"— {_listed(tribes, lang)};" in text
    assert {land.garrison for land in board.lands if land.grey_fortress or land.tribe} == {2}
    assert _listed(powers, lang).replace(f" {WORDS[lang]['and']} ", " or " if lang == "en" else " oder ") in text
    assert chief in text
    lo = RULES.loyalty
    demands = {d.kind: d.amount for d in board.demands}
    if lang == "en":
        said = [f"loyalty starts at {lo.start} and lies between 1 and {lo.max}",
                f"at least {demands['hold-capital']} EP", f"at least {demands['lands']} lands",
                f"you lose {lo.sp_penalty} SP and your loyalty starts again at {lo.reset}"]
    else:
        said = [f"beginnt bei {lo.start} und liegt zwischen 1 und {lo.max}",
                f"mindestens {demands['hold-capital']} EP", f"mindestens {demands['lands']} Länder",
                f"verlierst du {lo.sp_penalty} SP, und deine Loyalität beginnt wieder bei {lo.reset}"]
    assert lo.die == lo.max == 6
    for sentence in said:
        assert sentence in text, sentence
    assert {d.kind for d in board.demands} == {"conquer", "hold-capital", "lands"}
