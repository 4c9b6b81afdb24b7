"""Paired play of two configurations on the same deals (same seed and game indices, so the same
chance streams): a fixed number of deals, or batches until a sequential test decides (the loop
of `balance compare --run ... --until-decided`). A study a notebook can call; cli only prints."""
from __future__ import annotations

import polars as pl

from analysis.paired import deal_values
from analysis.paired_runs import ArcTest, Focus, deal_differences
from analysis.sprt import RepeatedIntervals, Sequential, SequentialResult, SprtSpec
from sim.errors import UserError


def play_pair(prep_a, prep_b, first: int, deals: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    gi, rot = prep_a.rows(first, deals)
    return prep_a.play(gi, rot), prep_b.play(gi, rot)


def check_pairable(prep_a, prep_b) -> None:
    a, b = prep_a.cfg, prep_b.cfg
    if (a.game, a.players, a.seed, a.rotate_seats) != (b.game, b.players, b.seed, b.rotate_seats):
        raise UserError("balance compare", None, "A and B must share game, players, seed and seat rotation to be paired")


def until_decided(prep_a, prep_b, spec: SprtSpec, focus: Focus, batch: int, max_deals: int,
                  echo=None, step=None, arcs: list | None = None) -> tuple[SequentialResult, pl.DataFrame, pl.DataFrame]:
    """Play paired batches of `batch` deals until the test decides or max_deals are played. An
    arc measure replays each batch's deals of A and of B for their arcs (analysis.studies.arc,
    deal_arcs); ``arcs``, when a list, receives those per-deal tables as (A, B), batch by batch."""
    from analysis.measures import parse_measure

    check_pairable(prep_a, prep_b)
    looks = -(-max_deals // batch)
    if focus.is_arc:                    # a game that records no arc: one line, before any play
        cfg = prep_a.cfg
        seq = ArcTest(spec, parse_measure(focus.measure, prep_a.game, cfg.players, cfg.bots, cfg.variants), looks)
    else:
        seq = RepeatedIntervals(spec, looks=looks) if focus.is_spread else Sequential(spec)
    frames_a, frames_b = [], []
    first, decision = 0, ""
    while decision == "" and first < max_deals:
        deals = min(batch, max_deals - first)
        a, b = play_pair(prep_a, prep_b, first, deals)
        frames_a.append(a)
        frames_b.append(b)
        if focus.is_arc:
            from analysis.studies.arc import deal_arcs

            arc_a, arc_b = deal_arcs(prep_a, first, deals), deal_arcs(prep_b, first, deals)
            if arcs is not None:
                arcs.append((arc_a, arc_b))
            decision = seq.add(arc_a, arc_b)
        elif focus.is_spread:
            decision = seq.add(deal_values(a), deal_values(b))
        else:
            decision = seq.add(deal_differences(a, b, focus))
        first += deals
        if step:
            step(deals)
        if echo:
            echo(f"  {first:>10,} deals: A - B = {seq.estimate():+.4f}")
    games = first * prep_a.rotations * 2
    return seq.result(games, focus.label()), pl.concat(frames_a), pl.concat(frames_b)
