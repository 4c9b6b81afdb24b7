"""Bastille's content as the kernel reads it: ``build_tables`` checks the content file and
gathers its numbers (``Tables``, named fields for the glue and tests), ``pack`` lays them out
as the content row ``tb`` at the offsets in kernels/bastille/layout.py."""
from __future__ import annotations

from collections import namedtuple

import numpy as np

from kernels.bastille import layout as K
from kernels.bastille.values import note_mission_needs
from sim.content import Content
from sim.errors import UserError

TABLE_FIELDS = (
    "n_players", "rounds", "interim_round", "secret", "start_coins", "start_missions",
    "henchmen", "max_value", "start_hand", "tile_set", "bank_value", "torches",
    "spaces", "display_n", "banque_per_value", "nd_first_vp", "cat_hench", "bas_extra",
    "etats_coins", "bas_last", "bas_points", "weapon_pool", "n_pool", "group_weapon",
    "bastille_weapons", "gem_vp", "crowns_vp", "cat_draws", "weapons_take",
    "coins_per_vp", "hench_vp", "flag_min", "crown_min", "max_min", "unarmed_vp",
    "n_chars", "char_group", "char_deck", "char_cost", "char_vp", "char_crowns",
    "char_gems", "char_flags", "char_armed",
    "n_vers", "vers_kind", "vers_n",
    "n_bonus", "n_end_bonus", "bonus_kind", "bonus_first", "bonus_second",
    "cat_kind", "cat_n", "cat_to_bag", "cat_final_lo", "cat_final_hi",
    "n_missions", "mis_kind", "mis_target", "mis_values", "mis_first", "mis_second", "mis_name",
)
Tables = namedtuple("Tables", TABLE_FIELDS)


def pack(T: Tables) -> tuple[np.ndarray]:
    """The kernel's ``tables``: the content row tb (flat int64), the bots' mission table in it
    worked out once."""
    tb = np.zeros(K.TB_SIZE, np.int64)
    scalars = {K.T_NP: T.n_players, K.T_ROUNDS: T.rounds, K.T_INTERIM: T.interim_round,
               K.T_SECRET: T.secret, K.T_START_COINS: T.start_coins, K.T_START_MIS: T.start_missions,
               K.T_HENCH: T.henchmen, K.T_MAXV: T.max_value, K.T_BANK: T.bank_value,
               K.T_TORCHES: T.torches, K.T_DISPLAY: T.display_n, K.T_BANQUE: T.banque_per_value,
               K.T_ND_VP: T.nd_first_vp, K.T_ETATS: T.etats_coins, K.T_BAS_LAST: T.bas_last,
               K.T_NPOOL: T.n_pool, K.T_BAS_WEAP: T.bastille_weapons, K.T_GEM_VP: T.gem_vp,
               K.T_CAT_DRAWS: T.cat_draws, K.T_WTAKE: T.weapons_take, K.T_CPV: T.coins_per_vp,
               K.T_HENCH_VP: T.hench_vp, K.T_FLAG_MIN: T.flag_min, K.T_CROWN_MIN: T.crown_min,
               K.T_MAX_MIN: T.max_min, K.T_NCHARS: T.n_chars,
               K.T_NVERS: T.n_vers, K.T_NBONUS: T.n_bonus, K.T_NEND: T.n_end_bonus,
               K.T_CAT_LO: T.cat_final_lo, K.T_CAT_HI: T.cat_final_hi, K.T_NMIS: T.n_missions,
               K.T_N_CATH: len(T.cat_hench), K.T_N_BASX: len(T.bas_extra),
               K.T_N_UNARMED: len(T.unarmed_vp)}
    for k, v in scalars.items():
        tb[k] = v
    blocks = {K.T_START_HAND: T.start_hand, K.T_TILE_SET: T.tile_set, K.T_SPACES: T.spaces,
              K.T_CAT_HENCH: T.cat_hench, K.T_BAS_EXTRA: T.bas_extra, K.T_WPOOL: T.weapon_pool,
              K.T_GWEAP: T.group_weapon, K.T_CROWNS: T.crowns_vp, K.T_UNARMED: T.unarmed_vp,
              K.T_BAS_PTS: T.bas_points, K.T_CH_GROUP: T.char_group, K.T_CH_DECK: T.char_deck,
              K.T_CH_COST: T.char_cost, K.T_CH_VP: T.char_vp, K.T_CH_CROWNS: T.char_crowns,
              K.T_CH_GEMS: T.char_gems, K.T_CH_FLAGS: T.char_flags, K.T_CH_ARMED: T.char_armed,
              K.T_VK: T.vers_kind.ravel(), K.T_VN: T.vers_n.ravel(), K.T_BK: T.bonus_kind,
              K.T_BF: T.bonus_first, K.T_BS: T.bonus_second, K.T_CK: T.cat_kind, K.T_CN: T.cat_n,
              K.T_CB: T.cat_to_bag, K.T_MK: T.mis_kind, K.T_MT: T.mis_target,
              K.T_MV: T.mis_values.ravel(), K.T_MF: T.mis_first, K.T_MS: T.mis_second,
              K.T_MN: T.mis_name}
    for off, a in blocks.items():
        tb[off:off + len(a)] = a
    note_mission_needs(tb)
    return (tb,)


