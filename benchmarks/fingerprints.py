"""Fingerprints of seeded games: proof that a change to the engine changed no game.

Each variant plays a few hundred seeded games between random agents, across its seat counts and
a few option sets. Every game has two fingerprints: its *play* (each decision's legal moves in
their notation and order, the chance outcomes and the final scores), which fixes the game, and
its *events* (their JSON form), which changes when an event is renamed or gains a field.
``--save FILE`` writes them; ``--compare FILE`` plays the same games again and lists every game
whose play differs, and how many games' events read differently. Where the build has a variant's
native engine, ``--compare`` also plays each of its games natively and checks that the native
play has the same fingerprint (the native engine keeps no events: only the play is compared).

    python benchmarks/fingerprints.py --save before.json
    ... change the code ...
    python benchmarks/fingerprints.py --compare before.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from typing import Any

import unodice
from unodice.play.agents import RandomAgent

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "coverall": [{}, {"partition": False}],
    "centre-die": [{}, {"target": 100}],
    "dominoes": [{}, {"target": 100}],
}


def games_of(variant: str, per_setting: int) -> Iterator[tuple[str, int, dict[str, Any], int]]:
    """Every (variant, players, options, seed) to fingerprint."""
    info = unodice.available_variants()[variant]
    counts = sorted(
        {
            info.players.start,
            min(info.players.start + 1, info.players.stop - 1),
            info.players.stop - 1,
        }
    )
    for options in OPTION_SETS.get(variant, [{}]):
        for players in counts:
            for seed in range(per_setting):
                yield variant, players, options, seed


def fingerprint(variant: str, players: int, options: dict[str, Any], seed: int) -> list[str]:
    """The play and events digests of one seeded random game, decision by decision."""
    game = unodice.new_game(variant, players, seed, options)
    agents = [RandomAgent(seed * 64 + seat) for seat in range(players)]
    digest = hashlib.sha256()
    decisions = 0
    while not game.is_over and decisions < 20_000:
        moves = game.legal_moves()
        digest.update("\x1f".join(map(str, moves)).encode())
        seat = game.to_act
        assert seat is not None
        game.play(agents[seat].choose(game.view(seat), moves))
        decisions += 1
    events = hashlib.sha256(json.dumps([event.to_json() for event in game.events]).encode())
    digest.update(
        bytes(game.chance.outcomes)
        if all(0 <= o < 256 for o in game.chance.outcomes)
        else repr(list(game.chance.outcomes)).encode()
    )
    digest.update(repr(game.scores).encode())
    return [digest.hexdigest()[:16], events.hexdigest()[:16]]


def centre_die_native_play(players: int, options: dict[str, Any], seed: int) -> str | None:
    """The play digest of a seeded game played by centre-die's native engine, if built."""
    from unodice.variants.centre_die import native
    from unodice.variants.centre_die.lookups import lookups_for

    if native.native_module() is None:
        return None
    variant = unodice.new_game("centre-die", players, seed, options).variant
    agent_seeds = [seed * 64 + seat for seat in range(players)]
    match = native.play_native_match(
        variant.options, players, variant.dice_set, seed, agent_seeds, detail=2
    )
    lookups = lookups_for(variant.dice_set)
    digest = hashlib.sha256()
    for legal in match.legal or ():
        digest.update(
            "\x1f".join(str(native.decode_move(lookups, code)) for code in legal).encode()
        )
    outcomes = list(match.outcomes)
    digest.update(
        bytes(outcomes) if all(0 <= o < 256 for o in outcomes) else repr(outcomes).encode()
    )
    digest.update(repr(tuple(match.scores)).encode())
    return digest.hexdigest()[:16]


