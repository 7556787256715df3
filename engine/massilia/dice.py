"""Dice: how a die is written down, the state's own generator that rolls them, and what a USE costs (R-DIE-3).

A die is one int, ``colour * 6 + face - 1`` (colours in ``DICE`` order), written ``beige5``. Rolls come from
a small 64-bit generator (splitmix64) whose whole state is one integer kept in the game state, so that
``to_dict``/``clone`` carry it exactly, a replay reproduces every roll and an undo cannot re-roll.
"""

from __future__ import annotations

from functools import cache

from .components import DICE

MASK = (1 << 64) - 1


def die(colour: int, face: int) -> int:
    return colour * 6 + face - 1


def colour_of(d: int) -> int:
    return d // 6


def face_of(d: int) -> int:
    return d % 6 + 1


def die_text(d: int) -> str:
    return f"{DICE[d // 6]}{d % 6 + 1}"


def parse_die(text: str) -> int:
    """``beige5`` -> the die; ``ValueError`` for anything else."""
    for c, name in enumerate(DICE):
        if text.startswith(name):
            rest = text[len(name) :]
            if len(rest) == 1 and "1" <= rest <= "6":
                return die(c, int(rest))
    raise ValueError(f"not a die: {text!r}")


def next_random(state: int) -> tuple[int, int]:
    """One splitmix64 step: (a 64-bit random number, the generator's next state)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """A number in 0..n-1 and the generator's next state (the bias of a 64-bit modulo is negligible)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK  # ``next_random``, inline (a shuffle asks for many numbers)
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return (z ^ (z >> 31)) % n, state


def roll_dice(state: int, colours: list[int]) -> tuple[list[int], int]:
    """One die of each colour in ``colours`` rolled in turn (each face ``below(state, 6)``, as ``next_random`` and
    ``below`` would give it, computed inline: phase II rolls many dice), and the generator's next state."""
    out: list[int] = []
    for c in colours:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out.append(c * 6 + (z ^ (z >> 31)) % 6)
    return out, state


def cyc(v: int, f: int) -> int:
    """Pip units to turn face ``v`` into ``f``: ±1 steps, cyclic (a 1 may become a 6 and back)."""
    d = abs(v - f)
    return min(d, 6 - d)


CYC: tuple[tuple[int, ...], ...] = tuple(tuple(cyc(v, f) if v else 0 for f in range(7)) for v in range(7))
"""``cyc`` as a table: CYC[v][f]."""

BIG = 10**6
"""A ``pip_table`` entry for a sum the dice cannot make."""

FACE: tuple[int, ...] = tuple(d % 6 + 1 for d in range(24))
"""The face of each die code."""


@cache
def pip_table(faces: tuple[int, ...]) -> tuple[int, ...]:
    """R-DIE-3 pip units: entry V is the least Σ cyc(vᵢ, fᵢ) over final faces fᵢ in 1..6 with Σ fᵢ = V.

    Indexed by V from 0 to 6·len(faces); sums that cannot be made (V < len(faces)) are ``BIG``.
    The order of ``faces`` does not matter; pass them sorted so that equal groups share one table.

    Built one die at a time on the (cached) table of all dice but the last, so a group of k dice costs one
    step once the group of its first k - 1 is known: a USE adds its dice one by one.
    """
    if not faces:
        return (0,)
    best = pip_table(faces[:-1])
    nxt = [BIG] * (len(best) + 6)
    row = CYC[faces[-1]]
    for s, c in enumerate(best):  # entry s + f: the old entry s and the last die turned into f, the least
        if c >= BIG:
            continue
        for f in range(1, 7):
            cost = c + row[f]
            if cost < nxt[s + f]:
                nxt[s + f] = cost
    return tuple(nxt)


def units(group: list[int], colour: int) -> tuple[int, int]:
    """R-DIE-3 colour units and add units of a group used as ``colour``'s action."""
    colours = {d // 6 for d in group}
    colours.discard(colour)
    return len(colours), len(group) - 1
