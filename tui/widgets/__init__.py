"""The game screen's panels, one widget per module: map, map_list, hand, market, warehouse, players, log, prompt."""
