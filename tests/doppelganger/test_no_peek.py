"""The rollout's side of the generic no-peek test (tests/test_every_game.py, hooks in
helpers.py): at the no-peek positions its plan depends on its playouts, and a rollout that
plays them out on the true hands (its own re-deal made a no-op: a real peek) fails the test's
comparison."""
from kernels.doppelganger import layout as L
from kernels.doppelganger import rollout as rollout_module
from tests.test_every_game import first_peek_caught, kernel_with_line_replaced

from .helpers import ROLLOUT_TOTALS, no_peek_positions

REDEAL = "determinize(st, rst, n, me, rules, rrng, deck)"


def rollout_seeing_true_hands(tmp_path):
    """rollout_plan compiled from the kernel's own source with its re-deal of the opponents'
    cards replaced by a plain copy of the position: its playouts see the true hands."""
    return kernel_with_line_replaced(rollout_module, REDEAL, "for f in range(F_SIZE): rst[f] = st[f]",
                                     "rollout_plan", tmp_path)


def rollout_asks(pos, rollout_plan=None):
    """The rollout's answers at pos (plan, and the hunter's best candidate it started from),
    and its playouts' bots, for each total the no-peek test asks."""
    if rollout_plan is not None:
        pos.rollout_plan = rollout_plan
    t, me, n, c, w = pos.t, pos.seat, pos.t.n, pos.t.c, pos.t.w

    def ask(total):
        def f(a):
            a.gplan[1, L.P_DEST] = -1
            pos.rollout_plan(a.st, n, me, total, c.rules[L.R_ACTIONS], c.rules, w, c.dist, c.nxt, c.pads,
                             c.pad_index, c.adj, c.pdist, a.walk, a.rng, a.reach, a.acts, a.plans, a.pscore,
                             a.kn, a.fv, a.rplans, a.rscore, a.rst, a.rrng, a.deck, a.pbots, a.gplan[1:2],
                             a.pmet, a.ctr[2:4], t.log, a.gplan[0])
            return a.gplan[0].tolist(), a.rplans[0].tolist(), a.pbots.tolist()
        return pos.ask(f)
    return [ask(total) for total in ROLLOUT_TOTALS]


def test_the_rollouts_plan_at_the_no_peek_positions_depends_on_its_playouts(tmp_path):
    """Its playouts are greedy in every seat (the game's own playout bots), and its plans vary
    across the positions and often are not the hunter's best plan it starts from (with the
    fast settings of the other tests: 5 of 78). Played out on the true hands, its plan differs
    at some positions: what the playouts see matters."""
    peeking = rollout_seeing_true_hands(tmp_path)
    plans, not_first, asks, differ_true = set(), 0, 0, 0
    for pos in no_peek_positions():
        fair = rollout_asks(pos)
        for plan, first, pbots in fair:
            assert pbots == [L.BOT_GREEDY] * pos.t.n
            plans.add(tuple(plan))
            not_first += plan != first
            asks += 1
        differ_true += sum(a[0] != b[0] for a, b in zip(fair, rollout_asks(pos, peeking)))
    assert len(plans) > asks // 3 and not_first > asks // 6, (len(plans), not_first, asks)
    assert differ_true > 0


def test_a_rollout_that_sees_the_true_hands_fails_the_no_peek_comparison(tmp_path):
    """Mutation check of the generic test for the rollout: with its re-deal a no-op, across
    the test's re-deal (the kernel's redeal_hidden) the comparison changed_answers reports the
    rollout's plans changing, and nothing else, at some position; the shipped rollout's do not."""
    flagged = first_peek_caught(no_peek_positions(), "rollout_plan", rollout_seeing_true_hands(tmp_path))
    rollout_kinds = {("rollout", f"plan for {total}") for total in ROLLOUT_TOTALS}
    assert {(bot, name) for (bot, name, _), _ in flagged} <= rollout_kinds
