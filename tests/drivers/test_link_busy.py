"""A peer that floods or never reads: the link's share of the app's queue is bounded (ERR busy
past it) and failed writes are logged at a bounded rate. Real pyserial on socket:// with a
TCP peer on 127.0.0.1."""

from __future__ import annotations

import logging
import queue
import socket
import threading
import time

from drivers import open_link
from drivers.link import LinkAction
from drivers.link.serial_link import BUSY, MAX_PENDING

FAST = {"reconnect_min_s": 0.05, "reconnect_max_s": 0.2}


class Server:
    """The peer: accepts the device's connection; reads (or not) what it writes."""

    def __init__(self, small_buffers: bool = False):
        self.sock = socket.socket()
        if small_buffers:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(1)
        self.sock.settimeout(10)
        self.url = f"socket://127.0.0.1:{self.sock.getsockname()[1]}"
        self.conn: socket.socket | None = None
        self.lines: list[str] = []
        self.buf = b""

    def accept(self) -> None:
        self.conn, _ = self.sock.accept()
        self.conn.settimeout(10)

    def read_lines(self, n: int, timeout: float = 20) -> list[str]:
        end = time.monotonic() + timeout
        while len(self.lines) < n and time.monotonic() < end:
            data = self.conn.recv(65536)
            if not data:
                break
            self.buf += data
            *done, self.buf = self.buf.split(b"\n")
            self.lines += [d.decode() for d in done]
        return self.lines

    def close(self) -> None:
        for s in (self.conn, self.sock):
            if s is not None:
                s.close()


def test_a_flood_of_actions_fills_the_queue_to_its_bound_and_the_rest_are_answered_busy():
    peer = Server()
    events: queue.Queue = queue.Queue()  # the app's queue; nobody takes from it yet
    link = open_link({"type": "serial", "port": peer.url, **FAST}, events)
    try:
        peer.accept()
        assert events.get(timeout=5).connected  # LinkStatus: taken by the app
        n = 2000
        peer.conn.sendall(b"".join(f"ACTION p1 move {i}\n".encode() for i in range(n)))
        lines = peer.read_lines(1 + n - MAX_PENDING)  # HELLO, then the refusals
        busy = [s for s in lines if s.startswith("ERR busy")]
        assert len(busy) == n - MAX_PENDING and busy[0] == f"ERR {BUSY}"
        assert events.qsize() == MAX_PENDING, "the queue holds the bound, no more"
        queued = [events.get_nowait() for _ in range(MAX_PENDING)]
        assert [e.text for e in queued if isinstance(e, LinkAction)] == [
            f"p1 move {i}" for i in range(MAX_PENDING)
        ]
        peer.conn.sendall(b"ACTION p1 move again\nPING\n")  # drained: accepted again
        assert peer.read_lines(len(lines) + 1)[-1] == "PONG"
        assert [e.text for e in [events.get(timeout=5)]] == ["p1 move again"]
        assert link.stats["busy"] == n - MAX_PENDING
    finally:
        link.close()
        peer.close()


def test_a_peer_that_never_reads_costs_a_few_log_lines_not_one_per_write(caplog):
    caplog.set_level(logging.INFO, logger="drivers.link")
    peer = Server(small_buffers=True)
    link = open_link({"type": "serial", "port": peer.url, **FAST, "write_timeout_s": 0.05}, queue.Queue())
    try:
        peer.accept()
        peer.conn.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        deadline = time.monotonic() + 20
        while link.stats["write_errors"] < 40 and time.monotonic() < deadline:
            link.send_line("EVENT " + "{}" + " " * 3000)  # never read: the buffers fill
        assert link.stats["write_errors"] >= 40
        failed = [
            r for r in caplog.records if "write failed" in r.getMessage() or "writes failed" in r.getMessage()
        ]
        assert 1 <= len(failed) <= 5, [r.getMessage() for r in failed]
        assert link.connected, "a write timeout does not drop the connection"
    finally:
        threading.Thread(target=link.close, daemon=True).start()
        peer.close()
