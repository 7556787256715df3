"""The app shell's screens, one module per screen (title, choose a game, new game, load, rules, settings ...).

A game's own screens (its game screen, game over, help) live in its UI package, ``tui/<id>/``.
"""
