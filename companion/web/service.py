"""The page inside the service: wired to the app before its first frame, served after it.

    web = WebService(settings, events)
    web.attach(app)                # app.web: the bridge; app.after_first_frame starts the server
    ...
    web.close()                    # with the service's other closers

Nothing here may stop the game: a port in use is passed over for the next free one (the join
screen and About show the address served); no port, a bad bind address or a network without
multicast is logged and said on the panel, and the device plays on without the page (or
without its ``.local`` name).
"""

from __future__ import annotations

import errno
import logging
import threading
from typing import TYPE_CHECKING

from companion.web.bridge import WebBridge
from companion.web.settings import WebSettings

if TYPE_CHECKING:
    from companion.web.join import Announcer
    from companion.web.server import WebServer

log = logging.getLogger(__name__)

PORT_TRIES = 10  # a port in use (another server on a laptop): the next ones are tried


class WebService:
    def __init__(self, settings: WebSettings, events, announce: bool | None = None):
        self.settings = settings
        self.events = events
        self.announce = settings.mdns if announce is None else announce
        self.bridge = WebBridge()
        self.server: WebServer | None = None
        self.announcer: Announcer | None = None
        self.app = None
        self.stopping = threading.Event()
        self.zeroconf_class = None  # zeroconf.Zeroconf; a test's stand-in sends nothing

    def attach(self, app) -> None:
        self.app = app
        app.web = self.bridge
        app.after_first_frame = self.start

    def start(self) -> str | None:
        """Bind and serve; returns why the page cannot serve, or None."""
        from companion.web.hosts import Hosts
        from companion.web.join import Address, lan_ip
        from companion.web.server import WebServer

        s = self.settings
        ports = [s.port + i for i in range(PORT_TRIES)] if s.port else [0]
        hosts = Hosts(s.hostname, s.bind, s.names)
        for port in ports:
            self.server = server = WebServer(self.events, s.bind, port, s.max_pages, hosts=hosts)
            server.reserve = lambda: self.bridge.seats_free
            why = server.start()
            if why is None or server.errno != errno.EADDRINUSE:
                break
        if why is not None:
            log.warning("web: %s; the game goes on without the page", why)
            if self.app is not None:
                self.app.say(f"no phones: {why}"[:60])
            if self.app is not None:
                self.app.web = None
            return why
        self.bridge.attach(server.send)
        port = server.port
        if s.port and port != s.port:
            log.warning("web: port %d is in use; the page is on port %d", s.port, port)
        self.bridge.locate = lambda: Address(lan_ip(s.bind), port, s.hostname)
        log.info("web: the page is at %s (%s)", self.bridge.address.url, self.bridge.address.local_name)
        if self.announce:
            threading.Thread(target=self._announce, name="mdns", daemon=True).start()
        return None

    def _announce(self, wait: float = 5.0) -> None:
        """Announce once the machine has a network address (a Pi's Wi-Fi may come up after
        the service); until then there is nothing a phone could reach."""
        from companion.web.join import Announcer

        address = self.bridge.address
        while address.ip.startswith("127.") and not self.stopping.wait(wait):
            address = self.bridge.address
        if self.stopping.is_set():
            return
        self.announcer = Announcer(address)
        self.announcer.start(self.zeroconf_class)

    def close(self) -> None:
        self.stopping.set()
        if self.announcer is not None:
            self.announcer.stop()
        if self.server is not None:
            self.server.stop()
