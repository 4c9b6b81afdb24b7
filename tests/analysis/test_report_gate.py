"""Reports and the gate agree: `balance check RUN --spec SPEC` and `balance report RUN --spec
SPEC` run on the same crafted runs and specs, every threshold kind among them, and the report's
verdict marks every criterion the gate prints with the same outcome (pass = fine, fail =
unbalanced, undecided = worth a look). The comparison reads the two commands' own outputs,
line by line, through a hand-written map from the gate's criteria to the report's questions."""
import re

import pytest

from tests.analysis.synth_results import crafted_results, write_run
from tests.engine.helpers import cli

ROLES = ["red", "blue", "green", "gold"]
MARK_OF = {"PASS": "fine", "FAIL": "unbalanced", "UNDECIDED": "worth a look"}

# The gate's criterion -> the report's question (written out here, not read from the code).
QUESTION = {
    "position win-rate spread": "largest gap between positions",
    "first-player advantage": "first-player advantage",
    "seat win-rate spread (by seat)": "largest gap between seats (by seat, not turn order)",
    "turn-cap share": "turn-cap share",
    "mean game length (tile placements)": "mean game length (tile placements)",
    "role win-rate spread": "largest gap between roles",
    "strategy gap (best bot minus worst)": "strategy gap (best bot minus worst)",
    "win rate of position 0": "win rate of position 0",
    "win rate of position 3": "win rate of position 3",
    "win rate of role red": "win rate of role red",
}

# Three specs over every threshold kind: bounds placed so each outcome occurs (first ahead +6 pp,
# last 13%, 1% turn caps, ~30 turns).
SPECS = {
    "loose": """[thresholds]
max_position_spread = 0.30
min_first_player_advantage = 0.0
max_first_player_advantage = 0.12
max_seat_spread = 0.20
max_turn_cap_share = 0.05
game_length = [20, 40]
max_role_spread = 0.20
max_strategy_gap = 0.40
[positions.0]
min = 0.2
max = 0.4
[roles.red]
min = 0.1
""",
    "tight": """[thresholds]
max_position_spread = 0.05
max_first_player_advantage = 0.02
max_seat_spread = 0.001
max_turn_cap_share = 0.001
game_length = [40, 50]
max_role_spread = 0.001
max_strategy_gap = 0.01
[positions.3]
min = 0.25
[roles.red]
max = 0.1
""",
    "edges": """[spec]
confidence = 0.99
[thresholds]
max_position_spread = 0.18
max_first_player_advantage = 0.06
max_turn_cap_share = 0.01
game_length = [29.9, 30.1]
max_role_spread = 0.02
[positions.0]
max = 0.31
""",
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("gate")
    df = crafted_results(6000, position_p=(0.31, 0.30, 0.26, 0.13), roles=ROLES, seed=5, cap_p=0.01,
                         bots=["heuristic", "greedy", "greedy", "greedy"], rotate=True)
    run = write_run(df, root / "run")
    specs = {}
    for name, text in SPECS.items():
        specs[name] = root / f"{name}.toml"
        specs[name].write_text(text)
    return root, run, specs


def gate_lines(text: str) -> dict[str, str]:
    """criterion -> outcome, from the gate's table."""
    out = {}
    for line in text.splitlines():
        m = re.match(r"\s{2}(.+?)\s+-?\d+\.\d{4} \[.*\]\s+\S.*?\s(PASS|FAIL|UNDECIDED)\b", line)
        if m:
            out[m.group(1).strip()] = m.group(2)
    return out


def report_marks(summary: str) -> dict[str, tuple[str, str]]:
    """question -> (mark, threshold), from the summary's verdict table."""
    block = summary[summary.index("## Verdict"):]
    block = block[:block.index("\n## ", 5)]
    out = {}
    for row in block.splitlines():
        cells = [c.strip() for c in row.strip("|").split("|")]
        if len(cells) >= 6 and cells[1] not in ("question", "---"):
            out[cells[1]] = (cells[3].strip("*"), cells[4])
    return out


def report_summary(run, spec_path, out) -> str:
    """The report's summary.md: the whole `balance report --spec` once (the "loose" spec); for the
    other specs only its verdict block (reports.build.verdict_block, the same code), rendered to
    Markdown as the report renders it - a whole report with charts costs 20 s a spec."""
    from analysis.check import load_spec
    from reports.build import verdict_block
    from reports.page import Page, load_run, to_markdown

    if spec_path.stem == "loose":
        code, _, err = cli(["report", run, "--spec", spec_path, "--out", out])
        assert code == 0, err
        return (out / "summary.md").read_text()
    page = Page(out)
    verdict_block(page, [load_run(run, "run")], load_spec(spec_path), spec_path)
    return to_markdown(page.blocks, "Balance report") + "\n## end\n"


@pytest.mark.parametrize("spec", list(SPECS))
def test_the_report_marks_every_threshold_the_gate_checks_alike(runs, spec):
    root, run, specs = runs
    code, out, err = cli(["check", run, "--spec", specs[spec]])
    assert code in (0, 1, 3), err
    gate = gate_lines(out)
    assert len(gate) >= 6 and out.startswith("Figures with the bots greedy, heuristic"), out
    marks = report_marks(report_summary(run, specs[spec], root / f"report-{spec}"))
    for criterion, outcome in gate.items():
        question = QUESTION[criterion]
        assert question in marks, (criterion, sorted(marks))
        mark, threshold = marks[question]
        assert mark == MARK_OF[outcome], (spec, criterion, outcome, mark)
        assert threshold.endswith("(spec)"), (criterion, threshold)


def test_every_outcome_and_every_threshold_kind_is_compared(runs):
    """The three specs between them give pass, fail and undecided, over every threshold kind."""
    _, run, specs = runs
    seen, outcomes = set(), set()
    for spec in specs.values():
        gate = gate_lines(cli(["check", run, "--spec", spec])[1])
        seen |= set(gate)
        outcomes |= set(gate.values())
    assert outcomes == {"PASS", "FAIL", "UNDECIDED"}
    assert seen == set(QUESTION)
