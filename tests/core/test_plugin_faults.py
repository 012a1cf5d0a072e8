"""Broken plugins: the library names the plugin at fault and everything else keeps working.

Plugins that fail to import (or end the program while importing), register names already
taken, register variants that break the rules' contract, or house rules whose hooks raise. The
decision for house rules (documented on ``Game.play``): the error comes out as a ``PluginError``
naming the house rule, and the move that set it off is refused, leaving the game as it was.
"""

from __future__ import annotations

import importlib.metadata
import io
import json
import random
import re
import textwrap
import types
from contextlib import redirect_stderr
from typing import Any
from unittest import mock

import pytest
from every_variant import VARIANTS, everything, fingerprint
from toy import Hold, Roll, ToyPlugin, ToyPositions, ToyRace, ToyRules, ToySpaces, ToyState, ToyText

import unodice
import unodice.core.registry
from unodice.cli.commands import main
from unodice.core.errors import IllegalMove, PluginError, UnknownVariant
from unodice.core.hooks import hookimpl
from unodice.core.moves import Scored
from unodice.core.registry import Registry
from unodice.testing import Showing, check_variant, scripted_game


def plugin_of(register: Any) -> Any:
    """A plugin object whose ``unodice_register`` hook is ``register``."""
    return types.SimpleNamespace(unodice_register=hookimpl(register))


def registering(*variants: type, rules: dict[str, Any] | None = None) -> Any:
    def register(registry: Any) -> None:
        for variant in variants:
            registry.add_variant(variant)
        for name, hooks in (rules or {}).items():
            registry.add_house_rule(name, hooks)

    return plugin_of(register)


def toy_registry() -> Registry:
    registry = Registry()
    registry.add_plugin(ToyPlugin(), "toy")
    return registry


def still_working(registry: Registry) -> None:
    """The toy variant still starts, plays and replays in ``registry``."""
    game = unodice.play_game(
        "toy-race", [unodice.RandomAgent(1), unodice.RandomAgent(2)], seed=9, registry=registry
    )
    assert game.is_over and unodice.replay(game.record(), registry).scores == game.scores


# -- plugins that fail to load ------------------------------------------------------------------


@pytest.fixture
def plugin_dir(tmp_path, monkeypatch):
    """A directory on the import path holding plugin modules, each broken its own way."""
    modules = {
        "raises_on_import": "raise RuntimeError('no luck today')\n",
        "exits_on_import": "import sys\nsys.exit(3)\n",
        "syntax_error_plugin": "def (:\n",
        "exits_while_registering": """
            import sys
            from unodice.core.hooks import hookimpl

            @hookimpl
            def unodice_register(registry):
                sys.exit(4)
            """,
        "misspelt_hook": """
            from unodice.core.hooks import hookimpl

            @hookimpl
            def unodice_registr(registry):
                pass
            """,
    }
    for name, source in modules.items():
        (tmp_path / f"{name}.py").write_text(textwrap.dedent(source))
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def entry_points_with(*extra: tuple[str, str]) -> Any:
    """``importlib.metadata.entry_points`` answering with the installed plugins plus ``extra``."""
    installed = list(importlib.metadata.entry_points(group="unodice"))
    points = installed + [importlib.metadata.EntryPoint(n, v, "unodice") for n, v in extra]
    return lambda group: points if group == "unodice" else []


BROKEN_ENTRY_POINTS = [
    ("raiser", "raises_on_import"),
    ("exiter", "exits_on_import"),
    ("syntax", "syntax_error_plugin"),
    ("late-exiter", "exits_while_registering"),
    ("misspelt", "misspelt_hook"),
    ("ghost", "no_module_of_this_name"),
    ("toy", "toy_entry"),
]


