"""The hint never runs past the decision panel's bottom (issue 21: a three-line hint was cut at 120x36): it takes
the rows the decision and two rows of choices leave, and scrolls in its box when it needs more, at 80x24,
120x36 and 200x60. The hint's reasons are worded (``events.reason_text``), never a raw list."""

from __future__ import annotations

import pytest
from textual.containers import VerticalScroll

from engine.concordia.actions import Play
from tests.tui.game_harness import GameApp, make_session, settle
from tui.concordia.hint import hint_lines
from tui.concordia.widgets.prompt import PromptPanel
from tui.widgets.text_panel import TextPanel

LONG_HINT = "The normal bot suggests:\n" + "\n".join(
    f"{i}. Play Architect: best, 0.4 VP ahead of the next (builds in Sirmium; goods -1 brick, -1 wine; "
    "-4 sestertii; score +5 VP now)" for i in (1, 2, 3))


@pytest.mark.parametrize("size", [(80, 24), (120, 36), (200, 60)])
async def test_a_long_hint_stays_inside_the_decision_panel(size: tuple[int, int]) -> None:
    app = GameApp(make_session("base", 7))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        prompt = app.screen.query_one("#prompt", PromptPanel)
        prompt.set_hint(LONG_HINT)
        for _ in range(3):
            await pilot.pause()
        inside = prompt.content_region
        box = prompt.query_one("#hint-box", VerticalScroll)
        hint = prompt.query_one("#hint", TextPanel)
        choices = prompt.query_one("#choices")
        assert box.display and box.region.height >= 1
        assert inside.y <= box.region.y and box.region.bottom <= inside.bottom, (box.region, inside)
        assert choices.region.height >= PromptPanel.CHOICE_ROWS_WITH_HINT
        wrapped = sum(-(-len(line) // hint.region.width) for line in LONG_HINT.split("\n"))
        assert box.virtual_size.height == hint.region.height == wrapped  # every line is there, to scroll to
        prompt.set_hint("")
        await pilot.pause()
        assert not box.display


def test_the_hint_words_the_bots_reason() -> None:
    """The greedy bot's reason is a list of (id, params); the hint words it instead of printing the list."""
    session = make_session("base", 7)
    s = session.state
    play = next(a for a in s.legal_actions() if isinstance(a, Play))
    lines = hint_lines(s, [(play, 1.0, [("money", {"amount": 2})]), (play, 0.5, "")])
    assert lines[0].endswith("(+2 sestertii)") and "[(" not in lines[0]


async def test_the_choice_under_the_cursor_stays_in_view_when_the_hint_shrinks_the_list() -> None:
    """Seen in the Hispania game: the hint put the cursor on the third card, then the list shrank to two rows
    for the hint, and the suggested row was out of view."""
    from tui.widgets.choice_list import ChoiceList

    app = GameApp(make_session("base", 7))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        prompt = app.screen.query_one("#prompt", PromptPanel)
        choices = prompt.query_one("#choices", ChoiceList)
        assert choices.option_count >= 4
        choices.highlighted = 3
        await pilot.pause()
        prompt.set_hint(LONG_HINT)
        for _ in range(3):
            await pilot.pause()
        top = choices.scroll_offset.y
        assert top <= choices.highlighted < top + choices.scrollable_content_region.height
