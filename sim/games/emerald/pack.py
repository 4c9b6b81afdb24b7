"""Emerald content -> the kernel's ``tables`` (layout's T_* order): the rules vector, one row
of facts per card id (copies expanded) and one row per city."""
from __future__ import annotations

import numpy as np

from kernels.emerald import layout as L
from sim.content import Content
from sim.errors import UserError

SYMBOLS = ("cube", "claim", "retrieve", "move", "assassinate", "res", "loy", "bomb")


def card_names(content: Content, n_players: int) -> list[str]:
    """The name of every card id, in the kernel's order."""
    cards = content["cards"]
    names = [g["name"] for g in cards["game"] for _ in range(g["copies"])]
    names += [f"{c['name']} (City)" for c in cards["city"]]
    names += [r["name"] for r in cards["royalty"]]
    for p in range(n_players):
        names += [f"{s['name']} (colour {p})" for s in cards["starting"]]
    return names


def card_table(content: Content, n_players: int) -> np.ndarray:
    """int32 [C, K_SIZE]: every card's facts, game cards first (copies expanded)."""
    where = content.path.name
    cards = content["cards"]
    rows: list[np.ndarray] = []

    def row(kind: int, city: int = -1, colour: int = -1) -> np.ndarray:
        r = np.zeros(L.K_SIZE, np.int32)
        r[L.K_KIND], r[L.K_CITY], r[L.K_COLOUR] = kind, city, colour
        return r

    for i, g in enumerate(cards["game"]):
        if g["mode"] not in L.MODES:
            raise UserError(where, f"cards.game.{i}.mode", f"expected one of {', '.join(L.MODES)}")
        if g["effect"] not in L.EFFECTS:
            raise UserError(where, f"cards.game.{i}.effect", f"expected one of {', '.join(e for e in L.EFFECTS if e)} or \"\"")
        if g["vp_type"] not in L.VP_TYPES:
            raise UserError(where, f"cards.game.{i}.vp_type", f"expected one of {', '.join(L.VP_TYPES)}")
        if (g["mode"] == "symbols") != (g["effect"] == ""):
            raise UserError(where, f"cards.game.{i}.effect", "a card has a text effect exactly when its mode is not \"symbols\"")
        for _ in range(g["copies"]):
            r = row(L.KIND_GAME)
            for k, s in enumerate(SYMBOLS):
                r[L.K_CUBE + k] = g[s]
            r[L.K_AGENT], r[L.K_INSANITY], r[L.K_VP] = g["agent"], g["insanity"], g["vp"]
            r[L.K_VP_TYPE], r[L.K_BOX] = L.VP_TYPES.index(g["vp_type"]), g["box"]
            r[L.K_MODE], r[L.K_EFFECT] = L.MODES.index(g["mode"]), L.EFFECTS.index(g["effect"])
            rows.append(r)
    city_names = content["cities"]["names"]
    for c, cc in enumerate(cards["city"]):
        if cc["name"] != city_names[c]:
            raise UserError(where, f"cards.city.{c}.name", f"expected {city_names[c]!r} (the order of cities.names)")
        r = row(L.KIND_CITY, c)
        for k, s in enumerate(SYMBOLS):
            r[L.K_CUBE + k] = cc.get(s, 0)
        r[L.K_VP] = cc["vp"]
        rows.append(r)
    for c, rc in enumerate(cards["royalty"]):
        r = row(L.KIND_ROYALTY, c)
        r[L.K_VP], r[L.K_VP_TYPE], r[L.K_COST] = rc["vp"], L.VT_RES, rc["bomb_cost"]
        rows.append(r)
    for p in range(n_players):
        for s in cards["starting"]:
            r = row(L.KIND_START, colour=p)
            for k, sym in enumerate(SYMBOLS):
                r[L.K_CUBE + k] = s[sym]
            rows.append(r)
    if len(rows) > L.MAXCARDS:
        raise UserError(where, "cards", f"at most {L.MAXCARDS} card ids ({len(rows)} with {n_players} players)")
    return np.stack(rows)


def city_table(content: Content, n_games: int) -> np.ndarray:
    t = np.zeros((L.NCITY, L.Y_SIZE), np.int32)
    for c in range(L.NCITY):
        t[c, L.Y_AGENT_COST] = content["cities"]["agent_cost"][c]
        t[c, L.Y_CITY_CARD] = n_games + c
        t[c, L.Y_ROYALTY] = n_games + L.NCITY + c
    return t


def rules_vector(content: Content, n_players: int, n_games: int) -> np.ndarray:
    where = content.path.name
    s, t, d, ids, rl = (content[k] for k in ("setup", "turn", "sanity_die", "identities", "rules"))
    per_city = s["cards_per_city"][n_players - 2]
    if per_city * L.NCITY > n_games:
        raise UserError(where, "setup.cards_per_city", f"{per_city} a city needs {per_city * L.NCITY} game cards, "
                        f"the content has {n_games}")
    if per_city + 2 > L.MAXSTACK:
        raise UserError(where, "setup.cards_per_city", f"at most {L.MAXSTACK - 2} a city")
    if ids["restorationist"] + ids["loyalist"] != L.NIDENT:
        raise UserError(where, "identities", f"expected {L.NIDENT} identity cards in all")
    if d["insanity_faces"] > d["sides"]:
        raise UserError(where, "sanity_die.insanity_faces", "more insanity faces than sides")
    if s["cubes_in_limbo"] > s["cubes"]:
        raise UserError(where, "setup.cubes_in_limbo", "more than the cubes of a colour")
    if s["placement_rounds"] > s["agents"]:
        raise UserError(where, "setup.placement_rounds", "more than the agents of a colour")
    r = np.zeros(L.R_SIZE, np.int64)
    ns = len(content["cards"]["starting"])
    r[L.R_N], r[L.R_GAME_CARDS], r[L.R_START_CARDS] = n_players, n_games, ns
    r[L.R_CARDS] = n_games + 2 * L.NCITY + n_players * ns
    r[L.R_AGENTS], r[L.R_CUBES], r[L.R_LIMBO] = s["agents"], s["cubes"], s["cubes_in_limbo"]
    r[L.R_HAND], r[L.R_SANITY], r[L.R_ROUNDS] = s["hand_size"], s["sanity"], s["placement_rounds"]
    r[L.R_ZOMBIES], r[L.R_ZPLAY], r[L.R_TRACK_MAX] = s["zombies"], s["zombies_per_play"], s["track_max"]
    r[L.R_PER_CITY], r[L.R_TARGET] = per_city, s["vp_target"][n_players - 2]
    r[L.R_ACTIONS], r[L.R_REFILL], r[L.R_MIGO_CAP] = t["actions"], t["loyalist_refill"], t["mi_go_capacity"]
    r[L.R_MAX_TURNS] = t["max_turns"]
    r[L.R_DIE_SIDES], r[L.R_DIE_INSANE] = d["sides"], d["insanity_faces"]
    r[L.R_ID_RES], r[L.R_ID_LOY] = ids["restorationist"], ids["loyalist"]
    r[L.R_PENALTY] = content["scoring"]["lowest_side_penalty"]
    for k, name in enumerate(L.SWITCHES):
        r[L.R_TRACK_ABS + k] = rl[name]
    return r


def tables(content: Content, n_players: int) -> tuple:
    cards = card_table(content, n_players)
    n_games = int((cards[:, L.K_KIND] == L.KIND_GAME).sum())
    t: list = [None] * 3
    t[L.T_RULES] = rules_vector(content, n_players, n_games)
    t[L.T_CARD] = cards
    t[L.T_CITY] = city_table(content, n_games)
    return tuple(t)
