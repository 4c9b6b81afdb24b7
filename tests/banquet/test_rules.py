"""The printed cases and the core rules, driven through the forward model on hand-laid tables
(tests.banquet.helpers banquet_table: seat p at place p, CAST[p] its character)."""
import numpy as np

from kernels.banquet import layout as L
from kernels.banquet.moves import partner_ok
from kernels.banquet.objectives import banquet_objective, final_scores, league_objective, spies_objective
from kernels.banquet.state import adjacent

from tests.banquet.helpers import CAST, Table, banquet_table, char_id, content

S = {name: p for p, name in enumerate(CAST)}


def targets(moves):
    return sorted({m[1] for m in moves if m[0] != L.MV_PASS})


def test_adjacency_a_b_c_d_e():
    """C's adjacent ability reaches B and D, never A or E (the printed example)."""
    t = banquet_table()
    A, B, C, D, E = 0, 1, 2, 3, 4
    assert [adjacent(t.st, C, p, 12) for p in (A, B, D, E)] == [False, True, True, False]
    t.set(L.F_CHAR, C, char_id("Jester"))   # Jester's basic: swap the two players adjacent to him
    moves = [m for m in t.slot_moves(C, L.BASIC)]
    assert {(m[1], m[2]) for m in moves} == {(B, D)}
    t.set(L.F_CHAR, C, char_id("Queen"))    # Queen's basic: switch with an adjacent player
    assert targets(t.slot_moves(C, L.BASIC)) == [B, D]


def test_the_circle_closes_and_sharers_are_not_adjacent():
    t = banquet_table()
    assert adjacent(t.st, 0, 11, 12)
    t.set(L.F_PLACE, 5, 4)                   # 4 and 5 share place 4
    assert not adjacent(t.st, 4, 5, 12)
    assert adjacent(t.st, 5, 3, 12) and adjacent(t.st, 4, 3, 12)


def test_you_may_not_choose_yourself():
    t = banquet_table(("scenario1", "full"))
    for a in range(12):
        for slot in (L.BASIC, L.ACTION1, L.ACTION2, L.FAVOR):
            sel = t.tables[L.T_ACTIONS][t.get(L.F_CHAR, a), slot, L.A_SELF]
            for m in t.slot_moves(a, slot):
                op = t.tables[L.T_ACTIONS][t.get(L.F_CHAR, a), slot, L.A_OP]
                if op not in (L.OP_MOVE_TO, L.OP_REVERSE, L.OP_EACH_ADJACENT_SWITCH) and not sel:
                    assert a not in (m[1], m[2]), (CAST[a], slot, m)


def test_gamekeeper_with_royalty_neighbours_does_nothing():
    t = banquet_table()
    gk = S["Gamekeeper"]                      # at place 3, between Duchess (2) and Princess (4)
    t.set(L.F_CHAR, 2, char_id("First Knight"))   # both neighbours Royalty now
    before = t.places()
    t.act(gk, L.ACTION1)
    assert t.places() == before


def test_gamekeeper_a_lady_cannot_switch_with_a_royalty_gentleman():
    t = banquet_table()
    gk, duchess = S["Gamekeeper"], S["Duchess"]
    row = t.tables[L.T_ACTIONS][char_id("Gamekeeper"), L.ACTION1]
    partners = [o for o in range(12) if partner_ok(t.st, t.tables, gk, row, duchess, o, 12, 12)]
    gentlemen = [o for o in range(12) if o != duchess and CAST[o] in ("Gamekeeper", "Count", "Baron", "Jester",
                                                                     "Merchant", "Bard")]
    assert sorted(partners) == sorted(gentlemen) and S["King"] not in partners
    t.act(gk, L.ACTION1)                      # the Princess (4) is Royalty: she does not choose
    moved = [p for p, q in enumerate(t.places()) if q != p]
    assert duchess in moved and S["Princess"] not in moved and S["King"] not in moved
    assert len(moved) == 2


def test_queen_switches_with_the_duchess():
    t = banquet_table()                       # basic table: no reactions
    q, d = S["Queen"], S["Duchess"]
    qa, da = t.get(L.F_PLACE, q), t.get(L.F_PLACE, d)
    assert (L.ACTION2, d, -1, 0) in t.slot_moves(q, L.ACTION2)
    t.act(q, L.ACTION2, d)
    assert t.get(L.F_PLACE, q) == da and t.get(L.F_PLACE, d) == qa
    assert sorted(t.places()) == list(range(12))


