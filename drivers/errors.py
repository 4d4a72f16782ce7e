"""Exceptions shared by all drivers."""

from __future__ import annotations


class DriverError(RuntimeError):
    """A device could not be opened or stopped working. The message names the device."""


class InputError(DriverError):
    pass


class DisplayError(DriverError):
    pass


class LinkError(DriverError):
    pass


class CameraError(DriverError):
    pass


class ConfigError(ValueError):
    """A driver configuration value is wrong. The message starts with the key, e.g.
    ``display.address: ...``. Fallback helpers never swallow it: a bad value must stop the
    service at start-up rather than be guessed around."""

    def __init__(self, key: str, problem: str):
        self.key = key
        self.problem = problem
        super().__init__(f"{key}: {problem}")
