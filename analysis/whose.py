"""Whose an answer is: every figure belongs to the bots that played it, so it is printed with
them ("with the heuristic bot"), never as a fact of the game alone."""
from __future__ import annotations

from collections.abc import Sequence


def playout_key(content) -> str | None:
    """The content key of the rollout bot's playout budget (bots.rollout_playouts), if any."""
    keys = [k for k in content.doc.get("bots", {}) if "playout" in k]
    return f"bots.{keys[0]}" if keys else None


def bot_label(bot: str, content=None) -> str:
    """A bot's name as a designer reads it; the rollout bot with its playout budget, the search
    bot with its iterations."""
    if bot == "rollout" and content is not None:
        key = playout_key(content)
        if key:
            return f"rollout ({content.get(key)} playouts)"
    if bot == "search" and content is not None and "search_iterations" in content.doc.get("bots", {}):
        return f"search ({content.get('bots.search_iterations'):g} iterations)"
    return bot


def lineup_label(bots: Sequence[str], content=None) -> str:
    """One bot in every seat -> its label; a mix -> the bots seat by seat."""
    bots = list(bots)
    if len(set(bots)) == 1:
        return bot_label(bots[0], content)
    return ", ".join(bot_label(b, content) for b in bots)


def with_bots(bots: Sequence[str], content=None, rotated: bool = False) -> str:
    """"with the heuristic bot" / "with the bots heuristic, greedy, greedy (seats rotated)"."""
    bots = list(bots)
    if len(set(bots)) == 1:
        return f"with the {bot_label(bots[0], content)} bot"
    return f"with the bots {lineup_label(bots, content)}" + (" (seats rotated)" if rotated else " (one per seat)")


def run_whose(meta: dict | None, stats=None) -> str:
    """The bots of a run, from its run.json (the content read for the rollout bot's budget), else
    from the statistics' bot column; "" when neither says."""
    cfg = (meta or {}).get("config") or {}
    bots = cfg.get("bots")
    if bots:
        players = int(cfg.get("players") or len(bots))
        bots = bots * players if len(bots) == 1 else bots
        content = None
        if "rollout" in bots and cfg.get("game"):
            from pathlib import Path

            from sim.errors import UserError
            from sim.registry import get_game

            try:
                game = get_game(cfg["game"])
                path = cfg.get("content_path")
                content = game.content(tuple(cfg.get("variants") or ()), tuple(cfg.get("sets") or ()),
                                       Path(path) if path else None)
            except (UserError, OSError):   # a game or content file since gone: the bot's name alone
                content = None
        return with_bots(bots, content, bool(cfg.get("rotate_seats")))
    if stats is not None and "bot" in stats.columns:
        names = sorted(set(stats["bot"].drop_nulls().to_list()))
        return f"with the {names[0]} bot" if len(names) == 1 else f"with the bots {', '.join(names)}"
    return ""
