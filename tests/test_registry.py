"""The registry of games: facts found under companion/games, test games registered for a while,
options and seats checked with messages that name the key."""

import pytest

from companion.engine import registry
from companion.engine.registry import GameType, Option, UnknownGame, get_game


def test_the_games_are_found_under_companion_games():
    ids = registry.game_ids()
    assert "dungeon-ball" in ids and ids == sorted(ids)
    with pytest.raises(UnknownGame, match="known games: .*dungeon-ball"):
        get_game("chess")


def test_a_game_registered_for_a_block_is_forgotten_after_it():
    game = GameType(id="block-test", title="Block Test", players=(2, 4), engine="x:Y")
    with registry.registered(game):
        assert get_game("block-test") is game
    with pytest.raises(UnknownGame):
        get_game("block-test")


def test_options_convert_text_and_refuse_what_they_do_not_allow():
    clock = Option("clock_start", 29, choices=(29, 20, 15, 10))
    assert clock.check("20") == 20
    with pytest.raises(ValueError, match="option clock_start: 21 is not one of"):
        clock.check("21")
    fast = Option("fast", False)
    assert fast.check("yes") is True
    with pytest.raises(ValueError, match="not true or false"):
        fast.check("maybe")


def test_seats_are_checked_naming_the_key():
    game = get_game("dungeon-ball")
    assert game.default_players() == 2
    assert game.computer_seats({"p2": "computer"}, 2) == {"p2": None}
    assert game.computer_seats({"p2": "computer:uniform", "p1": "human"}, 2) == {"p2": "uniform"}
    with pytest.raises(ValueError, match=r"options.seats.p3: not a seat of a 2-player Dungeon Ball"):
        game.seat_kinds({"p3": "computer"}, 2)
    with pytest.raises(ValueError, match=r"options.seats.p2: 'robot' is not"):
        game.seat_kinds({"p2": "robot"}, 2)
    with pytest.raises(ValueError, match=r"options.seats.p2: .*no policy 'genius'"):
        game.seat_kinds({"p2": "computer:genius"}, 2)
    with pytest.raises(ValueError, match="takes 1 to 2 players, not 5"):
        game.check_players(5)


def test_a_number_option_given_as_text_says_what_it_expected():
    with pytest.raises(ValueError, match="option clock_start: 'abc' is not a whole number"):
        Option("clock_start", 29).check("abc")


def test_every_games_description_fits_the_new_game_menus_hint_whole():
    """The new-game list shows the chosen game's description in two lines of the small font;
    one that does not fit is cut mid-word on the panel."""
    from companion.engine.registry import games
    from companion.ui import fonts
    from companion.ui.draw import W, wrap
    from companion.ui.menus import HINT_LINES

    for game in games():
        assert game.description, game.id
        assert len(wrap(game.description, fonts.small(), W - 2)) <= HINT_LINES, (game.id, game.description)


def test_every_menu_options_hint_fits_the_new_game_menu_whole():
    """The new-game menu shows the chosen option's hint (else its help) in two lines of the
    small font; one that does not fit ends cut short on the panel ("VII:.")."""
    from companion.engine.registry import games
    from companion.ui import fonts
    from companion.ui.draw import W, wrap
    from companion.ui.menus import HINT_LINES

    for game in games():
        for option in game.options:
            if option.menu:
                said = option.hint or option.help
                assert len(wrap(said, fonts.small(), W - 2)) <= HINT_LINES, (game.id, option.key, said)
