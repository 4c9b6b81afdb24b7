"""Every other rule of the rulebook pinned on a hand-built position: the deal, where actions
are open, picking up and stealing with the two-weapon limit, teleports, actions per turn, and
what never changes in play. (Attacks: test_examples.py.)"""
import numpy as np
import pytest

from kernels.doppelganger import layout as L
from kernels.doppelganger.rules import apply_move, pick_up, steal

from .helpers import A, O, T, Table, attack_table, bits, mask


@pytest.mark.parametrize("n,hand", [(3, 4), (4, 3), (6, 2)])
def test_deal_sizes_weapons_and_pawns(n, hand):
    t = Table(n, seed=5)
    for field in (L.F_WHO, L.F_WHERE, L.F_WHAT):
        union = 0
        for p in range(n):
            m = t.get(field, p)
            assert len(bits(m)) == hand
            assert union & m == 0
            union |= m
        assert union == (1 << 12) - 1
    rooms = [t.get(L.F_ROOM_W, r) for r in range(12)]
    assert all(len(bits(m)) == 1 for m in rooms)
    assert sorted(bits(m)[0] for m in rooms) == list(range(12))
    assert all(t.get(L.F_POS, p) == t.c.board.n_rooms for p in range(n))
    assert all(t.get(L.F_WHO_UP, p) == 0 and t.get(L.F_HELD, p) == 0 for p in range(n))


def test_attacks_only_in_rim_rooms_and_only_with_a_weapon():
    t = attack_table()
    wheel = t.c.board.n_rooms
    t.place(A, wheel)
    t.place(T, wheel)
    assert t.actions(A) == [(L.ACT_NONE, -1, -1, -1)]
    corridor = t.c.board.n_rooms + 1
    t.place(A, corridor)
    t.place(T, corridor)
    assert t.actions(A) == [(L.ACT_NONE, -1, -1, -1)]
    t.place(A, t.room("Kitchen"))
    t.place(T, t.room("Kitchen"))
    t.set(L.F_HELD, A, 0)
    assert not [a for a in t.actions(A) if a[0] == L.ACT_ATTACK]
    t.set(L.F_HELD, A, mask(t.weapon("Rope")))
    attacks = [a for a in t.actions(A) if a[0] == L.ACT_ATTACK]
    assert (L.ACT_ATTACK, T, -1, t.weapon("Rope")) in attacks


def test_pick_up_steal_and_the_two_weapon_limit_with_swap():
    t = attack_table()
    k = t.room("Kitchen")
    t.set(L.F_ROOM_W, k, mask(t.weapon("Poison")))
    t.set(L.F_HELD, O, mask(t.weapon("Bomb")))
    acts = t.actions(A)   # A holds Rope and Wrench: full, so every take needs a drop
    takes = [a for a in acts if a[0] in (L.ACT_PICKUP, L.ACT_STEAL)]
    assert takes and all(a[2] in (t.weapon("Rope"), t.weapon("Wrench")) for a in takes)
    pick_up(t.s, A, t.weapon("Poison"), t.weapon("Wrench"), t.log, t.li, False)
    assert t.get(L.F_HELD, A) == mask(t.weapon("Rope"), t.weapon("Poison"))
    assert t.get(L.F_ROOM_W, k) == mask(t.weapon("Wrench"))
    steal(t.s, A, O, t.weapon("Bomb"), t.weapon("Rope"), t.log, t.li, False)
    assert t.get(L.F_HELD, A) == mask(t.weapon("Poison"), t.weapon("Bomb"))
    assert t.get(L.F_HELD, O) == 0
    assert t.get(L.F_ROOM_W, k) == mask(t.weapon("Wrench"), t.weapon("Rope"))
    # with one hand free no drop is offered
    t.set(L.F_HELD, A, mask(t.weapon("Poison")))
    assert all(a[2] == -1 for a in t.actions(A) if a[0] == L.ACT_PICKUP)


def test_teleport_moves_to_any_room_and_may_bring_another_player():
    t = attack_table()
    lib = t.room("Library")
    apply_move(t.s, A, lib, 1, O, 7, t.log, t.li, False, t.met)
    assert t.get(L.F_POS, A) == lib and t.get(L.F_POS, O) == lib
    assert t.get(L.F_POS, T) == t.room("Kitchen")


