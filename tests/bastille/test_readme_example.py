"""The README's example of the Python game API (section "Playing one game from Python") prints
what the README says it prints: the example is run as written, on the shipped content."""
import contextlib
import io
import re
from pathlib import Path

README = (Path(__file__).parents[2] / "README.md").read_text()


def example() -> tuple[str, str]:
    """The section's Python block and the block after "prints"."""
    section = README.split("### Playing one game from Python", 1)[1]
    code, printed = re.search(r"```python\n(.*?)```\s*\nprints\s*\n\s*```\n(.*?)```", section, re.S).groups()
    return code, printed


def test_the_api_example_prints_what_the_readme_shows():
    code, printed = example()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    assert out.getvalue() == printed
