"""The team-building choices say what a coach chooses by: a player's name, stars and captain
mark ("Bruno Brick 5* C"), on the panel's list and in the terminal, never bare ids."""

from __future__ import annotations

import io
import sys

from companion.cli import main
from companion.engine.core import Header
from companion.games.dodgeball.labels import ROW, kit_label, player_label
from companion.games.dodgeball.pack import Player
from companion.ui.generic import option_labels
from companion.ui.model import prompt_dict
from companion.ui.screens import render
from tests.games.dodgeball.court import ENGINE, play
from tests.games.dodgeball.scenes import draft_pick


def _draft(**options):
    s = ENGINE.new_state(Header("dodgeball", options={"draft": True, **options}))
    return ENGINE, s


def test_a_draft_pick_is_labelled_with_name_and_stars():
    g, s = _draft()
    play(
        g,
        s,
        "p1 captain vix",
        "p2 captain brick",
        "chance draft tomas anvil hook clay nets moss kit tuck pip gus",
    )
    p = g.prompt(s)
    labels = dict(zip(p.options, p.choice["labels"]))
    assert labels["p1 pick anvil"] == "Ada Anvil 4*"
    assert labels["p1 pick hook"] == "Ines Hook 3*"
    assert len(labels) == len(p.options)


def test_captains_teams_and_built_picks_carry_the_captain_mark_and_stars():
    g, s = _draft()
    assert (
        dict(zip(g.prompt(s).options, g.prompt(s).choice["labels"]))["p1 captain brick"] == "Bruno Brick 5* C"
    )
    built = g.new_state(Header("dodgeball", options={"build": True, "mascots": True}))
    labels = dict(zip(g.prompt(built).options, g.prompt(built).choice["labels"]))
    assert labels["p1 pick brick"] == "Bruno Brick 5* C" and labels["p1 pick tomas"] == "Tomas Wing 4*"
    teams = g.new_state(Header("dodgeball"))
    assert "Iron Moles 20*" in g.prompt(teams).choice["labels"]


def test_the_panel_draws_each_pick_by_its_label():
    m = draft_pick()
    p = m["prompt"]
    as_words = {
        **m,
        "prompt": {**p, "choice": {}, "options": [f"p1 {label}" for label in p["choice"]["labels"]]},
    }
    as_ids = {**m, "prompt": {**p, "choice": {}}}
    assert render(m).tobytes() == render(as_words).tobytes()
    assert render(m).tobytes() != render(as_ids).tobytes()


def test_labels_that_do_not_match_the_options_are_not_used():
    prompt = prompt_dict(ENGINE.prompt(ENGINE.new_state(Header("dodgeball", options={"draft": True}))))
    assert option_labels(prompt)[0] == "Rita Vale 5* C"
    assert option_labels({**prompt, "choice": {"labels": ["one"]}}) == []


def test_a_long_name_is_shortened_but_keeps_its_stars_and_mark():
    long = Player(
        id="bart",
        name="Bartholomew Quincy-Smythe",
        team="hawks",
        stars=4,
        attrs={},
        ability=None,
        captain=True,
    )
    label = player_label(long)
    assert label.endswith(" 4* C") and len(label) <= ROW and label.startswith("Bartholomew")
    mascot = kit_label(ENGINE.pack, "mascot", "mole")
    assert mascot == "Mo Mole +2 BLO/DOD" and len(mascot) <= ROW  # "Mo the Mole": its middle word goes


def test_the_events_name_the_picks():
    g, s = _draft()
    ev = g.apply(s, "p1 captain brick")
    assert ev[0]["text"] == "P1's captain: Bruno Brick 5* C" and ev[0]["player"] == "brick"


def test_the_terminal_names_each_pick(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(sys, "stdin", io.StringIO("2\n"))
    main(["play", "dodgeball", "--option", "draft=true", "--seed", "3", "--save", str(tmp_path / "d.game")])
    out = capsys.readouterr().out
    assert "2. p1 captain brick   (Bruno Brick 5* C)" in out
