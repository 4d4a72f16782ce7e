"""The names a request may give in ``Host`` and ``Origin``: the device's own, nobody else's.

A stranger's web page can point its own name at the device's address (DNS rebinding): the
phone's browser then sends ``Host: evil.example:8080`` to the device, and the page would read
the game. A browser always sends the name it was given, so answering only to the device's
own names and addresses shuts that out: ``<hostname>.local``, this machine's host name,
``localhost``, a loopback address, the bound address and every address of this machine's
network interfaces (looked up again at most every ``REFRESH`` seconds: a Pi's Wi-Fi may come
up after the service). ``[web] names`` adds more (a router's DNS name for the device).
"""

from __future__ import annotations

import ipaddress
import logging
import socket
import threading
import time
from collections.abc import Iterable

log = logging.getLogger(__name__)

REFRESH = 10.0


def host_part(value: str) -> str:
    """``Host``'s name or address without the port or IPv6 brackets, lower case."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1 : value.find("]")] if "]" in value else ""
    if value.count(":") == 1:
        value = value.split(":", 1)[0]
    return value.rstrip(".")


def interface_addresses() -> set[str]:
    """Every address of this machine's interfaces (read from them; nothing is sent)."""
    found: set[str] = set()
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                found.add(ip.ip if isinstance(ip.ip, str) else ip.ip[0].split("%")[0])
    except Exception:
        log.warning("web: cannot list the network interfaces", exc_info=True)
    return found


def normal(address: str) -> str | None:
    """An address as ``ipaddress`` writes it (zone dropped), or None when it is none."""
    try:
        return str(ipaddress.ip_address(address.split("%")[0]))
    except ValueError:
        return None


class Hosts:
    """``allows(host)`` and ``allows_origin(origin, host)`` for the page's requests."""

    def __init__(
        self,
        hostname: str,
        bind: str,
        names: Iterable[str] = (),
        addresses=interface_addresses,
        clock=time.monotonic,
    ):
        machine = socket.gethostname().lower()
        self.names = {
            "localhost",
            f"{hostname.lower()}.local",
            machine,
            f"{machine}.local",
            *(host_part(n) for n in names),
        }
        self.bind = bind
        self.addresses = addresses
        self.clock = clock
        self.known: set[str] = set()
        self.at = float("-inf")
        self.lock = threading.Lock()

    def own_address(self, ip) -> bool:
        if ip.version == 6 and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        if ip.is_loopback:
            return True
        text = str(ip)
        if text == self.bind:
            return True
        with self.lock:
            if self.clock() - self.at > REFRESH:
                self.known, self.at = set(filter(None, map(normal, self.addresses()))), self.clock()
            return text in self.known

    def allows(self, host: str) -> bool:
        name = host_part(host)
        if not name:
            return False
        try:
            ip = ipaddress.ip_address(name)
        except ValueError:
            return name in self.names
        return self.own_address(ip)

    def allows_origin(self, origin: str, host: str) -> bool:
        """No ``Origin`` (not a browser's page), or the page's own: the same host as ``Host``."""
        if not origin:
            return True
        scheme, sep, rest = origin.partition("://")
        return (
            bool(sep)
            and scheme in ("http", "https")
            and rest.lower() == host.strip().lower()
            and self.allows(rest)
        )
