"""A Study in Emerald's hooks for the generic Python game API (sim/api.py) and the OpenSpiel
adapter (sim/openspiel.py), the same names and signatures as Banquet's: one game's state is a
dict holding the scratch tuple play_batch plays a game in (the state row, streams, the log
counter and decisions, move rows, the cards and hand positions the rules work on, the seats'
bots, the rollout bot's playout scratch: one row each), the seats' metrics, the event log and,
once the game is over, its final outputs; the forward model's kernels
(kernels/emerald/forward.py) and the shipped bots as play_game asks them (play.ask_seat) are
called by name on those arrays."""
from __future__ import annotations

import numpy as np

from kernels.emerald import forward as F
from kernels.emerald import layout as L
from kernels.emerald.play import ask_seat, deal, finish_game
from kernels.emerald.rollout import redeal_hidden  # noqa: F401  (the no-peek hook)
from kernels.emerald.rules import final_scores
from sim.hooks import SeatRows, outcome, play_metrics, table_as_seen
from sim.games.emerald.trace import SIDES

DECISION_KINDS = dict(enumerate(L.DEC_NAMES))
ACTIONS = ("place cubes", "claim", "retrieve cubes", "move agents", "move the markers", "assassinate",
           "discard", "play a card", "pass", "free action", "bring the Mi-Go agents back")


def _finish(compiled, s: dict) -> None:
    o = s["out"]
    finish_game(compiled.tables, s["sc"], np.int64(0), np.int64(0), o.score, o.rank, o.win, o.role,
                o.position, o.turns, o.end_reason, o.metrics, o.decisions)


# the forward model's state arguments: st, io, met, tmp, pos, mv
HOOKS = SeatRows(L, F, ask_seat, deal, (L.S_STATE, L.S_RNG, L.S_TMP, L.S_IO, L.S_SEAT_BOTS),
                 (L.S_STATE, L.S_IO, play_metrics, L.S_TMP, L.S_POS, L.S_MOVES), _finish)
state_row, kind, seat, options, apply = HOOKS.state_row, HOOKS.kind, HOOKS.seat, HOOKS.options, HOOKS.apply
bot_choice, events, chance_row, _row, start = HOOKS.bot_choice, HOOKS.events, HOOKS.chance_row, HOOKS.row, HOOKS.start


def bots_in_seats(s: dict) -> np.ndarray:
    """The bot code in each seat."""
    return _row(s, L.S_SEAT_BOTS)[:s["n"]]


def turn_cap(compiled) -> int:
    """Player turns (turn.max_turns)."""
    return int(compiled.tables[L.T_RULES][L.R_MAX_TURNS])


def _cards(compiled, st, p: int, mask: int) -> str:
    hand = st[L.F_HAND + p * L.MAXHAND:L.F_HAND + p * L.MAXHAND + L.MAXHAND]
    return ", ".join(compiled.card_names[int(hand[i])] for i in range(L.MAXHAND) if (mask >> i) & 1)


def move_text(compiled, st, p: int, row) -> str:
    """An action row (moves.list_moves / list_free) in words."""
    act, pay, pay2, a, b, c = (int(x) for x in row[:L.MV_SIZE])
    city = compiled.city_names
    if act == L.ACT_STOP:
        return "none"
    if act == L.ACT_PASS:
        return "pass"
    if act == L.ACT_MIGO_BACK:
        return f"bring the agents on Mi-Go back to {city[a]}"
    words = ACTIONS[act]
    if act == L.ACT_PLACE:
        words += f" in {city[a]}"
    elif act == L.ACT_CLAIM:
        words += " in " + ", ".join(city[x] for x in range(L.NCITY) if (b >> x) & 1)
    elif act == L.ACT_MOVE:
        words += f" ({a})"
    elif act == L.ACT_MARKERS and pay2:
        words += f", Loyalist steps with {_cards(compiled, st, p, pay2)}"
    elif act == L.ACT_ASSASSINATE:
        target = "the Royalty card" if b < 0 else f"an agent of seat {b}"
        words += f" {target} in {city[a]} with {compiled.card_names[int(st[L.F_HAND + p * L.MAXHAND + c])]}"
    elif act in (L.ACT_CARD, L.ACT_FREE):
        words = f"play {compiled.card_names[int(st[L.F_HAND + p * L.MAXHAND + c])]}" + (
            f" on {city[a]}" if 0 <= a < L.NCITY and b < 0 else "") + (f" on seat {b}" if b >= 0 else "")
    return words + (f", paying {_cards(compiled, st, p, pay)}" if pay and act != L.ACT_ASSASSINATE else "")


