"""The board content: reconstructed classic layout, its graph and its picture."""
import numpy as np
import pytest

from sim.games.doppelganger import GAME
from sim.games.doppelganger.board import INF, draw_board, parse_board


def test_board_matches_what_the_rulebook_prints():
    c = GAME.content()
    b = parse_board(c)
    assert b.n_rooms == 12 and b.names[:12] == c["cards"]["where"]
    assert len(b.pads) == 8
    assert np.all(b.dist < INF)                        # every square reachable
    for room in range(13):
        assert any(node == room for node, _ in b.doors)
    # pads are corridor squares, rooms and wheel are single nodes
    assert all(p > b.n_rooms for p in b.pads)
    assert ("board", c["board"]["reconstructed"], []) in c.reconstructed()


def test_next_hop_walks_a_shortest_path():
    b = parse_board(GAME.content())
    for u in range(0, b.n_nodes, 7):
        for v in range(0, b.n_nodes, 5):
            if u != v:
                assert b.dist[b.nxt[u, v], v] == b.dist[u, v] - 1


def test_draw_board_writes_a_png(tmp_path):
    path = tmp_path / "board.png"
    draw_board(GAME.content(), path)
    data = path.read_bytes()
    assert len(data) > 1000 and data[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_board_format_holds_secret_passages_and_the_shipped_board_has_none():
    """board.passages joins two rim rooms as one step; the shipped board has none (the
    rulebook never mentions them); a passage naming no room is one clear error."""
    from sim.errors import UserError
    from .helpers import GAME
    plain = GAME.compile(GAME.content(), 4).board
    k, s = plain.names.index("Kitchen"), plain.names.index("Study")
    assert GAME.content()["board"]["passages"] == [] and plain.dist[k, s] > 1
    joined = GAME.compile(GAME.content(sets=('board.passages=[["Kitchen", "Study"]]',)), 4).board
    assert joined.dist[k, s] == 1 and joined.dist[s, k] == 1
    with pytest.raises(UserError, match="board.passages.0"):
        GAME.compile(GAME.content(sets=('board.passages=[["Kitchen", "Attic"]]',)), 4)
