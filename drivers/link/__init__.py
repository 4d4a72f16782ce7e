"""Serial link: line protocol (drivers.link.protocol) and backends (drivers.link.serial_link)."""

from drivers.link.protocol import (
    LINK_SCOPES,
    MAX_LINE,
    PROTOCOL_VERSION,
    LineSplitter,
    ProtocolError,
    parse_peer_line,
)
from drivers.link.serial_link import LinkAction, LinkStatus, NullLink, SerialLink

__all__ = [
    "LINK_SCOPES",
    "MAX_LINE",
    "PROTOCOL_VERSION",
    "LineSplitter",
    "LinkAction",
    "LinkStatus",
    "NullLink",
    "ProtocolError",
    "SerialLink",
    "parse_peer_line",
]
