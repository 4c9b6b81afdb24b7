"""The heuristic's previous, hand-set weights (each heuristic_* line's comment in
sim/games/bastille/content.toml), as --set values: for the tests whose worked sequence or
effect was that bot's play. The tuned weights are the default since 2026-11-27."""
PREVIOUS_HEURISTIC = tuple(f"bots.heuristic_{k}={v}" for k, v in dict(
    coin=0.6, step=0.5, henchman=1.2, torch=1.0, upgrade=0.5, start=0.5, character=1.0, gem=1.0, crown=0.8,
    flag=0.3, need=2.0, mission=3.0, unarmed=1.5, bump=0.5, card=3.5, keep=0.05).items())
