"""The house is one stack: cli -> reports -> analysis -> sim (engine and games) -> kernels.
No module imports a layer above its own, and no two modules import each other."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ["kernels", "sim", "analysis", "reports", "cli"]   # bottom to top


def imports(path: Path) -> set[str]:
    """Every project module a file imports, at the top or inside a function."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return {m for m in out if m.split(".")[0] in LAYERS}


def modules() -> dict[str, set[str]]:
    found = {}
    for layer in LAYERS:
        for path in (ROOT / layer).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
            found[name] = imports(path)
    return {m: {i for i in deps if i in found} for m, deps in found.items()}


def test_no_module_imports_a_layer_above_its_own():
    up = [(m, i) for m, deps in modules().items() for i in deps
          if LAYERS.index(i.split(".")[0]) > LAYERS.index(m.split(".")[0])]
    assert up == []


def test_no_two_modules_import_each_other():
    deps = modules()
    assert [(a, b) for a in deps for b in deps[a] if a < b and a in deps.get(b, ())] == []
