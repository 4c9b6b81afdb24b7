"""Content TOML: loading, variant overlays, ``--set`` overrides and validation.

A game's content file holds every number of the game. Reserved tables:

- ``[ranges]``: ``"dotted.key" = [min, max]`` for every number; ``*`` matches any list
  index or table key. Overrides and variants are checked against these.
- ``[variants.NAME]``: an overlay deep-merged over the base (lists replace whole).
- ``[groups.NAME]``: ``choices = [...]`` variants of which exactly one is in force, and its
  ``default`` (Banquet's scenario, basic/full rules). A choice needs no ``[variants]``
  overlay when it is the base content as printed.
- ``[bots]``: bot weights (numbers, ranged like the rest).
- ``[names]``: ``"list.key" = ...`` names the entries of a list for ``balance games --params``:
  a list of names, the dotted key of another content list holding them, or a ``"{field}"``
  pattern filled from each entry (a list of tables). ``*`` matches any index. A list of
  tables whose entries have a ``name`` field needs no line.

Other tables may carry ``reconstructed = "reason"`` to mark values the rulebook does not print
(``printed_keys = ["key", ..]`` then names those of its values the rulebook does print), and ``readings = ["key", ..]`` to mark which of their keys settle a rule the rulebook leaves
silent or ambiguous: each such key's comment says the reading and why (``balance games
--content GAME`` lists them).
"""
from __future__ import annotations

import copy
import difflib
import fnmatch
import functools
import hashlib
import json
import re
import tomllib
from pathlib import Path
from typing import Any

from sim.errors import UserError

RESERVED = ("ranges", "variants", "names", "groups")
TEXT_KEYS = ("reconstructed", "provenance", "name", "title", "note", "readings")


def load_toml(path: Path) -> dict:
    """The parsed file, a fresh copy each call (callers edit it in place)."""
    return copy.deepcopy(parsed_toml(path))


def parsed_toml(path: Path) -> dict:
    """The parsed file, shared: never edit it. A file is parsed again only when it changes,
    since sweeps and tests load the same content thousands of times."""
    try:
        st = Path(path).stat()
        return _parse_toml(str(path), st.st_mtime_ns, st.st_size)
    except FileNotFoundError:
        raise UserError(str(path), None, "file not found") from None
    except tomllib.TOMLDecodeError as e:
        raise UserError(str(path), None, f"not valid TOML ({e})") from None
    except UnicodeDecodeError:
        raise UserError(str(path), None, "not valid TOML (not UTF-8 text)") from None
    except OSError as e:
        raise UserError(str(path), None, f"cannot read ({e.strerror or e})") from None


@functools.lru_cache(maxsize=32)
def _parse_toml(path: str, mtime_ns: int, size: int) -> dict:
    with open(path, "rb") as f:
        return tomllib.load(f)


def deep_merge(base: dict, overlay: dict) -> dict:
    """A new dict: base with overlay merged over it (tables merge, anything else replaces)."""
    return merge_into(copy.deepcopy(base), overlay)


def merge_into(out: dict, overlay: dict) -> dict:
    """deep_merge in place: out (a private copy) takes a copy of overlay's values."""
    for k, v in overlay.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            merge_into(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


def parse_value(text: str) -> Any:
    """A --set value: any TOML value (7, 2.5, true, [1,2]); anything else is a string."""
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def set_dotted(doc: dict, key: str, value: Any, where: str) -> None:
    parts = key.split(".")
    node: Any = doc
    for i, p in enumerate(parts):
        last = i == len(parts) - 1
        if isinstance(node, list):
            if not p.isdigit() or int(p) >= len(node):
                raise UserError(where, key, f"'{p}' is not an index of a list of {len(node)}")
            if last:
                node[int(p)] = value
            else:
                node = node[int(p)]
        elif isinstance(node, dict):
            if p not in node or p in RESERVED and i == 0:
                hint = nearest(key, dotted_keys(doc))
                raise UserError(where, key, "unknown key" + (f", did you mean '{hint}'?" if hint else "")
                                + " (see `balance games --params GAME`)")
            if last:
                node[p] = value
            else:
                node = node[p]
        else:
            raise UserError(where, key, "is a value, not a table")


def dotted_keys(node: Any, key: str = "") -> list[str]:
    """Every dotted key of a document, tables and lists included (what ``--set`` may name)."""
    out = [key] if key else []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        if not (key == "" and k in RESERVED):
            out += dotted_keys(v, f"{key}.{k}".lstrip("."))
    return out


def nearest(word: str, candidates: list[str]) -> str | None:
    """The candidate closest to a mistyped word, if any is close (for "did you mean" hints)."""
    close = difflib.get_close_matches(word, candidates, n=1, cutoff=0.6)
    return close[0] if close else None


def _scan(line: str) -> tuple[str, str | None, int]:
    """(code, comment or None, brackets opened minus closed) of one TOML line; a ``#`` or a
    bracket inside a quoted string is text (strings spanning lines are not expected)."""
    quote, depth, i = None, 0, 0
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i], line[i + 1:].strip(), depth
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        i += 1
    return line, None, depth


