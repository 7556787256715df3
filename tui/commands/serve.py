"""``concordia serve``: host games for friends over SSH (each friend at their own terminal, no install).

``concordia serve`` listens on 127.0.0.1:2222 (``--listen ADDR``, ``--port N``) and prints the host key's
fingerprint; ``--allow FILE.pub`` admits a key for good before the server starts;
``--invite N`` prints N one-time invite codes; ``--web`` also serves the app in a browser (``--web-port``, default
8022) to a link with a token it prints. See ``tui.serve`` for what the server guarantees.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import signal
from pathlib import Path
from typing import TYPE_CHECKING

from engine.core.errors import GameError

if TYPE_CHECKING:
    from tui.serve.ssh import Server
    from tui.serve.web import WebServer


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser], game: str = "concordia") -> None:
    p = sub.add_parser(
        "serve",
        help="host games for friends over SSH (ssh -p 2222 name@host)",
        description="Start an SSH server: every admitted friend who connects gets the app at their own terminal. "
        "Only keys in the server's authorized-keys file (in the user config dir) get in, plus keys that "
        "type one of the invite codes printed at the start.",
    )
    p.add_argument("--listen", metavar="ADDR", default="127.0.0.1",
                   help="address to listen on (default: 127.0.0.1, this machine only)")
    p.add_argument("--port", type=int, default=2222, help="port to listen on (default: 2222)")
    p.add_argument("--allow", metavar="FILE.pub", action="append", default=[],
                   help="admit the public key in this file for good (may be repeated)")
    p.add_argument("--invite", metavar="N", type=int, default=0,
                   help="print N one-time invite codes (a code admits the key it is used with)")
    p.add_argument("--max-connections", metavar="N", type=int, default=16,
                   help="most players connected at once (default: 16; 1 to 1000); connections still "
                   "logging in are bounded apart")
    p.add_argument("--idle-timeout", metavar="MIN", type=float, default=30.0,
                   help="close a connection after this many minutes without input (default: 30; 1 to 10080)")
    p.add_argument("--max-tables", metavar="N", type=int, default=64,
                   help="most tables the server keeps at once (default: 64; 1 to 1000; finished ones are archived)")
    p.add_argument("--max-tables-per-host", metavar="N", type=int, default=4,
                   help="most open or running tables one person may host (default: 4; 1 to the --max-tables)")
    p.add_argument("--web", action="store_true",
                   help="also serve the app in a browser (textual-serve), only to a link with a token it prints")
    p.add_argument("--web-port", metavar="N", type=int, default=8022,
                   help="port of the browser version (default: 8022; on the --listen address)")


MAX_CONNECTIONS = 1000
MAX_TABLES = 1000
MIN_IDLE, MAX_IDLE = 1, 7 * 24 * 60
"""``--idle-timeout`` in minutes: a minute to a week."""


class ServeError(GameError):
    """A bad ``serve`` option (one line for the host)."""


def check(args: argparse.Namespace) -> None:
    try:
        ipaddress.ip_address(args.listen)
    except ValueError as exc:
        raise ServeError(f"--listen {args.listen!r}: not an IP address") from exc
    if not 0 < args.port < 65536:
        raise ServeError(f"--port {args.port}: choose a port from 1 to 65535")
    if not 0 <= args.invite <= 100:
        raise ServeError(f"--invite {args.invite}: choose 0 to 100 codes")
    if not 1 <= args.max_connections <= MAX_CONNECTIONS:
        raise ServeError(f"--max-connections {args.max_connections}: choose 1 to {MAX_CONNECTIONS}")
    if not 1 <= args.max_tables <= MAX_TABLES:
        raise ServeError(f"--max-tables {args.max_tables}: choose 1 to {MAX_TABLES}")
    if not 1 <= args.max_tables_per_host <= args.max_tables:
        raise ServeError(f"--max-tables-per-host {args.max_tables_per_host}: choose 1 to {args.max_tables} "
                         "(the --max-tables)")
    if not 0 < args.web_port < 65536 or (args.web and args.web_port == args.port):
        raise ServeError(f"--web-port {args.web_port}: choose a port from 1 to 65535 other than --port")
    if not MIN_IDLE <= args.idle_timeout <= MAX_IDLE:  # also refuses nan and inf
        raise ServeError(f"--idle-timeout {args.idle_timeout}: choose {MIN_IDLE} to {MAX_IDLE} minutes")


def run(args: argparse.Namespace) -> int:
    check(args)
    from tui.serve.keys import Admission, fingerprint, host_key, serve_dir
    from tui.serve.ssh import ServeOptions, Server

    directory = serve_dir()
    admission = Admission.load(directory)
    for name in args.allow:
        key, new = admission.allow_file(Path(name).expanduser())
        print(f"{'admitted' if new else 'already admitted'}: {fingerprint(key)}")
    key = host_key(directory)
    options = ServeOptions(directory=directory, listen=args.listen, port=args.port,
                           max_connections=args.max_connections, idle_timeout=args.idle_timeout * 60,
                           max_tables=args.max_tables, max_tables_per_host=args.max_tables_per_host)
    options.table_socket = str(socket_path(directory))
    server = Server(options, admission, key)
    codes = [admission.new_invite() for _ in range(args.invite)]
    web = None
    if args.web:
        from tui.serve.web import WebServer, new_token

        web = WebServer(new_token(), directory, options.table_socket, host=args.listen, port=args.web_port,
                        lang=getattr(args, "lang", None), max_connections=args.max_connections)
    from tui.serve import forkserver

    template = forkserver.ForkServer()  # connection apps fork from it: their imported code stays shared
    try:
        template.start()
        forkserver.install(template)
    except OSError as exc:
        print(f"concordia serve: each connection starts its app anew ({exc})")
    try:
        return asyncio.run(_serve(server, codes, fingerprint(key), web))
    finally:
        forkserver.install(None)
        template.close()


def socket_path(directory: Path) -> Path:
    """Where the table server listens: in the server's folder, or a private temp folder if that path is too long."""
    path = directory / "tables.sock"
    if len(str(path)) < 100:
        return path
    import tempfile

    return Path(tempfile.mkdtemp(prefix="concordia-serve-")) / "tables.sock"


