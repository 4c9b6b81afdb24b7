"""The Scarlet Pimpernel (Eagle-Gryphon Games, 2019): content -> arrays, play, trace, bench."""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from kernels import pimpernel as kp
from sim.content import Content
from sim.errors import UserError
from sim.game import Batch, Game

HERE = Path(__file__).parent
ROUTE_CAP = 1 << 16  # most simple routes between one pair of locations the table accepts


@dataclass
class Compiled:
    K: np.ndarray          # int64 content row (offsets kp.K_*)
    RS: np.ndarray         # int64 route table start per ordered pair of locations
    RM: np.ndarray         # uint64 route masks (bit = route space)
    n_players: int
    names: dict            # plain names for the trace
    adj_to: np.ndarray
    adj_mask: np.ndarray
    adj_deg: np.ndarray


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


class PimpernelGame(Game):
    id = "pimpernel"
    name = "The Scarlet Pimpernel"
    player_counts = (2, 3, 4, 5, 6)
    bench_players = (4,)
    bots = ("random", "greedy", "heuristic", "rollout")
    default_bots = "heuristic"
    end_reasons = ("finished", "turn_cap")
    roles = ()
    metrics = ("leader_points", "cube_points", "icon_points", "favor_tiles", "parts_failed",
               "captures", "missions")
    weight_names = ("leader_resources", "leader_supporters", "leader_first", "leader_route",
                    "leader_location", "majority", "mission_cube", "future_cube", "route_denial",
                    "rest", "move", "pass_threshold", "rollout_playouts", "rollout_width")
    max_turns = 3000
    turn_unit = "player turn"
    turn_order = ("the first player is drawn at random for each deal (rulebook set-up); "
                  "play goes clockwise, seat k+1 after seat k")
    content_file = HERE / "content.toml"
    kernel_figures = ("route_searches_per_s", "legal_move_gens_per_s")

    # -- content -> arrays -------------------------------------------------------------------
    def compile(self, content: Content, n_players: int) -> Compiled:
        self.check_players(n_players)
        where = content.path.name
        g, mp, bl, fv, lc, ms = (content[k] for k in
                                 ("game", "map", "buildings", "favors", "location_cards", "missions"))
        K = np.zeros(kp.K_SIZE, np.int64)
        locs = list(mp["locations"])
        nloc = len(locs)
        if nloc > kp.MAXL or len(mp["location_region"]) != nloc:
            raise UserError(where, "map.locations", f"expected at most {kp.MAXL} locations, one region each")
        idx = {name: i for i, name in enumerate(locs)}

        def loc(key: str, name: str) -> int:
            if name not in idx:
                raise UserError(where, key, f"unknown location '{name}'")
            return idx[name]

        nreg = len(mp["regions"])
        K[kp.K_NLOC] = nloc
        K[kp.K_NREG] = nreg
        K[kp.K_HOJ] = loc("map.house_of_justice", mp["house_of_justice"])
        K[kp.K_TP] = loc("map.temple_prison", mp["temple_prison"])
        K[kp.K_FINAL] = loc("map.final_location", mp["final_location"])
        K[kp.K_RESCUE] = loc("map.rescue_location", mp["rescue_location"])
        for i, r in enumerate(mp["location_region"]):
            if r >= nreg:
                raise UserError(where, f"map.location_region.{i}", f"expected a region below {nreg}")
            K[kp.K_LOC_REGION + i] = r
        # routes and route spaces
        kinds = mp["space_kinds"]
        edges, edge_masks, sp = [], [], 0
        for e, r in enumerate(mp["routes"]):
            a, b = loc(f"map.routes.{e}.a", r["a"]), loc(f"map.routes.{e}.b", r["b"])
            m = 0
            for kind in r["spaces"]:
                if sp >= kp.MAXS:
                    raise UserError(where, "map.routes", f"expected at most {kp.MAXS} route spaces")
                if kind >= len(kinds):
                    raise UserError(where, f"map.routes.{e}.spaces", "unknown space kind")
                K[kp.K_SPACE_RA + sp], K[kp.K_SPACE_RB + sp] = kinds[kind]
                K[kp.K_SPACE_EDGE + sp] = e
                m |= 1 << sp
                sp += 1
            edges.append((a, b))
            edge_masks.append(m)
            K[kp.K_EDGE_A + e], K[kp.K_EDGE_B + e] = a, b
            ra, rb = mp["location_region"][a], mp["location_region"][b]
            K[kp.K_REG_ADJ + ra * kp.MAXR + rb] = K[kp.K_REG_ADJ + rb * kp.MAXR + ra] = int(ra != rb)
        if nreg > kp.MAXR:
            raise UserError(where, "map.regions", f"expected at most {kp.MAXR} regions")
        if len(edges) > kp.MAXE:
            raise UserError(where, "map.routes", f"expected at most {kp.MAXE} routes")
        K[kp.K_NS] = sp
        for r in range(nreg):
            sps = [x for x in range(sp) if r in (K[kp.K_SPACE_RA + x], K[kp.K_SPACE_RB + x])]
            K[kp.K_REG_NSP + r] = len(sps)
            K[kp.K_REG_SP + r * kp.MAXS:kp.K_REG_SP + r * kp.MAXS + len(sps)] = sps
            # the same spaces as bits of a uint64, stored in the int64 row bit for bit
            K[kp.K_REG_SPMASK + r] = np.array([sum(1 << x for x in sps)], np.uint64).view(np.int64)[0]
            ls = [l for l in range(nloc) if mp["location_region"][l] == r]
            K[kp.K_REG_NLOC + r] = len(ls)
            K[kp.K_REG_LOC + r * kp.MAXL:kp.K_REG_LOC + r * kp.MAXL + len(ls)] = ls
        K[kp.K_NE] = len(edges)
        # buildings
        nb = len(bl["space_region"])
        if len(bl["tile_area"]) != nb or nb > kp.MAXB:
            raise UserError(where, "buildings.tile_area", "expected one tile per building space")
        K[kp.K_NB] = nb
        for i in range(nb):
            K[kp.K_BLD_REGION + i] = bl["space_region"][i]
            K[kp.K_TILE_AREA + i] = bl["tile_area"][i]
        # favor cards
        cards = fv["cards"]
        if len(fv["starred"]) != len(cards):
            raise UserError(where, "favors.starred", "expected one flag per card")
        K[kp.K_NFC] = len(cards)
        for c, (a1, a2) in enumerate(cards):
            K[kp.K_FC_ACT + 2 * c], K[kp.K_FC_ACT + 2 * c + 1] = a1, a2
            K[kp.K_FC_STAR + c] = fv["starred"][c]
        if g["first_game"] and sum(fv["starred"]) < kp.NAREA:
            raise UserError(where, "favors.starred", f"first game needs {kp.NAREA} starred cards")
        # location cards
        if len(lc["cards"]) != nloc - 2:
            raise UserError(where, "location_cards.cards", f"expected {nloc - 2} cards")
        for c, icons in enumerate(lc["cards"]):
            K[kp.K_LC_NSLOT + c] = len(icons)
            for k, ic in enumerate(icons):
                K[kp.K_LC_ICON + c * kp.MAXSLOT + k] = ic
        # mission cards
        if len(ms["locations"]) != len(ms["need"]):
            raise UserError(where, "missions.need", "expected one need list per mission card")
        K[kp.K_NMC] = len(ms["locations"])
        K[kp.K_FINAL_CARD] = K[kp.K_RESCUE_CARD] = -1
        for c, name in enumerate(ms["locations"]):
            l = loc(f"missions.locations.{c}", name)
            if l in (K[kp.K_HOJ], K[kp.K_TP]):
                raise UserError(where, f"missions.locations.{c}", "no mission goes to House of Justice or Temple Prison")
            K[kp.K_MC_LOC + c] = l
            for k, v in enumerate(ms["need"][c]):
                K[kp.K_MC_NEED + c * kp.NNEED + k] = v
            if l == K[kp.K_FINAL]:
                K[kp.K_FINAL_CARD] = c
            if l == K[kp.K_RESCUE]:
                K[kp.K_RESCUE_CARD] = c
        if K[kp.K_FINAL_CARD] < 0 or K[kp.K_RESCUE_CARD] < 0:
            raise UserError(where, "missions.locations", "expected a Vienna and a Richmond card")
        # rules numbers
        K[kp.K_CUBES] = g["cubes_per_player"][n_players - 2]
        K[kp.K_NMISSIONS] = g["missions"]
        K[kp.K_FIRST_MISSION] = g["first_mission"]
        K[kp.K_REMOVED] = g["missions_removed"]
        K[kp.K_LEADER_PT] = g["leader_point"]
        K[kp.K_FIRST_PT] = g["first_player_point"]
        K[kp.K_CUBE_PT] = g["cube_point"]
        K[kp.K_POINT_PT] = g["point_icon"]
        K[kp.K_CHAUVELIN] = g["chauvelin"]
        K[kp.K_HOJ_PT] = g["house_of_justice_point"]
        K[kp.K_FIRST_GAME] = g["first_game"]
        K[kp.K_MAX_TURNS] = self.max_turns
        # the deck must last: start card, two current, two per later mission (Vienna aside)
        deck = K[kp.K_NMC] - 1 - g["chauvelin"] - g["missions_removed"]
        missions = g["missions"] - g["first_mission"] + 1
        draws = 1 + 2 * missions
        if deck < draws:
            raise UserError(where, "game.missions_removed",
                            f"the mission deck holds {deck} cards but {missions} missions draw {draws}")
        # the route table: map-only, once per content
        to, mask, deg = adjacency(nloc, edges, edge_masks)
        RS, RM, ok = kp.route_table(nloc, to, mask, deg, ROUTE_CAP)
        if ok < 0:
            raise UserError(where, "map.routes", f"more than {ROUTE_CAP} simple routes between two locations")
        names = {
            "locations": locs, "regions": list(mp["regions"]), "areas": list(fv["area_names"]),
            "tiles": list(fv["tile_names"]), "buildings": list(bl["tile_names"]),
            "edges": edges,
        }
        return Compiled(K, RS, RM, n_players, names, to, mask, deg)

    # -- play ----------------------------------------------------------------------------------
    def play(self, compiled: Compiled, bots: np.ndarray, weights: np.ndarray, seed: int,
             game_index: np.ndarray, rotation: np.ndarray, out: Batch) -> None:
        c = compiled
        kp.play_batch(c.K, c.RS, c.RM, np.asarray(weights, np.float64), np.asarray(bots, np.int64),
                      np.uint64(seed), np.ascontiguousarray(game_index, np.uint64),
                      np.ascontiguousarray(rotation, np.int64),
                      c.n_players, out.score, out.rank, out.win, out.position, out.turns, out.end_reason,
                      out.metrics, out.decisions)

    def trace_events(self, compiled: Compiled, bots: np.ndarray, weights: np.ndarray, seed: int,
                     game_index: int, rotation: int):
        c = compiled
        log = np.zeros((200_000, kp.LOGW), np.int64)
        out = Batch.alloc(1, c.n_players, len(self.metrics))
        nlog = kp.trace_game(c.K, c.RS, c.RM, np.asarray(weights, np.float64), np.asarray(bots, np.int64),
                             np.uint64(seed), np.uint64(game_index), int(rotation), c.n_players, log,
                             out.score, out.rank, out.win, out.position, out.turns, out.end_reason, out.metrics,
                             out.decisions)
        return log[:nlog], out

    def trace(self, compiled: Compiled, bots: np.ndarray, weights: np.ndarray, seed: int,
              game_index: int, rotation: int) -> list[str]:
        from sim.games.pimpernel.narrate import narrate
        log, out = self.trace_events(compiled, bots, weights, seed, game_index, rotation)
        n = compiled.n_players
        seat_bot = [self.bots[int(bots[(s - rotation) % n])] for s in range(n)]
        return narrate(compiled, log, out, seat_bot)

    # -- bench -----------------------------------------------------------------------------------
    def kernel_bench(self, compiled: Compiled) -> dict[str, float]:
        from sim.games.pimpernel.bench import bench
        return bench(compiled)


GAME = PimpernelGame()
