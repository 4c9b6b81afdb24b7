"""The page of a report: runs as loaded from their directories, and a list of blocks
(headings, paragraphs, tables, charts) that render both to HTML and to Markdown, so the two
always say the same thing."""
from __future__ import annotations

import base64
import html
import json
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from analysis.metrics import game_count
from analysis.suffstats import load_moments, load_stats, sufficient_stats
from reports import charts
from sim.results import read_results


@dataclass
class Run:
    label: str
    path: Path
    stats: pl.DataFrame
    rows: pl.DataFrame | None
    meta: dict | None

    @property
    def games(self) -> int:
        return game_count(self.stats)

    @property
    def game(self) -> str | None:
        return (self.meta or {}).get("config", {}).get("game")

    def moments(self) -> pl.DataFrame | None:
        """Sums and sums of squares (the game's own metrics included), read when first asked."""
        if not hasattr(self, "_moments"):
            self._moments = load_moments(self.path, self.rows)
        return self._moments

    def arc(self):
        """The run's game arc measured (analysis.studies.arc), None without one; read when first
        asked (the verdict and the arc section both use it)."""
        if not hasattr(self, "_arc"):
            from analysis.studies.arc import read_arc

            self._arc = read_arc(self.path)
        return self._arc


@dataclass
class Page:
    out_dir: Path
    blocks: list[tuple] = field(default_factory=list)
    chart_files: list[Path] = field(default_factory=list)

    def heading(self, text: str, level: int = 2):
        self.blocks.append(("h", level, text))

    def para(self, text: str):
        self.blocks.append(("p", text))

    def table(self, header: list[str], rows: list[list], caption: str = "", marks: int | None = None):
        """A table; `marks` is the column holding verdict marks (fine / worth a look / unbalanced)."""
        self.blocks.append(("table", header, [[str(c) for c in r] for r in rows], caption, marks))

    def chart(self, fig, name: str, alt: str):
        png, data = charts.save(fig, self.out_dir, name)
        self.chart_files += [png, png.with_suffix(".svg")]
        self.blocks.append(("img", name, alt, data))


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.2f}%"


def interval(lo: float | None, hi: float | None, scale: float = 100, unit: str = "") -> str:
    return "-" if lo is None else f"[{scale * lo:.2f}, {scale * hi:.2f}]{unit}"


# -- inputs ------------------------------------------------------------------------------

def load_run(path: Path, label: str) -> Run:
    rows = read_results(path) if (path / "results.parquet").is_file() else None
    meta_path = path / "run.json"
    meta = json.loads(meta_path.read_text()) if meta_path.is_file() else None
    stats = sufficient_stats(rows) if rows is not None else load_stats(path)
    return Run(label, path, stats, rows, meta)


def labels_for(paths: list[Path]) -> list[str]:
    """Directory names, made unique with their parent's name when two collide."""
    names = [p.resolve().name for p in paths]
    return [f"{p.resolve().parent.name}/{n}" if names.count(n) > 1 else n for p, n in zip(paths, names)]


# -- rendering ---------------------------------------------------------------------------

STYLE = """body{font-family:system-ui,sans-serif;max-width:1150px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:0.5em 0 1.5em;font-size:0.85em}th,td{border:1px solid #ccc;padding:3px 7px;
text-align:left;vertical-align:top}th{background:#eef3f8}img{max-width:100%;display:block;margin:0.5em 0 1.5em}
caption{caption-side:bottom;text-align:left;color:#555;font-size:0.9em}h1{font-size:1.6em}
td.fine{background:#dff0d8}td.worth-a-look{background:#fcf0c8}td.unbalanced{background:#f6d3d3;font-weight:bold}"""


def cell(text: str, mark: bool) -> str:
    """A table cell; a verdict mark is coloured by its word (CSS class), so it reads at a glance."""
    kind = f" class='{text.replace(' ', '-')}'" if mark and text in ("fine", "worth a look", "unbalanced") else ""
    return f"<td{kind}>{html.escape(text)}</td>"


def to_html(blocks: list[tuple], title: str) -> str:
    out = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
           "<link rel='icon' href='data:,'>", f"<style>{STYLE}</style></head><body>", f"<h1>{html.escape(title)}</h1>"]
    for b in blocks:
        if b[0] == "h":
            out.append(f"<h{b[1]}>{html.escape(b[2])}</h{b[1]}>")
        elif b[0] == "p":
            out.append(f"<p>{html.escape(b[1])}</p>")
        elif b[0] == "table":
            head = "".join(f"<th>{html.escape(h)}</th>" for h in b[1])
            body = "".join("<tr>" + "".join(cell(c, i == b[4]) for i, c in enumerate(row)) + "</tr>" for row in b[2])
            cap = f"<caption>{html.escape(b[3])}</caption>" if b[3] else ""
            out.append(f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
        elif b[0] == "img":
            data = base64.b64encode(b[3]).decode()
            out.append(f"<img alt='{html.escape(b[2])}' src='data:image/png;base64,{data}'>")
    out.append("</body></html>")
    return "\n".join(out)


def to_markdown(blocks: list[tuple], title: str) -> str:
    out = [f"# {title}", ""]
    for b in blocks:
        if b[0] == "h":
            out += ["#" * b[1] + " " + b[2], ""]
        elif b[0] == "p":
            out += [b[1], ""]
        elif b[0] == "table":
            out += ["| " + " | ".join(b[1]) + " |", "|" + "---|" * len(b[1])]
            out += ["| " + " | ".join(f"**{c}**" if i == b[4] and c != "-" else c.replace("|", "\\|")
                                      for i, c in enumerate(row)) + " |" for row in b[2]]
            out += ([f"_{b[3]}_"] if b[3] else []) + [""]
        elif b[0] == "img":
            out += [f"![{b[2]}]({b[1]}.png)", ""]
    return "\n".join(out)
