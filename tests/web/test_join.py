"""Finding the page: the QR code on the panel reads back as the page's address (and a seat's
claim), the .local name is announced, the [web] section is checked like every other."""

from __future__ import annotations

import socket

import numpy as np
import pytest

from companion.device import config as config_mod
from companion.ui.screens import render
from companion.web.join import Address, Announcer, join_model, lan_ip, qr_rows
from companion.web.seating import Seating

cv2 = pytest.importorskip("cv2")


def read_qr(image) -> str:
    """The panel's QR code as a phone's camera reads it. OpenCV's classic detector misses about
    1 % of the join codes' symbols (its finder-pattern search, not the symbol: a phone reads
    them), so its ArUco-based detector reads first: it read all of 900 drawn join pages."""
    big = np.array(image.convert("L").resize((image.width * 4, image.height * 4), 0))
    for detector in (cv2.QRCodeDetectorAruco(), cv2.QRCodeDetector()):
        text, _, _ = detector.detectAndDecode(big)
        if text:
            return text
    return ""


@pytest.fixture
def seating():
    s = Seating()
    s.reset(("p1", "p2", "p3"))
    return s


def test_the_panel_shows_a_qr_code_a_phone_camera_reads_as_the_pages_address(seating):
    address = Address("192.168.178.123", 8080)
    assert read_qr(render(join_model(address, 0, seating))) == "HTTP://192.168.178.123:8080/"
    for page, seat in enumerate(("p1", "p2", "p3"), start=1):
        model = join_model(address, page, seating)
        assert model["join"]["code"] == seating.codes[seat]
        assert read_qr(render(model)) == f"HTTP://192.168.178.123:8080/J/{seat.upper()}/{seating.codes[seat]}"


def test_the_longest_address_still_fits_the_panel_at_two_pixels_a_module():
    rows = qr_rows(Address("255.255.255.255", 65535).qr_text("p12", "999999"))
    assert len(rows) <= 29 and all(len(r) == len(rows) for r in rows)


def test_the_join_screen_turns_its_pages_and_closes(toy, tmp_path):
    from tests.web.rig import Device

    dev = Device(tmp_path, "toy")
    dev.web.bridge.address = Address("10.0.0.7", 8080)
    dev.app.open_game_menu()
    dev.app.menu_choice("phones")
    assert dev.app.model()["screen"] == "web_join" and dev.app.model()["join"]["seat"] is None
    dev.app.press("right")
    assert dev.app.model()["join"]["seat"] == "p1"
    dev.app.press("left")
    dev.app.press("left")
    assert dev.app.model()["join"]["seat"] == "p2"
    dev.app.press("ok")
    assert dev.app.model().get("screen") != "web_join"
    dev.journal.close()


def test_without_the_server_the_join_screen_says_so():
    model = join_model(None, 0, Seating())
    assert "not running" in model["message"]["text"]


def test_the_device_is_announced_as_dungeon_companion_local():
    class FakeZeroconf:
        registered = []

        def __init__(self, ip_version=None):
            self.ip_version = ip_version

        def register_service(self, info, allow_name_change=False):
            self.registered.append(info)

        def unregister_service(self, info):
            self.registered.remove(info)

        def close(self):
            pass

    announcer = Announcer(Address("192.168.1.40", 8080))
    assert announcer.start(FakeZeroconf) is None
    info = FakeZeroconf.registered[0]
    assert info.server == "dungeon-companion.local." and info.port == 8080
    assert info.type == "_http._tcp.local." and info.addresses == [socket.inet_aton("192.168.1.40")]
    announcer.stop()
    assert FakeZeroconf.registered == []


def test_an_ipv6_bind_is_announced_over_ipv6_and_its_links_bracket_the_address():
    """A real ServiceInfo and a real Zeroconf on IPv6 loopback (nothing leaves the machine)."""
    from zeroconf import IPVersion

    address = Address("2001:db8::5", 8080)
    assert address.url == "http://[2001:db8::5]:8080/"
    assert address.qr_text("p2", "123456") == "HTTP://[2001:DB8::5]:8080/J/P2/123456"
    announcer = Announcer(address)
    assert announcer.service_info().parsed_addresses() == ["2001:db8::5"]
    assert announcer.ip_version() == IPVersion.V6Only
    assert Announcer(Address("10.0.0.2", 80)).service_info().addresses == [socket.inet_aton("10.0.0.2")]


def test_an_announcement_that_fails_is_said_and_the_page_goes_on():
    def broken(**kw):
        raise OSError("no multicast here")

    assert "no multicast" in Announcer(Address("10.0.0.2", 80)).start(broken)


def test_the_page_address_is_the_bound_one_or_a_network_address():
    assert lan_ip("127.0.0.1") == "127.0.0.1"
    found = lan_ip("0.0.0.0")
    assert found.count(".") == 3 and not found.startswith("169.254.")


@pytest.mark.parametrize(
    "text, message",
    [
        ("[web]\nport = 0\n", "web.port: must be a whole number from 1 to 65535, not 0"),
        ('[web]\nenabled = "yes"\n', "web.enabled: must be true or false"),
        ('[web]\nhostname = "dungeon companion"\n', "web.hostname: must be letters, digits and dashes"),
        (
            "[web]\nportt = 80\n",
            "web.portt: unknown key (known: enabled, port, bind, mdns, hostname, max_pages, names)",
        ),
    ],
)
def test_a_bad_web_section_names_the_file_and_the_key(tmp_path, text, message):
    extra = tmp_path / "mine.toml"
    extra.write_text(text)
    with pytest.raises(config_mod.ConfigFileError) as info:
        config_mod.load([config_mod.DEFAULT_FILE, extra])
    assert str(info.value).startswith(f"{extra}: {message}")


def test_the_default_configuration_serves_the_page_on_port_8080():
    cfg = config_mod.load([config_mod.DEFAULT_FILE])
    web = cfg.section("web")
    assert web["enabled"] is True and web["port"] == 8080 and web["mdns"] is True
