"""What a choice will do, on its line before it is made (issue 29): a move's field action and cost, the landscape
a taken tile then scores, and per seat what a scoring gives. The numbers come from the engine playing the
choice on a copy (``tui.colosseum.preview``); these tests set positions by hand and check them against the
rules (R-MOVE-POINTS, R-MOVE-FAME, R-ACT-B2, R-SCORE-LAND, R-SCORE-STABLE, R-HAND-SUPPLY)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.colosseum import actions as act
from engine.colosseum.components import components
from tests.colosseum.helpers import fresh, rows, set_hand, tiles
from tui import glyphs
from tui.colosseum.choices import choice_lines, preview_text
from tui.colosseum.last_round import Tracker, round_text, trail
from tui.i18n import set_language


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")
    glyphs.use_ascii(False)


def _at_d(points_fame: int = 10) -> object:
    """Seat 0 of 4 on field D (1D) with the scoring choice before it."""
    s = fresh(players=4)
    s.players[0].fame = points_fame
    s.apply(act.Move(7))  # round the loop back to D: 2 points, then fame
    assert s.phase == "choice"
    return s


def test_score_rows_say_each_seats_cards_as_the_engine_deals_them() -> None:
    """R-SCORE-LAND, R-HAND-SUPPLY: seats take in turn from the pile; an empty pile gives 1 fame instead."""
    s = _at_d()
    for q, n in enumerate((3, 0, 2, 1)):
        rows(s, q, river=n)
    s.supply[0] = 4  # water: seat 1 takes 3, seat 3 the last one, seat 4 finds the pile empty
    score_river = next(a for a in s.legal_actions() if isinstance(a, act.Score) and a.kind == 0)
    line = choice_lines(s, score_river)[0]
    assert line == "Score river: 1 +3, 2 0, 3 +1, 4 +1 fame"
    text = preview_text(s, score_river, ["1 You", "2 Ben", "3 Cleo", "4 Dora"]).plain
    assert text.startswith("River is scored for everyone:")
    assert "1 You: 3 cards or +1 fame" in text and "3 Cleo: 1 card or +1 fame" in text
    assert "4 Dora: +1 fame (the pile is empty)" in text and "Nothing for: 2" in text


def test_the_stable_row_says_the_points_each_reset_gives_back() -> None:
    """R-SCORE-STABLE: a seat whose marker stands on wheel p gets p points back by a reset."""
    s = _at_d()
    s.players[1].marker, s.players[2].marker = 2, 0
    score_stable = next(a for a in s.legal_actions() if isinstance(a, act.Score) and a.kind == 4)
    line = choice_lines(s, score_stable)[0]
    # seat 1 paid its 2 points to go round the loop: marker on wheel 2
    assert line == "Score stable: 1 →2, 2 →2, 3 0, 4 0"


def test_a_move_row_says_the_field_action_and_what_it_costs() -> None:
    """R-MOVE-FREE, R-MOVE-POINTS, R-MOVE-FAME: 1 field free, then points (2 at the start), then fame."""
    s = fresh(players=4)
    s.players[0].fame = 1
    set_hand(s, 0, "W1")  # a card to give for a storage tile (with none, the engine skips the field)
    lines = {a.steps: choice_lines(s, a) for a in s.legal_actions() if isinstance(a, act.Move)}
    assert sorted(lines) == [1, 2, 3, 4]
    assert lines[2][0] == "Move 2 to 3A: storage tile (1 pt)"
    assert lines[4][0].startswith("Move 4 to 5B: ") and lines[4][0].endswith("(2 pts, 1 fame)")
    assert lines[1][0].endswith("(free)")


def test_take_the_tile_says_which_landscape_it_then_scores_and_each_seats_cards() -> None:
    """R-ACT-B2: the row's next tile comes to the front and its landscape is scored; the tile taken counts."""
    s = fresh(players=4)
    b = components().blue_index[1]
    s.land_rows[b] = tiles("forest", "mountain", "river")
    set_hand(s, 0, "W3 G3 H3 S3")  # pays any part: the field offers tile or build, no forced tile
    for q, n in enumerate((0, 2, 0, 1)):
        rows(s, q, mountain=n)
    s.apply(act.Move(1))
    assert s.phase == "blue"
    tile = next(a for a in s.legal_actions() if isinstance(a, act.Tile))
    line = choice_lines(s, tile)[0]
    assert line == "Take the tile: forest, scores mountain: 1 0, 2 +2, 3 0, 4 +1"
    assert "You take forest." in preview_text(s, tile, ["1 You", "2 B", "3 C", "4 D"]).plain


