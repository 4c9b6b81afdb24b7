"""Reading B1's switch setup_places_chosen: 1 (the default, issue 32) = the players pick their
places in the rulebook's order, one set-up decision each (DEC_SEAT), before round 1, the bots
where their side is served (kernels/banquet/setup_places.py); 0 = chance seats the players, as
before. Scenario 3's switch factions_choose_pickers: 1 (the default) = each traitor faction in
its turn sends the member it chooses (DEC_SEND, its duke or baron deciding); 0 = its members
in seat order. Through the Python API on the kernels play_batch compiles."""
import numpy as np
import pytest

from kernels.banquet import layout as L
from sim.api import new_game
from tests.banquet.helpers import broken_invariants

CHOSEN = ("rules.setup_places_chosen=1",)
CHANCE = ("rules.setup_places_chosen=0",)
SEAT_ORDER = ("rules.factions_choose_pickers=0",)
SETUP = ("set-up place", "faction's next picker")      # the set-up decisions


@pytest.mark.parametrize("scen,n", [(1, 11), (3, 15), (4, 10), (6, 6)])
def test_with_the_switch_off_chance_seats_the_players_and_no_set_up_decision_comes(scen, n):
    g = new_game("banquet", n, ["random"], variants=(f"scenario{scen}", "basic"), overrides=CHANCE, seed=3)
    assert g.hooks.DECISION_KINDS[g.kind] == "direction"


@pytest.mark.parametrize("scen,n", [(1, 11), (2, 11), (5, 12)])
def test_by_default_the_players_pick_where_the_rulebook_lets_them(scen, n):
    """Scenarios 1, 3, 4 and 6 open with a set-up pick; 2 and 5 fix the places."""
    g = new_game("banquet", n, ["random"], variants=(f"scenario{scen}", "basic"), seed=3)
    assert g.hooks.DECISION_KINDS[g.kind] == ("set-up place" if scen == 1 else "direction")


@pytest.mark.parametrize("scen,n", [(1, 11), (3, 15), (4, 10), (6, 6)])
def test_with_the_switch_every_player_picks_a_place_once_then_round_one(scen, n):
    """Each pick is honoured (the picker stands where he chose), every player picks once in
    the scenario's order (scenario 4: the king goes across from the queen, a displaced
    queen's-faction member picks again), and the seating is a seating: one player a place."""
    g = new_game("banquet", n, ["random"], variants=(f"scenario{scen}", "basic"), overrides=CHOSEN, seed=3)
    st = g.hooks.state_row(g.arrays)
    pick = np.random.default_rng(scen)
    pickers = []
    while g.hooks.DECISION_KINDS[g.kind] in SETUP:
        p, opts = g.seat, g.options()
        if g.hooks.DECISION_KINDS[g.kind] != "set-up place":        # scenario 3: a faction sends one
            g.apply(int(pick.integers(len(opts))))
            continue
        q = int(opts[int(pick.integers(len(opts))), L.O_CHOICE])
        g.apply([int(r[L.O_CHOICE]) for r in opts].index(q))
        assert st[L.F_PLACE + p] == q
        pickers.append(p)
    assert g.hooks.DECISION_KINDS[g.kind] == "direction"
    places = st[L.F_PLACE:L.F_PLACE + n]
    assert len(set(places.tolist())) == n and broken_invariants(g.compiled, g.arrays["sc"]) == []
    if scen == 1:
        assert sorted(pickers) == list(range(n)) and pickers[-1] == st[L.F_KING]
    if scen == 3:
        assert pickers[0] == st[L.F_KING] and sorted(pickers) == list(range(n))
    if scen == 4:
        king, queen = int(st[L.F_PATRON]), int(st[L.F_HOST])
        maidens = [p for p in range(n) if st[L.F_FACTION + p] == L.MAIDEN_F]
        first_maiden = pickers.index(maidens[0])
        assert pickers[0] == queen and king not in pickers[:first_maiden]   # placed, not picking
        assert pickers[first_maiden:first_maiden + 1] == maidens[:1] and set(maidens) <= set(pickers)
    if scen == 6:
        assert sorted(pickers) == list(range(n))