def test_plugins_that_fail_to_load_are_named_and_the_others_work(plugin_dir, monkeypatch):
    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points_with(*BROKEN_ENTRY_POINTS))
    registry = Registry.from_entry_points()
    errors = {plugin.name: plugin.error for plugin in registry.plugins()}
    assert "RuntimeError: no luck today" in errors["raiser"]
    assert "SystemExit: 3" in errors["exiter"]
    assert "SyntaxError" in errors["syntax"]
    assert "SystemExit: 4" in errors["late-exiter"]
    assert "'unodice_registr', which is not an unodice hook" in errors["misspelt"]
    assert "ModuleNotFoundError" in errors["ghost"]
    assert errors["toy"] is None
    assert set(VARIANTS) <= set(registry.variants()), "every real variant still loads"
    still_working(registry)
    for name in VARIANTS:
        if name != "toy-race":
            unodice.new_game(name, seed=1, registry=registry).legal_moves()


def test_asking_for_a_plugin_that_failed_to_load_names_it(plugin_dir, monkeypatch):
    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points_with(*BROKEN_ENTRY_POINTS))
    registry = Registry.from_entry_points()
    with pytest.raises(PluginError, match="plugin 'raiser' is broken: import failed: RuntimeError"):
        unodice.new_game("raiser", registry=registry)


def test_the_plugins_command_lists_each_broken_plugin_on_one_line(plugin_dir, monkeypatch):
    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points_with(*BROKEN_ENTRY_POINTS))
    registry = Registry.from_entry_points()
    monkeypatch.setattr(unodice.core.registry, "_default", registry)
    out = io.StringIO()
    assert main(["plugins"], out) == 0
    lines = out.getvalue().splitlines()
    for name, _ in BROKEN_ENTRY_POINTS[:-1]:
        (line,) = [line for line in lines if line.startswith(f"{name}  ")]
        assert "BROKEN: " in line
    assert main(["variants"], io.StringIO()) == 0


def test_two_plugins_under_one_entry_point_name_are_both_loaded(plugin_dir, monkeypatch):
    """Neither knocks the other out: each is named after where it comes from."""
    monkeypatch.setattr(
        importlib.metadata,
        "entry_points",
        entry_points_with(("toy", "toy_entry"), ("toy", "zz_not_loaded")),
    )
    registry = Registry.from_entry_points()
    assert registry.variant("toy-race").plugin == "toy_entry:toy"
    (broken,) = [plugin for plugin in registry.plugins() if plugin.error]
    assert broken.name == "zz_not_loaded:toy" and "ModuleNotFoundError" in broken.error


# -- duplicate names ------------------------------------------------------------------------------


class Copycat(ToyRace):
    """Another class under the toy's name."""


def test_a_second_variant_under_a_taken_name_leaves_it_to_neither_plugin():
    registry = toy_registry()
    info = registry.add_plugin(registering(Copycat), "copycat")
    assert info.error is None
    assert "variant 'toy-race' is also registered by 'toy'" in info.refused[0]
    toy = next(plugin for plugin in registry.plugins() if plugin.name == "toy")
    assert "variant 'toy-race' is also registered by 'copycat'" in toy.refused[0]
    with pytest.raises(PluginError, match="registered by 'copycat' and 'toy'"):
        registry.variant("toy-race")
    assert registry.house_rule("double-sevens").plugin == "toy"


def test_a_second_variant_under_a_taken_name_is_refused_when_the_first_may_override():
    registry = Registry(allow_override=["toy"])
    registry.add_plugin(ToyPlugin(), "toy")
    info = registry.add_plugin(registering(Copycat), "copycat")
    assert "variant 'toy-race' is overridden by plugin 'toy'" in info.refused[0]
    assert registry.variant("toy-race").variant_class is ToyRace
    still_working(registry)


def test_a_second_house_rule_under_a_taken_name_leaves_it_to_neither_plugin():
    registry = toy_registry()
    info = registry.add_plugin(registering(rules={"double-sevens": BadScore()}), "again")
    assert "house rule 'double-sevens' is also registered by 'toy'" in info.refused[0]
    with pytest.raises(PluginError, match="house rule 'double-sevens' is registered by"):
        registry.house_rule("double-sevens")
    still_working(registry)


