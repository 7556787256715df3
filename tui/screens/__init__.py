"""The app's screens: one module per screen (title, new game, game, load, rules, settings, ...)."""
