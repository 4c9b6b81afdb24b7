"""The heuristic's previous, hand-set weights (each line's comment in
sim/games/emerald/content.toml's [bots]; greedy reads five of them), as --set values: for the
tests and figures whose sequence or effect was that bot's play. The tuned weights are the
default since 2026-11-28."""
PREVIOUS_HEURISTIC = tuple(f"bots.{k}={v}" for k, v in dict(
    vp=1.0, track=1.0, card=1.5, majority=0.6, agent=0.4, belief_push=0.35, belief_royal=1.5, hunt=2.0,
    guard=1.5, end_lead=0.3, h_track=1.0, h_vp=1.0, push=0.6, royal_guard=0.5, deny=0.5).items())