def test_two_actions_a_turn_when_the_content_says_so():
    """actions_per_turn = 2: a random bot may act before and after moving."""
    one = Table(4, seed=3)
    two = Table(4, seed=3, sets=("rules.actions_per_turn=2",))
    bots = np.zeros(4, np.int64)  # random
    counts = []
    for t in (one, two):
        acted = 0
        for turn in range(400):
            before = t.met[:, L.M_PICKUPS].sum() + t.met[:, L.M_STEALS].sum() + t.met[:, L.M_ATTACKS].sum()
            if t.turn(turn % 4, 7, bots):
                break
            after = t.met[:, L.M_PICKUPS].sum() + t.met[:, L.M_STEALS].sum() + t.met[:, L.M_ATTACKS].sum()
            acted = max(acted, after - before)
        counts.append(acted)
    assert counts[0] == 1 and counts[1] == 2


def test_invariants_weapons_conserved_cards_never_change_owner():
    for n in (3, 4, 6):
        t = Table(n, seed=11)
        hands = [t.s[f:f + n].copy() for f in (L.F_WHO, L.F_WHERE, L.F_WHAT)]
        bots = np.array([0, 1, 2, 0, 1, 2][:n], np.int64)
        for turn in range(300):
            total = 2 + turn % 11
            killed = t.turn(turn % n, total, bots)
            held = [t.get(L.F_HELD, p) for p in range(n)]
            lying = [t.get(L.F_ROOM_W, r) for r in range(12)]
            allm = held + lying
            assert sum(len(bits(m)) for m in allm) == 12
            acc = 0
            for m in allm:
                assert acc & m == 0
                acc |= m
            assert all(len(bits(m)) <= 2 for m in held)
            for f, h in zip((L.F_WHO, L.F_WHERE, L.F_WHAT), hands):
                assert np.array_equal(t.s[f:f + n], h)
                for p in range(n):
                    up = t.get(f + L.MAXP, p)
                    assert up & ~t.get(f, p) == 0
            if killed:
                break


def wheel_teleports(setting: int, bots: list[str], games: int = 12) -> tuple[int, int]:
    """(teleports, teleports ending on the colour wheel) in traced games under the reading."""
    from .helpers import FAST_ROLLOUT, GAME, compiled, weights

    sets = (*FAST_ROLLOUT, f"rules.teleport_to_centre={setting}")
    c, w, codes = compiled(4, sets), weights(sets), GAME.bot_codes(bots, 4)
    wheel = int(c.tables[0][L.R_NROOMS])          # the wheel is the node after the rim rooms
    total = on_wheel = 0
    for i in range(games):
        log, _, _ = GAME.trace_events(c, codes, w, 5, i, i % 4)
        tele = log[log[:, 0] == L.EV_TELEPORT]
        total += len(tele)
        on_wheel += int((tele[:, 2] == wheel).sum())
    return total, on_wheel


def test_reading_teleport_to_centre_every_bot_keeps_to_the_rim_pads_when_off():
    """rules.teleport_to_centre: 1 lets a teleport end on the central colour wheel (the random
    bot does so now and then), 0 never, whatever the bots."""
    every = ["random", "greedy", "hunter", "rollout"]
    total, on_wheel = wheel_teleports(0, every)
    assert total > 0 and on_wheel == 0
    _, on_wheel = wheel_teleports(1, ["random"] * 4, games=30)
    assert on_wheel > 0


def readings_both_ways():
    """Each [rules] reading flipped alone from the shipped content, then all flipped at once."""
    from .helpers import CONTENT
    flips = [f"{key}={(3 - value) if key == 'rules.actions_per_turn' else 1 - value}"
             for key, value, _ in CONTENT.readings()]
    return [()] + [(f,) for f in flips] + [tuple(flips)]


