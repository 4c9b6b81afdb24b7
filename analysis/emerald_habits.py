"""How A Study in Emerald's bots play (issue 31): counts read from traced games, so a bot
change can say what it changed. Per game: agents and Royalty assassinated, reveals; per
action: move actions that moved no agent, marker actions; per game: how it ended and whether
the player with most raw points (before the end adjustments) won; and the share of the raw
points the final adjustments take away (track points of the lower side, typed VP of the other
side, agent boxes of a Loyalist's non-Restorationist victims; before the five-point penalty),
the calibration target of the reconstructed card points (issue 32: the rulebook's end-of-game
example loses 4 of 16). With --offers, how often each side is offered an assassination (of an
agent, of a dealt Restorationist's agent, of Royalty) and takes it (played decision by decision through sim.api: slower): whether a rare hunt is the
bot's choice or the rules' conditions (an assassination card, the strict majority and the city's
bomb price at once).

    python -m analysis.emerald_habits --games 400 --players 4 --bots heuristic --seed 1
    python -m analysis.emerald_habits --games 600 --offers
"""
from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from kernels.emerald import layout as L
from sim.registry import get_game

# the events that are one action (or one card played) of a seat's turn
ACTIONS = (L.EV_PLACE, L.EV_RETRIEVE, L.EV_MOVE_ACTION, L.EV_MARKER, L.EV_DISCARD, L.EV_PASS, L.EV_TEXT)


def count_game(events: np.ndarray) -> dict:
    """One traced game's counts (a claim of several cities is one action: the cities claimed
    in a row are one)."""
    ev = events[:, 0]
    seat = events[:, 1]
    claims = 0
    prev = -1
    for i in range(len(ev)):
        if ev[i] == L.EV_CLAIM and not (prev == L.EV_CLAIM and seat[i] == seat[i - 1]):
            claims += 1
        prev = ev[i] if ev[i] not in (L.EV_TURN_UP, L.EV_AGENT, L.EV_DRAW, L.EV_VP) else prev
    moves = events[ev == L.EV_MOVE_ACTION]
    assassinations = events[ev == L.EV_ASSASSINATE]
    markers = events[ev == L.EV_MARKER]
    return {
        "actions": int(np.isin(ev, ACTIONS).sum()) + claims + len(assassinations),
        "move_actions": len(moves),
        "empty_moves": int((moves[:, 3] == 0).sum()),
        "marker_actions": len(markers),
        "marker_steps": int(markers[:, 2].sum() + markers[:, 3].sum()),
        "agents_assassinated": int((assassinations[:, 3] >= 0).sum()),
        "royalty_assassinated": int((assassinations[:, 3] < 0).sum()),
        "reveals": int((ev == L.EV_REVEAL).sum()),
    }


def habits(games: int = 400, players: int = 4, bots: tuple[str, ...] = ("heuristic",), seed: int = 1,
           sets: tuple[str, ...] = (), content_path: str | None = None) -> dict:
    """The counts over ``games`` traced games (rotation 0), each bot named."""
    game = get_game("emerald")
    content = game.content((), sets, Path(content_path) if content_path else None)
    compiled = game.compile(content, players)
    weights = game.weights(content)
    codes = game.bot_codes(list(bots), players)
    tot: dict[str, float] = {}
    track_end = 0
    most_raw_won = 0
    finished = 0
    raw_total = 0.0
    lost_total = 0.0
    for g in range(games):
        events, out, _ = game.trace_events(compiled, codes, weights, seed, g, 0)
        for k, v in count_game(events).items():
            tot[k] = tot.get(k, 0) + v
        track_end += int(out.end_reason[0] == L.END_TRACK)
        raw_total += float(out.metrics[0, :, L.M_RAW_VP].sum())
        lost_total += float(out.metrics[0, :, L.M_VP_LOST].sum())
        if out.win[0].sum() > 0:
            finished += 1
            raw = out.metrics[0, :, L.M_RAW_VP]
            most_raw_won += int(out.win[0, int(np.argmax(raw))] > 0)
    return {
        "bots": list(bots), "players": players, "games": games, "seed": seed,
        "agents_assassinated_per_game": tot["agents_assassinated"] / games,
        "royalty_assassinated_per_game": tot["royalty_assassinated"] / games,
        "reveals_per_game": tot["reveals"] / games,
        "empty_move_share_of_moves": tot["empty_moves"] / max(1, tot["move_actions"]),
        "empty_move_share_of_actions": tot["empty_moves"] / max(1, tot["actions"]),
        "marker_action_share": tot["marker_actions"] / max(1, tot["actions"]),
        "marker_steps_per_game": tot["marker_steps"] / games,
        "track_end_share": track_end / games,
        "most_raw_points_wins": most_raw_won / max(1, finished),
        "vp_lost_share": lost_total / max(1.0, raw_total),
    }


def hunt_offers(games: int = 200, players: int = 4, bots: tuple[str, ...] = ("heuristic",), seed: int = 1,
                sets: tuple[str, ...] = ()) -> dict:
    """Per side and target (an agent: a row with a victim seat; Royalty: none; the agent of a
    dealt Restorationist, which a Loyalist's hunt is for): the action decisions (and further
    assassinations of one action) offering such an assassination, and how many of them the bot
    took, over ``games`` games (rotation 0)."""
    from sim.api import new_game

    offered = {(s, t): 0 for s in ("Loyalist", "Restorationist") for t in ("agent", "royalty", "restorationist_agent")}
    taken = dict(offered)
    for g in range(games):
        state = new_game("emerald", players, list(bots), (), tuple(sets), seed, g)
        while not state.over:
            rows = state.options()
            i = state.bot_choice()
            if state.kind in (L.DEC_ACTION, L.DEC_MORE):        # other kinds' rows are no moves
                kills = rows[:, L.MV_ACT] == L.ACT_ASSASSINATE
                side = state.observe(state.seat)["players"][state.seat]["side"]
                victims = np.array([bool(k and v >= 0 and state.observe(v)["players"][v]["side"] == "Restorationist")
                                    for k, v in zip(kills, rows[:, L.MV_B])], dtype=bool)
                for t, these in (("agent", kills & (rows[:, L.MV_B] >= 0)), ("royalty", kills & (rows[:, L.MV_B] < 0)),
                                 ("restorationist_agent", victims)):
                    if these.any():
                        offered[side, t] += 1
                        taken[side, t] += int(these[i])
            state.apply(i)
    return {"bots": list(bots), "players": players, "games": games, "seed": seed,
            **{f"{s.lower()}_{t}_offers_per_game": offered[s, t] / games for s, t in offered},
            **{f"{s.lower()}_{t}_taken_of_offers": taken[s, t] / max(1, offered[s, t]) for s, t in offered}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="heuristic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--content", default=None, help="another content TOML")
    ap.add_argument("--offers", action="store_true", help="count the assassinations offered and taken, per side")
    a = ap.parse_args()
    bots = tuple(a.bots.split(","))
    counts = (hunt_offers(a.games, a.players, bots, a.seed, tuple(a.set)) if a.offers
              else habits(a.games, a.players, bots, a.seed, tuple(a.set), a.content))
    for k, v in counts.items():
        print(f"{k}: {v:.4f}" if isinstance(v, float) else f"{k}: {v}")


if __name__ == "__main__":
    main()