def test_the_scenario_1_king_may_take_an_occupied_place_its_occupant_takes_his():
    g = new_game("banquet", 11, ["greedy"], variants=("scenario1", "basic"), overrides=CHOSEN, seed=4)
    st = g.hooks.state_row(g.arrays)
    king = int(st[L.F_KING])
    while g.seat != king:
        g.apply(g.bot_choice())
    assert len(g.options()) == 11           # any place
    before = st[L.F_PLACE + king]
    target = (int(before) + 3) % 11
    occupant = [p for p in range(11) if st[L.F_PLACE + p] == target][0]
    g.apply([int(r[L.O_CHOICE]) for r in g.options()].index(target))
    assert st[L.F_PLACE + king] == target and st[L.F_PLACE + occupant] == before


@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic", "rollout"])
def test_every_bot_plays_games_with_the_switch_on(bot):
    """play_batch with players choosing: the games end, each counts its set-up decisions."""
    from sim.game import Batch
    from sim.games.banquet import GAME
    for scen, n in ((1, 11), (4, 10), (6, 6)):
        content = GAME.content((f"scenario{scen}", "basic"), CHOSEN + ("bots.rollout_playouts=1", "bots.rollout_candidates=2"))
        comp = GAME.compile(content, n)
        codes = GAME.bot_codes([bot], n)
        gi = np.arange(3, dtype=np.uint64)
        out = Batch.alloc(3, n, len(GAME.metrics))
        GAME.play(comp, codes, GAME.weights(content), 1, gi, (gi % n).astype(np.int64), out)
        assert (out.turns > 0).all() and (out.decisions >= n - 1).all()


# -- the bots' picks (setup_places.py) ------------------------------------------------------
def pick_until(g, done):
    """The seats' bots pick until done(state row) or round 1."""
    st = g.hooks.state_row(g.arrays)
    while g.hooks.DECISION_KINDS[g.kind] in SETUP and not done(st):
        g.apply(g.bot_choice())
    return st


def neighbours(st, p, n, npl):
    q = int(st[L.F_PLACE + p])
    return [o for o in range(n) if o != p and int(st[L.F_PLACE + o]) in ((q + 1) % npl, (q - 1) % npl)]


@pytest.mark.parametrize("bot", ["greedy", "heuristic"])
def test_scenario_3_the_kings_faction_flanks_the_king(bot):
    """The king and his faction pick first: his faction-mates take both places beside him,
    so no assassin starts there."""
    n = 15
    g = new_game("banquet", n, [bot], variants=("scenario3", "basic"), seed=5)
    st = pick_until(g, lambda st: False)
    king = int(st[L.F_KING])
    assert [int(st[L.F_FACTION + o]) for o in neighbours(st, king, n, n)] == [L.KING_F, L.KING_F]


@pytest.mark.parametrize("bot", ["greedy", "heuristic"])
def test_scenario_4_the_white_maiden_takes_a_place_beside_the_queen(bot):
    """The maiden's faction picks last and may take a queen's-faction player's place: the
    white maiden takes one beside the queen (her faction's objective), its holder moves."""
    n = 10
    g = new_game("banquet", n, [bot], variants=("scenario4", "basic"), seed=5)
    st = g.hooks.state_row(g.arrays)
    maiden = [p for p in range(n) if st[L.F_CHAR + p] == g.compiled.tables[L.T_RULES][L.R_CH_MAIDEN]][0]
    pick_until(g, lambda st: st[L.F_SU_PICKED + maiden] == 1)
    assert int(st[L.F_HOST]) in neighbours(st, maiden, n, n)


