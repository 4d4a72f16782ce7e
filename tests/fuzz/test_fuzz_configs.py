"""The device configuration, mutated: each mutant, as the whole configuration or as an owner's
layer over the shipped one, is refused as a ConfigFileError naming the file, or loads with
every section checked. `doctor` answers every tenth. No other exception, no hang."""
from __future__ import annotations

import json
import os
import random
import traceback

import pytest

from companion import config as config_mod
from companion.cli import main
from companion.web.settings import from_section
from tests.fuzz.mutate import Hang, mutate, time_limit

CASES = int(os.environ.get("FUZZ_CASES", "300"))


@pytest.mark.slow
def test_a_mutated_configuration_is_refused_naming_the_file_or_loads_whole(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "no-system.toml"))
    text = config_mod.DEFAULT_FILE.read_text(encoding="utf-8")
    rng = random.Random("config")
    failures, refused, loaded = [], 0, 0
    for case in range(CASES):
        path = tmp_path / f"device-{case}.toml"
        path.write_bytes(mutate(text, rng))
        try:
            with time_limit(30):
                for files in ([path], [config_mod.DEFAULT_FILE, path]):
                    try:
                        cfg = config_mod.load(files)
                    except config_mod.ConfigFileError as exc:
                        assert str(exc).startswith(f"{path}"), f"the error does not name the file: {exc}"
                        refused += 1
                        continue
                    from_section(cfg.section("web"))
                    config_mod.journal_path(cfg), config_mod.vision_dir(cfg)
                    loaded += 1
                if case % 10 == 0:
                    code = main(["doctor", "--json", "--config", str(path)])
                    out, err = capsys.readouterr()
                    assert code in (0, 2) and "Traceback" not in err, err
                    assert json.loads(out)["config"]["ok"] in (True, False)
        except (Exception, Hang) as exc:  # noqa: BLE001 - every other outcome is a finding
            failures.append(f"{path}: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-3)}")
    print(f"configs: {CASES} mutants, {refused} refused, {loaded} loaded, {len(failures)} failures")
    assert not failures, "\n".join(failures[:5])
