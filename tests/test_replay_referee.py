"""``companion replay FILE --json --referee``: the whole state, every hidden hand and face-down
card included (the file holds them already); without ``--referee`` nothing hidden."""

import json

import pytest

from companion.cli import main


def replay(capsys, *argv: str) -> dict:
    code = main(["replay", *argv])
    out = capsys.readouterr()
    assert code == 0, out.err
    return json.loads(out.out)["state"]


def test_dungeon_days_hands_and_deck_only_with_referee(capsys):
    public = replay(capsys, "docs/examples/dungeon-days.game", "--json", "--upto", "4")
    assert all("hand" not in seat for seat in public["seats"]) and "deck_cards" not in public
    assert isinstance(public["deck"], int)
    whole = replay(capsys, "docs/examples/dungeon-days.game", "--json", "--upto", "4", "--referee")
    assert [seat["hand"] for seat in whole["seats"]] == [["dwarf"], ["halfling"]]
    assert len(whole["deck_cards"]) == whole["deck"] == public["deck"]


def test_dodgeball_hands_and_secrets_only_with_referee(capsys):
    secret = {"hand", "pick", "extras", "rush", "mascot_card", "coach_card", "deck_cards"}
    for upto in ("2", "6", "20"):
        public = replay(capsys, "docs/examples/dodgeball.game", "--json", "--upto", upto)
        assert all(not secret & set(c) for c in public["coaches"].values())
        whole = replay(capsys, "docs/examples/dodgeball.game", "--json", "--upto", upto, "--referee")
        assert all(secret <= set(c) for c in whole["coaches"].values())
    assert len(whole["coaches"]["p1"]["hand"]) == whole["coaches"]["p1"]["cards"]


def test_dungeon_allies_face_down_monsters_only_with_referee(capsys):
    """A monster looked under with a red crystal is drawn but face down: the watcher does not
    see it, the referee does (a tile nobody looked under has no monster drawn yet)."""
    public = replay(capsys, "docs/examples/dungeon-allies.game", "--json", "--upto", "44")
    looked = [t for t in public["tiles"] if t["looked"] and not t["revealed"]]
    assert looked and all(t["monster"] == "" for t in looked) and "monster_pool_tiles" not in public
    whole = replay(capsys, "docs/examples/dungeon-allies.game", "--json", "--upto", "44", "--referee")
    tiles = {t["square"]: t for t in whole["tiles"]}
    assert all(tiles[t["square"]]["monster"] for t in looked)
    assert len(whole["monster_pool_tiles"]) == whole["monster_pool"]
    assert set(whole["seats"]) == {"p1", "p2", "p3"} and whole["seats"]["p2"]["id"] == "p2"


@pytest.mark.parametrize("game", ["dungeonbowl", "short-game"])
def test_a_game_with_nothing_hidden_or_without_its_own_referee_view_replays_whole(capsys, game):
    public = replay(capsys, f"docs/examples/{game}.game", "--json")
    whole = replay(capsys, f"docs/examples/{game}.game", "--json", "--referee")
    assert (
        whole == public
        if game == "dungeonbowl"
        else whole["players"][0]["hand"] != public["players"][0]["hand"]
    )


def test_referee_without_json_is_refused(capsys):
    assert main(["replay", "docs/examples/short-game.game", "--referee"]) == 2
    assert "add --json" in capsys.readouterr().err