def read_comments(path: Path) -> dict[str, str]:
    """The comment of every key of a TOML file: the ``#`` lines right above it (a blank line
    ends a block) and the ``#`` at the end of its line, joined. tomllib drops comments, so
    this reads the lines. A key inside ``[[a.b]]`` tables is ``a.b.*.key``; the comment
    above a ``[table]`` or ``[[a.b]]`` header is the table's (``a.b``)."""
    out: dict[str, str] = {}
    table, above, depth = "", [], 0
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        code, comment, opened = _scan(line)
        if depth > 0:                       # inside a value that spans lines
            depth += opened
            continue
        code = code.strip()
        if not code:
            above = above + [comment] if comment is not None else []
            continue
        if code.startswith("["):
            name = code.strip("[]").strip().replace('"', "")
            key, table = name, name + (".*" if code.startswith("[[") else "")
        else:
            name = code.split("=", 1)[0].strip().strip('"')
            key = f"{table}.{name}".lstrip(".")
            depth = opened
        text = " ".join(c for c in above + [comment] if c)
        if text:
            out[key] = text
        above = []
    return out


def _kind(v: Any) -> str:
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, (int, float)):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "list"
    if isinstance(v, dict):
        return "table"
    return type(v).__name__


def find_range(ranges: dict, key: str) -> list | None:
    """The range of key: its own entry, else the first pattern of the same depth that matches."""
    if key in ranges:
        return ranges[key]
    patterns = tuple(ranges)
    matcher = range_patterns(patterns).get(key.count("."))
    m = matcher.fullmatch(key) if matcher else None
    return ranges[patterns[int(m.lastgroup[1:])]] if m else None


@functools.lru_cache(maxsize=64)
def range_patterns(patterns: tuple[str, ...]) -> dict[int, re.Pattern]:
    """The patterns of a [ranges] table by depth (dots), each depth's as one regex whose first
    matching alternative (group p<i>, patterns[i]) is the first matching pattern in the file's
    order. A content of 800 values is validated for every setting a sensitivity or a test
    visits, and one fnmatch per value and pattern took most of the time."""
    by_depth: dict[int, list[str]] = {}
    for i, p in enumerate(patterns):
        body = fnmatch.translate(p).removesuffix("\\Z")
        by_depth.setdefault(p.count("."), []).append(f"(?P<p{i}>{body})")
    return {d: re.compile("|".join(alts)) for d, alts in by_depth.items()}


def validate(doc: Any, shape: Any, ranges: dict, where: str, key: str = "") -> None:
    """Check doc against the shipped base content's shape and the declared ranges."""
    kind, want = _kind(doc), _kind(shape)
    if want == "number" and kind == "number":
        if isinstance(shape, int) and not isinstance(doc, int):
            if float(doc).is_integer():
                doc = int(doc)
            else:
                raise UserError(where, key, f"expected a whole number, got {doc!r}")
        r = find_range(ranges, key)
        if r is None:
            raise UserError(where, key, "has no declared range in [ranges]")
        if not r[0] <= doc <= r[1]:
            raise UserError(where, key, f"expected a value in {r[0]}..{r[1]}, got {doc!r}")
        return
    if kind != want:
        raise UserError(where, key, f"expected a {want}, got {kind} {doc!r}")
    if kind == "table":
        for k in doc:
            if k not in shape:
                raise UserError(where, f"{key}.{k}".lstrip("."), "unknown key")
        for k in shape:
            if k not in doc:
                raise UserError(where, f"{key}.{k}".lstrip("."), "missing")
            validate(doc[k], shape[k], ranges, where, f"{key}.{k}".lstrip("."))
    elif kind == "list" and shape:
        r = find_range(ranges, f"{key}.#")
        if r is not None and not r[0] <= len(doc) <= r[1]:
            raise UserError(where, key, f"expected {r[0]}..{r[1]} entries, got {len(doc)}")
        item_shape = _item_shape(shape)
        for i, item in enumerate(doc):
            validate(item, item_shape, ranges, where, f"{key}.{i}")


