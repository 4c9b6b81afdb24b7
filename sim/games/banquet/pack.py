"""Banquet content -> the kernel's ``tables`` (layout's T_* order): the rules vector for one
scenario, rule set and player count; the character table; the action table compiled from the
seat-operation vocabulary (content.toml's header documents it)."""
from __future__ import annotations

import math

import numpy as np

from kernels.banquet import layout as L
from sim.content import Content
from sim.errors import UserError
from sim.game import count_list

OPS = ("", "switch", "swap_two", "move_to", "move_next_to", "bring_next_to", "each_adjacent_switch",
       "sit", "stand", "reverse", "protect", "look", "reveal")
SLOTS = ("basic", "action1", "action2", "favor", "reaction")
STATUSES = {"court": L.COURT, "independent": L.INDEPENDENT, "citizen": L.CITIZEN,
            "nobility": L.NOBILITY, "royalty": L.ROYALTY}
GENDERS = {"any": L.GENDER_ANY, "lady": L.LADY, "gentleman": L.GENTLEMAN}
WHO = {"any": L.WHO_ANY, "adjacent": L.WHO_ADJACENT, "not_adjacent": L.WHO_NOT_ADJACENT}
WHO2 = dict(WHO, next_to_first=L.WHO_NEXT_TO_FIRST)
POSITIONS = {"any": L.POS_ANY, "standing": L.POS_STANDING, "sitting": L.POS_SITTING}
TRIGGERS = {"targeted": L.ON_TARGETED, "moved": L.ON_MOVED, "objective": L.ON_OBJECTIVE}
TITLES = ("King", "Queen", "Princess", "First Knight", "Duke", "Baron", "Seneschal", "Messenger", "White Maiden",
          "Merchant", "Abbot", "Abbess")
SCENARIO_PLAYERS = {1: range(11, 25), 2: range(11, 21), 3: range(15, 26), 4: range(10, 19),
                    5: (12, 15, 18, 21, 24), 6: range(6, 11)}
SCENARIO6_REMOVED = ("Witch", "First Knight", "White Maiden", "Duke", "Princess")   # left in the box in scenario 6
# what an operation chooses: the second player's filter applies only to these
TWO_PLAYERS = ("swap_two", "each_adjacent_switch")
EMBLEM_PENDANTS = 10      # the box holds 20 faction pendants, 10 of each emblem (the components list)
NO_TARGET = ("reverse", "each_adjacent_switch")


def _choice(table: dict, word: str, where: str, key: str, what: str) -> int:
    if word not in table:
        raise UserError(where, key, f"unknown {what} '{word}' (expected one of: {', '.join(table)})")
    return table[word]


def _statuses(words: str, where: str, key: str) -> int:
    mask = 0
    for w in words.split(","):
        mask |= _choice(STATUSES, w, where, key, "status")
    return mask