KINDS = {"coins": K.K_COINS, "vp": K.K_VP, "bastille": K.K_BASTILLE, "henchmen": K.K_HENCHMEN,
         "torch": K.K_TORCH, "upgrade": K.K_UPGRADE, "character": K.K_CHARACTER,
         "mission": K.K_MISSION}
GROUPS = {"peasant": K.GR_PEASANT, "soldier": K.GR_SOLDIER, "noble": K.GR_NOBLE, "monk": K.GR_MONK}
DECKS = {"A": 0, "B": 1, "C": 2}
TARGETS = {"peasant": 0, "soldier": 1, "noble": 2, "crowns": K.MT_CROWNS,
           "weapons": K.MT_WEAPONS, "gems": K.MT_GEMS}
MISSION_KINDS = {"max": K.MK_MAX, "series": K.MK_SERIES, "each": K.MK_EACH}


def _arr(x, dtype=np.int64):
    return np.ascontiguousarray(np.array(x, dtype=dtype))


def _pick(where: str, key: str, value: str, table: dict) -> int:
    if value not in table:
        raise UserError(where, key, f"unknown '{value}' (expected one of: {', '.join(table)})")
    return table[value]


def build_tables(content: Content, n_players: int) -> Tables:
    """Content -> flat arrays for the kernel; semantic checks the ranges cannot express."""
    d = content.doc
    where = content.path.name
    su = d["setup"]
    rounds, interim = su["rounds"], su["interim_round"]
    if interim > rounds:
        raise UserError(where, "setup.interim_round", f"must not exceed setup.rounds ({rounds})")
    hand = su[f"start_hand_{n_players}p"]
    tiles = d["influence"]["tile_set"]
    if len(hand) != len(tiles):
        raise UserError(where, f"setup.start_hand_{n_players}p", "needs one entry per tile value")
    if len(tiles) - 1 > K.MAXV:
        raise UserError(where, "influence.tile_set", f"at most {K.MAXV} tile values")
    for v in range(len(tiles)):
        if hand[v] > tiles[v]:
            raise UserError(where, f"setup.start_hand_{n_players}p.{v}", "more tiles than the tile set holds")
    if sum(hand) < 1:
        raise UserError(where, f"setup.start_hand_{n_players}p", "a player needs at least one tile")
    board = d["board"]
    if sum(hand) * n_players > sum(board["spaces"]):
        raise UserError(where, "board.spaces", "fewer influence spaces than tiles placed a round")
    bank = d["bank"]
    loc = d["locations"]
    tr = d["bastille_track"]
    last = tr["last_space"]
    if len(tr["line_spaces"]) != len(tr["line_points"]):
        raise UserError(where, "bastille_track.line_points", "needs one value per line space")
    pts = np.zeros(last + 1, np.int64)
    for s, p in sorted(zip(tr["line_spaces"], tr["line_points"])):
        if s > last:
            raise UserError(where, "bastille_track.line_spaces", f"a line beyond the last space {last}")
        pts[s:] = p
    wp = d["weapons"]
    sc = d["scoring"]
    chars = d["characters"]["cards"]
    ch = {k: [] for k in ("group", "deck", "cost", "vp", "crowns", "gems", "flags", "armed")}
    for i, c in enumerate(chars):
        ch["group"].append(_pick(where, f"characters.cards.{i}.group", c["group"], GROUPS))
        ch["deck"].append(_pick(where, f"characters.cards.{i}.deck", c["deck"], DECKS))
        for k in ("cost", "vp", "crowns", "gems", "flags", "armed"):
            ch[k].append(c[k])
    vt = d["versailles"]["tiles"]
    if len(vt) < rounds:
        raise UserError(where, "versailles.tiles", f"needs at least {rounds} tiles (one a round)")
    vk = [[_pick(where, f"versailles.tiles.{i}.a", t["a"], KINDS),
           _pick(where, f"versailles.tiles.{i}.b", t["b"], KINDS)] for i, t in enumerate(vt)]
    vn = [[t["a_n"], t["b_n"]] for t in vt]
    bt, et = d["bonus"]["tiles"], d["bonus"]["end_tiles"]
    if len(bt) < rounds - 1:
        raise UserError(where, "bonus.tiles", f"needs at least {rounds - 1} tiles")
    allb = bt + et
    bk = [_pick(where, "bonus.tiles.kind", t["kind"], KINDS) for t in allb]
    cat = d["catacombs"]
    slots = ([(s, 0) for s in cat["interim_left"]] + [(s, 1) for s in cat["interim_right"]]
             + [(s, 0) for s in cat["final"]])
    ck = [_pick(where, "catacombs.kind", s["kind"], KINDS) for s, _ in slots]
    lo = len(cat["interim_left"]) + len(cat["interim_right"])
    ms = d["missions"]["cards"]
    names: dict[str, int] = {}
    mk, mt, mv, mf, msec, mn = [], [], [], [], [], []
    for i, m in enumerate(ms):
        mk.append(_pick(where, f"missions.cards.{i}.kind", m["kind"], MISSION_KINDS))
        mt.append(_pick(where, f"missions.cards.{i}.target", m["target"], TARGETS))
        if mk[-1] == K.MK_SERIES and mt[-1] > 2:
            raise UserError(where, f"missions.cards.{i}.target", "a series card names a character group")
        mv.append(m["values"])
        mf.append(m["first"])
        msec.append(m["second"])
        mn.append(names.setdefault(m["name"], len(names)))
    if len(names) > 62:
        raise UserError(where, "missions.cards", "at most 62 different mission cards")
    caps = (("characters.cards", len(chars), K.MAXC), ("missions.cards", len(ms), K.MAXM),
            ("versailles.tiles", len(vt), 16), ("bonus.tiles", len(bt), 16),
            ("bastille_track.last_space", last + 1, 64), ("scoring.unarmed_vp", len(sc["unarmed_vp"]), 40),
            ("board.display", board["display"], K.MAXD), ("catacombs", len(slots), 40))
    for key, n, cap in caps:
        if n > cap:
            raise UserError(where, key, f"at most {cap} entries")
    return Tables(
        n_players=n_players, rounds=rounds, interim_round=interim,
        secret=int(d["rules"]["secret_mission"]), start_coins=su["start_coins"],
        start_missions=su["start_missions"], henchmen=su["henchmen"],
        max_value=len(tiles) - 1, start_hand=_arr(hand), tile_set=_arr(tiles),
        bank_value=bank["coins_1"] + 2 * bank["coins_2"] + 5 * bank["coins_5"],
        torches=wp["torches"], spaces=_arr(board["spaces"]), display_n=board["display"],
        banque_per_value=loc["banque_coins_per_value"], nd_first_vp=loc["notre_dame_first_vp"],
        cat_hench=_arr(loc["catacombes_henchmen"]), bas_extra=_arr(loc["bastille_extra_steps"]),
        etats_coins=loc["etats_first_coins"], bas_last=last, bas_points=pts,
        weapon_pool=_arr(wp["pool"]), n_pool=int(sum(wp["pool"])), group_weapon=_arr(wp["group_weapon"]),
        bastille_weapons=su[f"bastille_weapons_{n_players}p"], gem_vp=sc["gem_vp"],
        crowns_vp=_arr(sc["crowns_vp"]), cat_draws=sc["catacomb_draws"],
        weapons_take=sc["weapons_take"], coins_per_vp=sc["coins_per_vp"],
        hench_vp=sc["henchman_vp"], flag_min=sc["flag_min"], crown_min=sc["crown_min"],
        max_min=content["missions"]["max_min"], unarmed_vp=_arr(sc["unarmed_vp"]),
        n_chars=len(chars), char_group=_arr(ch["group"]), char_deck=_arr(ch["deck"]),
        char_cost=_arr(ch["cost"]), char_vp=_arr(ch["vp"]), char_crowns=_arr(ch["crowns"]),
        char_gems=_arr(ch["gems"]), char_flags=_arr(ch["flags"]), char_armed=_arr(ch["armed"]),
        n_vers=len(vt), vers_kind=_arr(vk).reshape(len(vt), 2), vers_n=_arr(vn).reshape(len(vt), 2),
        n_bonus=len(bt), n_end_bonus=len(et), bonus_kind=_arr(bk),
        bonus_first=_arr([t["first"] for t in allb]), bonus_second=_arr([t["second"] for t in allb]),
        cat_kind=_arr(ck), cat_n=_arr([s["n"] for s, _ in slots]),
        cat_to_bag=_arr([b for _, b in slots]), cat_final_lo=lo, cat_final_hi=len(slots),
        n_missions=len(ms), mis_kind=_arr(mk), mis_target=_arr(mt),
        mis_values=_arr(mv).reshape(len(ms), 3), mis_first=_arr(mf), mis_second=_arr(msec),
        mis_name=_arr(mn),
    )
