"""One seat's bot with other weights against the same bot with the field's weights in the other
seats, seat-rotated on the same deals: what `balance run --rotate-seats` cannot play, since the
kernels take one weight vector a game (the decision-by-decision table of `balance train`,
analysis.studies.train.SeatTable). Usage:

    python tools/weights_vs_field.py emerald -p 4 --deals 300 --seed 7 \
        --field-set bots.stalk=0 --field-set bots.arms=0 [--set bots.stalk=2]

--field-set: the field's overrides (and the candidate's base); --set: the candidate's own on top.
Prints the candidate's win share (ties split) with a Wilson 95% interval against the fair share."""
from __future__ import annotations

import argparse
import os
import sys
from types import SimpleNamespace

sys.path.insert(0, os.getcwd())

from analysis.studies.train import SeatTable, wilson  # noqa: E402
from sim.registry import get_game  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("-p", "--players", type=int, required=True)
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--first", type=int, default=0, help="the first deal's index")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--field-set", action="append", default=[])
    ap.add_argument("--set", action="append", default=[])
    a = ap.parse_args()
    game = get_game(a.game)
    base = SimpleNamespace(players=a.players, seed=a.seed, variants=("base",), sets=tuple(a.field_set),
                           content_path=None)
    table = SeatTable(game, base, {"field": [a.bot], "bot": a.bot})
    cand = game.weights(game.content((), tuple(a.field_set) + tuple(a.set)))
    df = table.ladder(cand, a.first, a.deals, lambda k: None)
    share, m = float(df["win"].mean()), df.height
    lo, hi = wilson(share, m)
    print(f"{a.game} {a.players}p, {a.bot} with {' '.join(a.set) or 'the field weights'} against {a.bot} with "
          f"{' '.join(a.field_set) or 'the shipped weights'}: deals {a.first}..{a.first + a.deals - 1} x "
          f"{a.players} seats = {m} games, seed {a.seed}: share {share:.4f} [{lo:.4f}, {hi:.4f}] "
          f"(fair {1 / a.players:.4f}); turn caps {int(df['capped'].sum())}")


if __name__ == "__main__":
    main()
