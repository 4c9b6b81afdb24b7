"""Doppelganger content -> the kernel's ``tables`` (layout's T_* order): the rules vector
and the board graph's arrays."""
from __future__ import annotations

import numpy as np

from kernels.doppelganger import layout as L
from sim.content import Content
from sim.errors import UserError
from sim.games.doppelganger.board import Board


def cards(content: Content, n_players: int) -> tuple[list[str], list[str], list[str]]:
    """The who, where and what card names, checked: as many of each, distinct, dealt evenly."""
    where = content.path.name
    cards = content["cards"]
    who, rooms, what = list(cards["who"]), list(cards["where"]), list(cards["what"])
    nc = len(who)
    if not (len(rooms) == nc == len(what)):
        raise UserError(where, "cards", "expected as many who, where and what cards")
    if not 1 <= nc <= L.MAXC:
        raise UserError(where, "cards", f"expected 1..{L.MAXC} cards per kind, got {nc}")
    if nc % n_players:
        raise UserError(where, "cards", f"{nc} cards per kind cannot be dealt evenly to {n_players} players")
    if len(set(who)) != nc or len(set(rooms)) != nc or len(set(what)) != nc:
        raise UserError(where, "cards", "expected distinct card names")
    return who, rooms, what


def rules_vector(content: Content, n_players: int, n_cards: int, n_rooms: int) -> np.ndarray:
    r = content["rules"]
    rules = np.zeros(L.R_SIZE, np.int64)
    rules[L.R_DICE] = r["dice"]
    rules[L.R_SIDES] = r["dice_sides"]
    rules[L.R_LIMIT] = r["weapon_limit"]
    rules[L.R_ACTIONS] = r["actions_per_turn"]
    rules[L.R_MAX_TURNS] = r["max_turns"]
    rules[L.R_TELE_WHEEL] = r["teleport_to_centre"]
    rules[L.R_MATCH_UP_WHO] = r["face_up_match_forces_who"]
    rules[L.R_WHO_NO_MATCH] = r["who_without_match"]
    rules[L.R_PAD_START] = 0 if r["pad_start_lands"] else 2
    rules[L.R_WALK_ON] = r["pad_within_roll"]
    rules[L.R_BLOCK] = r["pawns_block"]
    rules[L.R_NCARDS] = n_cards
    rules[L.R_NROOMS] = n_rooms
    rules[L.R_HAND] = n_cards // n_players
    rules[L.R_N] = n_players
    return rules


def tables(content: Content, n_players: int, board: Board, n_cards: int) -> tuple:
    t: list = [None] * 7
    t[L.T_RULES] = rules_vector(content, n_players, n_cards, board.n_rooms)
    t[L.T_DIST] = board.dist
    t[L.T_NXT] = board.nxt
    t[L.T_PADS] = board.pads
    t[L.T_PAD_INDEX] = board.pad_index
    t[L.T_ADJ] = board.adjacency_table()
    t[L.T_PAD_DIST] = np.ascontiguousarray(board.dist[board.pads])
    return tuple(t)
