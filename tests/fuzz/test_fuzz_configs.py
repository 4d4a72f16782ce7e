"""The device configuration, mutated: each mutant, as the whole configuration or as an owner's
layer over the shipped one, is refused as a ConfigFileError naming the file, or loads with
every section checked. `doctor` answers every tenth. No other exception, no hang."""

from __future__ import annotations

import json
import os

import pytest

from companion.cli import main
from companion.device import config as config_mod
from companion.web.settings import from_section
from tests.fuzz.mutate import fuzz, mutate

CASES = int(os.environ.get("FUZZ_CASES", "300"))


@pytest.mark.slow
def test_a_mutated_configuration_is_refused_naming_the_file_or_loads_whole(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "no-system.toml"))
    text = config_mod.DEFAULT_FILE.read_text(encoding="utf-8")

    def check(path, case):
        said = []
        for files in ([path], [config_mod.DEFAULT_FILE, path]):
            try:
                cfg = config_mod.load(files)
            except config_mod.ConfigFileError as exc:
                assert str(exc).startswith(f"{path}"), f"the error does not name the file: {exc}"
                said.append("refused")
                continue
            from_section(cfg.section("web"))
            config_mod.journal_path(cfg), config_mod.vision_dir(cfg)
            said.append("loaded")
        if case % 10 == 0:
            code = main(["doctor", "--json", "--config", str(path)])
            out, err = capsys.readouterr()
            assert code in (0, 2) and "Traceback" not in err, err
            assert json.loads(out)["config"]["ok"] in (True, False)
        return " / ".join(said)

    _outcomes, failures = fuzz(tmp_path, "device.toml", CASES, lambda rng, case: mutate(text, rng), check, 30)
    assert not failures, "\n".join(failures[:5])