def describe(compiled, state: dict, row) -> str:
    """An option row of the pending decision in words."""
    st = state_row(state)
    k, p, a, b = int(st[L.F_DEC]), int(st[L.F_DEC_SEAT]), int(row[L.O_A]), int(row[L.O_B])
    city = compiled.city_names
    if k in (L.DEC_ACTION, L.DEC_FREE, L.DEC_MORE):
        return move_text(compiled, st, p, row)
    if k == L.DEC_AGENT:
        return f"place an agent in {city[a]}"
    if k == L.DEC_RETRIEVE:
        return "take a cube back from Limbo" if a < 0 else f"take a cube back from {city[a]}"
    if k == L.DEC_MOVE:
        return "move no more agents" if a < 0 else f"move an agent from {city[a]} to {city[b]}"
    if k == L.DEC_INTERRUPT:
        card = compiled.card_names[int(st[L.F_INT_CARD])]
        return f"play {card} to save the agent" if a == 1 else f"keep {card}: lose the agent"
    if k == L.DEC_OFF_BOARD:
        return "no agent left to give" if a < 0 else f"take an agent from {city[a]} onto the card"
    if k == L.DEC_ZOMBIE_VICTIM:
        return "nobody's agent" if a < 0 else f"seat {a}'s agent in {city[int(st[L.F_AX_I])]} goes back"
    if k == L.DEC_ZOMBIE_CITY:
        return f"a zombie in {city[a]}"
    if k == L.DEC_OKHRANA:
        return "no cube left to send" if a < 0 else f"seat {a}'s cube in {city[b]} to Limbo"
    return "nothing (the game is over)"


def observe(compiled, state: dict, seat: int) -> dict:
    """What seat may see: the board (cubes, agents, zombies, the face-up cards, the Royalty in
    the slots), the tracks and VP, the sizes of hands and decks, its own hand and identity, the
    identities revealed or seen with Vladimir Burtsev; not the others' hands or identities nor
    the order of any deck or stack. "table" is the whole state row as the seat may know it
    (None where it may not)."""
    st, n = state_row(state), compiled.n_players
    NC = L.NCITY

    def per_city(f, p):
        return [int(x) for x in st[f + p * NC:f + (p + 1) * NC]]

    def known(o):
        return o == seat or st[L.F_REVEALED + o] or (st[L.F_SEEN + seat] >> o) & 1

    hand = st[L.F_HAND + seat * L.MAXHAND:L.F_HAND + seat * L.MAXHAND + st[L.F_NHAND + seat]]
    players = [{"cubes": per_city(L.F_CUBES, p), "agents": per_city(L.F_AGENTS, p),
                "zombies": per_city(L.F_ZOMB, p), "limbo": int(st[L.F_LIMBO + p]),
                "cube_stock": int(st[L.F_CSTOCK + p]), "agent_stock": int(st[L.F_ASTOCK + p]),
                "sanity": int(st[L.F_SANITY + p]), "hand_size": int(st[L.F_NHAND + p]),
                "deck_size": int(st[L.F_NDECK + p]),
                "vp": [int(st[f + p]) for f in (L.F_VPN, L.F_VPR, L.F_VPL, L.F_VPBOX)],
                "side": SIDES[int(st[L.F_IDENT + p] ^ st[L.F_COH + p])] if known(p) else None}
               for p in range(n)]
    face_up = [compiled.card_names[int(st[L.F_STACK + c * L.MAXSTACK + st[L.F_NSTACK + c] - 1])]
               if st[L.F_UP + c] and st[L.F_NSTACK + c] else None for c in range(NC)]
    return {"seat": seat, "turn": int(st[L.F_TURN]) + 1, "to_move": int(st[L.F_CUR]),
            "tracks": (int(st[L.F_TRACK_R]), int(st[L.F_TRACK_L])), "players": players,
            "face_up": face_up, "royalty": [compiled.card_names[int(x)] if x >= 0 else None
                                            for x in st[L.F_SLOT:L.F_SLOT + NC]],
            "my_hand": [compiled.card_names[int(x)] for x in hand],
            "decision": DECISION_KINDS[int(st[L.F_DEC])], "to_choose": int(st[L.F_DEC_SEAT]),
            "table": table_as_seen(st, _hidden(compiled, st, seat))}


