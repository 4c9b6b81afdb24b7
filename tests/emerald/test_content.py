"""The shipped content against every number the rulebook prints (games/emerald.md, "Printed
numbers that constrain the reconstruction") and the worked examples' implied values."""
import itertools

import pytest

from kernels.emerald import layout as L
from sim.errors import UserError
from sim.games.emerald import pack

from .helpers import content

C = content()
GAME = {g["name"]: g for g in C["cards"]["game"]}


def test_component_counts():
    assert sum(g["copies"] for g in C["cards"]["game"]) == 66
    assert len(C["cards"]["city"]) == 9 and len(C["cards"]["royalty"]) == 9
    assert len(C["cards"]["starting"]) == 10
    s = C["setup"]
    assert (s["agents"], s["cubes"], s["cubes_in_limbo"], s["hand_size"], s["sanity"]) == (10, 10, 5, 5, 3)
    assert s["zombies"] == 6 and s["zombies_per_play"] == 2 and s["track_max"] == 10
    assert C["identities"]["restorationist"] + C["identities"]["loyalist"] == 6
    assert C["turn"]["actions"] == 2 and C["turn"]["loyalist_refill"] == 3 and C["turn"]["mi_go_capacity"] == 2


def test_player_count_setups():
    assert C["setup"]["cards_per_city"] == [3, 3, 4, 5]
    assert C["setup"]["vp_target"] == [28, 24, 22, 20]
    for n in (2, 3, 4, 5):
        rules = pack.tables(C, n)[L.T_RULES]
        assert rules[L.R_PER_CITY] * 9 <= rules[L.R_GAME_CARDS] == 66


def test_cities_and_printed_costs():
    names = C["cities"]["names"]
    assert names == ["London", "Paris", "Berlin", "Vienna", "St. Petersburg", "Rome", "Madrid", "Cairo",
                     "Constantinople"]
    assert C["cities"]["agent_cost"][names.index("Paris")] == 4
    spinner = C["cards"]["royalty"][names.index("Paris")]
    assert spinner["name"] == "The Spinner in the Darkness" and spinner["bomb_cost"] == 5 and spinner["vp"] == 4
    royal = {r["name"]: i for i, r in enumerate(C["cards"]["royalty"])}
    for name, city in (("Gloriana", "London"), ("Rhogog", "Rome"), ("Baoht Z'uqqa-Mogg", "Madrid"),
                       ("Sfaticlip the Fallen Wisdom", "Constantinople")):
        assert royal[name] == names.index(city)
    # Tuesday's 8 VP from cities with city VP 1-3 each
    assert all(1 <= c["vp"] <= 3 for c in C["cards"]["city"])


def test_printed_card_values():
    assert GAME["Sebastian Moran"]["assassinate"] == 1 and GAME["Sebastian Moran"]["box"] == 4
    lm = GAME["Louise Michel"]
    assert lm["vp"] == 1 and lm["vp_type"] == "restorationist"
    assert GAME["Infernal Machine"]["bomb"] == 3 and GAME["Infernal Machine"]["mode"] == "one_use_benefit"
    assert GAME["Peter Rachkovsky"]["agent"] == 2
    sh = GAME["Shoggoth"]
    assert sh["insanity"] == 1 and sh["box"] > 0 and sh["effect"] == "shoggoth"
    assert GAME["Hired Assassin"]["assassinate"] == 1 and GAME["Hired Assassin"]["box"] == 3


