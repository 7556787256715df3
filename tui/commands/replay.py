"""``concordia replay PATH``: print a saved game's log (one line per decision) and its scores per god."""

from __future__ import annotations

import argparse

from engine.concordia import new_game
from engine.concordia.actions import parse as parse_action_text


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "replay",
        help="print a saved game's log and scores",
        description="Check a save by replaying it, then print every decision (turn, player, action) and the "
        "scores per god (for a running game: the scores if it ended now).",
    )
    p.add_argument("path", metavar="PATH", help="a save file (see 'concordia saves')")


def run(args: argparse.Namespace) -> int:
    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from saves.store import load

    game = load(args.path)
    console = Console(highlight=False)
    names = [s.name if s.bot is None else f"{s.name} ({s.bot})" for s in game.seats]
    cfg = game.config
    console.print(Text(f"{game.title or game.game_id}: {cfg.map}, {cfg.variant}, {cfg.players} players, "
                       f"seed {game.seed}, {len(game.actions)} decisions"))
    width = max(len(n) for n in names)
    state = new_game(cfg, game.seed)
    for text in game.actions:
        p = state.current_player
        console.print(Text(f"turn {state.turn + 1:3d}  P{p + 1} {names[p]:<{width}}  {text}"))
        state.apply(parse_action_text(text))
    scores = state.final_scores()
    gods = list(dict.fromkeys(g for ps in scores.players for g in ps.gods))
    finished = state.is_over
    title = "Final scores" if finished else f"Not finished (after {state.turn} turns): the scores if it ended now"
    table = Table(title=Text(title), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("God")
    for ps in scores.players:
        table.add_column(f"P{ps.player + 1}", justify="right")
    for g in gods:
        table.add_row(Text(g.capitalize()), *(Text(str(ps.gods.get(g, 0))) for ps in scores.players))
    table.add_row(Text("Concordia"), *(Text(str(ps.concordia)) for ps in scores.players))
    table.add_row(Text("Total"), *(Text(str(ps.total)) for ps in scores.players), style="bold")
    for i, name in enumerate(names):
        console.print(Text(f"P{i + 1}: {name}"))
    console.print(table)
    if scores.teams and scores.team_totals:
        for team, total in zip(scores.teams, scores.team_totals, strict=False):
            console.print(Text(f"team {' + '.join(f'P{q + 1}' for q in team)}: {total} VP"))
    if finished:
        tie = " (tie broken by the Praefectus Magnus)" if scores.tie_break else ""
        console.print(Text(f"winner: P{scores.winner + 1} {names[scores.winner]}{tie}"))
    return 0
