"""Widgets any game's screen can use: the choice list, the log panel, lazily drawn text lines, a text panel."""
