"""A shared game file, a pack or a configuration written to hurt: a device or a pipe named as a
pack, a file too big, tables nested thousands deep, a byte-order mark. Each is refused (or read)
with a message naming the file, and changes nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.cli import main
from companion.device import config as config_mod
from companion.engine import gamefile
from companion.packs import MAX_PACK_BYTES, PackError, read_toml


def game_file(tmp_path: Path, pack: str, game: str = "dungeon-days", header: str = "") -> Path:
    path = tmp_path / "game.txt"
    path.write_text(f'game = "{game}"\npack = "{pack}"\nseed = 1\n{header}---\n', encoding="utf-8")
    return path


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe.toml"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("pack", ["/dev/zero", "/dev/urandom", "fifo"])
def test_a_game_files_pack_that_is_not_a_regular_file_is_refused_at_once(tmp_path, capsys, pack, fifo):
    if pack == "fifo":
        pack = str(fifo)  # no writer: opening it to read would wait for ever
    code = main(["replay", str(game_file(tmp_path, pack))])
    err = capsys.readouterr().err
    assert code == 2 and f"{pack}: cannot read: not a regular file" in err and "Traceback" not in err


def test_a_pack_bigger_than_the_bound_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.toml"
    big.write_bytes(b"# padding\n" * (MAX_PACK_BYTES // 10 + 1))
    with pytest.raises(PackError, match=f"{big}: cannot read: .* more than the {MAX_PACK_BYTES}"):
        read_toml(big)


def test_a_game_file_that_is_a_device_is_refused(tmp_path, capsys):
    code = main(["replay", "/dev/zero"])
    assert code == 2 and "/dev/zero: cannot read game file: not a regular file" in capsys.readouterr().err


DEEP = "x = " + "[" * 5000 + "]" * 5000 + "\n"


def test_tables_nested_thousands_deep_are_refused_in_every_kind_of_file(tmp_path, capsys):
    pack = tmp_path / "deep.toml"
    pack.write_text(DEEP)
    with pytest.raises(PackError, match="nested deeper than"):
        read_toml(pack)
    deep_options = game_file(
        tmp_path, "default", header="options = { a = " + "[" * 3000 + "]" * 3000 + " }\n"
    )
    with pytest.raises(gamefile.GameFileError, match="nested deeper than"):
        gamefile.load(deep_options)
    config = tmp_path / "owner.toml"
    config.write_text("[web]\n" + DEEP)
    with pytest.raises(config_mod.ConfigFileError, match=f"{config}: not valid TOML: .*nested deeper than"):
        config_mod.load([config_mod.DEFAULT_FILE, config])
    config.write_text("[web]\nnames = " + "[" * 40 + "]" * 40 + "\n")  # parses, but deeper than the bound
    with pytest.raises(config_mod.ConfigFileError, match="nested deeper than 32"):
        config_mod.load([config_mod.DEFAULT_FILE, config])


def test_a_byte_order_mark_is_read_in_a_config_a_pack_and_a_game_file_alike(tmp_path):
    config = tmp_path / "owner.toml"
    config.write_bytes('\ufeff[game]\ndice = "manual"\n'.encode("utf-8"))
    assert config_mod.load([config_mod.DEFAULT_FILE, config]).section("game")["dice"] == "manual"
    pack = tmp_path / "pack.toml"
    pack.write_bytes(b"\xef\xbb\xbf" + (config_mod.CONFIG_DIR / "dungeon-days.toml").read_bytes())
    assert read_toml(pack)[1] == read_toml(config_mod.CONFIG_DIR / "dungeon-days.toml")[1]
    record = game_file(tmp_path, "default")
    record.write_bytes(b"\xef\xbb\xbf" + record.read_bytes())
    assert gamefile.load(record).header.game == "dungeon-days"


def test_the_emulated_device_serves_this_machine_only_whatever_a_layer_says(tmp_path):
    """A layer that sets [web] bind (and mdns) does not put an emulated device on the network."""
    from argparse import Namespace

    from companion.device.service import emulated_sections

    layer = tmp_path / "owner.toml"
    layer.write_text('[web]\nbind = "0.0.0.0"\nmdns = true\nport = 9000\n')
    cfg = config_mod.load([config_mod.DEFAULT_FILE, layer])
    emulated_sections(Namespace(headless=True, frames=None, keys=None), cfg)
    web = cfg.section("web")
    assert web["bind"] == "127.0.0.1" and web["mdns"] is False and web["port"] == 9000


def test_a_game_files_option_of_the_wrong_shape_is_refused_naming_the_key(tmp_path, capsys):
    """Found by the game-file fuzzer: a team given as a list raised a TypeError."""
    path = game_file(
        tmp_path, "default", game="dodgeball", header='options = { teams = { p1 = [], p2 = "moles" } }\n'
    )
    code = main(["replay", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and "options.teams.p1: no team []" in err and "Traceback" not in err
