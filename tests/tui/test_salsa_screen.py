"""Salsa on the game screen: salt in the storehouse and the prices, the forum panel, the Salsa actions in words
(English and German), and the rules chapters (R-SALSA-*, R-FORUM-*)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.concordia.actions import (
    AsDiplomat,
    Convert,
    ForumTake,
    ForumUse,
    Keep,
    PlaceColonist,
    Titus,
)
from tests.engine.helpers import discard, game, legal_texts, play
from tests.engine.salsa_helpers import architect_at_salt_city, give_forum, salsa, set_salt, set_tableau
from tui import glyphs, i18n
from tui.concordia.rules import chapters
from tui.concordia.salsa_text import FORUM_EFFECTS, forum_effect, paid_text
from tui.concordia.text import action_text
from tui.concordia.widgets.forum import render_forum, used_citizens
from tui.concordia.widgets.players import render_players
from tui.concordia.widgets.warehouse import render_warehouse

NAMES = ["Anna", "Ben", "Cleo", "Dora"]


@pytest.fixture
def german() -> Iterator[None]:
    i18n.set_language("de")
    yield
    i18n.set_language("en")


@pytest.fixture
def ascii_glyphs() -> Iterator[None]:
    glyphs.use_ascii(True)
    yield
    glyphs.use_ascii(False)


# --------------------------------------------------------------------------------------------- salt
def test_r_salsa_salt_in_the_storehouse_panel_and_the_players_table(ascii_glyphs: None) -> None:
    s = salsa(map="hispania")
    p = s.active
    set_salt(s, p, 2, brick=1, food=1)
    text = render_warehouse(s, p).plain
    assert text.startswith("[BFss") and "2 salt" in text
    table = render_players(s, NAMES, [False] * 4, False, False).plain
    assert "1B1F2s" in table
    glyphs.use_ascii(False)
    assert render_warehouse(s, p).plain.startswith("[BFSS")


def test_r_salsa_city_a_salt_house_price_names_what_salt_pays_for() -> None:
    """R-SALSA-CITY: 1 tool + 1 wine + 5 sestertii a step; salt may stand for the wine (R-SALSA-SALT)."""
    s = salsa(map="imperium", salt=True)
    city = next(c for c, g in s.tiles.items() if g == "salt")
    route = next(r for r, x in s.map.routes.items() if city in (x.a, x.b) and x.kind == "land")
    build = architect_at_salt_city(s, city, route)
    text = action_text(s, build)
    assert text.endswith("for 1 tool + 1 salt (salt for wine) + 5 sestertii")


def test_r_salsa_salt_paying_a_colonist_and_the_mercator_exchange() -> None:
    s = salsa(map="hispania")
    p = s.active
    discard(s, p, "start-architect", "start-prefect")
    set_salt(s, p, 1, food=1)
    play(s, "play tribune")
    place = next(a for a in s.legal_actions() if isinstance(a, PlaceColonist) and a.salt)
    assert action_text(s, place).endswith("(1 food + 1 salt (salt for tool))")
    assert action_text(s, Convert("cloth")) == "Exchange 1 salt for 1 cloth"
    assert paid_text(("brick", "food"), ()) == "1 brick + 1 food"


# -------------------------------------------------------------------------------------------- forum
def test_r_salsa_forum_setup_keep_offers_say_what_the_patrician_does() -> None:
    s = game("hispania", 4, salt=True, forum=True)
    assert s.decision == "keep"
    texts = [action_text(s, a) for a in s.legal_actions()]
    assert len(texts) == 2 and all(t.startswith("Keep ") and "(" in t for t in texts)
    assert action_text(s, Keep("appius-arcadius")) == "Keep Appius Arcadius (Architect: +1 movement point)"


def test_r_salsa_forum_take_positions_show_their_need_and_the_players_reach() -> None:
    """R-SALSA-FORUM-TAKE: positions need 4/6/8/10 cards taken back; with 7 only positions 1 and 2."""
    s = salsa(salt=False)
    p = s.active
    discard(s, p, "start-architect", "start-prefect", "start-prefect", "start-mercator", "start-diplomat",
            "start-senator")
    set_tableau(s, "laurentius", "spurius", "numerius", "commodus", top="tiberius")
    play(s, "play tribune")
    assert s.decision == "forumtake"
    assert action_text(s, ForumTake(2)) == "Take Spurius from forum position 2 (1 good of your choice)"
    assert action_text(s, ForumTake(0)) == "Take no forum card"
    lines = render_forum(s, NAMES, p, {}, compact=False).plain.splitlines()
    assert lines[0] == "Tableau (deck 20, discard 0, next: Tiberius)"
    assert [line[:6] for line in lines[1:5]] == ["1  4→ ", "2  6→ ", "3  8→ ", "4 10→ "]
    assert "Laurentius  1 brick + 1 food" in lines[1]
    assert lines[5] == "You may take up to position 2 (7 cards)"
    other = render_forum(s, NAMES, (p + 1) % 4, {}, compact=True).plain
    assert "You may take" not in other and "\n      1 brick + 1 food" in other


def test_r_salsa_forum_use_citizens_offered_in_words_and_shown_used(german: None) -> None:
    s = salsa(salt=True)
    p = s.active
    give_forum(s, p, "laurentius", "spurius", "aulus-arcadius")
    assert "forum use laurentius" in legal_texts(s)
    i18n.set_language("en")
    assert action_text(s, ForumUse("laurentius")) == "Use Laurentius: 1 brick + 1 food"
    assert action_text(s, ForumUse("spurius")) == "Use Spurius: take 1 salt"
    i18n.set_language("de")
    assert action_text(s, ForumUse("laurentius")) == "Laurentius nutzen: 1 Ziegel + 1 Nahrung"
    play(s, "forum use laurentius")
    used = used_citizens(["forum use laurentius", "play prefect"], [p, p])
    assert used == {p: ["laurentius"]}
    panel = render_forum(s, NAMES, p, used, compact=False).plain
    line = next(x for x in panel.splitlines() if x.startswith(NAMES[p]))
    assert line == f"{NAMES[p]}: ● Aulus Arcadius, ○ Spurius, ✕ Laurentius"
    assert panel.splitlines()[0].startswith("Auslage (Stapel")


def test_r_forum_titus_valerius_and_sextus_pompeius_choices_in_words() -> None:
    s = salsa(salt=True)
    assert action_text(s, Titus("food")) == "Titus Valerius: exchange 1 food for 1 salt"
    assert action_text(s, AsDiplomat()) == "Carry out a Diplomat instead (Sextus Pompeius)"
    assert action_text(s, ForumUse("augustus", ("brick", "wine"))) == (
        "Use Augustus: exchange 1 brick + 1 wine for 2 salt")


def test_every_forum_card_has_an_effect_in_english_and_german() -> None:
    from engine.concordia.model import forum

    assert set(FORUM_EFFECTS) == set(forum().cards)
    from tui import i18n

    i18n.set_language("de")
    try:  # every effect has its German in Concordia's catalog (words a module translates from data)
        untranslated = [e for e in FORUM_EFFECTS.values() if i18n.t_as("tui.concordia.salsa_text", e) == e]
    finally:
        i18n.set_language("en")
    assert untranslated == []
    s = salsa(salt=False)
    assert forum_effect(s, "spurius") == "1 good of your choice"
    assert forum_effect(salsa(salt=True), "spurius") == "1 salt"


def test_a_game_without_the_forum_says_so_in_the_panel() -> None:
    s = game("imperium", 3)
    assert render_forum(s, NAMES, 0, {}, compact=True).plain == "no forum cards"


# -------------------------------------------------------------------------------------------- rules
@pytest.mark.parametrize(("lang", "words"), [("en", ("salt", "forum", "Hispania", "Britannia")),
                                             ("de", ("Salz", "Forum", "Hispania", "Britannia"))])
def test_rules_have_salsa_chapters(lang: str, words: tuple[str, ...]) -> None:
    text = {c.key: c.text for c in chapters(lang)}
    assert {"07-salt", "08-forum", "09-boards"} <= set(text)
    assert words[0] in text["07-salt"] and words[1] in text["08-forum"]
    assert words[2] in text["09-boards"] and words[3] in text["09-boards"]
    assert "4, 6, 8, 10" in text["08-forum"]


def test_r_forum_augustus_many_ways_to_use_a_card_are_one_prompt_line() -> None:
    """Without salt Augustus swaps up to 2 goods for others: dozens of actions, one line and a pick dialog."""
    from tui.concordia.widgets.prompt import group_choices

    s = salsa(salt=False)
    p = s.active
    give_forum(s, p, "augustus", "laurentius")
    legal = s.legal_actions()
    augustus = [a for a in legal if isinstance(a, ForumUse) and a.card == "augustus"]
    assert len(augustus) > 20
    choices = group_choices(s, legal)
    lines = [c for c in choices if any(a in augustus for a in c.actions)]
    assert len(lines) == 1 and lines[0].dialog == "pick" and set(lines[0].actions) == set(augustus)
    assert lines[0].label == "Use Augustus: exchange up to 2 goods for other goods…"
    assert sum(len(c.actions) for c in choices) == len(legal)


def test_r_forum_servius_marcellus_the_mercator_prompt_says_three_types() -> None:
    """R-FORUM-SERVIUS-MARCELLUS: with the card the Mercator trades 3 types of goods, and the prompt says 3,
    not the base game's 2 (seen playing Hispania with the forum), in English and German."""
    from engine.concordia.actions import Play
    from tests.engine.salsa_helpers import give_forum, salsa
    from tui import i18n
    from tui.concordia.text import decision_text

    s = salsa(salt=False)
    p = s.active
    s.apply(Play("mercator"))
    assert "up to 2 types of goods" in decision_text(s, None)
    give_forum(s, p, "servius-marcellus")
    assert "up to 3 types of goods (Servius Marcellus)" in decision_text(s, None)
    i18n.set_language("de")
    try:
        assert "bis zu 3 Warensorten" in decision_text(s, None)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("width", [37, 40])  # the players panel at 80x24 and in the board layout at 120x36
