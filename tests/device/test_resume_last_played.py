"""The next start brings back the game in which the last action was taken, not the game started
last: played through the device's own menus, then a restart on the same journal file without
closing it (as after a crash or a pulled plug)."""
from companion.device.app import DeviceApp
from companion.journal import Journal
from companion.session import RefereeSession
from drivers import open_display

TWO_PLAYER = {"teams": {"p1": "orcs", "p2": "goblins"}, "kicking": {"p1": "luck", "p2": "luck"}}


def device(path):
    session = RefereeSession(Journal(path), dice_mode="manual")
    session.journal.set_setting("dice", "manual")
    return DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 1)


def leave(app):
    app.open_game_menu()
    app.menu_choice("leave")
    assert app.menu_kind == "main"


def a_game_with_a_move(app) -> int:
    app.menu_choice("new")
    if app.menu_kind == "confirm-new":
        app.menu_choice("new")
    app.start_game("dungeon-ball", dict(TWO_PLAYER))
    app.act("p1 call heads")
    gid = app.session.game_id
    leave(app)
    return gid


def test_a_restart_resumes_the_game_last_played_not_the_one_started_last(tmp_path):
    path = tmp_path / "journal.sqlite"
    app = device(path)
    older = a_game_with_a_move(app)
    newer = a_game_with_a_move(app)
    assert older != newer
    app.menu_choice("resume")                       # Main menu > Resume > the older game
    assert app.menu_kind == "resume"
    assert [it["id"] for it in app.menu.menu["items"]][:2] == [str(newer), str(older)]
    app.menu_choice(str(older))
    assert app.session.game_id == older
    app.act("chance coin heads")                    # a move in the older game, then the plug is pulled
    again = device(path)                            # the same file, never closed
    assert again.session.journal.unfinished() == older
    assert again.resume()                           # what `companion run` does at start
    assert again.session.game_id == older
    assert again.session.actions[-1] == "chance coin heads"
    again.show_main_menu()
    again.menu_choice("resume")                     # and Resume lists it first
    assert [it["id"] for it in again.menu.menu["items"]][0] == str(older)


def test_a_game_started_after_the_last_move_is_the_one_resumed(tmp_path):
    path = tmp_path / "journal.sqlite"
    app = device(path)
    a_game_with_a_move(app)
    app.menu_choice("new")
    app.menu_choice("new")
    app.start_game("dungeon-ball", dict(TWO_PLAYER))
    started = app.session.game_id
    assert device(path).session.journal.unfinished() == started
