"""A stand-in for the app's remote session in the serve tests: a line-mode client of the table server.

Started by the SSH server like the app (on the connection's pty, with ``CONCORDIA_SERVE_SOCKET``, ``_SEAT``
and ``_NAME``), it prints ``HELLO <seated tables>``, then reads request lines (``create concordia 7 me,free``,
``sit T 1``, ``start T``, ``watch T``, ``act T <action text>``, ``undo T``) and prints ``OK <op> ...`` or
``ERR <op> <reason>``; every pushed update is one line ``UPDATE <table> seat=<s> n=<decisions>
deciding=<s> legal=<the legal actions as a JSON list, or ->``.
"""

from __future__ import annotations

import asyncio
import json
import sys

from tui.serve.client import TableClient
from tui.serve.tables import TableError


def say(text: str) -> None:
    sys.stdout.write(text + "\r\n")
    sys.stdout.flush()


async def pump(client: TableClient) -> None:
    while True:
        u = await client.updates.get()
        legal = json.dumps(u["legal"], separators=(",", ":")) if u["legal"] else "-"
        say(f"UPDATE {u['table']} seat={u['seat']} n={u['decisions']} deciding={u['deciding']} legal={legal}")


async def main() -> None:
    client = await TableClient.from_environment()
    hello = await client.request("hello", key=__import__("os").environ["CONCORDIA_SERVE_SEAT"], name="x")
    say(f"HELLO {','.join(hello['seated']) or '-'}")
    task = asyncio.create_task(pump(client))
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            break
        words = line.split(" ", 2)
        op = words[0].strip()
        try:
            if op == "create":
                game, seed, seats = line.split()[1:4]
                reply = await client.request("create", game=game, seed=int(seed), seats=seats.split(","))
            elif op in ("sit", "start", "watch", "undo"):
                fields: dict[str, object] = {"table": words[1].strip()}
                if op == "sit":
                    fields["seat"] = int(words[2])
                reply = await client.request(op, **fields)
            elif op == "act":
                reply = await client.request("act", table=words[1], action=words[2].rstrip("\r\n"))
            else:
                continue
            say(f"OK {op} {reply.get('table', '')}")
        except (TableError, ValueError, IndexError) as exc:
            say(f"ERR {op} {exc}")
    task.cancel()


if __name__ == "__main__":
    asyncio.run(main())
