"""What the bots see in a position (their strength is measured in README, not asserted here)."""
from kernels.emerald import layout as L
from kernels.emerald.bots import row_value

from .helpers import MON, S, THU, empty_table


def test_the_heuristic_values_a_cube_where_its_agents_already_hold_the_majority():
    """A claim needs the majority and a cube: with two agents against one and no cube of its own
    in Madrid, one cube makes the face-up card claimable next turn, worth as much to the
    heuristic as a cube that tips an empty city with a card of the same worth. Greedy values a
    cube only where it tips the majority."""
    t = empty_table(4)
    madrid, cairo = t.city_of("Madrid"), t.city_of("Cairo")
    for city in (madrid, cairo):
        t.set_top(city, t.card("Couriers", city == cairo))
    t.put(MON, madrid, agents=2)
    t.put(THU, madrid, agents=1)
    t.give(MON, S(t, MON, 2))                              # one cube (and a bomb)
    place = {int(r[L.MV_A]): r for r in t.find(MON, L.ACT_PLACE)}

    def value(city, heuristic):
        return row_value(t.st, 4, MON, place[city], t.tables, t.w, heuristic)

    assert value(madrid, True) == value(cairo, True) > 1.0
    assert value(madrid, False) < 0.1 < value(cairo, False)