@pytest.mark.parametrize("bot", ["greedy", "heuristic"])
def test_scenario_4_the_maidens_faction_leaves_the_king_and_queen_where_they_chose(bot):
    """The princess and the abbot gain nothing by taking the king's or the queen's place (the
    displaced one would then pick any free place): after every pick the king is still across
    from the queen, and only the white maiden's pick displaces anyone."""
    n = 10
    for seed in range(4):
        g = new_game("banquet", n, [bot], variants=("scenario4", "basic"), seed=seed)
        st = pick_until(g, lambda st: False)
        queen, king = int(st[L.F_HOST]), int(st[L.F_PATRON])
        assert (int(st[L.F_PLACE + king]) - int(st[L.F_PLACE + queen])) % n == n // 2, seed


@pytest.mark.parametrize("n", [12, 17])
def test_scenario_1_the_king_picking_last_sits_beside_his_own(n):
    """The king picks last and may take any place: he takes one beside a faction-mate (a
    neighbour who is surely no assassin), and his faction-mates, foreseeing it, pick places
    the traitors' picks have not hemmed in."""
    for seed in range(3):
        g = new_game("banquet", n, ["heuristic"], variants=("scenario1", "basic"), seed=seed)
        st = pick_until(g, lambda st: False)
        king = int(st[L.F_KING])
        assert L.KING_F in [int(st[L.F_FACTION + o]) for o in neighbours(st, king, n, n)], seed


def redealt(g, p, n, seed):
    """(a copy of g with what seat p cannot know dealt anew from seed, the cells it moved)."""
    from kernels.banquet.rollout import redeal_hidden
    from kernels.rng import seed_streams
    h = g.clone()
    rng = np.zeros(1 + n, np.uint64)
    seed_streams(rng, np.uint64(seed), np.uint64(77))
    return h, redeal_hidden(h.compiled.tables, h.hooks.state_row(h.arrays), p, rng)


def test_scenario_1_picks_foresee_the_king_and_do_not_peek():
    """A traitor's pick weighs where the king will sit by the king's knowledge (his faction
    only): re-dealing what the picker cannot know (the other faction's assassin) changes no
    bot's pick; the search included (few iterations)."""
    n = 12
    for bot in ("greedy", "heuristic", "rollout", "search"):
        g = new_game("banquet", n, [bot], variants=("scenario1", "basic"), seed=7,
                     overrides=("bots.search_iterations=8",))
        st = g.hooks.state_row(g.arrays)
        pick_until(g, lambda st: int(st[L.F_SU_I]) >= 3)
        p = g.seat
        assert st[L.F_FACTION + p] != L.KING_F
        choice = g.clone().bot_choice()
        moved = 0
        for seed in range(3):
            h, cells = redealt(g, p, n, seed)
            moved += cells
            assert h.bot_choice() == choice, (bot, seed)
        assert moved > 0


def test_scenario_6_no_character_is_known_while_the_places_are_picked():
    """The characters are dealt after the places (set-up step 7): the re-deal of what a seat
    cannot know shuffles every character then, and no bot's pick changes with it."""
    n = 7
    for bot in ("random", "greedy", "heuristic", "search"):
        g = new_game("banquet", n, [bot], variants=("scenario6", "basic"), seed=7,
                     overrides=("bots.search_iterations=8",))
        st = g.hooks.state_row(g.arrays)
        pick_until(g, lambda st: int(st[L.F_SU_I]) >= 2)
        p = g.seat
        choice = g.clone().bot_choice()
        if bot in ("greedy", "heuristic"):
            assert choice == 0          # the first place offered: nothing to weigh yet
        chars = st[L.F_CHAR:L.F_CHAR + n].copy()
        moved = 0
        for seed in range(3):
            h, _ = redealt(g, p, n, seed)
            hs = h.hooks.state_row(h.arrays)
            assert sorted(hs[L.F_CHAR:L.F_CHAR + n]) == sorted(chars)
            moved += not np.array_equal(hs[L.F_CHAR:L.F_CHAR + n], chars)
            assert h.bot_choice() == choice, (bot, seed)
        assert moved > 0


