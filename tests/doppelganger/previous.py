"""The hunter's previous, hand-set weights (each line's comment in
sim/games/doppelganger/content.toml's [bots]), as --set values: for the tests and figures whose
sequence or effect was that bot's play. The tuned weights are the default since 2026-11-27."""
PREVIOUS_HUNTER = tuple(f"bots.{k}={v}" for k, v in dict(
    reveal=1.0, who_step=1.6, info=0.15, focus=0.6, gift=4.0, setup=3.0, weapon_kill=3.0, weapon_maybe=0.5,
    deny_own=1.5, deny_hidden=0.3, reveal_who_cost=1.0, reveal_vuln_cost=1.2, pair_cost=1.5, true_form_cost=5.0,
    contest=0.0, patience=3).items())
