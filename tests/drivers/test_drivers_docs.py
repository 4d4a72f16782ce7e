"""The runnable examples in docs/drivers.md run, and every config key the factories read is
documented there."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "drivers.md"


def examples():
    text = DOC.read_text()
    blocks = re.findall(r"### Example \(runs anywhere\)\n\n```python\n(.*?)```", text, re.S)
    assert len(blocks) == 4, "one runnable example per kind"
    return blocks


@pytest.mark.parametrize("i", range(4), ids=["inputs", "display", "link", "camera"])
def test_doc_example_runs(i):
    code = examples()[i]
    r = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "CI": "true"},
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip()


def test_every_config_key_is_documented():
    src = (ROOT / "drivers" / "factory.py").read_text()
    keys = set(re.findall(r'c\.(?:str|int|float|bool|table|str_list|raw|has)\("(\w+)"', src))
    keys |= set(re.findall(r'_ms\(c, "(\w+)"', src))
    doc = DOC.read_text()
    missing = sorted(k for k in keys if f"`{k}`" not in doc)
    assert not missing, f"undocumented keys: {missing}"
    assert len(keys) > 30
