"""The frame audit: games of each of the five games played headless through the device with
mixed human, computer and phone seats, every screen the table would see looked at:

- the score in sight: each in-game frame ends with the game's status strip (or, on a generic
  screen, the scores), or is one of the screens that show the score their own way (looked at
  at 4x: a turn's own score lines, a final table) or come before any score is kept;
- no private prompt without its pass screen (the check of test_no_secret_on_the_panel);
- every computer move shown: on the computer-moves screens, each in words, before the game's
  own result screen for what came of them.

One short game of each in the default tier; whole games of every mix in the slow tier."""

import pytest

from companion.engine.registry import games
from companion.ui.draw import Canvas
from companion.ui.generic import strip
from companion.ui.hooks import game_hook
from companion.ui.screens import render, screen_name
from tests.device.secrets_on_the_panel import mixes, play, random_seed, said_moves, table
from tests.device.test_no_secret_on_the_panel import check as no_secret

# screens that show the score their own way, or come before any score is kept
OWN_SCORE = {"game_over", "days_final", "allies_over", "allies_table", "bowl_turn"}
BEFORE_SCORES = {"bowl_roll", "bowl_place"}
# a private glance, passed to its seat and gone with OK (Dungeon Allies' look under a monster):
# no strip, looked at at 4x; listed so that any other screen without the score still fails
PRIVATE_GLANCES = {"allies_seen"}
THREE = {"dungeon-days", "dungeon-allies"}  # three seats: a person, the computer and a phone


def strip_of(model, draw) -> bytes:
    c = Canvas()
    draw(c, model)
    return c.im.crop((0, 55, 128, 64)).tobytes()


def score_in_sight(model) -> bool:
    name = screen_name(model)
    if name in OWN_SCORE or name in BEFORE_SCORES or name in PRIVATE_GLANCES:
        return True
    bottom = render(model).crop((0, 55, 128, 64)).tobytes()
    own = game_hook(model["game"], "draw_strip")
    return bottom in {strip_of(model, draw) for draw in (own, strip) if draw is not None}


def audit(tmp_path, game_id, mix, limit):
    seed = random_seed(game_id, mix)
    t = table(tmp_path, game_id, mix, seed)
    app, s = t.app, t.app.session
    unseen = []
    original = app.show_events

    def watching(events, from_link):
        original(events, from_link)
        if not s.computer_moves:
            return
        said = said_moves(app)
        if len(said) != len(s.computer_moves):
            unseen.append(list(s.computer_moves))
        t.computer_moves += len(s.computer_moves)

    app.show_events = watching
    play(t, seed, limit=limit, check=no_secret)
    in_game = [m for m in t.frames if m.get("game") and m.get("summary")]
    hidden = [screen_name(m) for m in in_game if not score_in_sight(m)]
    assert not hidden, f"{game_id} {mix}: the score is out of sight on {sorted(set(hidden))}"
    assert not unseen, f"{game_id} {mix}: computer moves not shown: {unseen[:3]}"
    if "computer" in mix.values() and len(in_game) > 20:
        assert t.computer_moves > 0
    return t


def default_mix(game_id):
    return (
        {"p1": "human", "p2": "computer", "p3": "phone"}
        if game_id in THREE
        else {"p1": "human", "p2": "computer"}
    )


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_a_short_game_of_each_passes_the_frame_audit(tmp_path, game_id):
    t = audit(tmp_path, game_id, default_mix(game_id), limit=60)
    assert len(t.frames) > 30


WHOLE = [(g.id, mix) for g in games() for mix in mixes(g.id)] + [
    (g, {"p1": "human", "p2": "computer", "p3": "phone"}) for g in sorted(THREE)
]


@pytest.mark.slow
@pytest.mark.parametrize("game_id,mix", WHOLE, ids=[f"{g}-{'-'.join(m.values())}" for g, m in WHOLE])
def test_whole_games_of_every_mix_pass_the_frame_audit(tmp_path, game_id, mix):
    t = audit(tmp_path, game_id, mix, limit=5000)
    assert t.app.session.engine.is_over(t.app.session.state), "the game did not end"
