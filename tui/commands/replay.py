"""``concordia replay PATH``: print a saved game's log (one line per decision) and its score breakdown.

Any game: the save names its game, the log is replayed through that game's ``new_game`` and ``apply``, each
decision is printed as its text (``str(action)``), and the scores come from ``final_scores()`` (points per
source, ``breakdown``).
"""

from __future__ import annotations

import argparse
from typing import Any

from engine.core import games


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser], game: str = games.DEFAULT) -> None:
    p = sub.add_parser(
        "replay",
        help="print a saved game's log and scores",
        description="Check a save by replaying it, then print every decision (turn, player, action) and the "
        "scores per source (for a running game: the scores if it ended now).",
    )
    p.add_argument("path", metavar="PATH", help="a save file (see 'concordia saves')")
    p.add_argument("--game", choices=games.ids(), default=None,
                   help="refuse the file unless it holds this game (default: any game)")


def seat_name(seat: Any) -> str:
    """``Bot 2 (normal)``: a bot seat shows its level once, also when its name already carries it."""
    if seat.bot is None or f"({seat.bot})" in seat.name:
        return str(seat.name)
    return f"{seat.name} ({seat.bot})"


def source_word(game: str, source: str) -> str:
    """A score source (a ``breakdown`` key: ``fame``, ``saturnus``) as a heading in the current language, in the
    game's own words where its catalog has them (``tui.games.module_name``: the shell names no game)."""
    from tui.games import module_name
    from tui.i18n import language, t_as

    word = t_as(module_name(game), source) if language() != "en" else source
    return word[:1].upper() + word[1:]


def run(args: argparse.Namespace) -> int:
    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from saves import SaveError
    from saves.replay import turn_of
    from saves.store import load
    from tui.i18n import t, tn

    from .options import describe

    game = load(args.path)
    info = games.get(game.game)
    wanted = getattr(args, "game", None)
    if wanted is not None and wanted != game.game:
        raise SaveError(f"{args.path} holds a game of {info.title}, not of {games.get(wanted).title}")
    console = Console(highlight=False)
    if not console.is_terminal:  # a file or a pipe: one line per decision, never wrapped (grep must find it)
        console = Console(highlight=False, soft_wrap=True, width=max(console.width, 160))
    names = [seat_name(s) for s in game.seats]
    cfg = game.config
    setup = describe(cfg.to_dict())
    console.print(Text(t("{title}: {game}, {players} players, seed {seed}, {n} decisions").format(
        title=game.title or game.game_id, game=info.title + (f", {setup}" if setup else ""), players=cfg.players,
        seed=game.seed, n=len(game.actions))))
    width = max(len(n) for n in names)
    state = info.new_game(cfg, game.seed)
    for i, text in enumerate(game.actions):
        p = state.current_player
        turn = turn_of(state)
        when = t("turn {n}").format(n=f"{turn + 1:3d}") if turn is not None else f"{i + 1:4d}."
        console.print(Text(f"{when}  P{p + 1} {names[p]:<{width}}  {text}"))
        state.apply(text)
    scores = state.final_scores()
    sources = list(dict.fromkeys(k for ps in scores.players for k in ps.breakdown))
    finished = state.is_over
    turn = turn_of(state)
    after = (tn("after {n} turn", "after {n} turns", turn).format(n=turn) if turn is not None
             else tn("after {n} decision", "after {n} decisions", len(game.actions)).format(n=len(game.actions)))
    title = (t("Final scores") if finished
             else t("Not finished ({after}): the scores if it ended now").format(after=after))
    table = Table(title=Text(title), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(t("Points"))
    for ps in scores.players:
        table.add_column(f"P{ps.player + 1}", justify="right")
    for source in sources:
        table.add_row(Text(source_word(game.game, source)),
                      *(Text(str(ps.breakdown.get(source, 0))) for ps in scores.players))
    table.add_row(Text(t("Total")), *(Text(str(ps.total)) for ps in scores.players), style="bold")
    for i, name in enumerate(names):
        console.print(Text(f"P{i + 1}: {name}"))
    console.print(table)
    teams = getattr(scores, "teams", None)
    if teams and getattr(scores, "team_totals", None):
        for team, total in zip(teams, scores.team_totals, strict=False):
            console.print(Text(t("team {seats}: {total} points").format(
                seats=" + ".join(f"P{q + 1}" for q in team), total=total)))
    if finished:
        winner = f"P{scores.winner + 1} {names[scores.winner]}"
        line = t("winner: {name} (after the tie-break)") if scores.tie_break else t("winner: {name}")
        console.print(Text(line.format(name=winner)))
    return 0