def test_a_plugin_registering_one_name_twice_is_refused_whole():
    class Twin(ToyRace):
        name = "twin"

    registry = toy_registry()
    info = registry.add_plugin(registering(Twin, Twin), "twins")
    assert "already registered" in info.error
    with pytest.raises(PluginError, match="plugin 'twins' is broken"):
        registry.variant("twin")


# -- variants that break the contract: check_variant reports them -------------------------------


class Nothing:
    """Stand-in for a move the toy's rules do not know."""


class Teleport(Roll):
    kind = "teleport"

    def __str__(self) -> str:
        return "teleport"


class OffersTheImpossible(ToyRace):
    """``legal_moves`` offers a move that its own rules then refuse."""

    name = "offers-impossible"

    def legal_moves(self, state: ToyState) -> tuple[Any, ...]:
        return (Roll(), Teleport())

    def parse_move(self, text: str) -> Any:
        return Teleport() if text.strip() == "teleport" else super().parse_move(text)

    def apply(self, table: Any, state: ToyState, move: Any) -> None:
        if isinstance(move, Teleport):
            raise IllegalMove(move, "nobody can teleport", "TOY-9")
        super().apply(table, state, move)


class LosesDice(ToyRace):
    """Rolling loses the die rolled: pieces are not conserved."""

    name = "loses-dice"

    def apply(self, table: Any, state: ToyState, move: Any) -> None:
        super().apply(table, state, move)
        if state.pile:
            state.pile.pop()


class NoMoves(ToyRace):
    name = "no-moves"

    def legal_moves(self, state: ToyState) -> tuple[Any, ...]:
        return ()


class RepeatsMoves(ToyRace):
    name = "repeats-moves"

    def legal_moves(self, state: ToyState) -> tuple[Any, ...]:
        return (Roll(), Roll())


class BadNotation(ToyRace):
    name = "bad-notation"

    def parse_move(self, text: str) -> Any:
        return Hold() if text.strip() == "roll" else super().parse_move(text)


class TurnToNobody(ToyRace):
    name = "turn-to-nobody"

    def apply(self, table: Any, state: ToyState, move: Any) -> None:
        super().apply(table, state, move)
        if state.to_act is not None:
            state.to_act = self.player_count + 3


class Leaky(ToyRace):
    name = "leaky"

    def view_data(self, state: ToyState, seat: int) -> dict[str, Any]:
        return {**super().view_data(state, seat), "bag_dice": tuple(state.bag)}


class Moody(ToyRace):
    """Draws on the global random state, so a seed does not fix a game."""

    name = "moody"

    def legal_moves(self, state: ToyState) -> tuple[Any, ...]:
        moves = super().legal_moves(state)
        return moves if random.random() < 0.5 else moves[:1]


class Endless(ToyRace):
    """Never banks anything: the game never ends."""

    name = "endless"

    def legal_moves(self, state: ToyState) -> tuple[Any, ...]:
        return (Roll(),)


class CrashesAtSetup(ToyRace):
    name = "crashes-at-setup"

    def start_round(self, table: Any, previous: Any) -> Any:
        raise KeyError("lost the dice bag")


class CrashesInApply(ToyRace):
    name = "crashes-in-apply"

    def apply(self, table: Any, state: ToyState, move: Any) -> None:
        if isinstance(move, Hold):
            raise IndexError("the score pad is full")
        super().apply(table, state, move)


class UnreadableNotation(ToyRace):
    """Offers a move whose notation its own ``parse_move`` cannot read."""

    name = "unreadable-notation"

    def legal_moves(self, state: ToyState) -> tuple[Any, ...]:
        return (*super().legal_moves(state), Teleport())

    def apply(self, table: Any, state: ToyState, move: Any) -> None:
        super().apply(table, state, Roll() if isinstance(move, Teleport) else move)