def test_a_targeted_reaction_can_void_the_action_in_the_full_rules():
    """The Duchess's reconstructed reaction protects her when chosen: the Queen's switch then
    does not happen (she reacts once, in that window, and her reaction triggers nothing)."""
    t = banquet_table(("scenario1", "full"), bots="greedy")
    q, d = S["Queen"], S["Duchess"]
    t.act(q, L.ACTION2, d)
    reacted = t.get(L.F_PROT, d) == 1
    assert reacted == (t.get(L.F_PLACE, d) == d)
    assert t.met[d, L.M_REACTIONS] == (1 if reacted else 0)


def test_royalty_icon_spares_royalty_and_the_baron_of_scenario2_moves_himself():
    t = banquet_table()
    baron = S["Baron"]
    assert not {S["King"], S["Queen"], S["Princess"]} & set(targets(t.slot_moves(baron, L.ACTION1)))
    t2 = Table(12, ("scenario2", "full"))
    b = [p for p in range(12) if t2.get(L.F_CHAR, p) == char_id("Baron")][0]
    assert targets(t2.slot_moves(b, L.ACTION1))           # Royal Authority: his own icon action moves him
    others = [p for p in range(12) if p != b]
    t2.set(L.F_CHAR, others[0], char_id("Seneschal"))
    # another's icon action cannot choose the baron (he counts as Royalty)
    sen = [p for p in range(12) if t2.get(L.F_CHAR, p) == char_id("Seneschal")][0]
    for m in t2.slot_moves(sen, L.ACTION2):
        assert b not in (m[1], m[2])


def without_icon(name: str) -> str:
    """A --set line giving character ``name``'s basic action without its Royalty icon (issue 32
    put the icon on it; these tests are about displacement, not the icon)."""
    cs = content()["characters"]
    i = next(k for k, c in enumerate(cs) if c["name"] == name)
    return f"characters.{i}.basic=" + " ".join(w for w in cs[i]["basic"].split() if w != "icon")


def test_moving_to_an_occupied_place_displaces_its_occupants_lowest_initiative_first():
    t = banquet_table(bots="random", sets=(without_icon("Steward"),))   # the Princess may be displaced
    t.set(L.F_PLACE, S["Count"], 4)           # Count (9) shares place 4 with the Princess (3); 5 is empty
    mover = S["Merchant"]
    t.set(L.F_CHAR, mover, char_id("Steward"))   # basic: move to any place
    t.act(mover, L.BASIC, 4)
    pl = t.places()
    assert pl[mover] == 4
    assert {pl[S["Princess"]], pl[S["Count"]]} == {5, 9}      # the two free places
    ev = [(int(r[1]), int(r[3])) for r in t.events() if r[0] == L.EV_PLACE and r[3] == 1]
    assert [s for s, _ in ev] == [S["Princess"], S["Count"]]  # initiative 3 before 9
    assert sorted(pl).count(4) == 1


def test_move_next_to_lets_the_active_player_pick_the_side():
    t = banquet_table(sets=(without_icon("Physician"),))    # the Princess beside the Count may be displaced
    a = S["Physician"]                        # basic: move next to any player
    sides = {m[3] for m in t.slot_moves(a, L.BASIC) if m[1] == S["Count"]}
    assert sides == {1, -1}
    t.act(a, L.BASIC, S["Count"], -1, -1)
    assert t.get(L.F_PLACE, a) == 4 and t.get(L.F_PLACE, S["Princess"]) == 11   # she takes the free place


def test_scepter_passes_over_seated_players_and_shared_places_go_lowest_initiative_first():
    t = banquet_table()
    t.set(L.F_DIR, 0, 1)
    for p in (1, 2, 3):
        t.set(L.F_STAND, p, 0)
    assert t.scepter(0, first=True) == 4
    t.set(L.F_PLACE, S["Jester"], 5)          # Jester (22) shares place 5 with the Count (9)
    assert t.scepter(4) == S["Count"]
    t.set(L.F_STAND, S["Count"], 0)           # after the Count's turn the standing sharer has it
    assert t.scepter(S["Count"]) == S["Jester"]
    t.set(L.F_DIR, 0, -1)
    t.set(L.F_STAND, S["Jester"], 0)
    assert t.scepter(5) == 4


def favor_table(veto, bots="heuristic"):
    t = banquet_table(("scenario1", "full"), bots=bots, sets=("bots.veto=0.0",))
    t.set(L.F_VETO, 0, veto)
    return t


def test_a_declined_favor_spends_a_token_and_does_nothing():
    t = favor_table(3)
    a = S["Gamekeeper"]                       # the Rose assassin; favor: make two players switch
    t.set(L.F_CHAR, a, char_id("Seneschal"))  # favor: move to a place
    t.act(a, L.FAVOR, 1)   # into the Queen's place, next to the king
    assert t.get(L.F_VETO) == 2 and t.get(L.F_SPENT) == 1 and t.get(L.F_PLACE, a) == 3
    assert t.met[0, L.M_VETOES] == 1


