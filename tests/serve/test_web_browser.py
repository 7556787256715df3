"""``concordia serve --web`` in a real browser: the system's Chromium driven by Playwright (no browser download).

One browser session walks what a friend does: the page without the token is refused; the host's link shows the
lobby (forked from the template, as the server runs it); P (play alone) goes on to the full app in the same tab
and the same process; a Concordia quick game runs to its first bot move. Every request the page makes is
recorded: none may leave 127.0.0.1 (the font is served locally). Skipped, with the reason on its line, where
Chromium or Playwright is not installed (``.ci/run`` installs Chromium where it is missing).
"""

from __future__ import annotations

import asyncio
import re
import shutil
from collections.abc import Callable

import pytest

from tui.serve.forkserver import ForkServer
from tui.serve.web import WebServer

from .conftest import children_of

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (apt-get install chromium): "
                                                         "the browser test of 'concordia serve --web' did not run")
ESCAPES = re.compile(r"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])")
WAIT = 90.0


async def until(check: Callable[[], bool], what: str, screen: Callable[[], str]) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not check():
        assert loop.time() < deadline, f"the browser never showed {what}; last screen text: {screen()[-600:]!r}"
        await asyncio.sleep(0.1)


async def test_a_friend_plays_alone_in_chromium_and_nothing_leaves_the_machine(
        template: ForkServer, web: WebServer) -> None:
    """As ``concordia serve --web`` runs it: the tab's app forked from the template."""
    playwright = pytest.importorskip("playwright.async_api", reason="Playwright's Python package is not installed")
    base = f"http://127.0.0.1:{web.port}"
    requests: list[str] = []
    received: list[str] = []
    seen = 0

    def text_since_mark() -> str:
        return ESCAPES.sub("", "".join(received[seen:]))

    def on_websocket(ws: object) -> None:
        requests.append(ws.url)  # type: ignore[attr-defined]
        ws.on("framereceived", lambda p: received.append(  # type: ignore[attr-defined]
            p if isinstance(p, str) else p.decode("utf-8", "replace")))

    async with playwright.async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            context = await browser.new_context(viewport={"width": 1280, "height": 800})
            context.on("request", lambda r: requests.append(r.url))
            page = await context.new_page()
            page.on("websocket", on_websocket)

            refused = await page.goto(base + "/")
            assert refused is not None and refused.status == 403
            assert "token" in await page.inner_text("body")

            shown = await page.goto(web.link)
            assert shown is not None and shown.status == 200
            # the page connects by itself (its Start button shows only when a session ended)
            await until(lambda: "Tables on this server" in text_since_mark(), "the lobby", text_since_mark)

            assert template.proc is not None
            tabs = children_of(template.proc.pid)
            assert len(tabs) == 1, tabs  # the tab's lobby is the template's child
            await page.click("#terminal")  # the terminal takes the keys
            seen = len(received)
            await page.keyboard.press("p")  # play alone: the full app follows in the lobby's process, same tab
            await until(lambda: "Quick game" in text_since_mark(), "the title screen after P", text_since_mark)
            assert await page.locator(".closed-dialog").is_hidden()  # no "Session ended"
            assert children_of(template.proc.pid) == tabs  # the app runs in the lobby's process

            seen = len(received)
            await page.keyboard.press("g")  # Concordia's quick game: the person and three bots, a random seed

            def bot_moved() -> bool:
                return re.search(r"Bot \d is thinking|Bot \d —", text_since_mark()) is not None

            await until(lambda: bot_moved() or "You to decide" in text_since_mark(), "the game", text_since_mark)
            loop = asyncio.get_running_loop()
            deadline = loop.time() + WAIT
            while not bot_moved() and loop.time() < deadline:
                if "You to decide" in text_since_mark():  # the person starts: Enter takes the first choice
                    seen = len(received)
                    await page.keyboard.press("Enter")
                await asyncio.sleep(0.5)
            assert bot_moved(), f"no bot moved; last screen text: {text_since_mark()[-600:]!r}"
        finally:
            await browser.close()

    outside = [url for url in requests if not re.match(rf"(?:https?|wss?)://127\.0\.0\.1:{web.port}/", url)]
    assert outside == [], f"requests that left 127.0.0.1: {outside}"
    assert any("/static/fonts/RobotoMono" in url for url in requests), requests  # the font, served here