class SilentScores(ToyRace):
    """Announces points with a ``Scored`` event of its own instead of ``table.score``."""

    name = "silent-scores"

    def apply(self, table: Any, state: ToyState, move: Any) -> None:
        if isinstance(move, Hold):
            table.emit(Scored(state.seats.current, 1, "bonus"))
        super().apply(table, state, move)


class NoWinner(ToyRace):
    name = "no-winner"

    def match_winners(self, totals: Any) -> tuple[int, ...]:
        return ()


class ForgetfulReplay(ToyRace):
    """Shows which kind of chance it was set up with: a replay looks different."""

    name = "forgetful-replay"

    def start_round(self, table: Any, previous: Any) -> ToyState:
        state = super().start_round(table, previous)
        state.chance_kind = type(table.chance).__name__  # type: ignore[attr-defined]
        return state

    def read_position(self, table: Any, text: str) -> ToyState:
        state = super().read_position(table, text)
        state.chance_kind = type(table.chance).__name__  # type: ignore[attr-defined]
        return state

    def render(self, state: ToyState, seat: int | None = None, colour: bool = False) -> str:
        kind = getattr(state, "chance_kind", "a copy")  # ToyState.copy() leaves it out
        return f"{super().render(state, seat, colour)} via {kind}"


class OpaqueView(ToyRace):
    name = "opaque-view"

    def view_data(self, state: ToyState, seat: int) -> dict[str, Any]:
        return {**super().view_data(state, seat), "mood": Nothing()}


class SharedCopy(ToyRace):
    """``State.copy`` shares the banked scores with the original."""

    name = "shared-copy"

    def start_round(self, table: Any, previous: Any) -> ToyState:
        state = super().start_round(table, previous)
        state.__class__ = SharedCopyState
        return state


class SharedCopyState(ToyState):
    def copy(self) -> ToyState:
        twin = super().copy()
        twin.pile = self.pile
        return twin


CONTRACT_BREAKERS = [
    (OffersTheImpossible, "offered 'teleport' but play refused it"),
    (LosesDice, "pieces not conserved: missing"),
    (NoMoves, "no legal move"),
    (RepeatsMoves, "repeats a move"),
    (BadNotation, "does not read back"),
    (TurnToNobody, "gave the turn to seat"),
    (Leaky, "shows the hidden piece"),
    (Moody, "different game|does not reproduce|InvalidRecord"),
    (Endless, "did not end within 300 decisions"),
    (CrashesAtSetup, "KeyError: 'lost the dice bag'"),
    (CrashesInApply, "IndexError: the score pad is full"),
    (UnreadableNotation, "notation 'teleport' does not read: toy-race moves are"),
    (SilentScores, r"are not the sum of Scored events"),
    (NoWinner, "names no winner"),
    (ForgetfulReplay, "record -> replay does not reproduce the game"),
    (OpaqueView, "is not JSON-ready"),
    (SharedCopy, "playing on a copy changed the original"),
]


@pytest.fixture
def breakers() -> Registry:
    registry = toy_registry()
    for variant, _ in CONTRACT_BREAKERS:
        info = registry.add_plugin(registering(variant), f"plugin-{variant.name}")
        assert info.error is None, info.error
    return registry


@pytest.mark.parametrize(
    ("variant", "words"), CONTRACT_BREAKERS, ids=[v.name for v, _ in CONTRACT_BREAKERS]
)
def test_check_variant_reports_a_contract_breaker_as_failing(breakers, variant, words):
    report = check_variant(
        variant.name, games=3, max_decisions=300, registry=breakers, raise_on_failure=False
    )
    assert not report.ok
    assert any(re.search(words, failure) for failure in report.failures), report.failures
    still_working(breakers)
    assert check_variant("toy-race", games=2, registry=breakers).ok


