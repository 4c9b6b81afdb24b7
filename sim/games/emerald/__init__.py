"""A Study in Emerald (second edition) for 2-5 players: hidden Restorationists and Loyalists,
deck-building by claiming cards with influence, assassinations of agents and Royalty, two
tracks everyone scores the gap between. Kernels: kernels/emerald/.

A forward model (kernels/emerald/forward.py; hooks: forward.py here)."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from kernels.emerald import layout as L
from kernels.search import alloc_tree
from sim.content import Content
from sim.game import Batch, Compiled, Game
from sim.games.emerald import pack

__all__ = ["GAME", "EmeraldCompiled", "EmeraldGame"]


class EmeraldCompiled(Compiled):
    """The tables and the card names of one content and player count."""

    k_max = L.MAX_MOVES     # the most options a decision can have (OpenSpiel's action count)

    def __init__(self, tables: tuple, n_players: int, card_names: list[str], city_names: list[str]):
        super().__init__(tables, n_players)
        self.card_names, self.city_names = card_names, city_names

    def alloc_scratch(self, rows: int, rollout: bool) -> tuple:
        n = self.n_players
        s: list = [None] * L.N_SCRATCH
        s[L.S_STATE] = np.zeros((rows, L.F_SIZE), np.int32)
        s[L.S_RNG] = np.zeros((rows, 1 + n), np.uint64)
        s[L.S_TMP] = np.zeros((rows, L.MAXCARDS + 16), np.int64)
        s[L.S_MOVES] = np.zeros((rows, L.MAX_MOVES, L.MV_SIZE), np.int32)
        s[L.S_POS] = np.zeros((rows, L.MAXHAND), np.int64)
        s[L.S_IO] = np.zeros((rows, 2), np.int64)
        s[L.S_SEAT_BOTS] = np.zeros((rows, n), np.int64)
        s[L.S_TIEBREAK] = np.zeros((rows, n), np.int32)
        one = rows if rollout else 1         # playout scratch only when a rollout bot plays
        s[L.S_R_STATE] = np.zeros((one, L.F_SIZE if rollout else 1), np.int32)
        s[L.S_R_RNG] = np.zeros((one, 1 + n), np.uint64)
        s[L.S_R_TMP] = np.zeros((one, L.MAXCARDS + L.MAXSTACK + 16 if rollout else 1), np.int64)
        s[L.S_R_MOVES] = np.zeros((one, L.MAX_MOVES if rollout else 1, L.MV_SIZE), np.int32)
        s[L.S_R_POS] = np.zeros((one, L.MAXHAND), np.int64)
        s[L.S_R_IO] = np.zeros((one, 2), np.int64)
        s[L.S_R_CAND] = np.zeros((one, L.MAX_CANDIDATES, L.MV_SIZE), np.int32)
        s[L.S_R_SCORE] = np.zeros((one, 2, n), np.int32)
        s[L.S_R_MET] = np.zeros((one, n, L.N_METRICS), np.float64)
        s[L.S_R_BOTS] = np.zeros((rows, 2, n), np.int64)
        s[L.S_R_VALUE] = np.zeros((one, L.MAX_MOVES if rollout else 1), np.float64)
        # the search bot's tree (its iterations play in the rollout's rows above)
        s[L.S_TREE], s[L.S_GAIN], s[L.S_WORK], s[L.S_REWARD] = alloc_tree(
            one, L.MV_SIZE, L.MAXP, k_max=L.MAX_MOVES, **({} if rollout else {"nodes": 1}))
        return tuple(s)


class EmeraldGame(Game):
    id = "emerald"
    name = "A Study in Emerald"
    player_counts = (2, 3, 4, 5)
    default_players = 4
    bots = ("random", "greedy", "heuristic", "rollout", "search")
    default_bots = "heuristic"
    arc_checkpoint = "round"
    arc_standing = ("the score if the game ended now: VP so far with the final adjustments by side "
                    "(track points to the side ahead on the tracks, the other side's VP lost, the lowest "
                    "player's side penalised)")
    end_reasons = L.END_REASONS
    no_winner_reasons = ("turn_cap",)
    roles = ("restorationist", "loyalist")
    hidden_sides = True     # six identity cards, one per player and two aside: 1 to n-1 on a side
    metrics = L.METRICS
    weight_names = L.WEIGHT_NAMES
    max_turns = 600
    turn_unit = "player turn"
    turn_order = "a start player drawn by chance, then clockwise; position 0 = the start player"
    reconstructed = ("the cards are RECONSTRUCTED (the rulebook prints few card values): results measure "
                     "sim/games/emerald/content.toml, not the published cards (balance games --content "
                     "emerald lists what is reconstructed)")
    content_file = Path(__file__).parent / "content.toml"
    log_rows = 40_000
    kernel_figures = ("legal_action_lists_per_s",)

    @property
    def kernel(self):
        from kernels import emerald
        return emerald

    def compile(self, content: Content, n_players: int) -> EmeraldCompiled:
        self.check_players(n_players, content.variants)
        return EmeraldCompiled(pack.tables(content, n_players), n_players,
                               pack.card_names(content, n_players), list(content["cities"]["names"]))

    def narrate(self, compiled: EmeraldCompiled, events: np.ndarray, out: Batch,
                seat_bots: list[str]) -> list[str]:
        from sim.games.emerald import trace
        return trace.narrate(compiled, events, seat_bots) + trace.final_lines(out, seat_bots, events)


    def kernel_bench(self, compiled: EmeraldCompiled) -> dict[str, float]:
        """Legal-action lists generated per second over positions of greedy self-play (each
        turn's first action, reached through the forward model)."""
        import time

        from kernels.emerald.bench import bench_moves
        from sim.games.emerald import forward as H
        c, n = compiled, compiled.n_players
        w = self.weights(self.content())
        bots = np.full(n, L.BOT_GREEDY, np.int64)
        states, seats = [], []
        for g in range(20):
            s = H.start(self, c, bots, w, 0, g)
            while H.kind(s) != L.DEC_NONE and int(H.state_row(s)[L.F_TURN]) < 40:
                st = H.state_row(s)
                if H.kind(s) == L.DEC_ACTION and st[L.F_ACTS] == 0:
                    states.append(st.copy())
                    seats.append(int(st[L.F_CUR]))
                H.apply(c, s, w, H.options(c, s)[H.bot_choice(c, s, w)])
        S, P = np.array(states), np.array(seats, np.int64)
        sc = c.alloc_scratch(1, False)
        pos, mv = sc[L.S_POS][0], sc[L.S_MOVES][0]
        bench_moves(S[:2], P[:2], n, c.tables, pos, mv, 1)   # compile
        reps = 20
        t0 = time.perf_counter()
        bench_moves(S, P, n, c.tables, pos, mv, reps)
        return {"legal_action_lists_per_s": reps * len(S) / (time.perf_counter() - t0)}


GAME = EmeraldGame()
