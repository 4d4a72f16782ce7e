"""Every socket message is checked before it reaches the app: size, kind, fields, rate."""

import json

import pytest

from companion.web.server import BURST, MAX_MESSAGE, RateLimit, check_message


@pytest.mark.parametrize(
    "text, why",
    [
        (b"{}", "JSON text"),
        ("x" * (MAX_MESSAGE + 1), f"longer than {MAX_MESSAGE}"),
        ("not json", "not JSON"),
        ("[1, 2]", "kind must be one of"),
        ('{"t": "shell", "cmd": "ls"}', "kind must be one of"),
        ('{"t": "act", "action": "p1 bid 2", "file": "/etc/passwd"}', "unknown field 'file'"),
        ('{"t": "act", "action": 3}', "act.action: must be text"),
        (json.dumps({"t": "hello", "token": "x" * 201}), "hello.token: must be text of at most 200"),
        ('{"t": "claim", "seat": {"p1": 1}, "code": "1"}', "claim.seat: must be text"),
    ],
)
def test_a_bad_message_is_refused_saying_what_is_wrong(text, why):
    with pytest.raises(ValueError, match=why):
        check_message(text)


def test_good_messages_pass_as_they_are():
    assert check_message('{"t": "act", "action": "p1 bid 2"}') == {"t": "act", "action": "p1 bid 2"}
    assert check_message('{"t": "hello", "token": null}') == {"t": "hello", "token": None}
    assert check_message('{"t": "undo"}') == {"t": "undo"}


def test_the_rate_limit_allows_a_burst_then_the_rate():
    now = [0.0]
    limit = RateLimit(rate=8.0, burst=BURST, clock=lambda: now[0])
    assert all(limit.allow() for _ in range(BURST))
    assert not limit.allow()
    now[0] += 0.25  # two more messages' worth
    assert limit.allow() and limit.allow() and not limit.allow()
