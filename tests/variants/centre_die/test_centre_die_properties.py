"""Properties of whole centre-die games over many seeds, seat counts and options.

Every game ends; all 40 dice are always somewhere (centre, bag or a hand) and nowhere twice;
each round's points are the value of the dice left in the losers' hands (CD-10), worked out
here from the faces alone; and match totals are the sum of the rounds.
"""

from __future__ import annotations

from typing import Any

from centre_die_support import value
from hypothesis import given, settings
from hypothesis import strategies as st

from unodice import GreedyAgent, RandomAgent, new_game
from unodice.core.hooks import hookimpl
from unodice.core.registry import Registry

MAX_DECISIONS = 100_000


class RoundAudit:
    """A house rule that changes nothing and checks every round's score as it is made."""

    def __init__(self) -> None:
        self.failures: list[str] = []
        self.rounds = 0

    def reset(self) -> None:
        self.failures.clear()
        self.rounds = 0

    @hookimpl
    def unodice_score(self, game: Any, seat: int, points: int, reason: str, context: Any) -> None:
        self.rounds += 1
        hands = game.view(seat).data["hands"]
        if hands[seat]:
            self.failures.append(f"round {game.round}: winner {seat} still holds {hands[seat]}")
        expected = sum(value(face.code) for other in hands for face in other)
        if points != expected:
            self.failures.append(f"round {game.round}: scored {points}, dice left {expected}")
        if context["winner"] != seat or tuple(context["hands"]) != tuple(hands):
            self.failures.append(f"round {game.round}: context does not describe the table")


AUDIT = RoundAudit()


class AuditPlugin:
    @hookimpl
    def unodice_register(self, registry: Any) -> None:
        registry.add_house_rule("cd-round-audit", AUDIT, "checks centre-die round scores")


REGISTRY = Registry.from_entry_points()
REGISTRY.add_plugin(AuditPlugin(), "centre-die-round-audit")


def _dice_everywhere(game: Any) -> list[int]:
    places = game.variant.piece_locations(game.state)
    return sorted(die.id for dice in places.values() for die in dice)


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    reverse_skips=st.booleans(),
    penalty=st.integers(0, 3),
    rounds=st.none() | st.integers(1, 3),
    target=st.integers(1, 500),
    greedy=st.booleans(),
)
def test_cd10_cd11_games_end_conserve_dice_and_score_the_losers_dice(
    seed, players, reverse_skips, penalty, rounds, target, greedy
):
    AUDIT.reset()
    options = {
        "two_player_reverse_skips": reverse_skips,
        "failed_challenge_penalty": penalty,
        "rounds": rounds,
        "target": target,
    }
    game = new_game("centre-die", players, seed, options, ["cd-round-audit"], registry=REGISTRY)
    agents = [GreedyAgent() if greedy else RandomAgent(seed + seat) for seat in range(players)]
    all_dice = list(range(40))
    decisions = 0
    while not game.is_over:
        assert decisions < MAX_DECISIONS, "the game did not end"
        assert _dice_everywhere(game) == all_dice
        seat = game.to_act
        game.play(agents[seat].choose(game.view(seat), game.legal_moves()))
        decisions += 1
    assert _dice_everywhere(game) == all_dice
    assert AUDIT.failures == []
    assert AUDIT.rounds == game.round
    ended = [event for event in game.events if event.kind == "round-ended"]
    totals = [sum(event.points[seat] for event in ended) for seat in range(players)]
    assert tuple(totals) == game.scores
    if rounds is not None:
        assert game.round == rounds
    else:
        assert max(game.scores) >= target
        assert all(max(_totals_before(ended, n)) < target for n in range(1, len(ended)))
    assert game.winners == tuple(s for s in range(players) if game.scores[s] == max(game.scores))


def _totals_before(ended: list[Any], count: int) -> list[int]:
    """Match totals after the first ``count`` rounds."""
    return [
        sum(event.points[seat] for event in ended[:count]) for seat in range(len(ended[0].points))
    ]
