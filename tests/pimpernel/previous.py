"""The heuristic's previous, hand-set weights (each line's comment in
sim/games/pimpernel/content.toml's [bots]), as --set values: for the tests and figures whose
sequence or effect was that bot's play. The tuned weights are the default since 2026-11-27."""
PREVIOUS_HEURISTIC = tuple(f"bots.{k}={v}" for k, v in dict(
    leader_resources=1.6, leader_supporters=1.4, leader_first=1.3, leader_route=1.5, leader_location=1.4,
    majority=0.6, mission_cube=1.0, future_cube=0.35, route_denial=0.5, rest=0.55, move=0.4, pass_threshold=0.25,
    favor_tile=2.0, leader_floor=0.45, leader_last=1.25, building_need=1.0).items())
