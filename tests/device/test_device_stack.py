"""The whole device: mock GPIO buttons -> app -> session -> screen -> the real ssd1306 driver's
bytes; the serial link over a real pty pair; a missing display that does not stop the game."""

import os
import queue
import time

from companion.device.app import DeviceApp
from companion.journal import Journal
from companion.session import RefereeSession
from companion.ui.screens import render
from drivers import open_display, open_display_with_fallback, open_inputs, open_link

PINS = {"up": 17, "down": 27, "left": 22, "right": 23, "ok": 24, "back": 25}


class FakeClock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


class RecordingSerial:
    """luma's serial-interface contract: command(*bytes), data(bytes), cleanup()."""

    def __init__(self):
        self.log = []

    def command(self, *cmd):
        self.log.append(("cmd", tuple(cmd)))

    def data(self, data):
        self.log.append(("data", bytes(data)))

    def cleanup(self):
        pass

    def take(self):
        out, self.log = self.log, []
        return out


def ssd1306_pages(image) -> bytes:
    """What an SSD1306 should receive for a 128x64 image: 8 pages, a byte per column, LSB on top."""
    px = image.convert("1").load()
    out = bytearray()
    for page in range(8):
        for x in range(128):
            byte = 0
            for bit in range(8):
                if px[x, page * 8 + bit]:
                    byte |= 1 << bit
            out.append(byte)
    return bytes(out)


def test_gpio_presses_through_the_whole_stack_to_the_oled_bytes(mock_factory, tmp_path):
    events, clock = queue.Queue(), FakeClock()
    inputs = open_inputs({"type": "gpiozero", "pins": PINS}, events, clock=clock, threaded=False)
    wire = RecordingSerial()
    display = open_display({"type": "ssd1306", "pixel_shift": False}, serial_interface=wire)
    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    app = DeviceApp(session, display, seed_source=lambda: 7)
    app.refresh()
    wire.take()

    def press(name):
        pin = mock_factory.pin(PINS[name])
        pin.drive_low()
        inputs.pump()
        clock.t += 0.1
        pin.drive_high()
        inputs.pump()
        clock.t += 0.1
        while not events.empty():
            app.handle(events.get())
        app.refresh()

    press("ok")  # New game
    press("ok")  # the first game in the list
    assert app.menu_kind == "setup" and app.menu.items[-1]["id"] == "start"
    press("up")  # the cursor wraps round to Start
    press("ok")  # Start: two players, both human, the game's defaults
    assert session.active and session.header.options == {}
    assert app.model()["prompt"]["kind"] == "team"
    sent = wire.take()
    data = b"".join(payload for kind, payload in sent if kind == "data")
    assert len(data) % 1024 == 0 and len(data) >= 1024
    assert data[-1024:] == ssd1306_pages(render(app.model()))  # what the screen shows now
    press("ok")  # the first team
    assert session.state.player("p1").team == session.engine.pack.teams[0].id
    assert session.journal.actions(session.game_id)[-1] == f"p1 team {session.engine.pack.teams[0].id}"
    press("ok")  # unchanged screen? no: the coin call is next
    wire.take()
    app.refresh()  # nothing changed: no bytes on the bus
    assert [k for k, _ in wire.take() if k == "data"] == []


def test_long_back_undoes_the_last_decision(tmp_path):
    from drivers import ButtonEvent

    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    app = DeviceApp(session, open_display({"type": "null"}), seed_source=lambda: 3)
    app.start_game("dungeon-ball", {"solo": {"level": "I"}})
    app.handle(ButtonEvent("ok", "press", 0.0))
    assert session.actions[-1].startswith("p1 team")
    app.handle(ButtonEvent("back", "long", 1.0))
    assert not any(a.startswith("p1 team") for a in session.actions)
    assert app.model()["prompt"]["kind"] == "team"


