"""Banquet's kernel has the one kernel shape (kernels/README.md): its modules read top to bottom in
the table's order and import only those above them; the rules never ask the bots. Read from the
source (no compiling)."""
import ast
from pathlib import Path

KERNEL = Path(__file__).resolve().parents[2] / "kernels" / "banquet"
# kernels/README.md's order for this game: the castle above state, values (and the set-up picks
# weighed on them) above the bots' choices, the rules in their order between objectives and forward
ORDER = ("layout", "castle_places", "castle_team", "castle", "state", "moves", "values", "setup_places",
         "bots", "rules", "objectives", "action", "turn", "castle_round", "seating", "round", "forward",
         "rollout", "search", "play", "bench")
RULES = ("rules", "objectives", "castle", "action", "turn", "castle_round", "seating", "round", "forward")


def kernel_imports(path: Path) -> set[str]:
    """The kernels.banquet modules a file imports, at the top or inside a function."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kernels.banquet."):
            out.add(node.module.split(".")[2])
    return out


def upward(kernel: Path) -> list[tuple[str, str]]:
    """(module, a module at or below it in ORDER that it imports)."""
    return [(m, i) for m in ORDER for i in sorted(kernel_imports(kernel / f"{m}.py"))
            if ORDER.index(i) >= ORDER.index(m)]


def test_every_module_is_in_the_order():
    assert sorted(p.stem for p in KERNEL.glob("*.py") if p.stem != "__init__") == sorted(ORDER)


def test_modules_import_only_those_above_them():
    assert upward(KERNEL) == []


def test_the_rules_never_import_the_bots():
    asks = [(m, i) for m in RULES for i in kernel_imports(KERNEL / f"{m}.py") if i in ("values", "bots")]
    assert asks == []