# -- scenario 3: the traitor factions send the member they choose (factions_choose_pickers) -----
def leader(g, st, f):
    """The duke's or the baron's seat (he decides for his faction)."""
    title = L.R_CH_DUKE if f == L.DUKE_F else L.R_CH_BARON
    return [p for p in range(g.compiled.n_players) if st[L.F_CHAR + p] == g.compiled.tables[L.T_RULES][title]][0]


def test_scenario_3_each_traitor_faction_sends_the_member_its_leader_chooses():
    """After the king's faction, the duke and then the baron, alternately, choose which of
    their faction's members picks next (any who has not picked); the one sent picks; a
    faction's last member goes without a choice."""
    n = 15
    g = new_game("banquet", n, ["random"], variants=("scenario3", "basic"), seed=3)
    st = g.hooks.state_row(g.arrays)
    senders, pickers = [], []
    while g.hooks.DECISION_KINDS[g.kind] in SETUP:
        if g.hooks.DECISION_KINDS[g.kind] == "set-up place":
            pickers.append(g.seat)
            g.apply(g.bot_choice())
            continue
        f = L.BARON_F if senders and senders[-1] == L.DUKE_F else L.DUKE_F
        assert g.seat == leader(g, st, f)
        members = [int(r[L.O_CHOICE]) for r in g.options()]
        assert len(members) > 1
        assert members == [p for p in range(n) if st[L.F_FACTION + p] == f and st[L.F_SU_PICKED + p] == 0]
        g.apply(len(members) - 1)                   # the last of them, not the seat order's first
        assert g.hooks.DECISION_KINDS[g.kind] == "set-up place" and g.seat == members[-1]
        senders.append(f)
    size = sum(st[L.F_FACTION + p] == L.DUKE_F for p in range(n))
    assert senders == [L.DUKE_F, L.BARON_F] * (size - 1)
    assert sorted(pickers) == list(range(n)) and g.hooks.DECISION_KINDS[g.kind] == "direction"


def test_scenario_3_in_seat_order_the_factions_members_pick_in_turn_without_a_choice():
    """factions_choose_pickers = 0 (as before): duke's and baron's members alternate, each
    faction's in seat order, and nobody is asked whom to send."""
    n = 15
    g = new_game("banquet", n, ["random"], variants=("scenario3", "basic"), overrides=SEAT_ORDER, seed=3)
    st = g.hooks.state_row(g.arrays)
    pickers = []
    while g.hooks.DECISION_KINDS[g.kind] in SETUP:
        assert g.hooks.DECISION_KINDS[g.kind] == "set-up place"
        pickers.append(g.seat)
        g.apply(g.bot_choice())
    traitors = [p for p in pickers if st[L.F_FACTION + p] != L.KING_F]
    duke = [p for p in range(n) if st[L.F_FACTION + p] == L.DUKE_F]
    baron = [p for p in range(n) if st[L.F_FACTION + p] == L.BARON_F]
    assert traitors == [p for pair in zip(duke, baron) for p in pair]


@pytest.mark.parametrize("bot", ["greedy", "heuristic"])
def test_scenario_3_a_faction_sends_its_assassin_first(bot):
    """The member whose pick matters most goes first: the assassin, whose place decides how
    far he must travel to the king (the others' places change nothing of the faction's
    valuation until he stands beside the king)."""
    n = 15
    for seed in range(3):
        g = new_game("banquet", n, [bot], variants=("scenario3", "basic"), seed=seed)
        st = g.hooks.state_row(g.arrays)
        for f in (L.DUKE_F, L.BARON_F):
            pick_until(g, lambda st: g.hooks.DECISION_KINDS[g.kind] == "faction's next picker")
            assert g.seat == leader(g, st, f)
            sent = int(g.options()[g.bot_choice(), L.O_CHOICE])
            assert st[L.F_FACTION + sent] == f and st[L.F_SECRET + sent] == L.ASSASSIN, (seed, f)
            g.apply(g.bot_choice())