def test_a_tile_that_empties_its_row_tells_no_face_down_tile() -> None:
    """R-ACT-B3: the refill comes face down from stack II, so the preview says so and names no landscape."""
    s = fresh(players=4)
    b = components().blue_index[1]
    s.land_rows[b] = tiles("forest")
    set_hand(s, 0, "W3 G3 H3 S3")
    s.apply(act.Move(1))
    tile = next(a for a in s.legal_actions() if isinstance(a, act.Tile))
    forms = choice_lines(s, tile)
    assert forms[0] == "Take the tile: forest, the row is refilled from the stack"
    assert "scores" not in " ".join(forms)


def test_the_last_round_tells_each_other_seats_turn_and_where_its_consul_went() -> None:
    """The others' turns since seat 0's last, from the engine's events of each action the session applied."""

    class Log:
        def __init__(self, state: object) -> None:
            self.state = state
            self.actions: list[str] = []

        def play(self, action: object) -> None:
            self.state.apply(action)  # type: ignore[attr-defined]
            self.actions.append(str(action))

    s = fresh(players=3)
    session = Log(s)
    tracker = Tracker()
    tracker.update(session)
    session.play(act.Move(2))  # seat 0 to 3A: no card to give, nothing to do
    session.play(act.Move(2))  # seat 1 to 5B (1 pt): its forced tile starts a scoring
    while s.current_player != 0 or s.phase != "move":
        session.play(s.legal_actions()[-1])
    tracker.update(session)
    turns = tracker.turns(0, 3)
    assert [turn[0].holder for turn in turns] == [1, 2]
    assert trail(turns)[0] == (1, 4)
    text = round_text(turns, ["1 You", "2 Ben", "3 Cleo"]).plain
    assert text.splitlines()[0].startswith("2: →5B (1 pt) · tile ")
    session.play(act.Move(1))  # seat 0's own turn under way: the others' turns before it stay on show
    tracker.update(session)
    assert [turn[0].holder for turn in tracker.turns(0, 3)] == [1, 2]


def test_a_decision_plays_each_choice_once_however_often_the_cursor_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lines and the highlighted choice's preview share one play on a copy per choice (``Previews``)."""
    from tui.colosseum import preview
    from tui.colosseum.choices import Previews

    s = fresh(players=4)
    played: list[object] = []
    real = preview.outcome

    def counting(state: object, action: object) -> preview.Outcome:
        played.append(action)
        return real(state, action)

    monkeypatch.setattr(preview, "outcome", counting)
    legal = s.legal_actions()
    previews = Previews(s, legal)
    lines = [previews.lines(i) for i in range(len(legal))]
    for _ in range(3):  # the cursor up and down the list
        for i in range(len(legal)):
            previews.text(i, ["1 You", "2 B", "3 C", "4 D"])
    assert sorted(map(str, played)) == sorted(map(str, legal))
    assert lines == [choice_lines(s, a) for a in legal]
    assert previews.text(0, ["1 You", "2 B", "3 C", "4 D"]).plain == \
        preview_text(s, legal[0], ["1 You", "2 B", "3 C", "4 D"]).plain


def test_a_choice_the_engine_refuses_shows_its_plain_words_and_other_errors_are_not_hidden(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the engine's IllegalAction (a list older than the state) falls back to the plain words; a bug in
    a preview raises instead of silently dropping the numbers."""
    from engine.core.errors import IllegalAction
    from tui.colosseum import preview
    from tui.colosseum.text import choice_text

    s = fresh(players=4)
    move = s.legal_actions()[0]

    def refuse(state: object, action: object) -> preview.Outcome:
        raise IllegalAction("not now")

    monkeypatch.setattr(preview, "outcome", refuse)
    assert choice_lines(s, move) == [choice_text(s, move)]
    assert preview_text(s, move, ["1 You", "2 B", "3 C", "4 D"]).plain == ""

    def broken(state: object, action: object) -> preview.Outcome:
        raise KeyError("bug")

    monkeypatch.setattr(preview, "outcome", broken)
    with pytest.raises(KeyError):
        choice_lines(s, move)
