"""Keys and screens that do what they say: each key the one table (companion/device/keys.py)
names gives its button through the keyboard's own parser, a long BACK works from the keyboard
without a capital letter, the README's key list and the Help screen are that table, BACK on a
pass screen opens the game menu, and a press just after a result screen went by itself chooses
nothing."""

import copy
import re
from pathlib import Path

from companion.device.app import PRESS_GUARD, DeviceApp
from companion.device.keys import BUTTONS, caption, help_items, readme_lines
from companion.journal import Journal
from companion.session import RefereeSession
from drivers import ButtonEvent, open_display
from drivers.inputs.keyboard import KeyParser

ROOT = Path(__file__).resolve().parents[2]
# the keys the table names, as the terminal sends them
BYTES = {
    "arrows": [b"\x1b[A", b"\x1b[B", b"\x1b[C", b"\x1b[D"],
    "W A S D": [b"w", b"a", b"s", b"d"],
    "Enter": [b"\r"],
    "Space": [b" "],
    "O": [b"o"],
    "Esc": [b"\x1b"],
    "Backspace": [b"\x7f"],
    "B": [b"b"],
    "U": [b"u"],
    "Shift+B": [b"B"],
    "Shift with its letter": [b"W", b"A", b"S", b"D", b"O", b"B"],
}
BUTTON = {
    "D-pad": ({"up", "down", "left", "right"}, False),
    "OK": ({"ok"}, False),
    "BACK": ({"back"}, False),
    "long BACK": ({"back"}, True),
    "long press": ({"up", "down", "left", "right", "ok", "back"}, True),
}


def parse(data: bytes):
    p = KeyParser()
    return p.feed(data) + p.flush()


def test_every_key_the_table_names_gives_its_button():
    for button, _, _, keys in BUTTONS:
        names = [k.strip() for k in re.split(r",| or ", keys) if k.strip()]
        wanted, long = BUTTON[button]
        for name in names:
            for data in BYTES[name]:
                ((got, is_long),) = parse(data)
                assert got in wanted and is_long == long, (button, name, data, got, is_long)


def test_shift_arrows_are_long_presses_and_a_split_sequence_waits():
    assert parse(b"\x1b[1;2A") == [("up", True)]
    p = KeyParser()
    assert p.feed(b"\x1b[1;") == [] and p.feed(b"2D") == [("left", True)]


def test_the_readme_and_the_caption_say_what_the_table_says():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for line in readme_lines():
        assert line in readme, line
    assert "U, or Shift+B = long BACK" in caption()


def test_the_help_screen_lists_every_button(tmp_path):
    app = DeviceApp(RefereeSession(Journal(tmp_path / "j.sqlite")), open_display({"type": "null"}))
    ids = [it["id"] for it in app.menu.menu["items"]]
    app.menu.ui["cursor"] = ids.index("help")
    app.press("ok")
    assert app.menu_kind == "help"
    assert [it["label"] for it in app.menu.menu["items"]] == [it["label"] for it in help_items()]
    assert all(fits(it["label"]) for it in help_items())  # each row whole on the panel
    from companion.ui import fonts
    from companion.ui.draw import W, wrap

    assert all(len(wrap(it["hint"], fonts.small(), W)) <= 2 for it in help_items())  # and its hint
    assert len(help_items()) == len(BUTTONS) + 1
    app.press("back")
    assert app.menu_kind == "main"


def fits(label: str) -> bool:
    from companion.ui import fonts
    from companion.ui.draw import W

    return fonts.body().measure(label) <= W - 12  # the cursor and the scroll bar beside it


def two_humans(tmp_path, clock):
    session = RefereeSession(Journal(tmp_path / "j.sqlite"), dice_mode="manual")
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 1, clock=clock)
    app.start_game(
        "dungeon-ball", {"teams": {"p1": "orcs", "p2": "goblins"}, "kicking": {"p1": "luck", "p2": "luck"}}
    )
    for a in ("p1 call heads", "chance coin heads", "p1 start offense", "p2 endzone low"):
        app.act(a)
    return session, app


def test_back_on_a_pass_screen_opens_the_game_menu(tmp_path):
    session, app = two_humans(tmp_path, lambda: 0.0)
    app.interstitial = None
    assert app.model()["screen"] == "pass_to"  # P2's defence card is a secret
    app.handle(ButtonEvent("back", "press", 0.0))
    app.handle(ButtonEvent("back", "release", 0.0))
    assert app.menu is not None and app.menu_kind == "game"


def test_a_press_just_after_a_result_went_by_itself_chooses_nothing(tmp_path):
    now = [0.0]
    session, app = two_humans(tmp_path, lambda: now[0])
    app.interstitial = None
    app.press("ok")  # passed to P2
    app.act("p2 defend red-1")
    app.press("ok")  # "P2 done": passed on
    while app.interstitial is None and session.prompt().actor == "p1":
        action = session.prompt().options[0]
        app.act(action)
    if app.interstitial is None:  # a result screen, read by no one
        app.show_events([{"event": "result", "text": "a play"}], False)
    now[0] += app.result_seconds + 0.01
    app.refresh()  # it goes by itself
    assert app.interstitial is None and app.awaiting_pass() is None and app.menu is None
    button = next(b for b in ("ok", "down", "right", "up", "left") if acts(app, b))
    before, ui = list(session.actions), copy.deepcopy(app.controller.ui)
    app.press(button)  # meant for the result screen
    assert session.actions == before and app.controller.ui == ui
    now[0] += PRESS_GUARD
    app.refresh()
    app.press(button)  # now it is a press on this screen
    assert session.actions != before or app.controller.ui != ui


def acts(app, button) -> bool:
    """Whether ``button`` would change the prompt's controls (a copy is pressed)."""
    probe = copy.deepcopy(app.controller)
    ui = copy.deepcopy(probe.ui)
    return probe.press(button) is not None or probe.ui != ui


def test_the_emulators_caption_says_where_the_phones_page_is(tmp_path):
    from companion.web.bridge import WebBridge
    from companion.web.join import Address

    app = DeviceApp(RefereeSession(Journal(tmp_path / "j.sqlite")), open_display({"type": "null"}))
    assert "phones:" not in app.caption()[-1]
    app.web = WebBridge()
    app.web.address = Address("192.168.1.20", 8080, "dungeon-companion")
    assert app.caption()[-1].endswith("; phones: http://192.168.1.20:8080/")
