"""The learning spaces worked out plainly, to check the environments' faster paths against.

These are the observation encodings of the built-in variants as they were first written (one
slot after another, each number worked out on its own), the mask from a dictionary of the
catalogue's moves, and the rewards from the events of each step. ``tests/rl/test_rl_plainly.py``
plays matches through the environments and compares every observation, mask and reward with
what these functions make of the same game.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from unodice.core.game import Game
from unodice.core.moves import GameEnded, RoundEnded
from unodice.core.pieces import Colour
from unodice.core.spaces import observation_size

_COLOURS = tuple(Colour)


def centre_die(variant: Any, view: Any, out: Any) -> None:
    """Centre-die's observation of ``view`` (see its spaces module)."""
    lookup = variant._observation_lookup()
    faces, starts = lookup.faces, lookup.starts
    data = view.data
    direction = data["direction"]
    order = lookup.seats_in_order[direction][view.seat]
    place = lookup.relative_seat[direction][view.seat]
    hands = data["hands"]
    share_of, dice = lookup.share_of, lookup.dice
    at, sizes = starts["hands"], starts["hand sizes"]
    count = len(faces.faces)
    for relative, seat in enumerate(order):
        shown: dict[int, int] = {}
        for code in faces.codes(hands[seat]):
            shown[code] = shown.get(code, 0) + 1
        base = at + relative * count
        for code, many in shown.items():
            out[base + code] = share_of[code][many]
        out[sizes + relative] = len(hands[seat]) / dice
    out[starts["centre"] + faces.code(data["centre"])] = 1
    centre_colour = data["centre_colour"]
    if centre_colour is not None:
        out[starts["centre colour"] + _COLOURS.index(centre_colour)] = 1
    if data["drawn"] is not None:
        out[starts["drawn"] + faces.code(data["drawn"])] = 1
    out[starts["phase"] + lookup.phases.index(data["phase"])] = 1
    if data["wd4_legal"] is False:
        out[starts["wd4 illegal"]] = 1
    if view.to_act is not None:
        out[starts["to act"] + place[view.to_act]] = 1
    out[starts["turn"] + place[data["turn"]]] = 1
    if data["catchable"] is not None:
        out[starts["catchable"] + place[data["catchable"]]] = 1
    if direction == 1:
        out[starts["direction"]] = 1
    out[starts["bag"]] = data["bag"] / dice
    options = view.options
    scores = starts["scores"]
    for relative, seat in enumerate(order):
        out[scores + relative] = min(1.0, view.scores[seat] / options.target)
    if options.rounds is not None:
        out[starts["round"]] = min(1.0, (view.round - 1) / options.rounds)


def coverall(variant: Any, view: Any, out: Any) -> None:
    """Coverall's observation of ``view`` (see its spaces module)."""
    from unodice.variants.coverall.spaces import MOST_IN_RESERVE, PHASES, plan

    where = plan(variant)
    lookup = where.lookup
    data = view.data
    players = where.players
    me = view.seat
    out[where.phase + PHASES[data["phase"]]] = 1
    symbol_index, colour_index = lookup.symbol_index, lookup.colour_index
    at, width = where.tray_kinds, where.kind_count
    for kind in data["kinds"]:
        if kind is not None:
            out[at + symbol_index[kind]] = 1
        at += width
    at = where.tray_colours
    for colour in data["colours"]:
        if colour is not None:
            out[at + colour_index[id(colour)]] = 1
        at += len(_COLOURS)
    out[where.open_half + data["open_half"]] = 1
    shown: dict[int, int] = {}
    for face in data["hand"]:
        index = lookup.index_of(face)
        shown[index] = shown.get(index, 0) + 1
    dice_with = lookup.dice_with
    for index, count in shown.items():
        out[where.hand + index] = count / dice_with[index]
    holder = data["holder"]
    if holder is not None:
        out[where.holder + (holder - me) % players] = 1
    for seat, reserve in enumerate(data["reserves"]):
        if reserve:
            out[where.reserves + (seat - me) % players] = min(len(reserve) / MOST_IN_RESERVE, 1)
    out[where.bag] = data["bag"] / lookup.dice_count
    out[where.direction] = 1 if data["direction"] == 1 else 0
    out[where.starter + (data["starter"] - me) % players] = 1
    scale = where.points_scale
    for seat, points in enumerate(data["points"]):
        if points > 0:
            out[where.points + (seat - me) % players] = min(points / scale, 1)
    if where.in_a_set:
        scale *= players
        for seat, total in enumerate(view.scores):
            if total > 0:
                out[where.totals + (seat - me) % players] = min(total / scale, 1)
        out[where.game + min(view.round, players) - 1] = 1


