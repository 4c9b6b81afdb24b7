"""Issue 32: the rollout and search bots' re-deal reads the public signs (bots.redeal_signs,
rollout.place_by_signs). Dealing every secret evenly, their own king read no signs while the
heuristic king did (values.odds); now, in scenario 1, each traitor faction's assassin goes to a
member drawn with the odds the heuristic king reads, and the draw still depends only on what
the seat may know and the chance stream."""
import numpy as np

from kernels.banquet import layout as L
from kernels.banquet.rollout import belief, redeal_hidden, redeal_into
from kernels.rng import seed_streams
from tests.banquet.helpers import Table

SIGNS = 3       # planted on one member of a traitor faction the king cannot rule out


def king_and_suspect():
    """A dealt 12-player scenario 1 table with SIGNS public signs on one rose member the king
    does not know: the king's seat, that member, and the members the king cannot rule out."""
    t = Table(12, ("scenario1", "basic"), seed=1)
    king = t.get(L.F_KING)
    rose = t.get(L.F_FACTION, [p for p in range(t.n) if t.get(L.F_FACTION, p) != L.KING_F][0])
    unknown = [p for p in range(t.n) if t.get(L.F_FACTION, p) == rose and not t.st[L.F_KNOWN + king * L.MAXP + p]]
    t.set(L.F_SUSPECT, unknown[0], SIGNS)
    return t, king, unknown[0], unknown


def stream(seed):
    rng = np.zeros(13, np.uint64)
    seed_streams(rng, np.uint64(seed), np.uint64(5))
    return rng


def redeal_leaning(tables, st, seat, rng, lean):
    """redeal_hidden as the rollout and search bots re-deal: scenario 1's assassins placed by the
    public signs with lean (their belief); redeal_hidden's own compiled code (the same types)."""
    redeal_into(tables, st, seat, rng, np.empty(3 * L.MAXP, np.int64), lean)


def assassin_of(st, members):
    return [p for p in members if st[L.F_SECRET + p] == L.ASSASSIN]


def test_the_strong_bots_redeal_places_the_assassin_with_the_kings_odds():
    """With the shipped weights (suspicion 1, redeal_signs 1) the signed member holds the
    assassin (1 + 3) / (m - 1 + 1 + 3) of the re-deals: 0.5 among five, against 0.2 evenly
    (redeal_signs 0 fails)."""
    t, king, suspect, members = king_and_suspect()
    lean = belief(t.w)
    m = len(members)
    expected = (1 + lean * SIGNS) / (m + lean * SIGNS)
    deals = 400
    held = 0
    for seed in range(deals):
        st = t.st.copy()
        redeal_leaning(t.tables, st, king, stream(seed), lean)
        assert len(assassin_of(st, members)) == 1
        held += assassin_of(st, members) == [suspect]
    assert lean > 0 and abs(held / deals - expected) < 0.08, (held / deals, expected, m)


def test_the_belief_redeal_never_reads_who_holds_what():
    """The same stream gives the same re-deal whoever truly holds the secrets (a first even
    re-deal moves them): the draw reads the members in seat order, the signs and the secrets
    as a multiset only. A re-deal weighing the true holder fails (planted once)."""
    t, king, _, members = king_and_suspect()
    lean = belief(t.w)
    moved = 0
    for seed in range(40):
        other = t.st.copy()
        redeal_hidden(t.tables, other, king, stream(1000 + seed))
        moved += not np.array_equal(other, t.st)
        a, b = t.st.copy(), other
        redeal_leaning(t.tables, a, king, stream(seed), lean)
        redeal_leaning(t.tables, b, king, stream(seed), lean)
        assert np.array_equal(a, b), seed
    assert moved > 10
