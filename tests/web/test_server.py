"""The page's server in the device's process, over real sockets: joining, acting, the
device's OK, the limits on every message. (The browser tests are test_browser.py.)"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from companion.web.server import BURST, MAX_MESSAGE, PAGES_PER_ADDRESS, STATIC
from companion.web.settings import WebSettings
from tests.web.rig import Device, Page


@pytest.fixture
def dev(toy, tmp_path):
    with Device(tmp_path, "toy") as device:
        yield device


def seated(dev: Device, seat: str) -> tuple[Page, str]:
    page = dev.page()
    page.send({"t": "claim", "seat": seat, "code": dev.code(seat)})
    token = page.next("token")["token"]
    page.next("state", where=lambda m: m["seat"] == seat)
    return page, token


def test_the_page_and_its_assets_come_from_the_device_small_and_locked_down(dev):
    total = 0
    for name in ("", "app.js", "style.css", "dungeon_allies.js", "dungeon_ball.js", "J/P1/1234"):
        with urllib.request.urlopen(dev.url + name) as r:
            body = r.read()
            assert r.status == 200
            assert "default-src 'self'" in r.headers["Content-Security-Policy"]
            assert r.headers["X-Content-Type-Options"] == "nosniff"
            if name.endswith((".js", ".css")):
                total += len(body)
            elif name == "":
                total += len(body)
                assert re.findall(rb'(?:src|href)="([^"]+)"', body) == [
                    b"/style.css",
                    b"/dungeon_ball.js",
                    b"/app.js",
                    b"/dungeon_allies.js",
                ]
            assert not re.search(rb"https?://", body), f"{name or 'index.html'} refers to another site"
    assert total < 150_000
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(dev.url + "../config/device.toml")
    assert info.value.code == 404
    assert set(STATIC) == {"index.html", "app.js", "style.css", "dungeon_allies.js", "dungeon_ball.js"}


def test_a_seat_is_claimed_with_its_code_and_a_reload_rejoins_it(dev):
    page = dev.page()
    assert page.next("welcome") == {"t": "welcome", "seat": None, "forgotten": False}
    page.send({"t": "claim", "seat": "p1", "code": "x"})
    assert "wrong code for P1" in page.next("error")["text"]
    page.send({"t": "claim", "seat": "p1", "code": dev.code("p1")})
    token = page.next("token")["token"]
    state = page.next("state", where=lambda m: m["seat"] == "p1")
    assert [s["held"] for s in state["seats"]] == [True, False]
    page.close()
    again = dev.page(token)  # a reload: the token from the browser
    assert again.next("welcome")["seat"] == "p1"
    assert again.next("state", where=lambda m: m["seat"] == "p1")["prompt"]["mine"]
    stale = dev.page("not-a-token")
    assert stale.next("welcome") == {"t": "welcome", "seat": None, "forgotten": True}


def test_a_held_seat_goes_to_a_second_phone_only_with_the_devices_ok(dev):
    first, _ = seated(dev, "p1")
    second = dev.page()
    second.send({"t": "claim", "seat": "p1", "code": dev.code("p1")})
    assert "asking the device" in second.next("wait")["text"]
    dev.until(lambda: dev.app.menu_kind == "web" and dev.app.menu is not None)
    assert "P1" in dev.app.model()["menu"]["title"]
    dev.press("back")
    assert second.next("error")["text"] == "the device said no"
    dev.until(lambda: dev.app.menu is None)
    second.send({"t": "claim", "seat": "p1", "code": dev.code("p1")})
    second.next("wait")
    dev.until(lambda: dev.app.menu_kind == "web" and dev.app.menu is not None)
    dev.press("ok")
    assert second.next("token")["seat"] == "p1"
    assert "given to another phone" in first.next("released")["text"]
    assert first.next("state", where=lambda m: m["seat"] is None)["prompt"]["mine"] is False


def test_an_action_from_a_page_is_checked_journaled_and_shown_on_every_page_and_the_panel(dev):
    p1, _ = seated(dev, "p1")
    p2, _ = seated(dev, "p2")
    watcher = dev.page()
    watcher.next("state")
    before = len(dev.session.actions)
    panel_before = dev.display.last_image.tobytes()
    p2.send({"t": "act", "action": "p2 bid 1"})
    assert "not your turn: P1 is to decide" in p2.next("error")["text"]
    p1.send({"t": "act", "action": "p2 bid 1"})
    assert "begins with 'p1'" in p1.next("error")["text"]
    watcher.send({"t": "act", "action": "p1 bid 1"})
    assert "watching only" in watcher.next("error")["text"]
    p1.send({"t": "act", "action": "p1 bid 99"})
    assert p1.next("error")["text"]  # the rules' own reason
    assert len(dev.session.actions) == before
    p1.send({"t": "act", "action": "p1 bid 2"})
    for page in (p1, p2, watcher):
        state = page.next("state", where=lambda m: "P1 bid: coins 2" in m["log"])
        assert state["prompt"]["actor"] == "p2"
    assert dev.journal.record(dev.session.game_id).actions[before] == "p1 bid 2"
    dev.until(lambda: dev.display.last_image.tobytes() != panel_before)


def test_undo_from_a_page_waits_for_the_devices_ok(dev):
    p1, _ = seated(dev, "p1")
    p1.send({"t": "act", "action": "p1 bid 0"})
    p1.next("state", where=lambda m: "P1 bid: coins 0" in m["log"])
    count = len(dev.session.actions)
    p1.send({"t": "undo"})
    p1.next("wait")
    dev.until(lambda: dev.app.menu_kind == "web" and dev.app.menu is not None)
    assert len(dev.session.actions) == count
    dev.press("ok")
    p1.next("state", where=lambda m: "the last decision was taken back" in m["log"])
    assert len(dev.session.actions) == count - 1


@pytest.mark.parametrize("message, code", [("x" * (MAX_MESSAGE + 10), 1009)])
def test_an_oversized_frame_closes_the_socket(dev, message, code):
    page = dev.page()
    page.send(message)
    with pytest.raises(ConnectionClosed) as info:
        page.next("never")
    assert info.value.rcvd.code == code


def test_a_bad_message_is_answered_and_a_flood_closes_the_socket(dev):
    page = dev.page()
    page.send('{"t": "eval", "code": "1"}')
    assert "kind must be one of" in page.next("error")["text"]
    with pytest.raises(ConnectionClosed) as info:
        for _ in range(BURST * 3):
            page.send({"t": "undo"})
        page.next("never")
    assert info.value.rcvd.code == 1008 and "too many" in info.value.rcvd.reason


def test_another_sites_page_cannot_open_the_socket(dev):
    from websockets.sync.client import connect

    with pytest.raises(InvalidStatus) as info:
        connect(f"ws://127.0.0.1:{dev.web.server.port}/ws", origin="http://evil.example")
    assert info.value.response.status_code == 403


def test_more_pages_than_allowed_are_turned_away(toy, tmp_path):
    device = Device(tmp_path, "toy")
    device.web.settings = WebSettings(port=0, bind="127.0.0.1", mdns=False, max_pages=2)
    with device:
        a, b = device.page(source="127.0.0.2"), device.page(source="127.0.0.3")
        a.next("welcome"), b.next("welcome")
        with pytest.raises(ConnectionClosed) as info:
            device.page(source="127.0.0.4").next("welcome")
        assert info.value.rcvd.code == 1013 and info.value.rcvd.reason == "too many pages open"


def test_one_address_cannot_take_the_pages_the_seats_phones_need(toy, tmp_path):
    device = Device(tmp_path, "toy")  # two seats, both free
    device.web.settings = WebSettings(port=0, bind="127.0.0.1", mdns=False, max_pages=5)
    with device:
        mine = [device.page(source="127.0.0.9") for _ in range(3)]
        for page in mine:
            page.next("welcome")
        device.until(lambda: device.web.bridge.seats_free == 2)
        with pytest.raises(ConnectionClosed) as info:
            device.page(source="127.0.0.9").next("welcome")
        assert info.value.rcvd.code == 1013 and "kept for the seats' phones" in info.value.rcvd.reason
        for source in ("127.0.0.2", "127.0.0.3"):  # each seat's phone still gets a page
            device.page(source=source).next("welcome")


def test_one_address_opens_at_most_a_few_pages(dev):
    pages = [dev.page(source="127.0.0.9") for _ in range(PAGES_PER_ADDRESS)]
    for page in pages:
        page.next("welcome")
    with pytest.raises(ConnectionClosed) as info:
        dev.page(source="127.0.0.9").next("welcome")
    assert info.value.rcvd.reason == "too many pages open from this address"
    dev.page(source="127.0.0.10").next("welcome")


def test_a_computer_seat_cannot_be_claimed_and_has_no_join_code(toy, tmp_path):
    with Device(tmp_path, "toy", {"seats": {"p2": "computer"}}) as device:
        assert list(device.web.bridge.seating.codes) == ["p1"]
        page = device.page()
        page.send({"t": "claim", "seat": "p2", "code": "0000"})
        assert "no seat 'p2'" in page.next("error")["text"]


def test_an_undo_the_rules_refuse_is_said_on_the_page(dev):
    p1, _ = seated(dev, "p1")
    p1.send({"t": "undo"})  # nothing decided yet: nothing to undo
    p1.next("wait")
    dev.until(lambda: dev.app.menu_kind == "web" and dev.app.menu is not None)
    dev.press("ok")
    assert "no undo" in p1.next("error")["text"]


def test_a_question_closed_on_the_device_another_way_frees_the_next_one(toy, tmp_path):
    from companion.web.bridge import WebMessage

    device = Device(tmp_path, "toy")  # the bridge alone, in this thread
    bridge, app, said = device.web.bridge, device.app, []
    bridge.attach(lambda conn, data: said.append(json.loads(data)))
    bridge.handle(app, WebMessage(1, {"t": "open"}))
    bridge.handle(app, WebMessage(1, {"t": "claim", "seat": "p1", "code": device.code("p1")}))
    bridge.handle(app, WebMessage(1, {"t": "correct"}))
    assert said[-1]["t"] == "wait" and app.menu_kind == "web"
    app.menu = None  # closed without an answer
    bridge.publish(app)
    assert any(m.get("text") == "the device did not answer: ask again" for m in said)
    bridge.handle(app, WebMessage(1, {"t": "undo"}))
    assert said[-1]["t"] == "wait"
    device.journal.close()


def test_the_panel_lets_a_seat_on_a_phone_decide_there_instead_of_passing_the_device(toy, tmp_path):
    from companion.web.bridge import WebMessage
    from companion.web.join import Address

    device = Device(tmp_path, "toy")
    bridge, app, session = device.web.bridge, device.app, device.session
    bridge.attach(lambda conn, data: None)
    bridge.address = Address("10.0.0.9", 8080)
    while not session.prompt().private:  # bid nothing until the secret pick
        session.submit(
            session.prompt().options[0] if session.prompt().options else f"{session.prompt().actor} bid 0"
        )
    app.start_prompt()
    actor = session.prompt().actor
    assert app.model()["title"] == f"Pass to {actor.upper()}"
    bridge.handle(app, WebMessage(1, {"t": "open"}))
    bridge.handle(app, WebMessage(1, {"t": "claim", "seat": actor, "code": device.code(actor)}))
    model = app.model()
    assert model["screen"] == "pass_to" and model["title"] == f"{actor.upper()}'s phone"
    assert "chooses on the phone" in model["text"]
    pick = session.prompt().options[0]
    bridge.handle(app, WebMessage(1, {"t": "act", "action": pick}))
    assert session.actions[-1] == pick or pick in session.actions
    assert app.hidden_after is None, "nothing was shown on the panel, so nothing needs hiding"
    app.show_main_menu()
    app.menu_choice("about")
    assert "phones at\n10.0.0.9:8080" in app.message["text"]
    device.journal.close()
