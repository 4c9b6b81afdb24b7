"""Bastille's hooks for the generic Python game API and the OpenSpiel adapter
(kernels/README.md, "The forward model"): a state is one int64 row ``st``; the bots' float
row ``fs`` is their scratch (memo)."""
from __future__ import annotations

import numpy as np

from kernels.bastille import forward as F
from kernels.bastille import layout as K
from kernels.bastille.play import finish_game, policy
from kernels.bastille.rollout import redeal_hidden
from kernels.bastille.state import setup_game
from kernels.common import as_row, seat_bots as rotate_bots
from kernels.rng import CHANCE, seed_streams
from sim.game import Batch
from sim.games.bastille.trace import GROUPS, LOCATIONS, WEAPONS, card_text, mission_text

STATE_ARGS = ("st",)
advance, options, apply = F.advance, F.options, F.apply
__all__ = ["STATE_ARGS", "advance", "options", "apply", "policy", "redeal_hidden", "new_state",
           "decision_kinds", "describe_option", "observe", "result"]

decision_kinds = {K.DEC_NONE: "game over", K.DEC_PLACE: "placement",
                  K.DEC_VERSAILLES: "Versailles side", K.DEC_CHARACTER: "character",
                  K.DEC_PILE: "mission pile", K.DEC_MISSION: "mission",
                  K.DEC_CATACOMB: "catacomb bonus", K.DEC_WEAPON: "weapon",
                  K.DEC_UPGRADE: "upgrade", K.DEC_MONK: "monk's group"}
K_MAX, OPT_W = K.K_MAX, K.OPT_W


def new_state(compiled, seat_bots, weights, seed: int, game_index: int) -> dict:
    """Game game_index of a run with this seed, set up and advanced to its first decision:
    the state row, its streams, the bots' scratch (memo), the option rows and a log."""
    st = as_row(np.zeros(K.ST_SIZE, np.int64))
    rng = as_row(np.zeros(1 + K.MAXP, np.uint64))
    memo = as_row(np.zeros(K.FS_SIZE, np.float64))
    log = as_row(np.zeros((1, 6), np.int64))
    seed_streams(rng, np.uint64(seed), np.uint64(game_index))
    rotate_bots(np.asarray(seat_bots, np.int64), np.int64(0), st[K.SEATBOT:K.SEATBOT + K.MAXP])
    setup_game(as_row(compiled.tables[0]), st, rng, CHANCE)
    F.advance(compiled.tables, st, rng, as_row(np.asarray(weights, np.float64)), log, 0)
    return {"st": st, "rng": rng, "memo": memo, "log": log,
            "buf": as_row(np.zeros((K.K_MAX, K.OPT_W), np.int64))}


def describe_option(compiled, state: dict, row) -> str:
    """An option row of the pending decision in words."""
    T, st = compiled.T, state["st"]
    kind, a, b = int(st[K.G_KIND]), int(row[0]), int(row[1])
    if kind == K.DEC_PLACE:
        return f"place a {a} on {LOCATIONS[b]}"
    if kind == K.DEC_VERSAILLES:
        return f"take side {'ab'[a]} of the Versailles tile"
    if kind == K.DEC_CHARACTER:
        return "take no character" if a < 0 else f"take the {card_text(T, b)}"
    if kind == K.DEC_PILE:
        return f"take a mission from pile {'A' if a == K.AT_DECK else 'B'} ({b} cards)"
    if kind == K.DEC_MISSION:
        return f"keep the mission {mission_text(T, a)}"
    if kind == K.DEC_CATACOMB:
        return f"put the henchman on catacomb bonus {a + 1}"
    if kind == K.DEC_WEAPON:
        return f"claim a {WEAPONS[a]} ({b} in the Bastille)"
    if kind == K.DEC_UPGRADE:
        return f"upgrade a {a} to a {a + 1}"
    if kind == K.DEC_MONK:
        return f"sort the monk into the {GROUPS[a]}s"
    return "nothing (the game is over)"


def observe(compiled, state: dict, seat: int) -> dict:
    """What seat may see: every public field, its own mission cards, not the others' missions
    nor the order of the decks and stacks."""
    st, T, n = state["st"], compiled.T, compiled.n_players
    fields = ("P_COINS", "P_VP", "P_BPOS", "P_HSUP", "P_HBAG", "P_TORCH", "P_NCHAR", "P_NMIS")
    players = [{f[2:].lower(): int(st[K.PL + p * K.NPF + getattr(K, f)]) for f in fields}
               for p in range(n)]
    hand = {p: {v: int(st[K.PL + p * K.NPF + K.P_HAND + v]) for v in range(1, T.max_value + 1)}
            for p in range(n)}
    return {"seat": seat, "round": int(st[K.G_ROUND]) + 1, "players": players, "tiles": hand,
            "display": [int(c) for c in st[K.DISP:K.DISP + T.display_n]],
            "my_missions": [m for m in range(T.n_missions) if st[K.MLOC + m] == seat],
            "decision": decision_kinds[int(st[K.G_KIND])], "to_choose": int(st[K.G_SEAT])}


def result(compiled, state: dict):
    """(score, win, end_reason) of a finished game."""
    n = compiled.n_players
    out = Batch.alloc(1, n, 5)
    finish_game(as_row(compiled.tables[0]), state["st"], out.score[0], out.rank[0], out.win[0],
                out.position[0], out.metrics[0], state["log"])
    return out.score[0].copy(), out.win[0].copy(), 0
