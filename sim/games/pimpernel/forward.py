"""The Scarlet Pimpernel's hooks for the generic Python game API (sim/api.py) and the OpenSpiel
adapter (sim/openspiel.py), the same names and signatures as Bastille's: one game's state is a
dict of numpy arrays (the kernel's scratch row: the state row ``s``, the streams, the seats'
bots, the options buffer and the scratch the options and the bots need; the event log and its
count; once the game is over, its final ranking), and the forward model's kernels
(kernels/pimpernel/forward.py) and the shipped bots as play_game asks them (play.ask_seat) are
called by name."""
from __future__ import annotations

import numpy as np

from kernels.common import seat_bots as rotate_bots
from kernels.pimpernel import forward as F
from kernels.pimpernel import layout as L
from kernels.pimpernel.play import ask_seat, begin_game, finish_game
from kernels.pimpernel.rollout import redeal_hidden  # noqa: F401  (the no-peek hook)
from kernels.rng import seed_streams
from sim.game import Batch
from sim.hooks import Rows, new_log, outcome, table_as_seen
from sim.games.pimpernel.trace import PARTS, route_text

DECISION_KINDS = {L.DEC_NONE: "game over", L.DEC_MAIN: "main move", L.DEC_ICON: "icon follow-up",
                  L.DEC_FAVOR1: "favor first half", L.DEC_FAVOR2: "favor second half",
                  L.DEC_REST: "rest cube", L.DEC_CUBE: "cube owner", L.DEC_ROUTE: "route",
                  L.DEC_TOP: "top card"}
# the scratch tuple's parts (kernels/pimpernel/jit.py SCRATCH)
S, S2, MOVES, TMP, CAND, CTX, RNG, SB, OM, SCR = range(10)
TREE, GAIN, WORK, REWARD, SRNG = range(12, 17)


class _Hooks(Rows):
    def ask(self, compiled, s: dict, weights: np.ndarray, k: int) -> int:
        K, RS, RM = compiled.tables
        return ask_seat(_row(s, S), K, RS, RM, weights, _row(s, SB), _row(s, MOVES), np.int64(k), _row(s, TMP),
                        _row(s, CTX), _row(s, CAND), _row(s, S2), _row(s, RNG), _row(s, OM), s["log"], s["nlog"],
                        tuple(_row(s, i) for i in (TREE, GAIN, WORK, REWARD, SRNG)))

    def finish(self, compiled, s: dict) -> None:
        """The final ranking, as play_batch does."""
        out = s["out"]
        finish_game(_row(s, S), compiled.K, np.int64(0), out.score, out.rank, out.win, out.role, out.position,
                    out.turns, out.end_reason, out.metrics, out.decisions, _row(s, SCR))


# the forward model's state arguments: s, nlog, tmp, om
HOOKS = _Hooks(F, L.O_DEC, L.O_DEC_SEAT, "scratch", S, RNG, MOVES, (S, "nlog", TMP, OM), "nlog")
state_row, kind, seat, options, apply = HOOKS.state_row, HOOKS.kind, HOOKS.seat, HOOKS.options, HOOKS.apply
bot_choice, events, chance_row, _row = HOOKS.bot_choice, HOOKS.events, HOOKS.chance_row, HOOKS.row


def start(game, compiled, bots: np.ndarray, weights: np.ndarray, seed: int, game_index: int,
          rotation: int = 0) -> dict:
    """Game game_index of a run with this seed, seats rotated by rotation, set up and advanced
    to its first decision with the log on: the game play_batch plays (play.play_game)."""
    s = {"scratch": compiled.alloc_scratch(1, True), "log": new_log(game.log_rows, L.LOGW),
         "nlog": np.zeros(1, np.int64), "n": compiled.n_players,
         # the final ranking, as play_batch's Batch holds it (one game's row)
         "out": Batch.alloc(1, compiled.n_players, len(game.metrics))}
    K, RS, RM = compiled.tables
    rng = _row(s, RNG)
    seed_streams(rng, np.uint64(seed), np.uint64(game_index))
    rotate_bots(np.asarray(bots, np.int64), np.int64(rotation), _row(s, SB))
    begin_game(_row(s, S), K, RS, RM, np.int64(compiled.n_players), rng, _row(s, SCR), s["log"], s["nlog"], True)
    HOOKS.advance(compiled, s, weights)
    return s


def bots_in_seats(s: dict) -> np.ndarray:
    """The bot code in each seat."""
    return _row(s, SB)[:s["n"]]


def turn_cap(compiled) -> int:
    """Player turns (rules.max_turns)."""
    return int(compiled.K[L.K_MAX_TURNS])


def move_text(compiled, kind: int, a: int, b: int) -> str:
    """One move (an MV_* row of a main move, an icon, a favor half or the rest cube) in words."""
    K, nm = compiled.K, compiled.names
    if kind == L.MV_PASS:
        return "pass"
    if kind == L.MV_DECLINE:
        return "decline"
    if kind == L.MV_MOVE:
        return f"move the pawn to {nm['regions'][a]}"
    if kind == L.MV_ROUTE:
        e = int(K[L.K_SPACE_EDGE + a])
        return (f"place a cube on the route {nm['locations'][K[L.K_EDGE_A + e]]} - "
                f"{nm['locations'][K[L.K_EDGE_B + e]]} (space {a})")
    if kind == L.MV_LOC:
        return f"place a cube on {nm['locations'][a // L.MAXSLOT]} (space {a % L.MAXSLOT + 1})"
    if kind == L.MV_LEADER:
        return f"place a cube on the {PARTS[a]} leader space"
    if kind == L.MV_BUILD:
        return f"place a cube on building space {a + 1}"
    if kind == L.MV_AREA:
        return f"place a cube in the {nm['areas'][a]} planning area"
    if kind == L.MV_FAVOR:
        return f"call on the {nm['tiles'][a]}'s special favor"
    if kind == L.MV_POINT:
        return "take one point"
    if kind == L.MV_REMOVE:
        return "take back a cube from " + ("a route space", "a location space", "a building",
                                           "a planning area", "a leader space")[a] + f" ({b})"
    return f"move {kind}"


