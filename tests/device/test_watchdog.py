"""companion.device.watchdog against a real AF_UNIX datagram socket, as systemd listens on one."""

import os
import socket

import pytest

from companion.device.watchdog import Watchdog


class Clock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


@pytest.fixture
def listener(tmp_path):
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    path = str(tmp_path / "notify")
    sock.bind(path)
    sock.setblocking(False)
    yield path, sock
    sock.close()


def received(sock) -> list[str]:
    out = []
    while True:
        try:
            out.append(sock.recv(4096).decode())
        except BlockingIOError:
            return out


def test_ready_ping_and_stopping_reach_the_socket_and_pings_are_rate_limited(listener):
    path, sock = listener
    clock = Clock()
    dog = Watchdog.from_environment({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000"}, clock=clock)
    assert dog.enabled and dog.interval_s == 30.0
    assert dog.ready("playing")
    assert dog.ping() is True  # the first ping goes at once
    clock.t += 14.9
    assert dog.ping() is False  # within half the interval: nothing sent
    clock.t += 0.1
    assert dog.ping() is True  # 15 s after the last one
    for _ in range(100):
        dog.ping()  # a busy loop costs no datagrams
    assert dog.stopping()
    assert received(sock) == ["READY=1\nSTATUS=playing", "WATCHDOG=1", "WATCHDOG=1", "STOPPING=1"]
    dog.close()


def test_abstract_namespace_socket():
    name = f"companion-test-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    sock.setblocking(False)
    try:
        dog = Watchdog.from_environment(
            {"NOTIFY_SOCKET": "@" + name, "WATCHDOG_USEC": "2000000"}, clock=Clock()
        )
        assert dog.ready() and dog.ping()
        assert received(sock) == ["READY=1", "WATCHDOG=1"]
    finally:
        sock.close()


def test_without_systemd_every_call_does_nothing():
    dog = Watchdog.from_environment({})
    assert not dog.enabled
    assert (dog.ready(), dog.ping(), dog.stopping()) == (False, False, False)


@pytest.mark.parametrize(
    "socket_set, usec, pid",
    [
        (False, "30000000", ""),  # no socket: nobody to tell
        (True, "0", ""),
        (True, "soon", ""),
        (True, "30000000", "1"),  # a watchdog meant for another process
    ],
)
def test_ping_is_a_no_op_without_a_watchdog_for_this_process(listener, socket_set, usec, pid):
    path, sock = listener
    env = {"WATCHDOG_USEC": usec, "WATCHDOG_PID": pid, **({"NOTIFY_SOCKET": path} if socket_set else {})}
    dog = Watchdog.from_environment(env, clock=Clock())
    assert dog.ping() is False
    assert received(sock) == []


def test_watchdog_for_this_pid_is_ours(listener):
    path, sock = listener
    dog = Watchdog.from_environment(
        {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "1000000", "WATCHDOG_PID": str(os.getpid())}, clock=Clock()
    )
    assert dog.ping() and received(sock) == ["WATCHDOG=1"]


def test_a_socket_that_is_gone_is_reported_once_and_never_raises(tmp_path, caplog):
    clock = Clock()
    dog = Watchdog(str(tmp_path / "nobody-listens"), 10.0, clock)
    assert dog.ready() is False
    clock.t += 60
    assert dog.ping() is False and dog.stopping() is False
    warnings = [r.getMessage() for r in caplog.records if "cannot notify systemd" in r.getMessage()]
    assert len(warnings) == 1 and "nobody-listens" in warnings[0]


def test_companion_run_says_ready_pings_and_says_stopping(listener, tmp_path):
    """The service as systemd runs it: READY=1 once the first frame is shown, WATCHDOG=1 from the
    main loop, STOPPING=1 on the way out."""
    import subprocess
    import sys
    from pathlib import Path

    path, sock = listener
    keys = tmp_path / "keys.txt"
    keys.write_text("down\nup\nok\n")
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000000"}
    env.pop("WATCHDOG_PID", None)
    cli = "import sys; from companion.cli import main; sys.exit(main(sys.argv[1:]))"
    r = subprocess.run(
        [
            sys.executable,
            "-c",
            cli,
            "run",
            "--emulate",
            "--headless",
            "--keys",
            str(keys),
            "--journal",
            str(tmp_path / "j.sqlite"),
        ],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert r.returncode == 0, r.stderr
    messages = received(sock)
    assert messages and messages[0].startswith("READY=1")
    assert "WATCHDOG=1" in messages and messages[-1] == "STOPPING=1"
