"""The doppelganger Clue board: content map -> graph arrays for the kernel, and a picture.

Node numbering (the kernel relies on it): rim rooms first, in the order of the where cards
(node i is room i), then the central colour wheel, then every corridor square in reading
order (pads are corridor squares).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from sim.errors import UserError

INF = 1 << 20
CORRIDOR = "."
PAD = "*"
VOID = "#"


@dataclass
class Board:
    names: list[str]                 # one per node: room name, "the colour wheel", "corridor r,c"
    cells: list[list[tuple[int, int]]]  # map squares covered by each node
    n_rooms: int                     # rim rooms; node n_rooms is the wheel
    pads: np.ndarray                 # int32 [P] pad nodes, in reading order
    pad_index: np.ndarray            # int32 [N] pad number of a node or -1
    edges: list[tuple[int, int]]     # undirected walking edges
    doors: list[tuple[int, tuple[int, int]]]  # (room node, corridor square outside the door)
    dist: np.ndarray                 # int32 [N, N] walking distance (INF if none)
    nxt: np.ndarray                  # int32 [N, N] next node on a shortest walk
    rows: int
    cols: int

    @property
    def n_nodes(self) -> int:
        return len(self.names)

    def adjacency(self) -> list[list[int]]:
        adj: list[list[int]] = [[] for _ in range(self.n_nodes)]
        for a, b in self.edges:
            adj[a].append(b)
            adj[b].append(a)
        return adj

    def adjacency_table(self) -> np.ndarray:
        """int32 [N, most neighbours]: each node's neighbours, -1 after the last (the kernel's
        searches around blocking pawns walk it)."""
        adj = self.adjacency()
        out = np.full((self.n_nodes, max(len(a) for a in adj)), -1, np.int32)
        for u, nb in enumerate(adj):
            out[u, :len(nb)] = sorted(nb)
        return out


def _where(content) -> str:
    return content.path.name


def parse_board(content) -> Board:
    """Build the board graph from content ``[board]``; bad maps raise a one-line UserError."""
    where = _where(content)
    b = content["board"]
    rooms_order = list(content["cards"]["where"])
    grid = [list(row) for row in b["map"]]
    rows = len(grid)
    cols = max(len(r) for r in grid) if rows else 0
    for r in grid:
        r.extend(VOID * (cols - len(r)))
    by_name = {room["name"]: room for room in b["rooms"]}
    if sorted(by_name) != sorted(rooms_order) or len(b["rooms"]) != len(rooms_order):
        raise UserError(where, "board.rooms", f"expected exactly one room per where card ({', '.join(rooms_order)})")
    keys = {}
    for i, name in enumerate(rooms_order):
        key = by_name[name]["key"]
        if len(key) != 1 or key in (CORRIDOR, PAD, VOID, b["wheel_key"]) or key in keys:
            raise UserError(where, f"board.rooms.{name}.key", "expected a distinct single map letter")
        keys[key] = i
    wheel = len(rooms_order)
    keys[b["wheel_key"]] = wheel
    names = [*rooms_order, "the colour wheel"]
    cells: list[list[tuple[int, int]]] = [[] for _ in names]
    square_node: dict[tuple[int, int], int] = {}
    for r in range(rows):
        for c in range(cols):
            ch = grid[r][c]
            if ch in keys:
                cells[keys[ch]].append((r, c))
            elif ch in (CORRIDOR, PAD):
                square_node[(r, c)] = len(names)
                names.append(f"corridor {r},{c}")
                cells.append([(r, c)])
            elif ch != VOID:
                raise UserError(where, "board.map", f"unknown map character '{ch}' at row {r}, column {c}")
    for i, cl in enumerate(cells[: wheel + 1]):
        if not cl:
            raise UserError(where, "board.map", f"{names[i]} has no square on the map")
    n = len(names)
    edge_set: set[tuple[int, int]] = set()
    for (r, c), u in square_node.items():
        for dr, dc in ((0, 1), (1, 0)):
            v = square_node.get((r + dr, c + dc))
            if v is not None:
                edge_set.add((u, v))
    doors = []
    door_lists = [(i, by_name[name]["doors"], f"board.rooms.{name}.doors") for i, name in enumerate(rooms_order)]
    door_lists.append((wheel, b["wheel_doors"], "board.wheel_doors"))
    for node, dl, key in door_lists:
        if not dl:
            raise UserError(where, key, "expected at least one door")
        room_cells = set(cells[node])
        for d in dl:
            if len(d) != 2:
                raise UserError(where, key, f"expected [row, column], got {d}")
            sq = (int(d[0]), int(d[1]))
            if sq not in square_node:
                raise UserError(where, key, f"door square {list(sq)} is not a corridor square")
            if not any((sq[0] + dr, sq[1] + dc) in room_cells for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))):
                raise UserError(where, key, f"door square {list(sq)} is not next to {names[node]}")
            edge_set.add((min(node, square_node[sq]), max(node, square_node[sq])))
            doors.append((node, sq))
    # secret passages: two rim rooms one step apart, however far apart on the map
    for i, pair in enumerate(b.get("passages", [])):
        if len(pair) != 2 or any(x not in rooms_order for x in pair) or pair[0] == pair[1]:
            raise UserError(where, f"board.passages.{i}", "expected two different room names")
        u, v = sorted(rooms_order.index(x) for x in pair)
        edge_set.add((u, v))
    edges = sorted(edge_set)
    pad_nodes = [square_node[(r, c)] for r in range(rows) for c in range(cols) if grid[r][c] == PAD]
    if not pad_nodes:
        raise UserError(where, "board.map", "expected at least one teleport pad '*'")
    if len(pad_nodes) > 30:
        raise UserError(where, "board.map", f"expected at most 30 pads, got {len(pad_nodes)}")
    pad_index = np.full(n, -1, np.int32)
    for i, p in enumerate(pad_nodes):
        pad_index[p] = i
    board = Board(names, cells, wheel, np.array(pad_nodes, np.int32), pad_index, edges, doors,
                  np.zeros((0, 0), np.int32), np.zeros((0, 0), np.int32), rows, cols)
    board.dist, board.nxt = all_pairs(board.adjacency())
    for i in range(wheel + 1):
        if board.dist[wheel, i] >= INF:
            raise UserError(where, "board", f"{names[i]} cannot be reached from the colour wheel")
    return board


def all_pairs(adj: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Walking distance between every pair of nodes and the next node of a shortest walk."""
    n = len(adj)
    dist = np.full((n, n), INF, np.int32)
    for s in range(n):
        d = dist[s]
        d[s] = 0
        q = deque([s])
        while q:
            u = q.popleft()
            for v in adj[u]:
                if d[v] == INF:
                    d[v] = d[u] + 1
                    q.append(v)
    nxt = np.tile(np.arange(n, dtype=np.int32)[None, :], (n, 1))  # nxt[v, v] = v
    for u in range(n):
        for v in range(n):
            if u != v and dist[u, v] < INF:
                for w in sorted(adj[u]):
                    if dist[w, v] == dist[u, v] - 1:
                        nxt[u, v] = w
                        break
    return dist, nxt


