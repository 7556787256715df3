"""Concordia's words that its UI translates from data at run time (goods, route kinds, labels kept in tables
...).

Marked with ``N_`` so that Babel extracts them into the domain's catalog (``make po``); the code that shows
one passes it to ``t`` then. Nothing imports this module for its value."""

from __future__ import annotations

from tui.i18n import N_

WORDS: tuple[str, ...] = (
    N_("brick"),
    N_("food"),
    N_("tool"),
    N_("wine"),
    N_("cloth"),
    N_("land"),
    N_("sea"),
    N_("sestertii"),
    N_("Mac Gerdts' game of trade in the Roman Empire, with Venus"),
    N_("Interim scoring (at each player's first Tribune)"),
    N_("Display"),
    N_("cloth side (base)"),
    N_("wine side (Venus)"),
    N_("Small Ionium (without zone B, 2-3 players)"),
    N_("Base game"),
    N_("Venus"),
    N_("Venus team game"),
    N_("Venus team"),
    N_("Teams"),
    N_("greedy"),
    N_("the individual game is for 2 to 5 players"),
    N_("the Venus team game is for 4 or 6 players (teams of two)"),
    N_("only Ionium has a small variant (without zone B)"),
    N_("Move {kind} colonist from {src} to {dst}"),
    N_("free land route"),
    N_("free sea route"),
    N_("a player's house (in a city) or colonist (on a route)"),
    N_("colonists standing in a city (lower-case seat letter)"),
    N_("highlighted route: a colonist can reach it for that many movement points"),
    N_("Undone."),
    N_("Top card"),
    N_("{route}: {cost} movement points"),
    N_("{province}: produce {good}"),
    N_("{city}: build for {cost}"),
    N_("Undo"),
    N_("Hint"),
    N_("Help"),
    N_("Map/list"),
    N_("Leave"),
    N_("Close"),
    N_("Look at the board"),
    N_("Store"),
    N_("Next target"),
    N_("Previous target"),
    N_("Choose target"),
    N_("Back to the list"),
    N_("Overview"),
    N_("Zoom"),
    N_("Legend"),
)