def test_check_variant_passes_a_variant_that_does_not_account_for_pieces():
    """Piece conservation is only checked for variants that say where their pieces are."""

    class Unaccounted(ToyRules, ToyPositions, ToySpaces, ToyText):
        name = "unaccounted"

    registry = toy_registry()
    registry.add_plugin(registering(Unaccounted), "unaccounted")
    assert check_variant("unaccounted", games=2, registry=registry).ok


def test_check_variant_notices_a_core_that_accepts_or_spoils_on_refusal(breakers, monkeypatch):
    """The checker does not trust the core: a refusal that plays or changes the game is caught."""
    real_play = unodice.Game.play

    def lenient(game: unodice.Game, move: Any) -> Any:
        if move not in game.legal_moves():
            game._events.append(Scored(0, 0, "refused"))
            raise IllegalMove(move, "refused, after leaving a mark")
        return real_play(game, move)

    monkeypatch.setattr(unodice.Game, "play", lenient)
    report = check_variant("toy-race", games=2, registry=breakers, raise_on_failure=False)
    assert any("changed the game" in failure for failure in report.failures)

    def accepting(game: unodice.Game, move: Any) -> Any:
        if move not in game.legal_moves():
            return ()
        return real_play(game, move)

    monkeypatch.setattr(unodice.Game, "play", accepting)
    report = check_variant("toy-race", games=2, registry=breakers, raise_on_failure=False)
    assert any("which is not among legal_moves" in failure for failure in report.failures)


def test_check_variant_reports_an_unknown_or_broken_variant():
    registry = toy_registry()
    registry.add_plugin(plugin_of(lambda registry: 1 / 0), "zero")
    report = check_variant("no-such-game", games=1, registry=registry, raise_on_failure=False)
    assert not report.ok and "unknown variant" in report.failures[0]
    with pytest.raises(AssertionError, match="cannot start"):
        check_variant("zero", registry=registry)


def test_an_exception_from_a_variant_keeps_its_type_and_names_the_plugin(breakers):
    with pytest.raises(KeyError) as caught:
        unodice.new_game("crashes-at-setup", registry=breakers)
    assert any("plugin 'plugin-crashes-at-setup'" in note for note in caught.value.__notes__)
    game = scripted_game("crashes-in-apply", [Showing.of("r5")], registry=breakers)
    game.play("roll")
    with pytest.raises(IndexError) as caught:
        game.play("hold")
    (note,) = caught.value.__notes__
    assert "variant 'crashes-in-apply' of plugin 'plugin-crashes-in-apply'" in note
    assert "playing 'hold'" in note
    still_working(breakers)


def test_a_variant_offering_no_move_is_a_plugin_error_naming_it(breakers):
    game = unodice.new_game("no-moves", registry=breakers)
    with pytest.raises(PluginError, match=r"plugin 'plugin-no-moves' is broken: .*no legal move"):
        game.legal_moves()


def test_a_variant_giving_the_turn_to_no_seat_is_a_plugin_error_naming_it(breakers):
    game = scripted_game("turn-to-nobody", [Showing.of("r5")], registry=breakers)
    with pytest.raises(PluginError, match=r"'plugin-turn-to-nobody' is broken: .*seat 5"):
        game.play("roll")


# -- house rules that fail --------------------------------------------------------------------


class BadScore:
    @hookimpl
    def unodice_score(self, game: Any, seat: int, points: int, reason: str, context: Any) -> Any:
        raise ZeroDivisionError("points over nothing")


class BadObserver:
    """Fails on every ``rolled`` event."""

    @hookimpl
    def unodice_event(self, game: Any, event: Any) -> None:
        if event.kind == "rolled":
            raise LookupError("no such face")


class FailsAtStart:
    @hookimpl
    def unodice_event(self, game: Any, event: Any) -> None:
        raise RuntimeError("not today")


class Quiet:
    """Implements the score hook and leaves points alone."""

    @hookimpl
    def unodice_score(self, game: Any, seat: int, points: int, reason: str, context: Any) -> Any:
        return None