def value_at(node: Any, key: str, shape: bool = False) -> Any:
    """The value at a dotted key; in a shape (shape=True) a list index reads the shape every
    entry of the list must have."""
    for p in key.split("."):
        if isinstance(node, list):
            node = _item_shape(node) if shape else node[int(p)]
        else:
            node = node[p]
    return node


def _validate_once(path: Path, shape_path: Path, variants: tuple[str, ...], doc: dict) -> None:
    """validate() of a file with its variants (doc, before any --set), once per file version:
    sweeps and tests build the same content with one value changed thousands of times."""
    st, sh = Path(path).stat(), Path(shape_path).stat()
    _validated((str(path), st.st_mtime_ns, st.st_size), (str(shape_path), sh.st_mtime_ns, sh.st_size),
               variants, _Doc(doc))


class _Doc:
    """doc rides along the cache key of _validated without being part of it (it follows from
    the rest of the key)."""
    def __init__(self, doc: dict):
        self.doc = doc

    def __hash__(self) -> int:
        return 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Doc)


@functools.lru_cache(maxsize=64)
def _validated(file: tuple, shape_file: tuple, variants: tuple[str, ...], doc: _Doc) -> bool:
    path = Path(file[0])
    validate(doc.doc, file_shape(Path(shape_file[0])), parsed_toml(path).get("ranges", {}), path.name)
    return True


def _item_shape(items: list) -> Any:
    """What every entry of a list must look like: a card table has every field any card has.
    Remembered per list: the shapes are the shared parse of the shipped file (``file_shape``)."""
    known = _ITEM_SHAPES.get(id(items))
    if known is not None and known[0] is items:
        return known[1]
    if all(isinstance(i, dict) for i in items):
        merged: dict = {}
        for i in items:
            merged = deep_merge(merged, i)
    else:
        merged = items[0]
    _ITEM_SHAPES[id(items)] = (items, merged)
    return merged


_ITEM_SHAPES: dict[int, tuple[list, Any]] = {}


