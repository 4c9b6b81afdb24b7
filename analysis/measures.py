"""One vocabulary of balance measures for every command that names one (issue 27, item 8):
`balance compare --measure`, `sensitivity`, `tune` and `skill` parse a measure's name here, and
`balance check`'s threshold keys are these names with min_/max_ in front (max_position_spread).

A name is written with underscores (first_player_advantage); the hyphen spelling
(first-player-advantage) is the same name, and `spread` (compare's older word) is the
position spread. NAME:GROUP is one group's win rate (position:0, role:red, bot:heuristic)."""
from __future__ import annotations

import math
from dataclasses import dataclass

from sim.errors import UserError

# measure name -> (kind, per-deal column prefix, unit, words). Names are the verdict's (and
# balance check's threshold keys without min_/max_).
MEAN, GAP, RATIO = "mean", "gap", "ratio"   # RATIO: a share of units, per deal its hits (_w) and units (_n)
MEASURES = {
    "first_player_advantage": (MEAN, "pos_", "pp", "first-player advantage"),
    "position_spread": (GAP, "pos_", "pp", "largest gap between positions"),
    "seat_spread": (GAP, "seat_", "pp", "largest gap between seats"),
    "role_spread": (GAP, "role_", "pp", "largest gap between roles"),
    "secret_role_spread": (GAP, "secret_", "pp", "largest gap between secret roles"),
    "strategy_gap": (GAP, "bot_", "pp", "strategy gap (best bot minus worst)"),
    "game_length": (MEAN, "turns", "turns", "mean game length"),
    "turn_cap_share": (MEAN, "capped", "pp", "turn-cap share"),
    "cooperative_win_rate": (MEAN, "table", "pp", "the table's win rate (co-operative)"),
    # the game's arc (analysis/arc.py), replayed through the forward model for every deal played
    "lead_changes": (MEAN, "arc_lead_changes", "changes", "lead changes per game (arc)"),
    "runaway_leader": (RATIO, "arc_runaway_", "pp", "the sole leader after the first checkpoint wins (arc)"),
    "decided_at": (MEAN, "arc_decided_at", "checkpoint", "the checkpoint from which a winner leads for good (arc)"),
    "winner_behind": (MEAN, "arc_behind", "pp", "a winner is behind, share of checkpoints (arc)"),
    "comeback_share": (RATIO, "arc_comeback_", "pp", "winners who were last at some checkpoint (arc)"),
}
ARC_MEASURES = tuple(k for k, v in MEASURES.items() if v[1].startswith("arc_"))
# measures only `balance check` and the verdict judge, with why the studies cannot follow them
GATE_ONLY = {"team_size_spread": "the team-size spread needs each seat's team size, which the per-deal "
                                 "tables of compare, sensitivity, tune and skill do not keep"}
# older spellings, still accepted: the documented `balance compare --measure spread`
ALIASES = {"spread": "position_spread"}
# one group's win rate: NAME:GROUP
RATES = {"position": "pos_", "seat": "seat_", "role": "role_", "faction": "role_", "secret_role": "secret_",
         "bot": "bot_"}
GROUPS = (("position", "pos_"), ("seat", "seat_"), ("role", "role_"), ("secret_role", "secret_"), ("bot", "bot_"))


@dataclass(frozen=True)
class Measure:
    name: str          # canonical name: first_player_advantage, role:red, ...
    kind: str          # MEAN or GAP
    column: str        # the per-deal column (MEAN) or the prefix of the group columns (GAP, fpa)
    unit: str          # "pp" (a share, shown in percentage points) or "turns"
    words: str

    def scale(self) -> float:
        return 100.0 if self.unit == "pp" else 1.0

    def unit_text(self) -> str:
        """The unit a figure is shown in: pp, turns, changes (lead changes), checkpoint."""
        return self.unit

    def is_arc(self) -> bool:
        """Read from the games' arcs (replayed through the forward model), not their results."""
        return self.column.startswith("arc_")

    def show(self, x: float, signed: bool = True) -> str:
        if x is None or not math.isfinite(x):
            return "-"
        return f"{self.scale() * x:{'+' if signed else ''}.2f}"

    def bounds(self, n_players: int, max_turns: int) -> tuple[float, float]:
        """What the measure can take."""
        if self.name == "first_player_advantage":
            return -1.0 / n_players, 1.0 - 1.0 / n_players
        if self.unit == "turns":
            return 0.0, float(max_turns or math.inf)
        if self.unit == "changes":
            return 0.0, math.inf
        if self.unit == "checkpoint":
            return 1.0, math.inf
        return 0.0, 1.0


def words_of(name: str) -> str:
    """A measure's name in the designer's words."""
    if ":" in name:
        what, _, group = name.partition(":")
        return f"win rate of {what.replace('_', ' ')} {group}"
    return MEASURES[name][3] if name in MEASURES else name


def canonical(text: str) -> str:
    """The one spelling of a name: underscores, the aliases resolved (hyphens are the same name)."""
    name = text.strip().replace("-", "_")
    return ALIASES.get(name, name)