TEXT_CARDS = {
    "The Black Hand": ("one_use_action", "black_hand"), "Freemasons": ("free", "discard_draw"),
    "Change of Heart": ("one_use_action", "change_of_heart"), "Cthulhu": ("one_use_action", "cthulhu"),
    "The Diogenes Club": ("free", "draw_two"), "Hide Royalty": ("one_use_action", "hide_royalty"),
    "The Holy Brotherhood": ("action", "holy_brotherhood"),
    "Infernal Machine": ("one_use_benefit", "infernal_machine"), "Doctor Watson": ("free", "draw_two"),
    "Inspector Lestrade": ("action", "lestrade"), "Duchess d'Uzes": ("one_use_action", "duchess"),
    "Fenians": ("one_use_benefit", "fenians"), "Irene Adler": ("one_use_action", "irene_adler"),
    "Matvei Golovinski": ("free", "matvei"), "Shoggoth": ("one_use_action", "shoggoth"),
    "Mi-Go": ("one_use_free", "mi_go"), "Mrs Hudson": ("free", "discard_draw"),
    "Sigmund Freud": ("one_use_action", "freud"), "Society of Leopold": ("action", "leopold"),
    "Okhrana": ("action", "okhrana"), "Terrors of the Night": ("action", "terrors"),
    "The Peoples' Will": ("one_use_free", "peoples_will"), "The Third Section": ("free", "third_section"),
    "Pinkerton Agents": ("one_use_free", "pinkerton"), "Vampires": ("one_use_action_or_interrupt", "vampires"),
    "Sherlock Holmes": ("interrupt", "sherlock"), "Vladimir Burtsev": ("one_use_action", "burtsev"),
    "Yog Sothoth": ("one_use_action", "yog_sothoth"), "Zombies": ("action", "zombies"),
}


def test_every_printed_card_text_has_its_mode_and_effect():
    for name, (mode, effect) in TEXT_CARDS.items():
        assert (GAME[name]["mode"], GAME[name]["effect"]) == (mode, effect), name
    # Hired Assassin is the 30th printed text: "use like any assassination card" (a symbol card)
    assert len(TEXT_CARDS) + 1 == 30
    for name in ("Sebastian Moran", "Louise Michel", "Bismarck", "Sergei Nechaev", "Johann Most",
                 "Peter Rachkovsky"):
        assert name in GAME


def _hands(cards, k):
    return itertools.combinations(cards, k)


def test_the_worked_examples_are_possible_with_the_cards():
    deck = C["cards"]["starting"] + [g for g in C["cards"]["game"] for _ in range(g["copies"])] + C["cards"]["city"]
    # three cards giving exactly four cubes (the place example)
    assert any(sum(c.get("cube", 0) for c in h) == 4 and all(c.get("cube", 0) for c in h) for h in _hands(C["cards"]["starting"], 3))
    # three cards giving exactly one bomb point each (the Paris assassination)
    assert sum(1 for c in C["cards"]["starting"] if c["bomb"] == 1) >= 3
    # three cards giving one retrieve each (Tuesday retrieves three with three cards)
    assert sum(1 for c in C["cards"]["starting"] if c["retrieve"] == 1) >= 3
    # at least one two-cube card
    assert any(c.get("cube", 0) >= 2 for c in deck)


def test_every_card_symbol_row_is_playable():
    """Every game card does something: a symbol, a text effect, VP or agents."""
    for g in C["cards"]["game"]:
        syms = sum(g[s] for s in pack.SYMBOLS)
        assert syms or g["effect"], g["name"]


def test_insanity_cards_exist_for_freud_and_terrors():
    assert sum(g["copies"] for g in C["cards"]["game"] if g["insanity"]) >= 4


def test_bad_content_is_one_clear_error():
    with pytest.raises(UserError, match="identity"):
        pack.tables(content(("identities.loyalist=2",)), 4)
    with pytest.raises(UserError, match="cards_per_city"):
        pack.tables(content(("setup.cards_per_city.3=7", "cards.game.36.copies=0", "cards.game.37.copies=0")), 5)


def test_every_rules_switch_is_a_listed_reading_with_its_reason():
    """`balance games --content emerald` lists each [rules] switch with the comment above it."""
    c = content()
    listed = {key: why for key, _, why in c.readings()}
    switches = {f"rules.{k}" for k in c["rules"] if k not in ("provenance", "readings")}
    assert set(listed) == switches and len(switches) == 33        # E1-E24 (no E23: identities), E26-E34, repeat_actions
    assert all(why for why in listed.values())
