"""The map as a fixed character layout: its format, the generator, the stored layouts, a validator and a renderer.

A layout puts every city, route line, colonist space, province name and bonus marker of a board at fixed
cells of a character grid, so the drawing never moves during a game. ``generate`` makes one from any map in
the engine's format; the result is stored as JSON under ``layouts/`` (and can be tuned by hand there);
``validate`` proves that a layout, drawn, shows every route as a connected line with its colonist space on
it and that no labels overlap; ``render`` turns a layout and a game state into rows of styled cells.
"""