def dominoes(variant: Any, view: Any, out: Any) -> None:
    """Uno dominoes' observation of ``view`` (see its spaces module)."""
    from unodice.variants.dominoes.spaces import _lookup

    colour_place = {colour: index for index, colour in enumerate(_COLOURS)}
    lookup = _lookup(variant)
    data = view.data
    at = lookup.offsets
    kinds, shares = lookup.kinds, lookup.shares
    seat, players, direction = view.seat, variant.player_count, data["direction"]
    base = at["hand"]
    for tile in data["hand"]:
        out[base + kinds[tile.id]] += shares[tile.id]
    drawn = data["drawn"]
    if drawn is not None:
        out[at["drawn"] + kinds[drawn.id]] = 1
    base = at["laid"]
    for placement in data["layout"]:
        out[base + kinds[placement.tile.id]] += shares[placement.tile.id]
    base, faces, colours_at = at["ends"], lookup.faces, len(lookup.faces)
    for end in data["ends"]:
        out[base + faces[end.face]] = 1
        if end.colour is not None:
            out[base + colours_at + colour_place[end.colour]] = 1
        base += lookup.end_size
    most = lookup.most_tiles
    sizes, one_tile = at["hand_sizes"], at["one_tile"]
    target = view.options.target
    scores, at_scores = view.scores, at["scores"]
    hand_sizes = data["hand_sizes"]
    for relative in range(players):
        other = (seat + direction * relative) % players
        held = hand_sizes[other]
        out[sizes + relative] = held / most
        if held == 1:
            out[one_tile + relative] = 1
        out[at_scores + relative] = min(max(scores[other] / target, 0.0), 1.0)
    out[at["boneyard"]] = data["boneyard"] / most
    phase = data["phase"]
    if phase in lookup.phases:
        out[at["phase"] + lookup.phases.index(phase)] = 1
    if direction == -1:
        out[at["reversed"]] = 1
    for name, who in (
        ("to_act", view.to_act),
        ("uno_debtor", data["uno_debtor"]),
        ("wild_draw_four_by", data["wild_draw_four_by"]),
    ):
        if who is not None:
            out[at[name] + (who - seat) * direction % players] = 1
    barred = at["wild_draw_four_barred"]
    for who in data["wild_draw_four_barred"]:
        out[barred + (who - seat) * direction % players] = 1


PLAIN = {"centre-die": centre_die, "coverall": coverall, "dominoes": dominoes}
"""The plain encodings, by variant name (any other variant's own ``encode_view`` is used)."""


def encode(game: Game, seat: int, out: Any) -> None:
    """Write ``seat``'s view of ``game`` into ``out`` (zeros) the plain way."""
    variant = game.variant
    plain = PLAIN.get(variant.name)
    if plain is None:
        variant.encode_view(game.view(seat), out)
    else:
        plain(variant, game.view(seat), out)


def observation(game: Game, seat: int, acting: bool) -> dict[str, Any]:
    """``seat``'s observation and mask, as the environments give them, worked out plainly."""
    variant = game.variant
    out = np.zeros(observation_size(variant), np.float32)
    encode(game, seat, out)
    number = {move: index for index, move in enumerate(variant.actions())}
    mask = np.zeros(len(number), np.int8)
    if acting and not game.is_over:
        for move in game.legal_moves():
            mask[number[move]] = 1
    return {"observation": out, "action_mask": mask}


def rewards(events: Any, players: int, reward: str) -> list[float]:
    """Each seat's reward for ``events``, added up event by event."""
    earned = [0.0] * players
    for event in events:
        if reward == "match" and isinstance(event, GameEnded):
            if len(event.winners) == players:
                continue
            for seat in range(players):
                earned[seat] += 1.0 if seat in event.winners else -1.0
        elif reward == "round" and isinstance(event, RoundEnded):
            scale = max(1, *(abs(points) for points in event.points))
            for seat, points in enumerate(event.points):
                earned[seat] += points / scale
    return earned