def describe(compiled, state: dict, row) -> str:
    """An option row of the pending decision in words."""
    st, nm = _row(state, S), compiled.names
    k, a, b = int(st[L.O_DEC]), int(row[0]), int(row[1])
    if k in (L.DEC_MAIN, L.DEC_ICON, L.DEC_FAVOR1, L.DEC_FAVOR2, L.DEC_REST):
        text = move_text(compiled, a, b, int(row[2]))
        if k == L.DEC_FAVOR1:                  # either half may come first, the same move in both
            return f"{text} as the favor's {('first', 'second')[int(row[3])]} half"
        return text + " with the rest cube" if k == L.DEC_REST and a != L.MV_DECLINE else text
    if k == L.DEC_CUBE:
        return f"move one of seat {a}'s {b} cubes out of the {nm['areas'][int(st[L.O_M_AREA])]} area"
    if k == L.DEC_ROUTE:
        src, dst = int(st[L.O_PIMP]), int(st[L.O_MLOC])
        idx = a - int(compiled.RS[src * L.MAXL + dst])
        # routes through the same towns differ by the road spaces they take: numbered apart
        return f"take route {idx + 1}, {route_text(compiled, src, dst, idx)}" + (" (complete)" if b else "")
    if k == L.DEC_TOP:
        return f"put the {nm['locations'][int(compiled.K[L.K_MC_LOC + b])]} card on top"
    return "nothing (the game is over)"


def observe(compiled, state: dict, seat: int) -> dict:
    """What seat may see: the whole table (the board's cubes, the planning areas, the favor
    tiles, the mission cards turned up, the scores), not the order of the mission deck nor
    which cards were removed unseen; "table" is the whole state row as a seat may know it
    (None where it may not)."""
    st, n = _row(state, S), compiled.n_players
    K = compiled.K
    pl = lambda p, f: int(st[L.O_PL + p * L.PLK + f])  # noqa: E731
    players = [{"score": pl(p, L.P_SCORE), "supply": pl(p, L.P_SUPPLY), "region": pl(p, L.P_REGION),
                "house_of_justice": pl(p, L.P_HOJ),
                "areas": [int(x) for x in st[L.O_AREA + p * L.NAREA:L.O_AREA + (p + 1) * L.NAREA]]}
               for p in range(n)]
    return {"seat": seat, "mission": int(st[L.O_MISSION]), "pimpernel": int(st[L.O_PIMP]),
            "mission_location": int(st[L.O_MLOC]), "chauvelin": int(st[L.O_CHAUV]),
            "current_cards": [int(c) for c in st[L.O_CUR_CARDS:L.O_CUR_CARDS + st[L.O_NCUR]]],
            "next_cards": [int(c) for c in st[L.O_NEXT_CARDS:L.O_NEXT_CARDS + st[L.O_NNEXT]]],
            "deck_left": int(st[L.O_DECK_LEN] - st[L.O_DECK_PTR]), "players": players,
            "routes": [int(x) for x in st[L.O_ROUTE:L.O_ROUTE + K[L.K_NS]]],
            "location_spaces": [int(x) for x in st[L.O_LOC:L.O_LOC + L.MAXL * L.MAXSLOT]],
            "leaders": [int(x) for x in st[L.O_LEADER:L.O_LEADER + L.NLEAD]],
            "buildings": [int(x) for x in st[L.O_BLD:L.O_BLD + K[L.K_NB]]],
            "favor_holders": [int(x) for x in st[L.O_HOLDER:L.O_HOLDER + L.NAREA]],
            "first_player": int(st[L.O_FIRST]), "turn": int(st[L.O_TURNS]),
            "decision": DECISION_KINDS[int(st[L.O_DEC])], "to_choose": int(st[L.O_DEC_SEAT]),
            "table": table_as_seen(st, _hidden(st))}


def _hidden(st: np.ndarray) -> np.ndarray:
    """The cells of s no seat can know: the mission deck from the next card on and the cards
    removed unseen (redeal_hidden deals them anew); and the bots' bookkeeping (decisions
    counted, the playouts' stream override)."""
    h = np.zeros(len(st), bool)
    h[L.O_DECK + st[L.O_DECK_PTR]:L.O_DECK + L.MAXDECK] = True
    h[L.O_REMOVED:L.O_REMOVED + 4] = True
    h[[L.O_DECISIONS, L.O_STREAM]] = True
    return h


def result(compiled, s: dict) -> dict | None:
    """None while the game goes on; else the winners (a tie on points goes to the best score
    on the final mission, then is shared; a turn-capped game has none), the scores, each seat's
    win, rank and place in the turn order, the end reason and the player turns."""
    if kind(s) != L.DEC_NONE:
        return None
    out = s["out"]
    return outcome(out, compiled.n_players, ("finished", "turn_cap")[int(out.end_reason[0])], int(out.turns[0]))


def arc_point(compiled, s: dict) -> tuple[int, np.ndarray]:
    """(missions resolved, each seat's score so far): the arc stands still after each mission
    (analysis/studies/arc.py)."""
    st, n = _row(s, S), s["n"]
    return int(st[L.O_MISSIONS_DONE]), np.array([st[L.O_PL + p * L.PLK + L.P_SCORE] for p in range(n)], np.int64)