def compile_action(text: str, reaction: bool, where: str, key: str) -> np.ndarray:
    """One action line -> its A_* row. A line the vocabulary cannot express is a UserError
    naming the character and the slot."""
    row = np.zeros(L.A_SIZE, np.int32)
    words = text.split()
    if not words:
        return row
    op = words[0]
    row[L.A_OP] = _choice({o: i for i, o in enumerate(OPS) if o}, op, where, key, "operation")
    for w in words[1:]:
        if w == "icon":
            row[L.A_ICON] = 1
            continue
        if w == "judged":
            row[L.A_JUDGED] = 1
            continue
        if "=" not in w:
            raise UserError(where, key, f"cannot read '{w}' (expected a flag icon/judged or key=value)")
        k, v = w.split("=", 1)
        if k.startswith("with_") and op not in TWO_PLAYERS:
            raise UserError(where, key, f"'{k}' needs an operation on two players ({', '.join(TWO_PLAYERS)})")
        if k == "who":
            row[L.A_WHO] = _choice(WHO, v, where, key, "who")
        elif k == "gender":
            row[L.A_GENDER] = _choice(GENDERS, v, where, key, "gender")
        elif k == "status":
            row[L.A_STATUS] = _statuses(v, where, key)
        elif k == "position":
            row[L.A_POS] = _choice(POSITIONS, v, where, key, "position")
        elif k == "self":
            row[L.A_SELF] = _choice({"yes": 1, "no": 0}, v, where, key, "self")
        elif k == "with_who":
            row[L.A_WHO2] = _choice(WHO2, v, where, key, "with_who")
        elif k == "with_gender":
            row[L.A_GENDER2] = _choice(GENDERS, v, where, key, "gender")
        elif k == "with_status":
            row[L.A_STATUS2] = _statuses(v, where, key)
        elif k == "with_position":
            row[L.A_POS2] = _choice(POSITIONS, v, where, key, "position")
        elif k == "share":
            if op != "move_to":
                raise UserError(where, key, "share= belongs to move_to")
            row[L.A_SHARE] = _choice({"yes": 1, "no": 0}, v, where, key, "share")
        elif k == "on":
            if not reaction:
                raise UserError(where, key, "on= belongs to a reaction")
            row[L.A_ON] = _choice(TRIGGERS, v, where, key, "trigger")
        else:
            raise UserError(where, key, f"unknown key '{k}' (expected who, gender, status, position, self, "
                            "with_who, with_gender, with_status, with_position, share, on)")
    if op in NO_TARGET and row[L.A_SELF]:
        raise UserError(where, key, f"{op} chooses no player, so self= means nothing")
    if reaction and row[L.A_ON] == L.ON_NONE:
        raise UserError(where, key, "a reaction needs on=targeted, on=moved or on=objective")
    return row


def character_tables(content: Content) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """(C int32 [NCHAR, C_SIZE], A int32 [NCHAR, NSLOT, A_SIZE], names), checked."""
    where = content.path.name
    chars = content["characters"]
    if len(chars) != L.NCHAR:
        raise UserError(where, "characters", f"expected {L.NCHAR} characters, got {len(chars)}")
    C = np.zeros((L.NCHAR, L.C_SIZE), np.int32)
    A = np.zeros((L.NCHAR, L.NSLOT, L.A_SIZE), np.int32)
    names = [c["name"] for c in chars]
    if sorted(c["initiative"] for c in chars) != list(range(1, L.NCHAR + 1)):
        raise UserError(where, "characters.*.initiative", f"expected a permutation of 1-{L.NCHAR}")
    for i, c in enumerate(chars):
        C[i, L.C_INIT] = c["initiative"]
        C[i, L.C_GENDER] = _choice({"lady": L.LADY, "gentleman": L.GENTLEMAN}, c["gender"], where,
                                   f"characters.{c['name']}.gender", "gender")
        status = c["status"]
        if "," in status:
            raise UserError(where, f"characters.{c['name']}.status", "one status per character")
        C[i, L.C_STATUS] = _choice(STATUSES, status, where, f"characters.{c['name']}.status", "status")
        for s, slot in enumerate(SLOTS):
            A[i, s] = compile_action(c[slot], slot == "reaction", where, f"characters.{c['name']}.{slot}")
    royals = int((C[:, L.C_STATUS] == L.ROYALTY).sum())
    if royals > 4:
        raise UserError(where, "characters.*.status", f"at most 4 Royalty characters (scenario 2 at 20 players), got {royals}")
    for t in TITLES + SCENARIO6_REMOVED:
        if t not in names:
            raise UserError(where, "characters", f"the scenarios need a character named '{t}'")
    pool = {int(C[i, L.C_GENDER]) for i, nm in enumerate(names) if nm not in SCENARIO6_REMOVED}
    if pool != {L.LADY, L.GENTLEMAN}:
        raise UserError(where, "characters.*.gender", "scenario 6's cards (all but " + ", ".join(SCENARIO6_REMOVED)
                        + ") must hold both genders, or its deal never ends")
    return C, A, names