def replay_weapons(log, n, limit, wheel):
    """Walk the pawns and weapon tokens through a traced game's events, independently of the
    rules: every take is of a token where the event says it is, a full hand drops one it
    holds, an attack uses a weapon the attacker holds; hands never pass the limit, and no
    token is lost or doubled. Returns the first broken rule, or None."""
    room_w, pos = {}, [wheel] * n
    held = [set() for _ in range(n)]

    def bad_drop(hand, drop):
        return (drop < 0 and len(hand) >= limit) or (drop >= 0 and drop not in hand)

    for ev, seat, a, b, c, d in log.tolist():
        if ev == L.EV_TOKEN:
            room_w.setdefault(a, set()).add(b)
        elif ev == L.EV_WALK:
            pos[seat] = b
        elif ev == L.EV_TELEPORT:
            pos[seat] = a
            if b >= 0:
                pos[b] = a
        elif ev == L.EV_PICKUP:              # seat, weapon, room, dropped
            if b != pos[seat] or a not in room_w.get(b, set()):
                return f"seat {seat} picks up {a} not lying in its room"
            if bad_drop(held[seat], c):
                return f"seat {seat} picks up with hand {held[seat]} dropping {c}"
            room_w[b].discard(a)
            if c >= 0:
                held[seat].discard(c)
                room_w[b].add(c)
            held[seat].add(a)
        elif ev == L.EV_STEAL:               # seat, victim, weapon, dropped
            if b not in held[a] or pos[a] != pos[seat]:
                return f"seat {seat} steals {b} that seat {a} does not hold in its room"
            if bad_drop(held[seat], c):
                return f"seat {seat} steals with hand {held[seat]} dropping {c}"
            held[a].discard(b)
            if c >= 0:
                held[seat].discard(c)
                room_w.setdefault(pos[seat], set()).add(c)
            held[seat].add(b)
        elif ev == L.EV_ATTACK:              # seat, target, room, weapon
            if c not in held[seat]:
                return f"seat {seat} attacks with {c}, holding {held[seat]}"
        if any(len(h) > limit for h in held):
            return "a hand passed the weapon limit"
        tokens = [w for ws in room_w.values() for w in ws] + [w for h in held for w in h]
        if ev not in (L.EV_HAND, L.EV_TOKEN) and (len(tokens) != len(set(tokens)) or len(tokens) != 12):
            return "a weapon token lost or doubled"
    return None


def replay_moves(log, board, n, rules):
    """Walk the pawns through a traced game's moves, independently of the kernel: every walk
    ends where a step-by-step search from the position allows (around other pawns when
    rules.pawns_block), every teleport follows a pad landed on within the roll and ends in a
    rim room (or the wheel when rules.teleport_to_centre), and with pawns blocking no two
    pawns share a corridor square. Returns the first broken rule, or None."""
    from .test_blocking import independent_reach

    nr = board.n_rooms
    block, walk_on = int(rules[L.R_BLOCK]), int(rules[L.R_WALK_ON])
    lands_at_once = int(rules[L.R_PAD_START] == 0)
    pos, total = [nr] * n, 0
    for ev, seat, a, b, _, _ in log.tolist():
        if ev == L.EV_ROLL:
            total = a
        elif ev in (L.EV_WALK, L.EV_TELEPORT):
            ends, land = independent_reach(board, pos, seat, total, block, lands_at_once, walk_on)
            if ev == L.EV_WALK:
                if a != pos[seat] or b not in ends:
                    return f"seat {seat} walks {a} -> {b} with {total} from {pos}"
                pos[seat] = b
            else:
                if not land or a > nr or (a == nr and not rules[L.R_TELE_WHEEL]):
                    return f"seat {seat} teleports to {a} with {total} from {pos}"
                pos[seat] = a
                if b >= 0:
                    pos[b] = a
            corridor = [p for p in pos if p > nr]
            if block and len(corridor) != len(set(corridor)):
                return f"two pawns share a corridor square: {pos}"
    return None


@pytest.mark.parametrize("sets", readings_both_ways())
def test_every_bot_under_every_reading_keeps_the_weapon_and_movement_rules(sets):
    """Traced games with every bot at the table (random, greedy, hunter, rollout, seats
    rotated), under each [rules] reading both ways: the weapon events replay without a broken
    rule (tokens where they are said to be, hands within the limit, attacks with a held weapon)
    and so do the moves (replay_moves: an independent search, pawns blocking or not)."""
    from .helpers import FAST_ROLLOUT, GAME, compiled, weights

    sets = (*FAST_ROLLOUT, *sets)
    c, w = compiled(4, sets), weights(sets)
    codes = GAME.bot_codes(["random", "greedy", "hunter", "rollout"], 4)
    limit, wheel = int(c.tables[0][L.R_LIMIT]), int(c.tables[0][L.R_NROOMS])
    for i in range(8):
        log, _, _ = GAME.trace_events(c, codes, w, 9, i, i % 4)
        assert replay_weapons(log, 4, limit, wheel) is None, (sets, i)
        assert replay_moves(log, c.board, 4, c.rules) is None, (sets, i)


def test_every_reading_is_listed_with_the_rulebook_named_in_its_reason():
    from .helpers import CONTENT
    readings = {k: why for k, _, why in CONTENT.readings()}
    assert set(readings) == {"rules.actions_per_turn", "rules.teleport_to_centre",
                             "rules.face_up_match_forces_who", "rules.who_without_match",
                             "rules.pad_start_lands", "rules.pad_within_roll", "rules.pawns_block"}
    assert all(why.startswith("Reading: the rulebook") for why in readings.values())