class Content:
    """A game's content file with variants and overrides applied and validated."""

    def __init__(self, path: Path, variants: tuple[str, ...] = (), sets: tuple[str, ...] = (),
                 shape_from: Path | None = None):
        """shape_from: the shipped content file a replacement file must match (default: path)."""
        self.path = Path(path)
        raw = parsed_toml(self.path)        # shared: read here, copied into doc below
        self.ranges = raw.get("ranges", {})
        self.variant_overlays = raw.get("variants", {})
        self.groups = read_groups(raw, self.path.name)
        self.name_table = raw.get("names", {})
        self._entry_names: dict[str, list[str]] = {}
        self._comments: dict[str, str] | None = None
        where = self.path.name
        doc = copy.deepcopy({k: v for k, v in raw.items() if k not in RESERVED})
        self.variants = self.resolve(variants)
        for v in self.variants:
            merge_into(doc, self.variant_overlays.get(v, {}))
        shape = file_shape(Path(shape_from or self.path))
        _validate_once(self.path, Path(shape_from or self.path), self.variants, doc)
        self.sets = tuple(sets)
        keys = []
        for s in self.sets:
            if "=" not in s:
                raise UserError("--set", s, "expected key=value")
            k, v = s.split("=", 1)
            set_dotted(doc, k.strip(), parse_value(v.strip()), "--set")
            keys.append(k.strip())
        for k in keys:      # the rest of doc is the file and variants, validated above
            validate(value_at(doc, k), value_at(shape, k, shape=True), self.ranges, where, k)
        self.doc = doc

    def known_variants(self) -> list[str]:
        """Every variant name: the group choices, then the free overlays."""
        chosen = [c for choices, _ in self.groups.values() for c in choices]
        return chosen + [v for v in self.variant_overlays if v not in chosen]

    def resolve(self, variants: tuple[str, ...] | list[str]) -> tuple[str, ...]:
        """The variants in force: one choice of every group (its default unless one is asked
        for), in group order, then the free variants asked for, in the content file's order.
        Two choices of one group or an unknown name is a UserError."""
        asked = [v for v in variants if v != "base"]
        known = self.known_variants()
        for v in asked:
            if v not in known:
                raise UserError(self.path.name, "--variant",
                                f"unknown variant '{v}' (expected one of: {', '.join(['base', *known])})")
        out = []
        for name, (choices, default) in self.groups.items():
            picked = [v for v in asked if v in choices]
            if len(picked) > 1:
                raise UserError(self.path.name, "--variant", f"{' and '.join(picked)} are both of group "
                                f"'{name}': choose one of {', '.join(choices)}")
            out.append(picked[0] if picked else default)
        grouped = {c for choices, _ in self.groups.values() for c in choices}
        # the content file's order, whatever the order asked: one label and one overlay order
        return tuple(out + [v for v in known if v in asked and v not in grouped])

    def __getitem__(self, key: str) -> Any:
        return self.doc[key]

    def get(self, dotted: str) -> Any:
        node: Any = self.doc
        for p in dotted.split("."):
            node = node[int(p)] if isinstance(node, list) else node[p]
        return node

    def hash(self) -> str:
        """Hash of everything that decides play: the effective content (the file, its variant
        overlays and the --set overrides applied) and the variants in force, which a game may
        read beyond its overlays (Banquet's scenario and rule set choose its kernel tables)."""
        blob = json.dumps({"content": self.doc, "variants": list(self.variants)}, sort_keys=True).encode()
        return hashlib.sha256(blob).hexdigest()[:16]

    def params(self) -> list[tuple[str, Any, list | None]]:
        """Every tunable number: (dotted key, value, [min, max])."""
        out: list[tuple[str, Any, list | None]] = []

        def walk(node: Any, key: str) -> None:
            if isinstance(node, dict):
                for k, v in node.items():
                    walk(v, f"{key}.{k}".lstrip("."))
            elif isinstance(node, list):
                for i, v in enumerate(node):
                    walk(v, f"{key}.{i}")
            elif _kind(node) == "number":
                out.append((key, node, find_range(self.ranges, key)))

        walk(self.doc, "")
        return out

    def entry_names(self, list_key: str) -> list[str]:
        """The names of the entries of the list at ``list_key`` from ``[names]`` (or the
        entries' own ``name`` fields); [] when its entries have no names."""
        if list_key not in self._entry_names:
            items, spec = self.get(list_key), find_range(self.name_table, list_key)
            where = f"{self.path.name} [names]"
            try:
                if spec is None:
                    names = [e["name"] for e in items] if all(isinstance(e, dict) and "name" in e
                                                               for e in items) else []
                elif isinstance(spec, list):
                    names = spec
                elif "{" in spec:
                    names = [spec.format_map(e) for e in items]
                else:
                    names = self.get(spec)
            except (KeyError, IndexError, ValueError, TypeError, AttributeError):
                raise UserError(where, list_key, f"cannot name the entries with {spec!r}") from None
            self._entry_names[list_key] = [str(n) for n in names]
        return self._entry_names[list_key]

    def names(self, key: str) -> list[str]:
        """The names of the list entries a dotted key passes through, outermost first
        (``board.spaces.1`` -> ``["Notre Dame"]``); an entry without a name is left out."""
        parts, out = key.split("."), []
        for i, p in enumerate(parts):
            if i and p.isdigit():
                names = self.entry_names(".".join(parts[:i]))
                if int(p) < len(names):
                    out.append(names[int(p)])
        return out

    def comment(self, key: str) -> str | None:
        """The content file's comment on a dotted key (see ``read_comments``); a list index
        also finds a comment written for ``*`` (a key inside ``[[table]]`` entries)."""
        if self._comments is None:
            self._comments = read_comments(self.path)
        starred = ".".join("*" if p.isdigit() else p for p in key.split("."))
        return self._comments.get(key) or self._comments.get(starred)

    def readings(self) -> list[tuple[str, Any, str]]:
        """Every switch a table marks as a reading: (dotted key, value in force, its comment)."""
        out = []

        def walk(node: Any, key: str) -> None:
            if not isinstance(node, dict):
                return
            for k in node.get("readings", []):
                dotted = f"{key}.{k}".lstrip(".")
                if k not in node:
                    raise UserError(self.path.name, f"{key}.readings".lstrip("."), f"'{k}' is not a key of [{key}]")
                out.append((dotted, node[k], self.comment(dotted) or ""))
            for k, v in node.items():
                walk(v, f"{key}.{k}".lstrip("."))

        walk(self.doc, "")
        return out

    def built_in(self) -> list[tuple[str, str]]:
        """Readings the code makes that are not switches: every table's ``note`` saying so."""
        out = []

        def walk(node: Any, key: str) -> None:
            if isinstance(node, dict):
                if "built in" in str(node.get("note", "")):
                    out.append((key, node["note"]))
                for k, v in node.items():
                    walk(v, f"{key}.{k}".lstrip("."))

        walk(self.doc, "")
        return out

    def caps(self) -> list[tuple[str, Any, str]]:
        """Safety caps that stop a game with no winner (keys ending in ``per_player_cap``; a
        printed limit such as Banquet's veto_cap is a rule, not one): (dotted key, value, comment)."""
        return [(k, v, self.comment(k) or "") for k, v, _ in self.params() if k.endswith("per_player_cap")]

    def reconstructed(self) -> list[tuple[str, str, list]]:
        """Tables marked ``reconstructed``: (table, reason, the values it names as printed).
        A list entry is named by its name where it has one (``characters.King``)."""
        out = []

        def walk(node: Any, key: str) -> None:
            if isinstance(node, dict):
                if "reconstructed" in node:
                    out.append((key, node["reconstructed"], node.get("printed_keys", [])))
                for k, v in node.items():
                    walk(v, f"{key}.{k}".lstrip("."))
            elif isinstance(node, list):        # entries of a list of tables, by name where they have one
                for i, v in enumerate(node):
                    walk(v, f"{key}.{v.get('name', i) if isinstance(v, dict) else i}")

        walk(self.doc, "")
        return out

    def reconstructed_keys(self) -> set[str]:
        """The dotted key (list entries by index, as ``params`` names them) of every value
        inside a table marked ``reconstructed``, but those its ``printed_keys`` name (values the
        rulebook does print, kept in the table beside the reconstructed ones): what `--only
        reconstructed` selects."""
        out: set[str] = set()
        printed: set[str] = set()

        def walk(node: Any, key: str, inside: bool) -> None:
            if isinstance(node, dict) and "reconstructed" in node:
                inside = True
                printed.update(self.printed_keys(key, node.get("printed_keys", [])))
            if isinstance(node, dict):
                for k, v in node.items():
                    walk(v, f"{key}.{k}".lstrip("."), inside)
            elif isinstance(node, list):
                for i, v in enumerate(node):
                    walk(v, f"{key}.{i}", inside)
            elif inside:
                out.add(key)

        walk(self.doc, "", False)
        return out - printed

    def printed_keys(self, table: str, keys: list) -> list[str]:
        """A reconstructed table's ``printed_keys`` as dotted keys: each is relative to the table
        and may name a list entry by its name (``game.Sebastian Moran.box``) or index; a key that
        is not a value of the table is an error, so a renamed card cannot drop out silently."""
        where = f"{table}.printed_keys".lstrip(".")
        out = []
        for rel in keys:
            parts, at = str(rel).split("."), table
            for p in parts:
                node = self.get(at) if at else self.doc
                if isinstance(node, list) and not p.isdigit():
                    names = self.entry_names(at)
                    if p not in names:
                        raise UserError(self.path.name, where, f"'{rel}': no entry named '{p}' in {at}")
                    p = str(names.index(p))
                at = f"{at}.{p}".lstrip(".")
            try:
                value = self.get(at)
            except (KeyError, IndexError, TypeError, ValueError):
                raise UserError(self.path.name, where, f"'{rel}' is not a value of [{table}]") from None
            if _kind(value) != "number":
                raise UserError(self.path.name, where, f"'{rel}' is not a number of [{table}]")
            out.append(at)
        return out


