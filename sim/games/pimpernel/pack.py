"""Content -> the kernel's tables: the content row K and the route table (every route between
two locations, as a bit mask of its route spaces, by game.route_revisits_locations), built
once per content."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numpy as np

import kernels
from kernels.pimpernel import layout as L
from kernels.pimpernel import moves
from kernels.pimpernel.values import deck_worth
from kernels.pimpernel.moves import route_table
from sim.content import Content
from sim.errors import UserError

ROUTE_CAP = 1 << 16  # most routes between one pair of locations the table accepts


def adjacency(nloc: int, edges: list[tuple[int, int]], edge_masks: list[int]):
    """Neighbour lists of a location graph: (to, edge mask) per neighbour."""
    deg = np.zeros(nloc, np.int64)
    for a, b in edges:
        deg[a] += 1
        deg[b] += 1
    width = max(1, int(deg.max()) if nloc else 1)
    to = np.full((nloc, width), -1, np.int64)
    mask = np.zeros((nloc, width), np.uint64)
    deg[:] = 0
    for (a, b), m in zip(edges, edge_masks):
        for u, v in ((a, b), (b, a)):
            to[u, deg[u]] = v
            mask[u, deg[u]] = np.uint64(m)
            deg[u] += 1
    return to, mask, deg


def pack(content: Content, n_players: int, max_turns: int) -> tuple[tuple, dict]:
    """(tables, names): tables = (K, RS, RM) for the kernel, names the plain words of the trace."""
    where = content.path.name
    g, mp, bl, fv, lc, ms = (content[k] for k in
                             ("game", "map", "buildings", "favors", "location_cards", "missions"))
    K = np.zeros(L.K_SIZE, np.int64)
    locs = list(mp["locations"])
    nloc = len(locs)
    if nloc > L.MAXL or len(mp["location_region"]) != nloc:
        raise UserError(where, "map.locations", f"expected at most {L.MAXL} locations, one region each")
    idx = {name: i for i, name in enumerate(locs)}

    def loc(key: str, name: str) -> int:
        if name not in idx:
            raise UserError(where, key, f"unknown location '{name}'")
        return idx[name]

    nreg = len(mp["regions"])
    K[L.K_NLOC] = nloc
    K[L.K_NREG] = nreg
    K[L.K_HOJ] = loc("map.house_of_justice", mp["house_of_justice"])
    K[L.K_TP] = loc("map.temple_prison", mp["temple_prison"])
    K[L.K_FINAL] = loc("map.final_location", mp["final_location"])
    K[L.K_RESCUE] = loc("map.rescue_location", mp["rescue_location"])
    for i, r in enumerate(mp["location_region"]):
        if r >= nreg:
            raise UserError(where, f"map.location_region.{i}", f"expected a region below {nreg}")
        K[L.K_LOC_REGION + i] = r
    # routes and route spaces
    kinds = mp["space_kinds"]
    edges, edge_masks, sp = [], [], 0
    for e, r in enumerate(mp["routes"]):
        a, b = loc(f"map.routes.{e}.a", r["a"]), loc(f"map.routes.{e}.b", r["b"])
        m = 0
        for kind in r["spaces"]:
            if sp >= L.MAXS:
                raise UserError(where, "map.routes", f"expected at most {L.MAXS} route spaces")
            if kind >= len(kinds):
                raise UserError(where, f"map.routes.{e}.spaces", "unknown space kind")
            K[L.K_SPACE_RA + sp], K[L.K_SPACE_RB + sp] = kinds[kind]
            K[L.K_SPACE_EDGE + sp] = e
            m |= 1 << sp
            sp += 1
        edges.append((a, b))
        edge_masks.append(m)
        K[L.K_EDGE_A + e], K[L.K_EDGE_B + e] = a, b
        ra, rb = mp["location_region"][a], mp["location_region"][b]
        K[L.K_REG_ADJ + ra * L.MAXR + rb] = K[L.K_REG_ADJ + rb * L.MAXR + ra] = int(ra != rb)
    if nreg > L.MAXR:
        raise UserError(where, "map.regions", f"expected at most {L.MAXR} regions")
    if len(edges) > L.MAXE:
        raise UserError(where, "map.routes", f"expected at most {L.MAXE} routes")
    K[L.K_NS] = sp
    for r in range(nreg):
        sps = [x for x in range(sp) if r in (K[L.K_SPACE_RA + x], K[L.K_SPACE_RB + x])]
        K[L.K_REG_NSP + r] = len(sps)
        K[L.K_REG_SP + r * L.MAXS:L.K_REG_SP + r * L.MAXS + len(sps)] = sps
        # the same spaces as bits of a uint64, stored in the int64 row bit for bit
        K[L.K_REG_SPMASK + r] = np.array([sum(1 << x for x in sps)], np.uint64).view(np.int64)[0]
        ls = [l for l in range(nloc) if mp["location_region"][l] == r]
        K[L.K_REG_NLOC + r] = len(ls)
        K[L.K_REG_LOC + r * L.MAXL:L.K_REG_LOC + r * L.MAXL + len(ls)] = ls
    K[L.K_NE] = len(edges)
    # buildings
    nb = len(bl["space_region"])
    if len(bl["tile_area"]) != nb or nb > L.MAXB:
        raise UserError(where, "buildings.tile_area", "expected one tile per building space")
    K[L.K_NB] = nb
    for i in range(nb):
        K[L.K_BLD_REGION + i] = bl["space_region"][i]
        K[L.K_TILE_AREA + i] = bl["tile_area"][i]
    # favor cards
    cards = fv["cards"]
    if len(fv["starred"]) != len(cards):
        raise UserError(where, "favors.starred", "expected one flag per card")
    K[L.K_NFC] = len(cards)
    for c, (a1, a2) in enumerate(cards):
        K[L.K_FC_ACT + 2 * c], K[L.K_FC_ACT + 2 * c + 1] = a1, a2
        K[L.K_FC_STAR + c] = fv["starred"][c]
    if g["first_game"] and sum(fv["starred"]) < L.NAREA:
        raise UserError(where, "favors.starred", f"first game needs {L.NAREA} starred cards")
    # location cards
    if len(lc["cards"]) != nloc - 2:
        raise UserError(where, "location_cards.cards", f"expected {nloc - 2} cards")
    for c, icons in enumerate(lc["cards"]):
        K[L.K_LC_NSLOT + c] = len(icons)
        for k, ic in enumerate(icons):
            K[L.K_LC_ICON + c * L.MAXSLOT + k] = ic
    # mission cards
    if len(ms["locations"]) != len(ms["need"]):
        raise UserError(where, "missions.need", "expected one need list per mission card")
    K[L.K_NMC] = len(ms["locations"])
    K[L.K_FINAL_CARD] = K[L.K_RESCUE_CARD] = -1
    for c, name in enumerate(ms["locations"]):
        l = loc(f"missions.locations.{c}", name)
        if l in (K[L.K_HOJ], K[L.K_TP]):
            raise UserError(where, f"missions.locations.{c}", "no mission goes to House of Justice or Temple Prison")
        K[L.K_MC_LOC + c] = l
        for k, v in enumerate(ms["need"][c]):
            K[L.K_MC_NEED + c * L.NNEED + k] = v
        if l == K[L.K_FINAL]:
            K[L.K_FINAL_CARD] = c
        if l == K[L.K_RESCUE]:
            K[L.K_RESCUE_CARD] = c
    if K[L.K_FINAL_CARD] < 0 or K[L.K_RESCUE_CARD] < 0:
        raise UserError(where, "missions.locations", "expected a Vienna and a Richmond card")
    # rules numbers
    K[L.K_CUBES] = g["cubes_per_player"][n_players - 2]
    K[L.K_NMISSIONS] = g["missions"]
    K[L.K_FIRST_MISSION] = g["first_mission"]
    removed_key = "chauvelin_missions_removed" if g["chauvelin"] else "missions_removed"   # a reading
    K[L.K_REMOVED] = g[removed_key]
    K[L.K_LEADER_PT] = g["leader_point"]
    K[L.K_FIRST_PT] = g["first_player_point"]
    K[L.K_CUBE_PT] = g["cube_point"]
    K[L.K_POINT_PT] = g["point_icon"]
    K[L.K_CHAUVELIN] = g["chauvelin"]
    K[L.K_HOJ_PT] = g["house_of_justice_point"]
    K[L.K_FIRST_GAME] = g["first_game"]
    # readings
    K[L.K_EMPTY_LEAD_PT] = g["empty_leader_space_point"]
    K[L.K_EMPTY_LEADER] = g["empty_leader_space_leader"]
    K[L.K_CHAUV_BY_LOC] = g["chauvelin_catches_by_location"]
    K[L.K_RESCUE_AGAIN] = g["richmond_card_reused"]
    K[L.K_BUMP_TILE] = g["bumped_first_cube_tile"]
    K[L.K_REST_ICON] = g["rest_cube_icon"]
    K[L.K_MAX_TURNS] = max_turns
    # the bots' yardstick of a favor card, summed once (its float64 bits in the int64 row)
    K[L.K_DECK_WORTH] = np.array([deck_worth(K)], np.float64).view(np.int64)[0]
    # the deck must last: start card, two current, two per later mission (Vienna aside)
    deck = K[L.K_NMC] - 1 - g["chauvelin"] - K[L.K_REMOVED]
    missions = g["missions"] - g["first_mission"] + 1
    draws = 1 + 2 * missions
    if deck < draws:
        raise UserError(where, f"game.{removed_key}",
                        f"the mission deck holds {deck} cards but {missions} missions draw {draws}")
    # the route table: map-only, so built once per map and route reading in a process
    to, mask, deg = adjacency(nloc, edges, edge_masks)
    RS, RM, ok = routes_of(nloc, to, mask, deg, g["route_revisits_locations"])  # a reading
    if ok < 0:
        raise UserError(where, "map.routes", f"more than {ROUTE_CAP} routes between two locations")
    names = {
        "locations": locs, "regions": list(mp["regions"]), "areas": list(fv["area_names"]),
        "tiles": list(fv["tile_names"]), "buildings": list(bl["tile_names"]),
        "edges": edges,
    }
    return (K, RS, RM), names


_ROUTES: dict = {}
# Route tables kept on disk beside the kernels' compiled code, keyed by the map, the reading and
# the kernel code that lists them: with the JIT disabled (balance bench's interpreted probe, its test)
# listing them takes over three minutes, compiled a second.
ROUTE_DIR = Path(kernels.__file__).resolve().parent / "__pycache__" / "routes"


def routes_of(nloc, to, mask, deg, revisit):
    """The route table of a map (158,289 routes on the shipped one take seconds to list, and a
    sweep or a range test compiles the same map many times): kept per map and reading."""
    key = (nloc, to.tobytes(), mask.tobytes(), deg.tobytes(), int(revisit))
    if key not in _ROUTES:
        _ROUTES[key] = stored_routes(key, lambda: route_table(nloc, to, mask, deg, ROUTE_CAP, int(revisit)))
    return _ROUTES[key]


def stored_routes(key, build):
    """The table of key from ROUTE_DIR, else built and stored there (best effort: a read-only
    checkout builds it each time)."""
    code = b"".join(f.read_bytes() for f in sorted(Path(moves.__file__).parent.glob("*.py")))
    h = hashlib.sha256(repr(key).encode() + code + str(ROUTE_CAP).encode())
    path = ROUTE_DIR / f"{h.hexdigest()[:24]}.npz"
    try:
        with np.load(path) as z:
            return z["starts"], z["masks"], int(z["ok"])
    except (OSError, KeyError, ValueError):
        pass
    starts, masks, ok = build()
    try:
        ROUTE_DIR.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(tmp, starts=starts, masks=masks, ok=ok)
        os.replace(tmp, path)                         # whole or not at all, for parallel workers
    except OSError:
        pass
    return starts, masks, ok
