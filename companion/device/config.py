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

from companion.packs import CONFIG_DIR, FileRefused, loads_toml, read_regular

DEFAULT_FILE = CONFIG_DIR / "device.toml"
SYSTEM_FILE = Path("/etc/dungeon-companion/device.toml")
SECTIONS = ("display", "inputs", "link", "camera", "journal", "game", "vision", "web")
DICE_MODES = ("digital", "manual", "camera")
GAME_KEYS = ("default", "dice")  # [game]: the game Settings and doctor look at; the dice mode
MAX_CONFIG_BYTES = 1 << 20


# vision key -> (lowest, highest, type): frames to wait for a still tray, seconds to give up,
# the camera's height above the tray in pixels of its image, labelled roll frames to keep.
VISION_RANGES: dict[str, tuple[float, float, type | tuple[type, ...]]] = {
    "settle_frames": (1, 100, int),
    "timeout_s": (0.1, 60.0, (int, float)),
    "camera_height_px": (50.0, 100_000.0, (int, float)),
    "keep_frames": (0, 100_000, int),
}


class ConfigFileError(ValueError):
    """A configuration file or value the service will not start with."""


@dataclass
class DeviceConfig:
    data: dict[str, Any] = field(default_factory=dict)
    origin: dict[str, str] = field(default_factory=dict)  # "display.address" -> file
    files: list[str] = field(default_factory=list)

    def section(self, name: str) -> dict[str, Any]:
        return dict(self.data.get(name, {}))

    def where(self, key: str) -> str:
        """The layer a key came from: the file that set it (or its longest set prefix). For a
        key no layer set (a required key left out), the layer that chose the section's
        ``type``, which is what made the key required; else the last layer that set the section."""
        parts = key.split(".")
        while len(parts) > 1:
            found = self.origin.get(".".join(parts))
            if found:
                return found
            parts.pop()
        if parts:
            found = self.origin.get(f"{parts[0]}.type") or self.origin.get(parts[0])
            if found:
                return found
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
            layer = loads_toml(read_regular(path, MAX_CONFIG_BYTES).decode("utf-8"))
        except OSError as exc:
            raise ConfigFileError(f"{path}: cannot read: {exc.strerror}") from None
        except FileRefused as exc:
            raise ConfigFileError(f"{path}: cannot read: {exc}") from None
        except UnicodeDecodeError as exc:
            raise ConfigFileError(
                f"{path}: not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset "
                f"{exc.start}); is this a configuration file?"
            ) from None
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
            cfg.origin[section] = str(path)
    check(cfg)
    return cfg


DRIVER_SECTIONS = ("display", "inputs", "link", "camera")


def check(cfg: DeviceConfig) -> None:
    """Every check ``run`` makes before it opens anything; ``doctor`` runs the same one. The
    driver sections are checked as configured, even the ones emulation will replace."""
    from drivers import ConfigError, check_config

    validate(cfg)
    for kind in DRIVER_SECTIONS:
        try:
            check_config(kind, cfg.section(kind))
        except ConfigError as exc:
            raise cfg.error(str(exc)) from None


def validate(cfg: DeviceConfig) -> None:
    """The sections the companion itself reads; drivers check theirs when they open."""
    validate_game(cfg)
    validate_web(cfg)
    vision = cfg.data.get("vision", {})
    for key, value in vision.items():
        if key != "dir" and key not in VISION_RANGES:
            raise ConfigFileError(
                f"{cfg.where('vision.' + key)}: vision.{key}: unknown key "
                f"(known: dir, {', '.join(VISION_RANGES)})"
            )
        if key == "dir" and not isinstance(value, str):
            raise ConfigFileError(f"{cfg.where('vision.dir')}: vision.dir: must be a string")
        if key in VISION_RANGES:
            lo, hi, kind = VISION_RANGES[key]
            if not isinstance(value, kind) or isinstance(value, bool) or not lo <= value <= hi:  # nan too
                what = "a whole number" if kind is int else "a number"
                raise ConfigFileError(
                    f"{cfg.where('vision.' + key)}: vision.{key}: must be {what} "
                    f"from {lo:g} to {hi:g}, not {value!r}"
                )
    journal = cfg.data.get("journal", {})
    for key in journal:
        if key != "path":
            raise ConfigFileError(f"{cfg.where('journal.' + key)}: journal.{key}: unknown key (known: path)")
    if not isinstance(journal.get("path", ""), str):
        raise ConfigFileError(f"{cfg.where('journal.path')}: journal.path: must be a string")
    if "path" in journal and not journal["path"].strip():
        raise ConfigFileError(
            f"{cfg.where('journal.path')}: journal.path: must name a file, not be empty "
            "(leave it out for journal.sqlite in the data folder)"
        )


def validate_game(cfg: DeviceConfig) -> None:
    """``[game]``: ``default`` must be a registered game (companion.engine.registry), ``dice``
    one of the dice modes."""
    from companion.engine.registry import game_ids

    for key, value in cfg.data.get("game", {}).items():
        where = f"{cfg.where('game.' + key)}: game.{key}"
        if key not in GAME_KEYS:
            raise ConfigFileError(f"{where}: unknown key (known: {', '.join(GAME_KEYS)})")
        known = tuple(game_ids()) if key == "default" else DICE_MODES
        if value not in known:
            what = "a known game" if key == "default" else "a dice mode"
            raise ConfigFileError(f"{where}: {value!r} is not {what} (known: {', '.join(map(str, known))})")


def validate_web(cfg: DeviceConfig) -> None:
    """``[web]``: the phones' page (companion.web.settings)."""
    from companion.web.settings import problem

    bad = problem(cfg.data.get("web", {}))
    if bad is not None:
        key, what = bad
        raise ConfigFileError(f"{cfg.where('web.' + key)}: web.{key}: {what}")


def default_game_id(known: list[str]) -> str:
    """The game to use when none is named (the command line, Settings with no game in
    progress): the configuration's ``[game] default`` when it is one of ``known``, else the
    first of ``known`` ("" when none), so a new game does not take the usual one's place by
    the order of its name."""
    if not known:
        return ""
    try:
        wanted = load(default_files()).data.get("game", {}).get("default")
    except (ConfigFileError, ValueError):
        wanted = None
    return wanted if wanted in known else known[0]


def icon_dice(cfg: DeviceConfig) -> tuple[str, ...]:
    """The icon die kinds of the configured default game: the galleries doctor looks for."""
    from companion.engine.registry import UnknownGame, get_game

    game_id = cfg.data.get("game", {}).get("default")
    if not game_id:
        return ()
    try:
        return tuple(k.name for k in get_game(game_id).die_kinds if k.reader == "icons")
    except UnknownGame:
        return ()


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
