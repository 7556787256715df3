"""The baseline of the start-up benchmark: the smallest Textual app that paints one line, "Quick game".

``tests/bench/test_startup_bench.py`` starts it and ``concordia`` side by side through a pseudo-terminal and
compares the time to the first painted "Quick".
"""

from textual.app import App, ComposeResult
from textual.widgets import Static


class Minimal(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Quick game")


if __name__ == "__main__":
    Minimal().run()