def test_serial_link_over_a_pty_pair_drives_the_game_and_reports_state(tmp_path):
    master, slave = os.openpty()
    events = queue.Queue()
    link = open_link({"type": "serial", "port": os.ttyname(slave)}, events)
    try:
        session = RefereeSession(Journal(tmp_path / "j.sqlite"))
        app = DeviceApp(session, open_display({"type": "null"}), link=link, seed_source=lambda: 5)
        app.start_game("dungeon-ball", {"solo": {"level": "I"}})
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:  # wait until the link reports it is connected
            event = events.get(timeout=5)
            if type(event).__name__ == "LinkStatus" and event.connected:
                break
        os.write(master, b"ACTION p1 team trolls\n")
        os.write(master, b"ACTION p1 fly away\n")
        os.write(master, b"\x00\xffgarbage\n")
        handled = 0
        deadline = time.monotonic() + 5
        while handled < 2 and time.monotonic() < deadline:
            try:
                event = events.get(timeout=0.2)
            except queue.Empty:
                continue
            if type(event).__name__ == "LinkAction":
                app.handle(event)
                handled += 1
        assert session.state.player("p1").team == "trolls"
        assert session.journal.actions(session.game_id)[-1] == "p1 team trolls"
        received = b""
        deadline = time.monotonic() + 5
        wanted = (b'"team":"trolls"', b'"step":"call_coin"', b"ERR invalid UTF-8", b"ERR not a legal choice")
        while time.monotonic() < deadline and not all(w in received for w in wanted):
            import select

            if select.select([master], [], [], 0.2)[0]:
                received += os.read(master, 65536)
        text = received.decode(errors="replace")
        assert "STATE" in text and '"possession"' in text
        assert "EVENT" in text and '"team":"trolls"' in text
        assert "ERR invalid UTF-8" in text  # the garbage line is refused ...
        assert "ERR not a legal choice" in text  # ... and so is the illegal action
    finally:
        link.close()
        os.close(master)
        os.close(slave)


def test_a_missing_display_does_not_stop_the_game(tmp_path):
    opened = open_display_with_fallback({"type": "ssd1306", "port": 9})  # no /dev/i2c-9 here
    assert opened.reason and "ssd1306" in opened.reason
    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    app = DeviceApp(session, opened.device, notices=["no display: " + opened.reason], seed_source=lambda: 1)
    app.start_game("dungeon-ball", {})
    app.refresh()
    assert session.active and app.model()["prompt"]["kind"] == "team"
    app.show_main_menu()
    app.menu_choice("about")
    assert "missing: display" in app.model()["message"]["text"]


def test_about_fits_the_panel_with_every_part_missing(tmp_path):
    """The phones' address and each missing part by name, whole on the panel; the long reasons
    (in the log and `companion doctor`) used to push the address off it."""
    from types import SimpleNamespace

    from companion.ui import fonts
    from companion.ui.draw import W, wrap

    notes = [
        "no display: ssd1306 at 0x3c on /dev/i2c-1: [Errno 121] Remote I/O error",
        "no camera: picamera2 is not installed (apt install python3-picamera2) (dice on the buttons)",
        "no serial link: /dev/ttyUSB0: not found",
    ]
    app = DeviceApp(
        RefereeSession(Journal(tmp_path / "j.sqlite")),
        open_display({"type": "null"}),
        None,
        notes,
        seed_source=lambda: 1,
    )
    app.web = SimpleNamespace(address=SimpleNamespace(ip="192.168.1.23", port=8080), join_page=None)
    app.menu_choice("about")
    text, title = app.model()["message"]["text"], app.model()["message"]["title"]
    lines = wrap(text, fonts.body(), W - 4)
    app.show_main_menu()
    assert app.model()["notice"] == "no display (+2 more)"  # the menu's one line, whole
    app.hardware_notes = notes[1:2]
    assert app.model()["notice"] == "no camera"
    assert len(lines) <= 4 and "192.168.1.23:8080" in lines, lines
    assert " ".join(lines) == "phones at 192.168.1.23:8080 missing: display, camera, serial link"
    assert fonts.bold().measure(title) <= W - 4  # the version, on one line


def test_terminal_emulator_prints_the_screen_in_words_under_the_pixels(tmp_path):
    import io

    stream = io.StringIO()
    display = open_display({"type": "terminal", "style": "braille"}, stream=stream)
    session = RefereeSession(Journal(tmp_path / "j.sqlite"))
    app = DeviceApp(session, display, seed_source=lambda: 2)
    app.start_game("dungeon-ball", {"solo": {"level": "I"}})
    app.refresh()
    out = stream.getvalue()
    assert any("\u2800" <= ch <= "\u28ff" for ch in out)  # braille pixels were drawn
    frame_end = out.rindex("\u2518")  # the frame's bottom-right corner
    caption = out[frame_end:]
    assert "p1: choose your team" in caption and "Enter, Space or O = OK" in caption


def test_what_is_missing_is_said_over_the_link_too(tmp_path):
    sent = []

    class RecordingLink:
        def send_event(self, event):
            sent.append(event)

        def send_state(self, state):
            pass

    DeviceApp(
        RefereeSession(Journal(tmp_path / "j.sqlite")),
        open_display({"type": "null"}),
        link=RecordingLink(),
        notices=["no display: ssd1306 on /dev/i2c-1 at 0x3C: not found"],
    )
    assert sent == [
        {"event": "hardware_missing", "detail": "no display: ssd1306 on /dev/i2c-1 at 0x3C: not found"}
    ]