@pytest.mark.parametrize("ascii_mode", [False, True])
def test_long_names_go_on_under_themselves_and_are_never_cut(width: int, ascii_mode: bool) -> None:
    """Salsa with salt leaves the name column the fewest cells (seen: ``Maximilian Au…``): a name too long goes
    on between words on the next line, with its bot/person and Praefectus marks, and VP stays whole."""
    glyphs.use_ascii(ascii_mode)
    try:
        s = salsa(map="hispania")
        for q in range(4):
            set_salt(s, q, 1, brick=1, food=1, tool=1, wine=1, cloth=1)  # the widest goods cell there is
        s.pm = 1
        names = ["1 Maximilian Augustus", "2 Bot 2 (hard)", "3 Bot 3 (normal)", "4 Bot 4 (easy)"]
        text = render_players(s, names, [False, True, True, True], True, width).plain
        lines = text.splitlines()
        assert all(len(line) <= width for line in lines) and "…" not in text and "..." not in text
        words = " ".join(" ".join(line.split()) for line in lines)
        for name in names:
            assert all(word in words for word in name.split()), (name, text)
        bot, pm = glyphs.glyph("bot"), glyphs.glyph("praefectus")
        rows = "\n".join(lines[1:])  # below the headings (ASCII's Praefectus mark is a "P", as in "Player")
        assert rows.count(bot) == 3 and rows.count(pm) == 1 and glyphs.glyph("human") in rows
        assert any(line.split()[-1:] == [str(s.final_scores().players[0].total)] and "Maximilian" in line
                   for line in lines)  # the row's VP on the name's first line
    finally:
        glyphs.use_ascii(False)
