"""``engine.bots.samples.best_on_samples``: the look-ahead bots' comparison of candidates on sampled states."""

from __future__ import annotations

from engine.bots.samples import best_on_samples


class Late(Exception):
    pass


VALUES = {0: {"a": 1.0, "b": 3.0, "c": 2.0}, 1: {"a": 5.0, "b": 0.0, "c": 2.0}}
"""Per sample: b is best on the first alone, a over both (6 against 3 and 4)."""


def value_until(limit: int) -> object:
    """A value function that runs out of time at its ``limit``-th call."""
    calls = [0]

    def value(sample: int, a: str) -> float:
        calls[0] += 1
        if calls[0] > limit:
            raise Late
        return VALUES[sample][a]

    return value


def test_the_best_sum_over_every_sample_wins() -> None:
    assert best_on_samples("abc", 2, lambda i: i, value_until(99), Late) == ("a", "searched")
    assert best_on_samples("abc", 1, lambda i: i, value_until(99), Late) == ("b", "searched")


def test_equal_sums_go_to_the_earlier_candidate() -> None:
    assert best_on_samples("xy", 1, lambda i: i, lambda s, a: 1.0, Late) == ("x", "searched")


def test_out_of_time_in_the_first_sample_compares_the_candidates_it_reached() -> None:
    assert best_on_samples("abc", 2, lambda i: i, value_until(2), Late) == ("b", "timeout")
    assert best_on_samples("abc", 2, lambda i: i, value_until(0), Late) == ("a", "timeout")


def test_out_of_time_in_a_later_sample_keeps_the_samples_every_candidate_finished() -> None:
    # the second sample is cut after a (5.0): only the first counts, where b is best
    assert best_on_samples("abc", 2, lambda i: i, value_until(4), Late) == ("b", "timeout")