def parse_measure(text: str, game, n_players: int, bots: list[str], variants: list[str] | tuple = ()) -> Measure:
    """--measure NAME (or NAME:GROUP for one group's win rate), checked against what the game
    deals: one line and exit 2 for an unknown measure or a group that does not play."""
    name = canonical(text)
    if ":" in name:
        what, _, group = name.partition(":")
        if what not in RATES or not group:
            raise UserError("--measure", text, "expected one of " + ", ".join(MEASURES) + " or "
                            + ", ".join(f"{k}:NAME" for k in RATES))
        prefix = RATES[what]
        if what in ("position", "seat"):
            if not group.isdigit() or not 0 <= int(group) < n_players:
                raise UserError("--measure", text, f"expected a {what} 0..{n_players - 1}")
        elif what in ("role", "faction") and group not in game.roles:
            raise UserError("--measure", text, f"{game.id} deals no role '{group}'"
                            + (f" (roles: {', '.join(game.roles)})" if game.roles else " (it deals no roles)"))
        elif what == "secret_role" and group not in game.secret_roles:
            raise UserError("--measure", text, f"{game.id} deals no secret role '{group}'")
        elif what == "bot" and group not in bots:
            raise UserError("--measure", text, f"bot '{group}' does not play (bots: {', '.join(bots)})")
        what = "role" if what == "faction" else what
        return Measure(f"{what}:{group}", MEAN, prefix + group, "pp", f"win rate of {what} {group}")
    if name in GATE_ONLY:
        raise UserError("--measure", text, GATE_ONLY[name] + " (balance check and the report judge it)")
    if name not in MEASURES:
        raise UserError("--measure", text, "unknown measure; expected one of " + ", ".join(MEASURES) + " or "
                        + ", ".join(f"{k}:NAME" for k in RATES))
    kind, column, unit, words = MEASURES[name]
    if name in ARC_MEASURES and not game.arc_checkpoint:
        raise UserError("--measure", text, f"{game.id} records no arc (`balance games` lists the games that do)")
    if name in ("role_spread",) and len(game.roles) < 2:
        raise UserError("--measure", text, f"{game.id} deals no roles")
    if name == "secret_role_spread" and len(game.secret_roles) < 2:
        raise UserError("--measure", text, f"{game.id} deals no secret roles")
    if name == "strategy_gap" and len(set(bots)) < 2:
        raise UserError("--measure", text, "needs at least two different bots (--bots A,B,..)")
    if name == "cooperative_win_rate" and not game.is_cooperative(variants):
        raise UserError("--measure", text, "needs a co-operative variant")
    if name in ("first_player_advantage", "position_spread") and not game.positions_meaningful:
        raise UserError("--measure", text, f"positions carry no meaning in {game.name}")
    return Measure(name, kind, column, unit, words)


def threshold_measure(key: str) -> str:
    """The measure a balance check threshold key bounds: max_position_spread -> position_spread."""
    for prefix in ("min_", "max_"):
        if key.startswith(prefix):
            return key[len(prefix):]
    return key


# what the sequential test of `balance compare --until-decided` can follow: linear measures
# (SPRT), the position spread (repeated bootstrap intervals) and the arc measures (each deal's
# arc replayed: a mean by the SPRT, a share of units by repeated bootstrap intervals)
COMPARE_MEASURES = ("first_player_advantage", "position_spread", "position:K", "seat:K", "bot:NAME", *ARC_MEASURES)


def compare_focus(text: str | None, named: dict, n_players: int) -> tuple[str, int | str | None]:
    """`balance compare --measure` (and --position/--seat/--bot) as (measure, group): measure is
    first_player_advantage, position_spread, position, seat, bot or an arc measure (lead_changes,
    runaway_leader, decided_at, winner_behind, comeback_share). One clear line for a measure
    the sequential test cannot follow or a group out of range."""
    given = [k for k, v in named.items() if v is not None]
    if len(given) > 1:
        raise UserError("--" + given[1], None, f"give one of --position, --seat, --bot (got --{given[0]} too)")
    if text is None:
        text = given[0] if given else "first_player_advantage"
    name = canonical(text)
    name = ALIASES.get(name, name)
    what, _, group = name.partition(":")
    if what not in ("first_player_advantage", "position_spread", "position", "seat", "bot", *ARC_MEASURES):
        raise UserError("--measure", text, "the sequential test follows one of " + ", ".join(COMPARE_MEASURES)
                        + (" (the others are sensitivity's, tune's and skill's)" if what in MEASURES else ""))
    if what in ("position", "seat", "bot"):
        value = named[what] if not group else (int(group) if group.isdigit() and what != "bot" else group)
        if value is None:
            raise UserError("--measure", text, f"{what} needs --{what} naming which one (or --measure {what}:K)")
        if what != "bot" and not (isinstance(value, int) and 0 <= value < n_players):
            raise UserError(f"--{what}", None, f"expected 0..{n_players - 1}, got {value}")
        return what, value
    if given:
        raise UserError(f"--{given[0]}", None, f"does not apply to --measure {name}")
    return name, None
