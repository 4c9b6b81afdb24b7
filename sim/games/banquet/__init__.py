"""The Last Banquet, scenarios 1-6 (basic and full rules): players in a circle of places (and
places no player may take: scenario 5's estate, scenario 6's castle), a scepter going round,
seat operations composed from data, hidden assassins, couriers and spies, the white maiden's
converts, the estate's portions, and the co-operative rescue with the duke and the Hound
(kernels/banquet/castle.py). Kernels: kernels/banquet/.

Every faction result measures the RECONSTRUCTED characters: the rulebook prints about 1.5 of
the ~110 card abilities (content.toml, docs/banquet-status.md)."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from kernels.banquet import layout as L
from kernels.search import alloc_tree
from sim.content import Content
from sim.game import Batch, Compiled, Game
from sim.games.banquet import pack

__all__ = ["GAME", "BanquetCompiled", "BanquetGame"]


class BanquetCompiled(Compiled):
    """The tables and the character names of one content, scenario, rule set and player count."""
    k_max = L.MAX_MOVES     # the most options a decision can have (OpenSpiel's action count)

    def __init__(self, tables: tuple, n_players: int, names: list[str]):
        super().__init__(tables, n_players)
        self.names = names

    def alloc_scratch(self, rows: int, rollout: bool) -> tuple:
        n = self.n_players
        s: list = [None] * L.N_SCRATCH
        s[L.S_STATE] = np.zeros((rows, L.F_SIZE), np.int32)
        s[L.S_RNG] = np.zeros((rows, 1 + n), np.uint64)
        s[L.S_MOVES] = np.zeros((rows, L.MAX_MOVES, L.MV_SIZE), np.int32)
        s[L.S_IO] = np.zeros((rows, 4), np.int64)
        s[L.S_SEAT_BOTS] = np.zeros((rows, n), np.int64)
        s[L.S_SIM] = np.zeros((rows, L.SIM_SIZE), np.int64)
        s[L.S_ODDS] = np.zeros((rows, 2 * L.MAXP), np.float64)   # the bots' odds; a set-up pick's king's
        s[L.S_TEAM] = np.zeros((rows, L.TEAM_SIZE), np.int64)
        k = rows if rollout else 1          # playout scratch only when a rollout bot plays
        s[L.S_RSTATE] = np.zeros((k, L.F_SIZE), np.int32)
        s[L.S_RRNG] = np.zeros((k, 1 + n), np.uint64)
        s[L.S_RMOVES] = np.zeros((k, L.MAX_MOVES if rollout else 1, L.MV_SIZE), np.int32)
        s[L.S_RSIM] = np.zeros((k, L.SIM_SIZE + 3 * L.MAXP), np.int64)   # + redeal lists
        s[L.S_RBOTS] = np.full((k, n), L.BOT_GREEDY, np.int64)
        s[L.S_RSCORE] = np.zeros((k, L.MAX_MOVES if rollout else 1), np.float64)
        s[L.S_RIO] = np.zeros((k, 4), np.int64)
        s[L.S_RMET] = np.zeros((k, n, L.N_METRICS), np.float64)
        s[L.S_TREE], s[L.S_GAIN], s[L.S_WORK], s[L.S_REWARD] = alloc_tree(
            k, L.MV_SIZE, L.MAXP, k_max=L.MAX_MOVES, **({} if rollout else {"nodes": 1}))
        s[L.S_SRNG] = np.zeros((k, 1 + n), np.uint64)
        return tuple(s)


class BanquetGame(Game):
    id = "banquet"
    name = "The Last Banquet"
    player_counts = tuple(range(6, 26))     # every scenario's counts; variant_players decides
    variant_players = {f"scenario{s}": tuple(c) for s, c in pack.SCENARIO_PLAYERS.items()}
    cooperative_variants = ("scenario6",)     # all players win or lose together
    default_players = 12
    bots = L.BOTS
    default_bots = "heuristic"
    arc_checkpoint = "round"        # scenario 6 (one round): "lap" (forward.arc_checkpoint_name)
    arc_standing = ("each faction's score if the game ended now (scenario 6: per lap of the scepter, "
                    "the rescue or nothing)")
    end_reasons = L.END_REASONS
    no_winner_reasons = ("turn_cap", "pass_cap", "caught", "all_seated")   # the last two: a lost co-operative game
    faction_outcomes = True
    roles = L.ROLES
    secret_roles = L.SECRET_ROLES
    metrics = L.METRICS
    report_metrics = ("actions", "favors", "vetoes", "marks")
    weight_names = L.WEIGHT_NAMES
    max_turns = 10 * 20 * 25      # rounds x actions per player x players, at the widest ranges
    turn_unit = "player turn (an action or a pass)"
    turn_order = ("the host (the king, or the baron in scenario 2) picks the direction each round and "
                  "acts last; position counts seats clockwise from the host, who is seat-dealt by chance")
    positions_meaningful = False
    reconstructed = ("the characters are RECONSTRUCTED (the rulebook prints about 1.5 of some 110 card "
                     "abilities): faction results measure sim/games/banquet/content.toml, not the published game")
    content_file = Path(__file__).parent / "content.toml"
    log_rows = 20_000
    kernel_figures = ("legal_move_lists_per_s",)
    bench_players = (12, 24)
    bench_search_players = (12,)    # a 24-player game with search-800 in every seat takes too long
    # every scenario at its smallest and largest count with the heuristic (make bench)
    bench_variant_players = {f"scenario{s}": (c[0], c[-1]) for s, c in pack.SCENARIO_PLAYERS.items()}

    @property
    def kernel(self):
        from kernels import banquet
        return banquet

    def check_players(self, n: int, variants=()) -> None:
        """A count outside the scenario's range names the scenario's range (not the game's)."""
        for v in self.resolve_variants(variants):
            if v in self.variant_players and n not in self.variant_players[v]:
                from sim.errors import UserError
                from sim.game import count_list
                raise UserError(self.id, "--players", f"variant '{v}' is for {count_list(self.variant_players[v])} "
                                f"players, got {n}")
        super().check_players(n, variants)

    def compile(self, content: Content, n_players: int) -> BanquetCompiled:
        self.check_players(n_players, content.variants)
        C, _, names = pack.character_tables(content)
        return BanquetCompiled(pack.tables(content, n_players), n_players, names)

    def narrate(self, compiled: BanquetCompiled, events: np.ndarray, out: Batch,
                seat_bots: list[str]) -> list[str]:
        from sim.games.banquet import trace
        return trace.narrate(compiled, events, seat_bots) + trace.final_lines(out, seat_bots)


    def kernel_bench(self, compiled: BanquetCompiled) -> dict[str, float]:
        """Legal-move lists generated per second over positions of greedy self-play: the
        position at each of the first n moves of round 1 of 20 games, played by the forward
        model as play_game plays them."""
        import time

        from kernels.banquet import forward as F
        from kernels.banquet.bench import bench_moves
        from kernels.banquet.play import ask_seat, deal
        c, n = compiled, compiled.n_players
        sc = c.alloc_scratch(1, True)
        st, rng, mv, io, sim = (sc[i][0] for i in (L.S_STATE, L.S_RNG, L.S_MOVES, L.S_IO, L.S_SIM))
        w = np.asarray(self.weights(self.content()), np.float64)
        bots = np.full(n, L.BOT_GREEDY, np.int64)
        log = np.zeros((1, 6), np.int64)
        met = np.zeros((n, L.N_METRICS))
        states, seats = [], []
        for g in range(20):
            deal(c.tables, st, rng, io, sim, sc[L.S_SEAT_BOTS][0], bots, np.uint64(0), np.uint64(g), np.int64(0),
                 log, False)
            kind = F.advance(c.tables, st, io, met, sim, mv, rng, w, log, False)
            moves = 0
            while kind != L.DEC_NONE and st[L.F_ROUND] == 0 and moves < n:
                if kind == L.DEC_ACTION:
                    moves += 1
                    states.append(st.copy())
                    seats.append(int(st[L.F_DEC_SEAT]))
                k = F.options(c.tables, st, io, met, sim, mv, mv)
                i = ask_seat(c.tables, sc, np.int64(0), st, mv, np.int64(k), rng, w, log)
                kind = F.apply(c.tables, st, io, met, sim, mv, rng, w, mv[i].copy(), log, False)
        S, P = np.array(states), np.array(seats, np.int64)
        bench_moves(S[:2], P[:2], c.tables, mv, 1)   # compile
        reps = 20
        t0 = time.perf_counter()
        bench_moves(S, P, c.tables, mv, reps)
        return {"legal_move_lists_per_s": reps * len(S) / (time.perf_counter() - t0)}


GAME = BanquetGame()
