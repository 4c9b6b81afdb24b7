"""The rollout bot: flat Monte Carlo over the main moves, with the hidden cards re-dealt; its
playouts are the game's own loop over the forward model (rules.advance/list_options/apply_option)."""

from kernels.rng import BOT0, shuffle, uniform
from kernels.pimpernel.jit import kernel
from kernels.pimpernel.layout import (BOT_HEURISTIC, C_VALS, DEC_CUBE, DEC_MAIN, DEC_NONE, K_REMOVED, MV_PASS,
    NEVER, O_CAP, O_DECK, O_DECK_LEN, O_DECK_PTR, O_MISSIONS_DONE, O_N, O_REMOVED, O_STREAM, S_SIZE, TRIED,
    W_PLAYOUTS, W_ROUNDS, W_WIDTH)
from kernels.pimpernel.state import chooser, score_of
from kernels.pimpernel.bots import choose_heuristic, choose_index, leader_choice
from kernels.pimpernel.rules import apply_option, list_options


@kernel(nrt=True)   # the array sort allocates
def hide_deck(s, nr, rng, stream):
    """Re-deal what the player cannot see (deck order, removed cards) from the bot's stream."""
    ptr = s[O_DECK_PTR]
    ln = s[O_DECK_LEN]
    # the removed cards join the unseen deck (there is room: the deck never fills its slots)
    for i in range(nr):
        s[O_DECK + ln + i] = s[O_REMOVED + i]
    k = ln - ptr + nr
    hidden = s[O_DECK + ptr:O_DECK + ptr + k]
    # canonical order first, so the result does not depend on the hidden order
    hidden.sort()
    shuffle(rng, stream, hidden, k)
    for i in range(nr):
        s[O_REMOVED + i] = s[O_DECK + ln + i]
        s[O_DECK + ln + i] = 0


@kernel
def redeal_hidden(tables, s, seat, rng):
    """Re-deal everything seat cannot know, from its own stream: the order of the mission deck
    and which cards were removed unseen (all else is on the table)."""
    hide_deck(s, tables[0][K_REMOVED], rng, BOT0 + seat)


@kernel
def playout_value(s, p):
    n = s[O_N]
    best_other = -1
    for q in range(n):
        if q != p and score_of(s, q) > best_other:
            best_other = score_of(s, q)
    return float(score_of(s, p) - best_other)


@kernel
def playout_margin(s, K, RS, RM, W, p, kind, a, b, moves, tmp, ctx, s2, rng, owner_masks, log, nlog):
    """p's mean margin over the leader after N playouts of the main move (kind, a, b) (its
    decision pending in s): each on a copy of s with the hidden cards re-dealt from p's
    stream, every seat heuristic drawing from that stream (O_STREAM), played by the game's
    own loop (list_options, choose_option, apply_option) to the end of the round's scoring,
    and on through W_ROUNDS rounds in all (the later ones on mission cards drawn from the
    re-dealt deck) unless the game ends first; a round of more than 400 turns ends the
    playout unscored. The turn cap does not stop a playout."""
    stream = BOT0 + p
    nplay = int(W[W_PLAYOUTS])
    rounds = int(W[W_ROUNDS])
    tot = 0.0
    for r in range(nplay):
        for k in range(S_SIZE):   # (an array assignment would need a temporary)
            s2[k] = s[k]
        s2[O_STREAM] = stream
        s2[O_CAP] = NEVER
        hide_deck(s2, K[K_REMOVED], rng, stream)
        first = s2[O_MISSIONS_DONE]
        seen = first
        guard = 0
        dec = apply_option(s2, K, RS, RM, tmp, owner_masks, kind, a, b, -1, log, nlog, False)
        while dec != DEC_NONE:
            if dec == DEC_MAIN:
                if s2[O_MISSIONS_DONE] != seen:   # a new round
                    seen = s2[O_MISSIONS_DONE]
                    guard = 0
                if seen - first >= rounds or guard >= 400:
                    break
                guard += 1
            if dec >= DEC_CUBE:   # a leader's choice: its option row itself (as play.play_on)
                c0 = leader_choice(s2, K, RS, RM, W, BOT_HEURISTIC, rng, owner_masks, tmp)
                dec = apply_option(s2, K, RS, RM, tmp, owner_masks, c0, 0, 0, 0, log, nlog, False)
                continue
            k = list_options(s2, K, RS, RM, tmp, owner_masks, moves, nlog)
            i = choose_index(s2, K, RS, RM, W, BOT_HEURISTIC, chooser(s2), moves, k, tmp, ctx, rng)
            dec = apply_option(s2, K, RS, RM, tmp, owner_masks, moves[i, 0], moves[i, 1], moves[i, 2],
                               moves[i, 3], log, nlog, False)
        tot += playout_value(s2, p)
    return tot / nplay


@kernel
def rollout_choice(s, K, RS, RM, W, p, moves, nm, tmp, ctx, cand, s2, rng, owner_masks, log, nlog):
    """Flat Monte Carlo over the main moves: the heuristic's best few moves are each valued by
    their playout margin (playout_margin); the best wins. A pass the heuristic prefers stands:
    the playouts cannot tell an aimless move from a pass, and a table of rollout bots taking
    moves by their noise never passed in succession, so the round never ended (6 of 200
    four-player games reached the turn cap)."""
    stream = BOT0 + p
    width = min(int(W[W_WIDTH]), nm)
    choose_heuristic(s, K, RM, W, p, moves, nm, ctx, rng, stream)
    top = 0
    for i in range(1, nm):
        if ctx[C_VALS + i] > ctx[C_VALS + top]:
            top = i
    if moves[top, 0] == MV_PASS:
        return top
    for i in range(nm):
        for j in range(3):
            cand[i, j] = moves[i, j]
        cand[i, 3] = int(ctx[C_VALS + i] * 1e6)   # rank key; a tried move gets TRIED
    best = -1e18
    bi = 0
    for w in range(width):
        i = 0
        for j in range(1, nm):
            if cand[j, 3] > cand[i, 3]:
                i = j
        cand[i, 3] = TRIED
        v = playout_margin(s, K, RS, RM, W, p, cand[i, 0], cand[i, 1], cand[i, 2], moves, tmp, ctx, s2, rng,
                           owner_masks, log, nlog) + 1e-6 * uniform(rng, stream)
        if v > best:
            best = v
            bi = i
    for i in range(nm):
        for j in range(3):
            moves[i, j] = cand[i, j]
        moves[i, 3] = -1
    return bi