def test_a_patron_without_tokens_cannot_decline():
    t = favor_table(0)
    a = S["Gamekeeper"]
    t.set(L.F_CHAR, a, char_id("Seneschal"))
    t.act(a, L.FAVOR, 1)
    assert t.get(L.F_VETO) == 0 and t.get(L.F_PLACE, a) == 1


def test_the_signet_ring_request_cannot_be_declined_once():
    t = favor_table(3)
    a = S["Gamekeeper"]
    t.set(L.F_CHAR, a, char_id("Seneschal"))
    t.set(L.F_RING, 0, a)
    t.act(a, L.FAVOR, 1)
    assert t.get(L.F_PLACE, a) == 1 and t.get(L.F_VETO) == 3 and t.get(L.F_RING) == -1


def test_no_favors_without_a_patron():
    t = Table(12, ("scenario2", "full"))
    for a in range(12):
        assert all(m[0] != L.FAVOR for m in t.moves(a))


def test_the_basic_rules_offer_only_the_basic_action_or_a_pass():
    t = banquet_table()
    for a in range(12):
        assert {m[0] for m in t.moves(a)} <= {L.MV_PASS, L.BASIC}
    f = banquet_table(("scenario1", "full"))
    for a in range(12):
        assert L.BASIC not in {m[0] for m in f.moves(a)}


def marks(t):
    return [t.get(L.F_MARK, i) for i in range(2)]


def king_receives(t):
    """The scepter passes from the Physician (place 11) to the king (place 0, standing): his
    turn comes next."""
    t.set(L.F_DIR, 0, 1)
    assert t.scepter(S["Physician"]) == S["King"]


def test_the_king_marks_once_a_round_and_moves_a_token_for_free():
    t = banquet_table()
    t.set(L.F_VETO, 0, 6)
    king_receives(t)
    m = marks(t)
    assert all(x >= 0 for x in m) and t.get(L.F_VETO) == 4
    assert t.get(L.F_MARKED_ROUND) == 0
    king_receives(t)
    assert marks(t) == m                      # once a round
    t.set(L.F_ROUND, 0, 1)
    t.set(L.F_KNOWN, 0 * L.MAXP + m[0], 1)    # the king learnt his Rose suspect is innocent
    king_receives(t)
    assert marks(t)[0] != m[0] and t.get(L.F_VETO) == 4          # moved, no new token
    assert t.get(L.F_TOKEN, m[0]) == 0 and t.get(L.F_TOKEN, marks(t)[0]) == 1


def test_no_marking_without_another_standing_player():
    t = banquet_table()
    t.set(L.F_VETO, 0, 6)
    for p in range(1, 12):
        t.set(L.F_STAND, p, 0)
    king_receives(t)
    assert marks(t) == [-1, -1]


def seat_next_to_king(t, players):
    """Put players at places 1 and 11 (next to the king at 0), the rest elsewhere."""
    free = [q for q in range(2, 11)]
    rest = [p for p in range(1, 12) if p not in players]
    for p, q in zip(players, (1, 11)):
        t.set(L.F_PLACE, p, q)
    for p, q in zip(rest, free):
        t.set(L.F_PLACE, p, q)


def test_objective_neither_assassin_next_to_the_king_boxes_a_wrong_neighbours_token():
    t = banquet_table(assassins=(3, 9))
    seat_next_to_king(t, [1, 4])
    t.set(L.F_TOKEN, 4, 1)
    t.set(L.F_MARK, 0, 4)
    banquet_objective(t.st, t.tables, t.log, t.io, True)
    assert t.get(L.F_END) == L.END_NONE and t.get(L.F_TOKEN, 4) == 0 and t.get(L.F_BOXED) == 1
    assert t.get(L.F_KNOWN, 8 * L.MAXP + 4) == 1          # the neighbours revealed to all


def test_objective_one_assassin_kills_the_king():
    t = banquet_table(assassins=(3, 9))
    seat_next_to_king(t, [3, 1])
    banquet_objective(t.st, t.tables, t.log, t.io, True)
    assert t.get(L.F_END) == L.END_ASSASSINATED and t.get(L.F_KILLER) == L.ROSE_F


def test_objective_both_assassins_save_the_king_and_end_his_marking():
    t = banquet_table(assassins=(3, 9))
    seat_next_to_king(t, [3, 9])
    t.set(L.F_TOKEN, 9, 1)
    t.set(L.F_MARK, 1, 9)
    t.set(L.F_TOKEN, 5, 1)                    # a wrong mark far away goes back to the box too
    t.set(L.F_MARK, 0, 5)
    banquet_objective(t.st, t.tables, t.log, t.io, True)
    assert t.get(L.F_END) == L.END_NONE and t.get(L.F_CAN_MARK) == 0
    assert t.get(L.F_TOKEN, 9) == 1 and t.get(L.F_TOKEN, 5) == 0