def test_scenario_3_the_sender_does_not_peek():
    """Whom the duke sends weighs what his faction knows: re-dealing what he cannot know (the
    baron's faction's assassin) changes no bot's choice; the random bot's choice varies."""
    n = 15
    for bot in ("random", "greedy", "heuristic", "search"):
        g = new_game("banquet", n, [bot], variants=("scenario3", "basic"), seed=7,
                     overrides=("bots.search_iterations=8",))
        pick_until(g, lambda st: g.hooks.DECISION_KINDS[g.kind] == "faction's next picker")
        p = g.seat
        choice = g.clone().bot_choice()
        for seed in range(3):
            h, _ = redealt(g, p, n, seed)
            assert h.bot_choice() == choice, (bot, seed)
    sent = set()
    for seed in range(6):
        g = new_game("banquet", n, ["random"], variants=("scenario3", "basic"), seed=seed)
        pick_until(g, lambda st: g.hooks.DECISION_KINDS[g.kind] == "faction's next picker")
        sent.add(g.bot_choice())
    assert len(sent) > 1


def test_scenario_4_the_displacing_weight_reaches_the_picks():
    """bots.displacing, what a maiden's-faction pick of a picked player's place costs, is read by
    the kernel: at 0 a pick the seating leaves level falls on the first place offered, often the
    king's or the queen's, and the king no longer always ends across from the queen (the
    default keeps him there: the test above)."""
    n = 10
    across = []
    for seed in range(4):
        g = new_game("banquet", n, ["heuristic"], variants=("scenario4", "basic"), seed=seed,
                     overrides=("bots.displacing=0",))
        st = pick_until(g, lambda st: False)
        across.append((int(st[L.F_PLACE + int(st[L.F_PATRON])]) - int(st[L.F_PLACE + int(st[L.F_HOST])])) % n == n // 2)
    assert not all(across), across


def test_scenario_1_an_assassin_foresees_the_king_beside_the_queen_and_takes_the_place_two_from_it():
    """A constructed pick at 12 players (the king's faction the King and the Queen): the Queen
    has picked place 0, the other picked players stand at 3, 4, ..., and places 1, 2, 10 and 11
    are still free. The king, picking last, will sit beside the Queen (a neighbour surely no
    assassin) with someone on his other side, so an assassin's best pick is two places from the
    Queen (the other side will be filled too: the king then has no better side). The foresight
    that left the empty places empty saw the king safe on whichever side stayed empty and sent
    the assassin next to the Queen (place 1 or 11), where the king, taking that place, moves him
    away."""
    n = 12
    tried = []
    for seed in range(5):
        g = new_game("banquet", n, ["heuristic"], variants=("scenario1", "basic"), seed=seed)
        st = g.hooks.state_row(g.arrays)
        king = int(st[L.F_KING])
        queen = [p for p in range(n) if st[L.F_FACTION + p] == L.KING_F and p != king][0]
        after = [p for p in range(queen + 1, 9) if st[L.F_SECRET + p] == L.ASSASSIN]
        if not after:                   # an assassin picking after the Queen, 7 picked at most
            continue
        pick_until(g, lambda st: g.seat == after[0])
        picked = [o for o in range(n) if st[L.F_SU_PICKED + o] == 1 and o != queen]
        rest = [o for o in range(n) if st[L.F_SU_PICKED + o] == 0]
        for o, q in zip([queen] + picked + rest, [0] + list(range(3, 3 + len(picked))) + [1, 2, 10, 11]
                        + list(range(3 + len(picked), 10))):
            st[L.F_PLACE + o] = q
        places = [int(r[L.O_CHOICE]) for r in g.options()]
        assert {1, 2, 10, 11} <= set(places)
        tried.append((seed, places[g.bot_choice()]))
    assert len(tried) >= 3 and all(q in (2, 10) for _, q in tried), tried