def scenario(variants: tuple[str, ...]) -> tuple[int, bool]:
    scen = next((int(v[-1]) for v in variants if v.startswith("scenario")), 1)
    return scen, "full" in variants


def rules_vector(content: Content, n: int, C: np.ndarray, names: list[str]) -> np.ndarray:
    where = content.path.name
    scen, full = scenario(content.variants)
    if n not in SCENARIO_PLAYERS[scen]:
        raise UserError("banquet", "--players", f"scenario {scen} is for {count_list(SCENARIO_PLAYERS[scen])} "
                        f"players, got {n}")
    r = np.zeros(L.R_SIZE, np.int64)
    r[L.R_N], r[L.R_NPL], r[L.R_SCEN], r[L.R_FULL] = n, n, scen, int(full)
    if scen in (4, 5):
        return special_rules(content, n, scen, full, names, r)
    t = content["table"]
    r[L.R_ACTION_CAP] = t["actions_per_player_cap"] * n
    r[L.R_PASS_CAP] = t["passes_per_player_cap"] * n
    if scen == 1:
        s = content["scenario1"]
        k = s["kings_faction"][n - 11]
        if (n - k) % 2 or k < 1:
            raise UserError(where, f"scenario1.kings_faction.{n - 11}", f"{n} players minus {k} must split into two equal traitor factions")
        if (n - k) // 2 > EMBLEM_PENDANTS:
            raise UserError(where, f"scenario1.kings_faction.{n - 11}",
                            f"each traitor faction wears the box's {EMBLEM_PENDANTS} pendants of its "
                            f"emblem: {n} players minus {k} leaves {(n - k) // 2} each")
        r[L.R_ROUNDS], r[L.R_NF], r[L.R_KSIZE] = s["rounds"], 3, k
        r[L.R_FSIZE:L.R_FSIZE + 3] = (k, (n - k) // 2, (n - k) // 2)
        r[L.R_VETO] = min(math.ceil(n / 2), s["veto_cap"])
        r[L.R_PTS_SURVIVE], r[L.R_PTS_MARKED], r[L.R_PTS_KILL] = (s["survival_points"], s["marked_assassin_points"],
                                                                  s["assassination_points"])
    elif scen == 2:
        s = content["scenario2"]
        b = s["barons_faction"][n - 11]
        if b < 3 or n - b < 2:
            raise UserError(where, f"scenario2.barons_faction.{n - 11}", "the baron's faction needs a baron, a seneschal and a courier, the duke's two")
        if b > EMBLEM_PENDANTS:
            raise UserError(where, f"scenario2.barons_faction.{n - 11}",
                            f"the baron's faction wears the box's {EMBLEM_PENDANTS} baron pendants: "
                            f"at most {EMBLEM_PENDANTS}, got {b}")
        r[L.R_ROUNDS], r[L.R_NF], r[L.R_KSIZE] = s["rounds"], 2, b
        r[L.R_FSIZE:L.R_FSIZE + 2] = (b, n - b)
        r[L.R_SPIES] = min(s["spies"][n - 11], n - b)
    elif scen == 6:
        castle_rules(content, n, r)
    else:
        s = content["scenario3"]
        base, left = divmod(n, 3)
        k, d, b = base + (left == 1), base + (left == 2), base + (left == 2)
        r[L.R_ROUNDS], r[L.R_NF], r[L.R_KSIZE] = s["rounds"], 3, k
        r[L.R_FSIZE:L.R_FSIZE + 3] = (k, d, b)      # king's, duke's, baron's
        r[L.R_VETO] = min(math.ceil(n / 2), s["veto_cap"]) if full else 0
    for i, t in enumerate(TITLES):
        r[L.R_CH_KING + i] = names.index(t)
    for i, k in enumerate(L.SWITCHES):
        r[L.R_HOST_RECEIPT + i] = content["rules"][k]
    r[L.R_CH_WITCH] = names.index("Witch")
    return r


def castle_rules(content: Content, n: int, r: np.ndarray) -> None:
    """Scenario 6: n + 4 places, one round, one team, no patron; the castle's numbers."""
    where = content.path.name
    s = content["scenario6"]
    r[L.R_NPL] = n + s["extra_places"]
    r[L.R_ROUNDS], r[L.R_NF], r[L.R_KSIZE] = s["rounds"], 1, n
    r[L.R_FSIZE] = n
    r[L.R_ACTION_CAP] = s["actions_per_player_cap"] * n
    r[L.R_GUARDS], r[L.R_SEARCH], r[L.R_GUARDS_BACK] = s["guards"], s["search_tokens"], s["guards_back"]
    r[L.R_PENDANTS_EACH] = s["pendants"][n - 6]
    if s["guards"] + s["search_tokens"] > 10:
        raise UserError(where, "scenario6.guards", f"{s['guards']} guards and {s['search_tokens']} search tokens "
                        "need more than the box's 10 veto tokens")
    if s["pendants"][n - 6] * n > 20:
        raise UserError(where, f"scenario6.pendants.{n - 6}", f"{n} players x {s['pendants'][n - 6]} pendants is more "
                        "than the box's 20")


def special_rules(content: Content, n: int, scen: int, full: bool, names: list[str], r: np.ndarray) -> np.ndarray:
    """Scenarios 4 and 5 (their caps, titles and switches as for the others)."""
    t = content["table"]
    r[L.R_ACTION_CAP] = t["actions_per_player_cap"] * n
    r[L.R_PASS_CAP] = t["passes_per_player_cap"] * n
    if scen == 4:
        s = content["scenario4"]
        m = s["maiden_faction"]
        r[L.R_ROUNDS] = s["rounds_from_large"] if n >= s["large_from"] else s["rounds"]
        r[L.R_NF], r[L.R_KSIZE] = 2, m
        r[L.R_FSIZE:L.R_FSIZE + 2] = (m, n - m)       # the maiden's, the queen's
        r[L.R_VETO] = math.ceil(n / 2)                  # no cap printed (9 at 18 players)
        r[L.R_PENDANTS] = s["rose_pendants"]
    else:
        s = content["scenario5"]
        k = n // 3
        r[L.R_NPL] = n + s["extra_chairs"]
        r[L.R_ROUNDS], r[L.R_NF], r[L.R_KSIZE] = s["rounds"], 3, k
        r[L.R_FSIZE:L.R_FSIZE + 3] = (k, k, k)          # merchant's, abbot's, abbess's
        r[L.R_VETO] = s["veto_each"]                    # each patron's
    for i, title in enumerate(TITLES):
        r[L.R_CH_KING + i] = names.index(title)
    for i, k in enumerate(L.SWITCHES):
        r[L.R_HOST_RECEIPT + i] = content["rules"][k]
    return r


def faction_sizes(scen: int, n: int, content: Content) -> tuple[int, ...]:
    """The printed faction tables: (king's, rose, tower) / (baron's, duke's) / (king's, duke's, baron's)."""
    C, _, names = character_tables(content)
    r = rules_vector(content, n, C, names)
    return tuple(int(x) for x in r[L.R_FSIZE:L.R_FSIZE + int(r[L.R_NF])])


def tables(content: Content, n_players: int) -> tuple:
    C, A, names = character_tables(content)
    t: list = [None] * 3
    t[L.T_RULES] = rules_vector(content, n_players, C, names)
    t[L.T_RULES][L.R_SETUP_CHOSEN] = content["rules"]["setup_places_chosen"]
    for i, k in enumerate(L.RULINGS):
        t[L.T_RULES][L.R_SETUP_CHOSEN + 1 + i] = content["rules"][k]
    t[L.T_RULES][L.R_FACTION_SENDS] = content["rules"]["factions_choose_pickers"]
    t[L.T_CHARS] = C
    t[L.T_ACTIONS] = A
    return tuple(t)