def scores(t, end, killer, marked):
    for p in range(12):
        t.set(L.F_TOKEN, p, int(p in marked))
    t.set(L.F_END, 0, end)
    t.set(L.F_KILLER, 0, killer)
    team = np.zeros(3, np.int64)
    final_scores(t.st, t.tables, team)
    return team.tolist()


def test_scenario1_score_outcomes():
    t = banquet_table(assassins=(3, 9))
    F, K = L.END_FINISHED, L.END_ASSASSINATED
    assert scores(t, F, -1, []) == [1, 0, 0]
    assert scores(t, F, -1, [3]) == [3, 0, 0]
    assert scores(t, F, -1, [3, 9]) == [5, 0, 0]
    assert scores(t, F, -1, [4]) == [1, 0, 0]               # a wrong mark scores nothing
    assert scores(t, K, L.ROSE_F, []) == [0, 3, 0]
    assert scores(t, K, L.TOWER_F, [3]) == [2, 0, 3]
    assert scores(t, K, L.ROSE_F, [3, 9]) == [4, 3, 0]


def test_scenario3_exactly_one_assassin():
    t = Table(16, ("scenario3", "basic"))
    king = t.get(L.F_KING)
    ass = [p for p in range(16) if t.get(L.F_SECRET, p) == L.ASSASSIN]
    kq = t.get(L.F_PLACE, king)
    others = [p for p in range(16) if p != king and p not in ass]
    order = [kq] + [(kq + i) % 16 for i in range(1, 16)]
    for p, q in zip([king, ass[0]] + others + [ass[1]], order):
        t.set(L.F_PLACE, p, q)
    # ass[0] at kq+1, ass[1] at kq+15 = kq-1: both next to the king: he survives
    league_objective(t.st, t.tables, t.log, t.io, True)
    assert t.get(L.F_END) == L.END_NONE
    t.set(L.F_PLACE, ass[1], t.get(L.F_PLACE, others[3]))
    t.set(L.F_PLACE, others[3], (kq - 1) % 16)
    league_objective(t.st, t.tables, t.log, t.io, True)
    assert t.get(L.F_END) == L.END_ASSASSINATED and t.get(L.F_KILLER) == t.get(L.F_FACTION, ass[0])


def test_scenario2_whisper_then_delivery():
    t = Table(12, ("scenario2", "basic"))
    baron = t.get(L.F_HOST)
    courier = [p for p in range(12) if t.get(L.F_SECRET, p) == L.COURIER][0]
    sen = [p for p in range(12) if t.get(L.F_CHAR, p) == char_id("Seneschal")][0]
    bq = t.get(L.F_PLACE, baron)
    spies_objective(t.st, t.tables, t.log, t.io, True)
    assert t.get(L.F_END) == L.END_NONE and t.get(L.F_KNOWN, baron * L.MAXP + courier) == 0
    who_at = {t.get(L.F_PLACE, p): p for p in range(12)}
    # bring the seneschal next to the baron: he whispers the courier's name
    o = who_at[(bq + 1) % 12]
    t.set(L.F_PLACE, o, t.get(L.F_PLACE, sen))
    t.set(L.F_PLACE, sen, (bq + 1) % 12)
    if o == courier:
        return
    spies_objective(t.st, t.tables, t.log, t.io, True)
    assert t.get(L.F_WHISPERED) == 1 and t.get(L.F_KNOWN, baron * L.MAXP + courier) == 1
    o = who_at[(bq - 1) % 12] if who_at[(bq - 1) % 12] != sen else who_at[(bq + 2) % 12]
    t.set(L.F_PLACE, o, t.get(L.F_PLACE, courier))
    t.set(L.F_PLACE, courier, (bq - 1) % 12)
    spies_objective(t.st, t.tables, t.log, t.io, True)
    assert t.get(L.F_END) == L.END_DELIVERED


def test_divine_judgment_is_a_fair_coin_from_the_chance_stream():
    """The Witch's reconstructed basic action switches only on a Crown; the coin comes from
    the chance stream (the bots' streams do not move)."""
    from kernels.rng import CHANCE
    crowns = 0
    for seed in range(200):
        t = Table(12, seed=seed)
        t.seat(list(range(12)), CAST)
        t.set(L.F_CHAR, 4, char_id("Witch"))
        bots_before = t.rng[CHANCE + 1:].copy()
        chance_before = int(t.rng[CHANCE])
        t.act(4, L.BASIC, 9)
        crowns += t.get(L.F_PLACE, 4) == 9
        assert int(t.rng[CHANCE]) != chance_before and (t.rng[CHANCE + 1:] == bots_before).all()
    assert 70 < crowns < 130
