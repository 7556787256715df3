"""The rules as the app shows them: short Markdown chapters in English and German, and the card reference.

The chapters are ``tui/concordia/rules/<lang>/NN-name.md``, each meant to fit one screen. The card reference is
generated from ``engine.concordia.model.cards()``, so it always lists exactly the cards the engine plays.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from engine.concordia import model
from tui.games import Chapter, RulesPage, TablePage, TableRow

ROLE_ACTIONS: dict[str, tuple[str, str]] = {
    "tribune": (
        "Take the discard pile back (1 sestertius per card beyond 3); may place a colonist in the capital "
        "for 1 food + 1 tool",
        "Ablagestapel zurücknehmen (1 Sesterze je Karte über 3); darf einen Kolonisten für 1 Nahrung "
        "+ 1 Werkzeug in die Hauptstadt setzen",
    ),
    "architect": (
        "Move colonists (1 step per colonist on the board), then build houses next to them",
        "Kolonisten ziehen (1 Schritt je Kolonist auf dem Plan), dann Häuser neben ihnen bauen",
    ),
    "prefect": (
        "A province produces (bonus good to you, 2 with the Praefectus Magnus), or cash in the used markers",
        "Eine Provinz produziert (Bonusware an dich, 2 mit dem Praefectus Magnus) oder benutzte Marker kassieren",
    ),
    "mercator": (
        "Take {money} sestertii, then trade up to 2 kinds of goods with the bank",
        "{money} Sesterzen nehmen, dann mit bis zu 2 Warensorten bei der Bank handeln",
    ),
    "diplomat": (
        "Carry out the top card of an opponent's discard pile",
        "Die oberste Karte vom Ablagestapel eines Gegners ausführen",
    ),
    "senator": (
        "Buy up to 2 cards from the display (card cost + slot cost)",
        "Bis zu 2 Karten aus der Auslage kaufen (Karten- + Feldkosten)",
    ),
    "colonist": (
        "Place colonists (1 food + 1 tool each) in the capital or own cities, or take 5 + 1 per colonist "
        "on the board",
        "Kolonisten (je 1 Nahrung + 1 Werkzeug) in die Hauptstadt oder eigene Städte setzen, oder 5 + 1 je "
        "Kolonist auf dem Plan nehmen",
    ),
    "consul": (
        "Buy 1 card from the display, paying the card cost only",
        "1 Karte aus der Auslage kaufen, nur die Kartenkosten",
    ),
    "magister": (
        "Carry out again the card beneath it on your discard pile (not a Senator)",
        "Die Karte darunter auf dem eigenen Ablagestapel noch einmal ausführen (nicht den Senator)",
    ),
    "praetor": (
        "Team game: buy 1 card, then your partner buys 1 card",
        "Teamspiel: 1 Karte kaufen, dann kauft dein Partner 1 Karte",
    ),
    "prokonsul": (
        "Team game: buy 1 card (card cost only); then your partner plays a card for themself",
        "Teamspiel: 1 Karte kaufen (nur Kartenkosten); dann spielt dein Partner eine Karte für sich",
    ),
    "legatus": (
        "Team game: recommend a card; your partner plays one and it counts for both of you",
        "Teamspiel: eine Karte empfehlen; dein Partner spielt eine, sie gilt für euch beide",
    ),
}
"""role -> (English, German) summary of the action, for the card reference."""

SPECIALIST = (
    "Each of your houses in a {good} city produces 1 {good}",
    "Jedes deiner Häuser in einer Stadt mit {good} produziert 1 {good}",
)


def chapters(lang: str) -> list[Chapter]:
    """The rules chapters in ``lang`` ("en" or "de"), in reading order."""
    folder = resources.files("tui.concordia.rules").joinpath(lang)
    out = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".md"):
            continue
        text = entry.read_text(encoding="utf-8")
        first = text.splitlines()[0] if text else entry.name
        out.append(Chapter(entry.name.removesuffix(".md"), first.lstrip("# ").strip(), text))
    return out


@dataclass(frozen=True)
class CardRow:
    """One kind of card in the reference."""

    card_id: str
    name: str
    gods: str
    cost: str
    stack: str
    action: str
    decks: str
    short: str = ""
    """The action in a few words (the table's column; ``action`` whole stands under the table)."""


def card_reference(lang: str) -> list[CardRow]:
    """Every card the engine knows: name, god(s), cost, stack, what it does and the decks it is in."""
    from tui import i18n
    from tui.concordia import names as concordia_names
    from tui.concordia.text import card_short

    old = i18n.language()
    i18n.set_language(lang)
    try:
        in_decks: dict[str, list[str]] = {}
        for variant in ("base", "venus", "venus-team"):
            d = model.deck(variant)
            for cid in (*d.hand, *(c for s in d.stacks.values() for c in s)):
                names = in_decks.setdefault(cid, [])
                if variant not in names:
                    names.append(variant)
        de = lang == "de"
        rows = []
        for cid, card in model.cards().items():
            actions = []
            for role in card.roles:
                if card.specialist_good:
                    good = i18n.t(card.specialist_good)
                    actions.append(SPECIALIST[de].format(good=good))
                else:
                    actions.append(ROLE_ACTIONS[role][de].format(money=card.mercator_money))
            cost = ", ".join(f"{n} {i18n.t(g)}" for g, n in card.cost) or "-"
            if card.minerva:
                actions[-1] += f" ({card.minerva} VP)" if not de else f" ({card.minerva} SP)"
            rows.append(CardRow(
                card_id=cid,
                name=concordia_names.card_name(cid),
                gods="/".join(concordia_names.god_name(g) for g in card.gods),
                cost=cost,
                stack=card.stack or "Start",
                action=" | ".join(actions),
                decks=", ".join(in_decks.get(cid, [])),
                short=card_short(cid),
            ))
        return rows
    finally:
        i18n.set_language(old)


CARDS_PAGE = "cards"


def pages(lang: str) -> list[RulesPage]:
    """What the rules screen shows for Concordia: the chapters, then the card reference as a table."""
    de = lang == "de"
    rows = tuple(
        TableRow(
            key=row.card_id,
            cells=(row.name, row.short, row.gods, row.cost, row.stack),
            detail=f"[b]{row.name}[/b] ({row.gods}): {row.action}. "
            + ("Decks" if lang == "en" else "Spiele") + f": {row.decks}",
        )
        for row in card_reference(lang)
    )
    table = TablePage(
        key=CARDS_PAGE,
        title="Kartenübersicht" if de else "Card reference",
        columns=("Karte" if de else "Card", "Aktion" if de else "Action", "Gott" if de else "God",
                 "Kosten" if de else "Cost", "Stapel" if de else "Stack"),
        rows=rows,
    )
    return [*chapters(lang), table]