def coverall_native_play(players: int, options: dict[str, Any], seed: int) -> str | None:
    """The play digest of a seeded game played by coverall's native engine, if built."""
    from unodice.variants.coverall import native
    from unodice.variants.coverall.lookups import lookups_for

    if native.native_module() is None:
        return None
    variant = unodice.new_game("coverall", players, seed, options).variant
    tray = variant.tray
    lookups = lookups_for(variant.options.dice, variant.component_sets, tray, players)
    agent_seeds = [seed * 64 + seat for seat in range(players)]
    match = native.play_native_match(
        variant.options, players, lookups, tray, seed, agent_seeds, detail=2
    )
    digest = hashlib.sha256()
    for legal in match.legal or ():
        digest.update(
            "\x1f".join(str(native.decode_move(lookups, tray, code)) for code in legal).encode()
        )
    outcomes = list(match.outcomes)
    digest.update(
        bytes(outcomes) if all(0 <= o < 256 for o in outcomes) else repr(outcomes).encode()
    )
    digest.update(repr(tuple(match.scores)).encode())
    return digest.hexdigest()[:16]


def dominoes_native_play(players: int, options: dict[str, Any], seed: int) -> str | None:
    """The play digest of a seeded game played by dominoes' native engine, if built."""
    from unodice.variants.dominoes import native

    if native.native_module() is None:
        return None
    variant = unodice.new_game("dominoes", players, seed, options).variant
    lookups = variant._lookups  # the tile set's lookup, which the engine's tables come from
    agent_seeds = [seed * 64 + seat for seat in range(players)]
    match = native.play_native_match(variant.options, players, lookups, seed, agent_seeds, detail=2)
    digest = hashlib.sha256()
    for legal in match.legal or ():
        digest.update(
            "\x1f".join(str(native.decode_move(lookups, code)) for code in legal).encode()
        )
    outcomes = list(match.outcomes)
    digest.update(
        bytes(outcomes) if all(0 <= o < 256 for o in outcomes) else repr(outcomes).encode()
    )
    digest.update(repr(tuple(match.scores)).encode())
    return digest.hexdigest()[:16]


NATIVE_PLAY = {
    "centre-die": centre_die_native_play,
    "coverall": coverall_native_play,
    "dominoes": dominoes_native_play,
}
"""Each variant with a native engine: how to fingerprint a seeded game's play natively."""


def compare_native(variants: list[str], per_setting: int, before: dict[str, list[str]]) -> int:
    """Check native play against the saved fingerprints; print and return how many differ."""
    compared = differ = 0
    for variant in variants:
        play = NATIVE_PLAY.get(variant)
        if play is None:
            continue
        for name, players, options, seed in games_of(variant, per_setting):
            key = (
                f"{name} players={players} options={json.dumps(options, sort_keys=True)} "
                f"seed={seed}"
            )
            found = play(players, options, seed)
            if found is None:
                break  # not built in this install
            compared += 1
            if (before.get(key) or [None])[0] != found:
                differ += 1
                print("native play changed:", key)
    if compared:
        print(f"{compared} games played natively, {differ} played differently")
    return differ


def collect(variants: list[str], per_setting: int) -> dict[str, list[str]]:
    """Fingerprints by game key."""
    out = {}
    for variant in variants:
        for name, players, options, seed in games_of(variant, per_setting):
            key = (
                f"{name} players={players} options={json.dumps(options, sort_keys=True)} "
                f"seed={seed}"
            )
            out[key] = fingerprint(name, players, options, seed)
    return out


def main(argv: list[str] | None = None) -> int:
    """Save or compare fingerprints; exit 1 when a compared game differs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", default="coverall,centre-die,dominoes")
    parser.add_argument("--games", type=int, default=50, help="games per seat count and options")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", metavar="FILE")
    group.add_argument("--compare", metavar="FILE")
    args = parser.parse_args(argv)
    prints = collect(args.variants.split(","), args.games)
    if args.save:
        with open(args.save, "w") as out:
            json.dump(prints, out, indent=0, sort_keys=True)
        print(f"{len(prints)} games fingerprinted")
        return 0
    with open(args.compare) as source:
        before = json.load(source)
    changed = [key for key in prints if (before.get(key) or [None])[0] != prints[key][0]]
    for key in changed:
        print("changed:", key)
    reworded = sum(1 for key in prints if (before.get(key) or [None, None])[1] != prints[key][1])
    print(
        f"{len(prints)} games compared, {len(changed)} played differently; "
        f"the events of {reworded} read differently"
    )
    native_changed = compare_native(args.variants.split(","), args.games, before)
    return 1 if changed or native_changed else 0


if __name__ == "__main__":
    sys.exit(main())
