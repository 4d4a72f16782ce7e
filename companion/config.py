"""Device configuration: config/device.toml, then /etc/dungeon-companion/device.toml, then
``--config FILE``, merged key by key. Every error names the file and the key that caused it;
the service refuses to start on one rather than guess."""
from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.packs import CONFIG_DIR

DEFAULT_FILE = CONFIG_DIR / "device.toml"
SYSTEM_FILE = Path("/etc/dungeon-companion/device.toml")
SECTIONS = ("display", "inputs", "link", "camera", "journal", "game", "vision")
GAME_KEYS = {"default": ("dungeon-ball",), "dice": ("digital", "manual", "camera"), "kicking": ("ask", "skill", "luck")}


class ConfigFileError(ValueError):
    """A configuration file or value the service will not start with."""


@dataclass
class DeviceConfig:
    data: dict[str, Any] = field(default_factory=dict)
    origin: dict[str, str] = field(default_factory=dict)     # "display.address" -> file
    files: list[str] = field(default_factory=list)

    def section(self, name: str) -> dict[str, Any]:
        return dict(self.data.get(name, {}))

    def where(self, key: str) -> str:
        """The file a key came from (its longest known prefix)."""
        parts = key.split(".")
        while parts:
            found = self.origin.get(".".join(parts))
            if found:
                return found
            parts.pop()
        return self.files[-1] if self.files else "<config>"

    def error(self, message: str) -> ConfigFileError:
        """Turn a driver's ``"display.address: ..."`` message into one naming the file."""
        match = re.match(r"^([A-Za-z_][\w.\[\]]*): ", message)
        key = match.group(1) if match else ""
        return ConfigFileError(f"{self.where(key)}: {message}")

    def override(self, section: str, values: dict[str, Any], source: str) -> None:
        """Replace a whole section (emulation, command-line options)."""
        self.data[section] = dict(values)
        for k in values:
            self.origin[f"{section}.{k}"] = source
        self.origin[section] = source


def default_files(extra: str | Path | None = None) -> list[Path]:
    files = [DEFAULT_FILE]
    system = Path(os.environ.get("COMPANION_CONFIG", SYSTEM_FILE))
    if system.exists():
        files.append(system)
    if extra:
        files.append(Path(extra))
    return files


def load(files: list[Path]) -> DeviceConfig:
    cfg = DeviceConfig()
    for path in files:
        try:
            layer = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise ConfigFileError(f"{path}: cannot read: {exc.strerror}") from None
        except tomllib.TOMLDecodeError as exc:
            raise ConfigFileError(f"{path}: not valid TOML: {exc}") from None
        cfg.files.append(str(path))
        for section, values in layer.items():
            if section not in SECTIONS:
                raise ConfigFileError(f"{path}: {section}: unknown section (known: {', '.join(SECTIONS)})")
            if not isinstance(values, dict):
                raise ConfigFileError(f"{path}: {section}: must be a table")
            target = cfg.data.setdefault(section, {})
            if "type" in values and values.get("type") != target.get("type"):
                # A new backend type starts from a clean section: the old one's keys do not apply.
                target.clear()
            for key, value in values.items():
                target[key] = value
                cfg.origin[f"{section}.{key}"] = str(path)
            cfg.origin.setdefault(section, str(path))
    validate(cfg)
    return cfg


def validate(cfg: DeviceConfig) -> None:
    """The sections the companion itself reads; drivers check theirs when they open."""
    game = cfg.data.get("game", {})
    for key, value in game.items():
        if key not in GAME_KEYS:
            raise ConfigFileError(f"{cfg.where('game.' + key)}: game.{key}: unknown key (known: {', '.join(GAME_KEYS)})")
        if value not in GAME_KEYS[key]:
            raise ConfigFileError(f"{cfg.where('game.' + key)}: game.{key}: {value!r} is not one of "
                                  f"{', '.join(GAME_KEYS[key])}")
    vision = cfg.data.get("vision", {})
    for key, value in vision.items():
        if key not in ("dir", "settle_frames", "timeout_s", "camera_height_px"):
            raise ConfigFileError(f"{cfg.where('vision.' + key)}: vision.{key}: unknown key "
                                  "(known: dir, settle_frames, timeout_s, camera_height_px)")
        if key == "dir" and not isinstance(value, str):
            raise ConfigFileError(f"{cfg.where('vision.dir')}: vision.dir: must be a string")
        if key != "dir" and (not isinstance(value, (int, float)) or isinstance(value, bool) or value <= 0):
            raise ConfigFileError(f"{cfg.where('vision.' + key)}: vision.{key}: must be a positive number")
    journal = cfg.data.get("journal", {})
    for key in journal:
        if key != "path":
            raise ConfigFileError(f"{cfg.where('journal.' + key)}: journal.{key}: unknown key (known: path)")
    if not isinstance(journal.get("path", ""), str):
        raise ConfigFileError(f"{cfg.where('journal.path')}: journal.path: must be a string")


def data_dir() -> Path:
    state = os.environ.get("STATE_DIRECTORY")
    if state:
        return Path(state.split(":")[0])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "dungeon-companion"


def vision_dir(cfg: DeviceConfig) -> Path:
    """Where the dice galleries and the lid calibration live."""
    path = Path(cfg.data.get("vision", {}).get("dir", "vision")).expanduser()
    return path if path.is_absolute() else data_dir() / path


def journal_path(cfg: DeviceConfig) -> Path:
    path = Path(cfg.data.get("journal", {}).get("path", "journal.sqlite")).expanduser()
    return path if path.is_absolute() else data_dir() / path
