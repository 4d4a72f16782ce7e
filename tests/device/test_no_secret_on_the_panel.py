"""No secret on the shared panel, for every registered game and every mix of human, computer
and phone seats: a person's private prompt or hand is drawn only after a "Pass to Pn" screen
for that seat (or straight after that seat's own secret, nothing shown between), and a seat a
phone holds is never drawn a choice, secret or not: the panel says "Pn chooses on the phone". A person alone
at the table with computer seats is asked nothing of the kind: there is no one to hide from."""

import pytest

from companion.engine.registry import games
from tests.device.secrets_on_the_panel import mixes, play, random_seed, table

GAMES = [g.id for g in games()]
CASES = [(g, mix) for g in GAMES for mix in mixes(g)]
SHORT = [(g, {"p1": "human", "p2": "phone"}) for g in GAMES]  # the default tier: both paths, each game


def check(t, prompt, secret, model):
    app = t.app
    kind = t.mix[prompt.actor]
    if kind == "phone" and not secret:  # a public choice too: the person at the device must
        assert model.get("screen") == "pass_to" and model.get("seat") == prompt.actor, (prompt, model)
        assert f"{prompt.actor.upper()} chooses on the phone" in model["text"], model
        before = len(app.session.actions)
        app.press("ok")  # not choose it for the phone (its team, its pawn's move)
        assert len(app.session.actions) == before and app.model()["screen"] == "pass_to"
        return
    if kind == "computer" or not secret:
        return
    seat = prompt.actor
    carried = app.shown_to == (len(app.session.actions), seat)  # its own secret just before
    if all(k == "computer" for other, k in t.mix.items() if other != seat) and kind == "human":
        assert app.viewer() == seat and model.get("screen") != "pass_to"  # alone with the computer:
        return  # nothing to hide, no pass
    if kind == "phone":
        assert model.get("screen") == "pass_to" and model.get("seat") == seat, (prompt, model)
        assert f"{seat.upper()} chooses on the phone" in model["text"], model
        app.press("ok")  # a press on the device shows nothing more
        after = app.model()
        assert after["screen"] == "pass_to" and app.viewer() != seat, (prompt, after)
        return
    assert carried or (model.get("screen") == "pass_to" and model.get("seat") == seat), (
        prompt.kind,
        prompt.text,
        model,
    )


def ids(cases):
    return [f"{g}-{'-'.join(m.values())}" for g, m in cases]


@pytest.mark.parametrize("game_id,mix", SHORT, ids=ids(SHORT))
def test_a_private_prompt_waits_for_its_pass_screen(tmp_path, game_id, mix):
    private_prompts_wait_for_their_pass_screen(tmp_path, game_id, mix)


@pytest.mark.slow
@pytest.mark.parametrize("game_id,mix", CASES, ids=ids(CASES))
def test_every_mix_of_seats_keeps_its_secrets(tmp_path, game_id, mix):
    private_prompts_wait_for_their_pass_screen(tmp_path, game_id, mix)


def private_prompts_wait_for_their_pass_screen(tmp_path, game_id, mix):
    seen = []
    t = table(tmp_path, game_id, mix, random_seed(game_id, mix))

    def counting(t, prompt, secret, model):
        seen.append(secret and t.mix[prompt.actor] != "computer")
        check(t, prompt, secret, model)

    play(t, random_seed(game_id, mix), limit=40, check=counting)
    assert (
        seen
        or all(kind == "computer" for kind in mix.values())
        or t.app.session.engine.is_over(t.app.session.state)
    )


def test_dungeon_balls_defence_card_is_chosen_after_the_pass_screen(tmp_path):
    t = table(tmp_path, "dungeon-ball", {"p1": "human", "p2": "human"}, 5)
    met = []

    def defence(t, prompt, secret, model):
        if prompt.kind == "defense_card":
            met.append(model)
        check(t, prompt, secret, model)

    play(t, 5, limit=60, check=defence)
    assert met and all(m["screen"] == "pass_to" for m in met)


def test_a_solo_player_against_the_ai_deck_passes_nothing(tmp_path):
    from companion.device.app import DeviceApp
    from companion.journal import Journal
    from companion.session import RefereeSession
    from drivers import open_display

    app = DeviceApp(
        RefereeSession(Journal(tmp_path / "j.sqlite")), open_display({"type": "null"}), seed_source=lambda: 3
    )
    app.start_game("dungeon-ball", {"solo": {"level": "II"}})
    s = app.session
    secret_prompts = 0
    for _ in range(400):
        while app.interstitial is not None or app.hidden_after is not None:
            app.press("ok")
        if s.engine.is_over(s.state):
            break
        prompt = s.prompt()
        if prompt.is_chance:
            app.act(s.dice.answer(prompt, len(s.actions)))
            continue
        if prompt.private or prompt.shows_hand:
            secret_prompts += 1
            assert app.awaiting_pass() is None and app.model().get("screen") != "pass_to"
            assert app.viewer() == prompt.actor
        app.act(prompt.options[0] if prompt.options else s.engine.legal_actions(s.state)[0])
    assert secret_prompts > 0
