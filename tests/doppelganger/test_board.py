"""The board content: reconstructed classic layout, its graph and its picture."""
import numpy as np

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
    assert ("board", c["board"]["reconstructed"]) in c.reconstructed()


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
