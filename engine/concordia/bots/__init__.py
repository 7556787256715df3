"""Concordia's bot knowledge: the evaluation, the greedy bot and the search bot (moved from engine/bots)."""
