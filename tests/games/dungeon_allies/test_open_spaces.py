"""The placement prompt's options (``open_spaces``, the whole board at once) agree with
``placement.refusal`` (one space, with the reason) on every placement of random games, and its
word lists are the options' dice and spaces, each once, in the options' order."""

from __future__ import annotations

from companion.engine.dice import SeededDice
from companion.engine.registry import get_game
from companion.games.dungeon_allies.open_spaces import open_spaces
from companion.games.dungeon_allies.placement import peekable, placer, refusal, unplaced
from tests.conformance.harness import MAX_ACTIONS, header_for, play


def spaces(g, s) -> list[str]:
    """Every action space's word, in the board's order."""
    out = [t.square for t in s.tiles if not t.removed]
    out += ["order"] + [f"treasure{i}" for i in range(1, len(s.treasure) + 1)] + ["gold", "train", "tavern"]
    out += [f"prisoner{i}" for i in range(1, len(g.pack.prisoners) + 1)] + ["trade"]
    return out + [f"sorcerer{i}" for i in range(1, len(s.row) + 1)]


def test_the_open_spaces_are_exactly_the_spaces_refusal_allows():
    game = get_game("dungeon-allies")
    engine = game.load_engine()
    checked, refused = 0, 0

    def compare(before, prompt, action, events, state):
        nonlocal checked, refused
        s = before
        if prompt.kind != "place":
            return
        seat, k, _, allies = placer(engine, s, s.frames[-1])
        assert allies == unplaced(s, seat, k >= engine.pack.rules.characters_each)
        free, every = open_spaces(engine, s, seat, [seat.allies[a].die for a in allies])
        assert every == list(dict.fromkeys(space for spaces in free.values() for space in spaces))
        for a in allies:
            allowed = [space for space in spaces(engine, s) if refusal(engine, s, seat, a, space) is None]
            assert free[seat.allies[a].die] == allowed, (seat.id, seat.allies[a].die)
            refused += len(spaces(engine, s)) - len(allowed)
        words = prompt.choice["words"]
        assert words[0] == list(dict.fromkeys(o.split()[2] for o in prompt.options))
        assert words[1] == list(dict.fromkeys(o.split()[3] for o in prompt.options))
        checked += 1

    for seed in range(1, 9):
        play(game, engine, seed, policy="random", after=compare)
    assert checked >= 200 and refused >= 1000, (checked, refused)


def fast_games(game, engine, seeds, go):
    """Random games of ``seeds`` on the fast path ``go`` (``apply_trusted``'s prompt or
    ``advance``), the state changed in place; yields (state, prompt) before each action."""
    for seed in seeds:
        s = engine.new_state(header_for(game, seed))
        players = {}
        dice = SeededDice(seed)
        p = engine.prompt(s)
        for _ in range(MAX_ACTIONS):
            if p is None:
                break
            yield s, p
            if p.is_chance:
                action = dice.answer(p)
            else:
                player = players.setdefault(p.actor, game.load_policy("random")(seed * 31 + len(players)))
                action = player(engine, engine.public_view(s, p.actor), p)
            p = go(s, action, p)
        assert p is None, f"seed {seed}: no end within {MAX_ACTIONS} actions"


def test_the_placement_step_keeps_placers_answer_for_its_prompt_alone():
    """The answer ``Place.due`` keeps from a prompt for the act is placer's own, on every
    placement prompt and every act of random games played on the fast path."""
    game = get_game("dungeon-allies")
    engine = game.load_engine()
    step = engine.steps["place"]
    asked = 0
    for s, _ in fast_games(game, engine, range(1, 5), lambda s, a, p: engine.apply_trusted(s, a, p)[1]):
        f = s.frames[-1]
        if f.step == "place":
            assert step.due(engine, s, f) == placer(engine, s, f)
            asked += 1
    assert asked > 50


def test_the_placement_prompt_offers_what_refusal_allows_on_the_fast_path():
    """On every placement prompt of random games played through ``advance``, the options are
    the lines ``refusal`` allows, die by die, then the red crystal's peek where a tile is left
    to look under (``can_peek``, held here to ``peekable``)."""
    game = get_game("dungeon-allies")
    engine = game.load_engine()
    asked = peeks = 0
    seeds = [*range(1, 9), 13, 40]  # 13 and 40 bring a die at the top of the ladder (no training)
    for s, p in fast_games(game, engine, seeds, engine.advance):
        if p.kind != "place":
            continue
        seat, _, _, allies = placer(engine, s, s.frames[-1])
        lines = []
        for a in allies:
            die = seat.allies[a].die
            lines += [
                f"{seat.id} place {die} {space}"
                for space in spaces(engine, s)
                if refusal(engine, s, seat, a, space) is None
            ]
        if not lines:
            lines = [f"{seat.id} place {seat.allies[a].die} pass" for a in allies]
        peek = [f"{seat.id} place red peek"] if seat.crystals["red"] and peekable(s, seat.id) else []
        assert list(p.options) == lines + peek, seat.id
        asked += 1
        peeks += bool(peek)
    assert asked > 300 and peeks > 20, (asked, peeks)


def test_the_placement_prompt_words_are_its_options_word_by_word_on_the_fast_path():
    """The word lists a device builds a placement from: the dice that have a line, in the
    options' order and once each, then every space some line names."""
    game = get_game("dungeon-allies")
    engine = game.load_engine()
    asked = 0
    for _, p in fast_games(game, engine, [*range(1, 7), 13, 40], engine.advance):
        if p.kind != "place":
            continue
        dice, spaces = p.choice["words"]
        said = [line.split() for line in p.options]
        assert dice == list(dict.fromkeys(w[2] for w in said))
        assert sorted(spaces) == sorted({w[3] for w in said})
        assert p.actor == said[0][0] and p.choice["verb"] == "place"
        asked += 1
    assert asked > 200, asked
