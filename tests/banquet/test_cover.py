"""Issue 32: scenario 1's heuristic traitors weigh the public signs their moves give
(bots.cover, values.doubt_raised). Blind to them (cover 0) they brought their own assassin next
to the king far more often than any decoy (1.6 signs a game on him, 0.3 on the other four),
and the king's heuristic, reading the signs, marked him; the strong bots' traitors did not."""
from analysis.banquet_habits import signs


def test_heuristic_traitors_give_fewer_signs_on_their_assassin_than_on_decoys():
    s = signs(("scenario1", "basic"), 12, "rose", "heuristic", "heuristic", games=12, seed=1)
    assert s["of bots assassin"] < s["of bots others"], s
