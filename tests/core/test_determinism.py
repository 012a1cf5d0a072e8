"""Determinism across processes: the same seed gives the same game whatever ``PYTHONHASHSEED``
is, for every variant (no iteration over sets, or dict order, that depends on hashing)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

from every_variant import VARIANTS, everything, play_random
from paths import TESTS

HERE = Path(__file__).parent
HASH_SEEDS = ("0", "1", "4242", "random")

# The child process imports this module to play the same games as the parent does.
CHILD = """
import json, sys
sys.path[:0] = [{here!r}, {tests!r}]
import test_determinism
print(json.dumps(test_determinism.digests()))
"""


def game_settings() -> list[tuple[str, int, dict[str, bool]]]:
    """Variant, players and options of each game: fewest and most seats, each switch flipped."""
    out = []
    for name in VARIANTS:
        info = everything().variant(name)
        for players in sorted({info.players.start, info.players.stop - 1}):
            out.append((name, players, {}))
        for option in info.options:
            if option.kind == "bool":
                out.append((name, info.players.start, {option.name: not option.default}))
    return out


def digests() -> dict[str, str]:
    """A digest of record, events and final position of each game, by its settings."""
    out = {}
    for name, players, options in game_settings():
        game = play_random(
            f"{name}({','.join(f'{k}={v}' for k, v in options.items())})" if options else name,
            players,
            seed=2024,
        )
        text = json.dumps(
            [game.record(), [e.to_json() for e in game.events], game.render()], sort_keys=True
        )
        out[f"{name} players={players} {options}"] = hashlib.sha256(text.encode()).hexdigest()
    return out


def digests_in_child(hash_seed: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    result = subprocess.run(
        [sys.executable, "-c", CHILD.format(here=str(HERE), tests=str(TESTS))],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_same_seed_gives_the_same_games_under_any_hash_seed():
    here = digests()
    assert len(here) >= 2 * len(VARIANTS)
    for hash_seed in HASH_SEEDS:
        there = digests_in_child(hash_seed)
        differing = sorted(key for key in here if there.get(key) != here[key])
        assert not differing, f"PYTHONHASHSEED={hash_seed} changes {differing}"


def test_different_seeds_give_different_games():
    """The digests can tell games apart (so equal digests above mean equal games)."""
    name = VARIANTS[0]
    players = everything().variant(name).players.start
    first = play_random(name, players, seed=1).record()
    second = play_random(name, players, seed=2).record()
    assert first != second