async def _serve(server: Server, codes: list[str], host_fp: str, web: WebServer | None = None) -> int:
    from tui.serve.table_server import TableServer

    tables = TableServer(server.options.directory, bot_pause=0.5, max_tables=server.options.max_tables,
                         max_per_host=server.options.max_tables_per_host)
    for problem in tables.problems:
        print(f"concordia serve: table not resumed: {problem}")
    try:
        assert server.options.table_socket is not None
        await tables.start(Path(server.options.table_socket))
        port = await server.start()
    except OSError as exc:
        await tables.close()
        raise ServeError(f"cannot listen on {server.options.listen}:{server.options.port}: "
                         f"{exc.strerror or exc}") from exc
    if web is not None:
        try:
            await web.start()
        except OSError as exc:
            server.close()
            await server.wait_closed()
            await tables.close()
            raise ServeError(f"cannot listen on {web.host}:{web.port}: {exc.strerror or exc}") from exc
    if tables.tables:
        print(f"{len(tables.tables)} table(s) resumed")
    print(f"concordia serve: listening on {server.options.listen}:{port} (host key {host_fp})")
    print(f"friends connect with: ssh -p {port} NAME@{server.options.listen}")
    print(f"{len(server.admission.keys)} key(s) admitted; stop with Ctrl+C")
    for code in codes:
        print(f"invite code: {code}")
    if web is not None:
        print(f"in a browser (give this link only to friends): {web.link}")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    if web is not None:
        await web.close()
    server.close()
    await server.wait_closed()
    await tables.close()
    print("concordia serve: stopped")
    return 0
