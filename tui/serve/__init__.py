"""``concordia serve``: friends each ``ssh`` into one server and play, every one at their own terminal.

The pieces, each in its own module:

- ``keys``: the server's own folder in the user config dir: its host key, its authorized-keys file and the
  one-time invite codes the host prints (who may connect, and which key fingerprint a seat belongs to);
- ``terminal``: one app process per connection on its own pseudo-terminal, output pumped to the SSH
  channel without ever blocking the server, input written to the app fuzz-safe;
- ``ssh``: the asyncssh server that ties them together (admission, connection limit, idle timeout);
- ``tables`` and ``table_server``: the shared games, owned by the serve process and reached by the app
  processes over a Unix socket (JSON lines), each seat sent only its own view; ``client`` is that
  protocol's client side;
- ``remote``: the per-connection app: the lobby of tables, each table in its game's own screen over a
  ``remote_session.RemoteSession`` (the seat's view only, decisions sent to the server), or the full app to
  play alone; ``words`` its German;
- ``web``: ``concordia serve --web``, the same app in a browser through textual-serve, behind a token.
"""
