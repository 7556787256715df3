"""Concordia's game screen panels, one widget per module: map, map_list, hand, market, warehouse, players, prompt."""
