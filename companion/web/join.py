"""Finding the page: its address, the QR code the panel draws, the mDNS announcement.

The QR code holds the address by number (a phone that cannot resolve ``.local`` names still
opens it); a seat's QR code adds ``J/P2/4821``, the seat and its join code, which the page
reads and claims with. The name
``<hostname>.local`` is announced by zeroconf for the phones that resolve it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Address:
    ip: str
    port: int
    hostname: str = "dungeon-companion"

    @property
    def host(self) -> str:
        """The address as a URL holds it: an IPv6 address in brackets."""
        return f"[{self.ip}]" if ":" in self.ip else self.ip

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    def qr_text(self, seat: str | None = None, code: str = "") -> str:
        """What a QR code holds: upper case, so it is coded as QR's compact alphanumeric mode
        (a seat's link still fits 25x25 modules); ``/J/P2/4821`` opens the page and claims."""
        tail = f"J/{seat.upper()}/{code}" if seat else ""
        return f"HTTP://{self.host.upper()}:{self.port}/{tail}"

    @property
    def local_name(self) -> str:
        return f"{self.hostname}.local:{self.port}"


def lan_ip(bind: str) -> str:
    """The address a phone on the same network reaches: the bound one, else this machine's
    first IPv4 address that is not loopback (read from the interfaces; nothing is sent)."""
    if bind not in ("0.0.0.0", "", "::"):
        return bind
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if (
                    isinstance(ip.ip, str)
                    and not ip.ip.startswith("127.")
                    and not ip.ip.startswith("169.254.")
                ):
                    return ip.ip
    except Exception:  # noqa: BLE001 - no interface list: this machine only
        log.warning("web: cannot list the network interfaces", exc_info=True)
    return "127.0.0.1"


@lru_cache(maxsize=16)
def qr_rows(text: str) -> tuple[str, ...]:
    """The QR code of ``text`` as rows of "1" (dark) and "0", without the quiet zone."""
    import segno

    code = segno.make(text, error="l", micro=False, boost_error=False)
    return tuple("".join("1" if cell else "0" for cell in row) for row in code.matrix)


def join_model(address: Address | None, page: int, seating) -> dict:
    """The panel's join screen: page 0 for watchers, then one page per seat with its code."""
    if address is None:
        return {
            "game": None,
            "screen": "message",
            "message": {
                "title": "Phones",
                "text": "The page is not running (see [web] in the configuration).",
            },
        }
    seats = list(seating.seats)
    seat = seats[page - 1] if 0 < page <= len(seats) else None
    code = seating.codes.get(seat, "") if seat else ""
    link = address.qr_text(seat, code)
    pages = 1 + len(seats)
    return {
        "game": None,
        "screen": "web_join",
        "join": {
            "qr": list(qr_rows(link)),
            "seat": seat,
            "code": code,
            "ip": f"{address.ip}:{address.port}",
            "held": bool(seat and seating.held(seat)),
            "page": page,
            "pages": pages,
            "name": address.local_name,
        },
    }


class Announcer:
    """``<hostname>.local`` and an ``_http._tcp`` service, announced while the page serves."""

    def __init__(self, address: Address, title: str = "Dungeon Companion"):
        self.address = address
        self.title = title
        self.zeroconf: Any = None  # zeroconf's Zeroconf while it announces
        self.info = None

    def service_info(self):
        from zeroconf import ServiceInfo

        return ServiceInfo(
            "_http._tcp.local.",
            f"{self.title}._http._tcp.local.",
            parsed_addresses=[self.address.ip],
            port=self.address.port,
            properties={"path": "/"},
            server=f"{self.address.hostname}.local.",
        )

    def ip_version(self):
        """Announce over the bound address's IP version (an IPv6 bind: over IPv6)."""
        from zeroconf import IPVersion

        return IPVersion.V6Only if ":" in self.address.ip else IPVersion.V4Only

    def start(self, zeroconf_class=None) -> str | None:
        """Announce; returns why it could not (the page still serves by number), or None."""
        try:
            if zeroconf_class is None:
                from zeroconf import Zeroconf as zeroconf_class
            self.info = self.service_info()
            self.zeroconf = zeroconf_class(ip_version=self.ip_version())
            self.zeroconf.register_service(self.info, allow_name_change=True)
        except Exception as exc:  # noqa: BLE001 - no multicast: the QR code's number still works
            log.warning("web: cannot announce %s.local: %s", self.address.hostname, exc)
            return str(exc) or type(exc).__name__
        return None

    def stop(self) -> None:
        if self.zeroconf is not None:
            try:
                self.zeroconf.unregister_service(self.info)
                self.zeroconf.close()
            except Exception:  # noqa: BLE001
                log.warning("web: closing the announcement", exc_info=True)
            self.zeroconf = None
