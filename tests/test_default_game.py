"""The game a command or the device takes when none is named: the device configuration's
``[game] default`` when it is registered, else the first registered game."""
from companion import config
from companion.config import default_game_id


def test_the_configured_default_game_is_taken_when_registered(tmp_path, monkeypatch):
    mine = tmp_path / "device.toml"
    mine.write_text('[game]\ndefault = "b-game"\n')
    monkeypatch.setattr(config, "default_files", lambda extra=None: [mine])
    assert default_game_id(["a-game", "b-game"]) == "b-game"
    assert default_game_id(["a-game", "c-game"]) == "a-game"         # not registered: the first
    mine.write_text("[game\n")                                      # unreadable: the first
    assert default_game_id(["a-game", "b-game"]) == "a-game"
    assert default_game_id([]) == ""


def test_the_shipped_configuration_names_a_registered_game():
    from companion.engine.registry import game_ids

    assert default_game_id(game_ids()) in game_ids()