def shipped_content(path: Path) -> Content:
    """The shipped content file as it is (no variant, no override), shared: for questions
    about the file itself (its variants, groups, ranges), asked many times per command."""
    st = Path(path).stat()
    return _shipped(str(path), st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=32)
def _shipped(path: str, mtime_ns: int, size: int) -> Content:
    return Content(Path(path))


def read_groups(raw: dict, where: str) -> dict[str, tuple[list[str], str]]:
    """``[groups.NAME]`` -> {NAME: (choices, default)}, checked: a choice in one group only, the
    default one of the choices."""
    out: dict[str, tuple[list[str], str]] = {}
    seen: set[str] = set()
    for name, g in raw.get("groups", {}).items():
        key = f"groups.{name}"
        if not isinstance(g, dict) or not isinstance(g.get("choices"), list) or not g["choices"]:
            raise UserError(where, f"{key}.choices", "expected a list of variant names")
        choices = [str(c) for c in g["choices"]]
        if g.get("default") not in choices:
            raise UserError(where, f"{key}.default", f"expected one of {', '.join(choices)}")
        if seen & set(choices):
            raise UserError(where, key, f"{', '.join(sorted(seen & set(choices)))} already in another group")
        seen |= set(choices)
        out[name] = (choices, g["default"])
    return out


def file_shape(path: Path) -> dict:
    """The structure every effective content of a shipped file must have: its base plus any
    key a variant adds (shared: never edit it)."""
    st = Path(path).stat()
    return _shape(str(path), st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=32)
def _shape(path: str, mtime_ns: int, size: int) -> dict:
    raw = parsed_toml(Path(path))
    shape = {k: v for k, v in raw.items() if k not in RESERVED}
    for ov in raw.get("variants", {}).values():
        shape = deep_merge(shape, ov)
    return shape