def _hidden(compiled, st: np.ndarray, seat: int) -> np.ndarray:
    """The cells of st that seat cannot know (kernels/emerald/rollout.py's knowledge model,
    which redeal_hidden re-deals): the others' identities (unless revealed or seen with
    Burtsev) and Change of Heart when it is not public, the identity cards' deal order, the
    order of every deck, the others' hands, the city stacks below a face-up top card, and
    where each card lies that seat cannot place: a game card face down in a stack or never
    dealt, another seat's card in its hand or deck (its discard pile too when discards are
    not public), and so which interrupt card another seat was offered."""
    rules, n = compiled.tables[L.T_RULES], compiled.n_players
    h = np.zeros(len(st), bool)
    for o in range(n):
        if not (o == seat or st[L.F_REVEALED + o] or (st[L.F_SEEN + seat] >> o) & 1):
            h[L.F_IDENT + o] = True
            h[L.F_COH + o] = not rules[L.R_COH_PUBLIC]
        if o != seat:
            h[L.F_HAND + o * L.MAXHAND:L.F_HAND + (o + 1) * L.MAXHAND] = True
    h[L.F_IDPOOL:L.F_IDPOOL + L.NIDENT] = True
    h[L.F_DECK:L.F_DECK + L.MAXP * L.MAXOWN] = True
    for c in range(L.NCITY):
        h[L.F_STACK + c * L.MAXSTACK:L.F_STACK + (c + 1) * L.MAXSTACK] = True
        if _face_up(st, c) >= 0:
            h[L.F_STACK + c * L.MAXSTACK + st[L.F_NSTACK + c] - 1] = False
    hid = (L.Z_HAND, L.Z_DECK) if rules[L.R_DISCARDS_PUBLIC] else (L.Z_HAND, L.Z_DECK, L.Z_DISCARD)
    for card in range(int(rules[L.R_CARDS])):
        z, o = st[L.F_ZONE + card], st[L.F_ZOWN + card]
        face_down = z == L.Z_OUT or z == L.Z_STACK and _face_up(st, o) != card
        if card < rules[L.R_GAME_CARDS] and face_down:
            h[[L.F_ZONE + card, L.F_ZOWN + card]] = True
        elif z in hid and o != seat:
            h[L.F_ZONE + card] = True
    # the interrupt card offered to another seat, while that seat's card is hidden (only that
    # the seat was asked is public; which card, once played)
    offered = int(st[L.F_INT_CARD])
    h[L.F_INT_CARD] = 0 <= offered < rules[L.R_CARDS] and h[L.F_ZONE + offered]
    return h


def _face_up(st: np.ndarray, city: int) -> int:
    """The card face up on top of the city's stack, -1 none."""
    k = st[L.F_NSTACK + city]
    return int(st[L.F_STACK + city * L.MAXSTACK + k - 1]) if st[L.F_UP + city] and k else -1


def result(compiled, s: dict) -> dict | None:
    """None while the game goes on; else the scores after the final adjustments, each seat's
    win (1/k for k tied winners: the Restorationist tie-break first; none at the turn cap),
    rank and place in the turn order, the end reason and the player turns."""
    if kind(s) != L.DEC_NONE:
        return None
    out = s["out"]
    return outcome(out, compiled.n_players, L.END_REASONS[int(out.end_reason[0])], int(out.turns[0]))


def arc_point(compiled, s: dict) -> tuple[int, np.ndarray]:
    """(rounds of turns played, each seat's standing): its score if the game ended now, the
    final adjustments applied to the VP so far (rules.final_scores): the track points kept by
    the side whose marker is higher, the other side's typed VP lost, the lowest player's side
    penalised. VP alone would rank a Loyalist holding Restorationist points as if he kept them;
    the adjustments read the dealt sides (the arc is the analyst's view, not a seat's). At the
    end it is the final score. The arc stands still after each round of n player turns
    (analysis/studies/arc.py)."""
    st, n, out = state_row(s), s["n"], s["out"]
    score = np.zeros_like(out.score[0])
    final_scores(st, n, compiled.tables, score, np.zeros_like(_row(s, L.S_TIEBREAK)),
                 np.zeros_like(out.metrics[0]))
    return int(st[L.F_TURN]) // n, score.astype(np.int64)