class Nonsense:
    @hookimpl
    def unodice_score(self, game: Any, seat: int, points: int, reason: str, context: Any) -> Any:
        return 2.5


@pytest.fixture
def rules() -> Registry:
    registry = toy_registry()
    hooks = {
        "bad-score": BadScore(),
        "bad-observer": BadObserver(),
        "fails-at-start": FailsAtStart(),
        "quiet": Quiet(),
        "nonsense": Nonsense(),
    }
    info = registry.add_plugin(registering(rules=hooks), "shaky-rules")
    assert info.error is None, info.error
    return registry


def ready_to_hold(registry: Registry, house_rules: list[str]) -> unodice.Game:
    game = scripted_game(
        "toy-race",
        [Showing.of("y3"), Showing.of("r4"), Showing.of("g2")],
        registry=registry,
        house_rules=house_rules,
    )
    game.play("roll")
    return game


def test_a_failing_score_hook_is_named_and_the_move_changes_nothing(rules):
    game = ready_to_hold(rules, ["quiet", "bad-score"])
    before, chance = fingerprint(game), game.chance.outcomes[:]
    with pytest.raises(PluginError) as caught:
        game.play("hold")
    message = str(caught.value)
    assert "plugin 'shaky-rules'" in message and "house rule 'bad-score' failed" in message
    assert "unodice_score: ZeroDivisionError: points over nothing" in message
    assert "'quiet'" not in message
    assert fingerprint(game) == before and game.chance.outcomes == chance
    game.play("roll")  # the game goes on: a move that scores nothing is not affected
    assert game.state.turn_total == 7


def test_a_failing_event_hook_is_named_and_the_move_stands(rules):
    """Observers cannot refuse a move (issue 25, item 9): every house rule's score hooks have
    accepted it by the time observers hear of it, so one that fails is named, and the move
    stands, heard of by every other observer."""
    game = scripted_game(
        "toy-race",
        [Showing.of("y3"), Showing.of("r4")],
        registry=rules,
        house_rules=["bad-observer"],
    )
    with pytest.raises(
        PluginError,
        match="house rule 'bad-observer' failed in unodice_event: "
        r"LookupError: no such face \(the move it observed "
        r"stands: an observer cannot refuse one\)",
    ):
        game.play("roll")
    assert game.moves == (Roll(),) and game.state.turn_total == 3
    game.play("hold")  # the game goes on from after the move
    assert game.scores[0] == 3


def test_a_house_rule_failing_at_setup_stops_only_that_game(rules):
    with pytest.raises(PluginError, match="house rule 'fails-at-start' failed in unodice_event"):
        unodice.new_game("toy-race", seed=1, registry=rules, house_rules=["fails-at-start"])
    still_working(rules)


def test_a_house_rule_returning_a_non_number_is_named(rules):
    game = ready_to_hold(rules, ["nonsense"])
    before = fingerprint(game)
    with pytest.raises(
        PluginError,
        match=r"house rule 'nonsense' failed in unodice_score: "
        r"returned 2\.5, not a whole number",
    ):
        game.play("hold")
    assert fingerprint(game) == before


def test_a_failed_move_on_a_copy_leaves_original_and_copy_as_they_were(rules):
    game = ready_to_hold(rules, ["bad-score"])
    before = fingerprint(game)
    twin = game.copy()
    with pytest.raises(PluginError):
        twin.play("hold")
    assert fingerprint(twin) == before == fingerprint(game)


def test_a_failing_house_rule_changes_no_game_without_it(rules):
    game = ready_to_hold(rules, [])
    game.play("hold")
    assert game.scores == (3, 0)


def test_replay_of_a_record_whose_house_rule_now_fails_names_the_rule(rules):
    game = ready_to_hold(toy_registry(), [])
    game.play("hold")
    record = json.loads(json.dumps(game.record()))
    record["house_rules"] = ["bad-score"]
    with pytest.raises(PluginError, match="house rule 'bad-score'"):
        unodice.replay(record, rules, allow_scripted=True)


