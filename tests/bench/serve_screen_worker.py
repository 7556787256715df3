"""One connection of ``test_serve_screens_bench.py``: a ``RemoteApp`` in the game's own screen, in its own process.

``concordia serve`` runs one app process per connection; this is that app without the SSH and the pty (headless
Textual at 120x36, so it composes and renders every frame as on a terminal, but writes no bytes). It connects
to the table server's socket with its own key, sits at (or watches) one table, plays a random legal decision
whenever its screen offers one, and prints one JSON line per event on stdout, timed with ``time.monotonic()``
(one clock for every process on the machine):

- ``{"drawn": N, "at": T}``: the screen finished redrawing for the update of decision count N;
- ``{"sent": N, "at": T}``: this seat sent the decision that makes the count N + 1;
- ``{"profile": TEXT}`` at the end, with ``--profile``: where this process spent its time (cProfile).

Usage: ``serve_screen_worker.py SOCKET KEY NAME TABLE ROLE DECISIONS [--profile]`` (ROLE: ``seat`` or
``watch``); it ends once the table has DECISIONS decisions or is over.
"""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import io
import json
import pstats
import random
import sys
import time
from typing import Any

from tui.serve.client import TableClient
from tui.serve.remote import RemoteApp
from tui.settings import Settings


def say(**fields: Any) -> None:
    sys.stdout.write(json.dumps(fields) + "\n")
    sys.stdout.flush()


async def run(path: str, key: str, name: str, table: str, role: str, decisions: int) -> None:
    client = await TableClient.connect(path, key, name)
    await client.request("watch", table=table)  # a seat's own connection follows its table this way too
    app = RemoteApp(client, [table] if role == "seat" else [], Settings().with_(pace="instant", confirm_end_turn=False))
    rng = random.Random(key)
    try:
        async with app.run_test(size=(120, 36)) as pilot:
            say(ready=True)
            while table not in app.sessions:
                u = client.latest.get(table)
                if role == "watch" and u is not None and u.get("started") and not app.sessions:
                    app.open_table(table)
                await pilot.pause(0.01)
            session = app.sessions[table]
            redraw = session.on_change
            assert redraw is not None

            drawn = [-1]
            changed = asyncio.Event()

            def timed() -> None:
                redraw()
                drawn[0] = int(session.update["decisions"])
                say(drawn=drawn[0], at=time.monotonic())
                changed.set()

            session.on_change = timed
            offered = -1
            while True:
                u = session.update
                if drawn[0] >= decisions or (u.get("over") and drawn[0] >= int(u["decisions"])):
                    break
                screen: Any = app.screen
                n = int(u["decisions"])
                if role == "seat" and n != offered and n < decisions and hasattr(screen, "human_to_decide") and \
                        screen.human_to_decide():
                    offered = n
                    say(sent=n, at=time.monotonic())
                    screen.choose(rng.choice(screen.legal()))
                changed.clear()  # no polling: the process sleeps until its screen redraws (as the real app does)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), 0.5)
    finally:
        await client.close()


def main() -> None:
    path, key, name, table, role, decisions = sys.argv[1:7]
    profile = "--profile" in sys.argv[7:]
    prof = cProfile.Profile() if profile else None
    if prof is not None:
        prof.enable()
    asyncio.run(run(path, key, name, table, role, int(decisions)))
    if prof is not None:
        prof.disable()
        out = io.StringIO()
        stats = pstats.Stats(prof, stream=out)
        stats.sort_stats("cumulative").print_stats(r"/tui/", 40)  # the app's own code
        stats.sort_stats("tottime").print_stats(25)
        say(profile=out.getvalue())


if __name__ == "__main__":
    main()
