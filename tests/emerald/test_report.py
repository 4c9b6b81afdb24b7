"""The game's own report questions (analysis/emerald.py) on hand-built score lines."""
import polars as pl

from analysis import emerald

R, L = "restorationist", "loyalist"


def results(games):
    """Rows of results.parquet from (seat sides, final sides 0=R/1=L, scores, penalties, wins) per game."""
    rows = []
    for g, (roles, final, score, pen, win) in enumerate(games):
        for s in range(len(roles)):
            rows.append({"game_index": g, "rotation": 0, "seat": s, "role": roles[s], "emerald_final_side": final[s],
                         "score": score[s], "emerald_penalty": pen[s], "win": win[s]})
    return pl.DataFrame(rows)


# game 0: the Loyalists are lowest (seat 3 at 4) and lose 5: seat 0 (R, 12) beats seat 1 (L, 16 -> 11)
# game 1: nobody's winner changes (seat 2 leads by far)
# game 2: a tie without the penalty, broken for the Restorationist: seat 1 (R) 10 vs seat 0 (L) 10;
#         with it the Restorationists (seat 3 lowest) lose 5 and seat 0 wins
GAMES = [
    ([R, L, R, L], [0, 1, 0, 1], [12, 11, 9, -1], [0, 5, 0, 5], [1.0, 0.0, 0.0, 0.0]),
    ([R, L, L, L], [0, 1, 1, 1], [3, 4, 20, 8], [5, 0, 0, 0], [0.0, 0.0, 1.0, 0.0]),
    ([L, R, L, R], [1, 0, 1, 0], [10, 5, 7, -3], [0, 5, 0, 5], [1.0, 0.0, 0.0, 0.0]),
]


def test_the_penalty_changed_the_winner_where_the_score_line_says():
    games = emerald.per_game(results(GAMES)).sort("game_index")
    assert games["changed"].to_list() == [True, False, True]
    e = emerald.penalty_effect(games)
    assert (e["games"], e["changed"]) == (3, 2) and e["to"] == {R: 1, L: 1}


def test_games_by_restorationists_dealt():
    t = emerald.by_restorationists(emerald.per_game(results(GAMES)))
    assert t["restorationists"].to_list() == [1, 2]
    assert t["games"].to_list() == [1, 2] and t["restorationist_wins"].to_list() == [0, 1]


def test_side_wins_by_dealt_and_final_side():
    rows = results(GAMES[:1]).with_columns(emerald_final_side=pl.Series([0, 0, 0, 1]))   # seat 1 changed heart
    t = {(x["which"], x["side"]): (x["seat_games"], x["wins"]) for x in emerald.side_wins(rows).iter_rows(named=True)}
    assert t[("dealt", R)] == (2, 1.0) and t[("dealt", L)] == (2, 0.0)
    assert t[("final (after Change of Heart)", R)] == (3, 1.0) and t[("final (after Change of Heart)", L)] == (1, 0.0)