@pytest.mark.parametrize(
    ("hooks", "words"),
    [
        (
            types.SimpleNamespace(unodice_score=lambda game, seat, points, reason, context: None),
            "implements no rule hook",
        ),
        (types.SimpleNamespace(unodice_score=hookimpl(lambda game, nonsense: None)), "'nonsense'"),
        (
            types.SimpleNamespace(unodice_scores=hookimpl(lambda game: None)),
            "unknown hook 'unodice_scores'",
        ),
    ],
    ids=["unmarked", "wrong-arguments", "misspelt"],
)
def test_a_house_rule_with_malformed_hooks_is_refused_at_registration(hooks, words):
    registry = toy_registry()
    info = registry.add_plugin(registering(rules={"malformed": hooks}), "malformed-rules")
    assert words in info.error and "\n" not in info.error
    with pytest.raises(PluginError, match="malformed-rules"):
        unodice.new_game("toy-race", registry=registry, house_rules=["malformed"])


def test_one_hooks_object_for_two_house_rules_is_refused():
    shared = Quiet()
    registry = toy_registry()
    info = registry.add_plugin(registering(rules={"one": shared, "two": shared}), "sharing")
    assert "house rule 'two' reuses the hooks of house rule 'one'" in info.error


def test_a_house_rule_limited_to_variants_by_a_bare_string_is_refused():
    register = plugin_of(
        lambda registry: registry.add_house_rule("bare", Quiet(), variants="toy-race")
    )
    info = toy_registry().add_plugin(register, "bare")
    assert "variants is a list of names" in info.error


def test_the_command_line_answers_a_failing_house_rule_in_one_line(rules, tmp_path):
    game = ready_to_hold(toy_registry(), [])
    game.play("hold")
    record = game.record()
    record["house_rules"] = ["bad-score"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    err = io.StringIO()
    with mock.patch.object(unodice.core.registry, "_default", rules), redirect_stderr(err):
        status = main(["replay", "--allow-scripted", str(path)], io.StringIO())
    assert status == 1 and err.getvalue().count("\n") == 1
    assert "house rule 'bad-score'" in err.getvalue()


def test_unknown_house_rule_lists_the_installed_ones(rules):
    with pytest.raises(UnknownVariant, match="bad-observer, bad-score"):
        unodice.new_game("toy-race", registry=rules, house_rules=["nope"])


def test_every_installed_variant_plays_beside_broken_plugins(breakers, rules):
    """The real variants in a registry that also holds every broken plugin above."""
    registry = Registry.from_entry_points()
    for variant, _ in CONTRACT_BREAKERS:
        registry.add_plugin(registering(variant), f"plugin-{variant.name}")
    registry.add_plugin(registering(rules={"bad-score": BadScore()}), "shaky-rules")
    registry.add_plugin(plugin_of(lambda registry: 1 / 0), "zero")
    for name in everything().variants():
        if name in registry.variants():
            game = unodice.new_game(name, seed=3, registry=registry)
            game.play(game.legal_moves()[0])


class Limit:
    """A house rule made twice from one class: refuses scores above its limit."""

    def __init__(self, limit: int):
        self.limit = limit

    @hookimpl
    def unodice_score(self, game: Any, seat: int, points: int, reason: str, context: Any) -> Any:
        if points > self.limit:
            raise OverflowError(f"{points} is over {self.limit}")
        return None


def test_of_two_house_rules_from_one_class_the_failing_one_is_named():
    registry = toy_registry()
    registry.add_plugin(registering(rules={"lenient": Limit(100), "strict": Limit(2)}), "limits")
    game = ready_to_hold(registry, ["lenient", "strict"])
    with pytest.raises(PluginError, match="house rule 'strict' failed") as caught:
        game.play("hold")
    assert "'lenient'" not in str(caught.value)