WHEEL_COLOURS = ["#d62728", "#ff7f0e", "#ffd700", "#2ca02c", "#1f77b4", "#9467bd", "#e377c2", "#8c564b"]


def draw_board(content, path) -> None:
    """Draw the board (rooms, corridors, doors, pads, wheel) to a PNG so a designer can check it."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, Rectangle, Wedge

    board = parse_board(content)
    fig, ax = plt.subplots(figsize=(board.cols * 0.42, board.rows * 0.42))
    room_colour = "#e9dcc0"
    for node in range(board.n_rooms + 1):
        for r, c in board.cells[node]:
            ax.add_patch(Rectangle((c, r), 1, 1, facecolor=room_colour if node < board.n_rooms else "#ffffff",
                                   edgecolor="none"))
    for node in range(board.n_rooms + 1, board.n_nodes):
        (r, c), = board.cells[node]
        ax.add_patch(Rectangle((c, r), 1, 1, facecolor="#f6f1e1", edgecolor="#b8ab8a", linewidth=0.5))
    # room walls: edges of room squares not shared with the same room
    for node in range(board.n_rooms + 1):
        cl = set(board.cells[node])
        for r, c in cl:
            for (dr, dc), seg in (((-1, 0), ((c, c + 1), (r, r))), ((1, 0), ((c, c + 1), (r + 1, r + 1))),
                                  ((0, -1), ((c, c), (r, r + 1))), ((0, 1), ((c + 1, c + 1), (r, r + 1)))):
                if (r + dr, c + dc) not in cl:
                    ax.plot(*seg, color="#5a4630", linewidth=1.6)
    # doors: a gap marker on the wall between the room and the corridor square outside
    for node, (r, c) in board.doors:
        cl = set(board.cells[node])
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            if (r + dr, c + dc) in cl:
                if dr:
                    y = r + (1 if dr > 0 else 0)
                    ax.plot([c + 0.15, c + 0.85], [y, y], color="#c0392b", linewidth=4, solid_capstyle="butt")
                else:
                    x = c + (1 if dc > 0 else 0)
                    ax.plot([x, x], [r + 0.15, r + 0.85], color="#c0392b", linewidth=4, solid_capstyle="butt")
                break
    for node in range(board.n_rooms):
        rs = [r for r, _ in board.cells[node]]
        cs = [c for _, c in board.cells[node]]
        ax.text(np.mean(cs) + 0.5, np.mean(rs) + 0.5, board.names[node], ha="center", va="center",
                fontsize=8, fontweight="bold", wrap=True)
    rs = [r for r, _ in board.cells[board.n_rooms]]
    cs = [c for _, c in board.cells[board.n_rooms]]
    centre = (np.mean(cs) + 0.5, np.mean(rs) + 0.5)
    radius = 0.45 * min(max(cs) - min(cs) + 1, max(rs) - min(rs) + 1)
    for i, colour in enumerate(WHEEL_COLOURS):
        ax.add_patch(Wedge(centre, radius, i * 45, (i + 1) * 45, facecolor=colour, edgecolor="white"))
    ax.text(*centre, "wheel", ha="center", va="center", fontsize=7, color="white", fontweight="bold")
    for i, p in enumerate(board.pads):
        (r, c), = board.cells[int(p)]
        ax.add_patch(Circle((c + 0.5, r + 0.5), 0.42, facecolor=WHEEL_COLOURS[i % len(WHEEL_COLOURS)],
                            edgecolor="black", linewidth=0.8))
        ax.text(c + 0.5, r + 0.5, str(i + 1), ha="center", va="center", fontsize=7, color="white")
    ax.set_xlim(0, board.cols)
    ax.set_ylim(board.rows, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title("Miss Scarlet doppelganger Clue: reconstructed board (red bars = doors, numbered discs = pads)",
                 fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
