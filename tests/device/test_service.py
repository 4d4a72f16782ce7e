"""`companion run` as a process: headless key scripts and PNG frames, refusing a bad config,
SIGTERM, and SIGKILL at many points of a game followed by a resume that equals the journal."""

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.engine.runner import replay
from companion.journal import Journal
from companion.session import RefereeSession

ROOT = Path(__file__).resolve().parents[2]


def companion(*args, **kw):
    env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_CONFIG=str(ROOT / "no-such-system-config.toml"))
    return subprocess.Popen(
        [sys.executable, "-m", "companion", *args],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kw,
    )


def wait_until(ready, proc, timeout: float = 60.0) -> None:
    """Wait for the service to be up (``ready()``), not for a fixed time: on a loaded machine
    a start can take many seconds, and a signal sent before it lands on a process without its
    handlers."""
    deadline = time.monotonic() + timeout
    while not ready():
        assert proc.poll() is None, f"the service ended early: {proc.communicate()[1].decode()}"
        assert time.monotonic() < deadline, "the service did not start"
        time.sleep(0.05)


def journaled(journal: Path) -> int:
    """How many actions the journal holds over all its games (0 while it is being made)."""
    if not journal.exists():
        return 0
    try:
        j = Journal(journal)
        return sum(j.count(g["id"]) for g in j.games(50))
    except Exception:  # the service may be creating the file's tables right now
        return 0


def keys(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n")
    return path


def test_headless_key_script_writes_every_distinct_frame(tmp_path):
    # New game, the first game, the cursor wraps round to Start, Start, a team
    script = keys(tmp_path / "keys.txt", ["ok", "ok", "up", "ok", "ok"])
    frames = tmp_path / "frames"
    proc = companion(
        "run",
        "--emulate",
        "--headless",
        "--keys",
        str(script),
        "--frames",
        str(frames),
        "--journal",
        str(tmp_path / "j.sqlite"),
        "--menu",
    )
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err.decode()
    pngs = sorted(frames.glob("*.png"))
    assert len(pngs) >= 5
    from PIL import Image

    assert all(Image.open(p).size == (128, 64) for p in pngs)
    j = Journal(tmp_path / "j.sqlite")
    assert any(a.startswith("p1 team") for a in j.actions(j.unfinished()))


def test_a_bad_config_value_stops_the_service_naming_file_and_key(tmp_path):
    bad = tmp_path / "owner.toml"
    bad.write_text('[game]\ndice = "telepathy"\n')
    proc = companion(
        "run", "--emulate", "--headless", "--config", str(bad), "--journal", str(tmp_path / "j.sqlite")
    )
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 2
    assert (
        f"{bad}: game.dice: 'telepathy' is not a dice mode (known: digital, manual, camera)" in err.decode()
    )
    bad.write_text('[display]\ntype = "ssd1306"\naddress = 300\n')
    proc = companion("run", "--config", str(bad), "--journal", str(tmp_path / "j.sqlite"))
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 2 and "display.address" in err.decode()
    assert not (tmp_path / "j.sqlite").exists()  # nothing was started


def long_script(path: Path) -> Path:
    start = ["ok", "ok", "up", "ok"]  # new game: the first game, Start
    cycle = ["ok", "right", "ok", "down", "ok", "left", "ok", "up", "ok", "ok"]
    return keys(path, start + ["wait 0.002"] + cycle * 800)


def test_sigterm_pauses_and_closes_cleanly(tmp_path):
    frames = tmp_path / "frames"
    proc = companion(
        "run",
        "--emulate",
        "--headless",
        "--keys",
        str(long_script(tmp_path / "k.txt")),
        "--frames",
        str(frames),
        "--journal",
        str(tmp_path / "j.sqlite"),
        "--menu",
    )
    wait_until(lambda: any(frames.glob("*.png")), proc)  # drawing: the handler is in place
    time.sleep(1.0)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err.decode()
    from PIL import Image

    last = sorted(frames.glob("*.png"))[-1]
    assert Image.open(last).convert("1").getbbox() is not None  # the "paused" frame
    j = Journal(tmp_path / "j.sqlite")
    record = j.record(j.games(1)[0]["id"])
    replay(record)  # the journal is whole


@pytest.mark.slow
@pytest.mark.parametrize("run", range(1))
def test_sigkill_at_many_points_loses_nothing_and_resumes_the_journal(tmp_path, run):
    journal = tmp_path / "j.sqlite"
    script = long_script(tmp_path / "k.txt")
    counts = []
    for i, delay in enumerate([1.5, 1.1, 1.4, 0.9, 1.7, 1.2, 2.0, 1.0]):
        args = ["run", "--emulate", "--headless", "--keys", str(script), "--journal", str(journal)]
        if i == 0:
            args.append("--menu")  # then each restart resumes the game
        before = journaled(journal)
        proc = companion(*args)
        wait_until(lambda before=before: journaled(journal) > before, proc)  # started and playing again
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        j = Journal(journal)
        games = j.games(50)
        gid = games[0]["id"]
        record = j.record(gid)
        engine, state = replay(record)  # every journaled action is legal
        resumed = RefereeSession(Journal(journal))
        if j.unfinished() is not None:
            assert resumed.resume(gid)
            # resuming may roll a digital die the kill interrupted; it journals that too
            after = Journal(journal).record(gid)
            assert after.actions[: len(record.actions)] == record.actions
            _, expected = replay(after)
            assert engine.to_json(resumed.state) == engine.to_json(expected)
        total = sum(Journal(journal).count(g["id"]) for g in games)
        counts.append(total)
    assert counts == sorted(counts)  # nothing accepted is ever lost
    assert counts[-1] > counts[0] > 0


def test_doctor_reports_what_it_finds():
    proc = companion("doctor", "--json")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err.decode()
    report = json.loads(out)
    assert {"i2c", "gpio", "camera", "serial", "vision", "would_use", "raspberry_pi"} <= set(report)
    assert report["config"]["ok"] is True
    assert report["vision"]["dice_models"] == "loaded" and report["vision"]["ok"] is True
    assert set(report["vision"]["calibrations"]) == {
        "white/gallery.npz",
        "black/gallery.npz",
        "lid.json",
        "tray.json",
    }


def test_vision_report_says_what_is_missing(tmp_path, monkeypatch):
    from companion.device.camera_dice import vision_report
    from vision import net

    (tmp_path / "white").mkdir()
    (tmp_path / "white" / "gallery.npz").write_bytes(b"")
    r = vision_report(tmp_path, ("white", "black"))
    assert r["calibrations"]["white/gallery.npz"] is True and r["calibrations"]["lid.json"] is False
    assert r["calibrations"]["black/gallery.npz"] is False
    monkeypatch.setattr(net, "DETECTOR", tmp_path / "gone.onnx")
    r = vision_report(tmp_path)
    assert r["ok"] is False and "gone.onnx" in r["dice_models"]


def test_without_a_terminal_it_says_why_the_screen_and_buttons_are_off(tmp_path):
    """Started from a pipe or a service manager's emulated run, nothing would be drawn or read:
    it says so once, and what to give instead, rather than running silently."""
    proc = companion("run", "--emulate", "--journal", str(tmp_path / "j.sqlite"), "--no-web")
    said = []  # it runs until stopped: read until it has said why
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and "--frames DIR and --keys FILE" not in "".join(said):
            if select.select([proc.stderr], [], [], 0.1)[0]:
                chunk = os.read(proc.stderr.fileno(), 4096).decode()
                if not chunk:
                    break  # it ended by itself
                said.append(chunk)
    finally:
        proc.send_signal(signal.SIGTERM)
        said.append(proc.communicate(timeout=30)[1].decode())
    err = "".join(said)
    assert "no terminal to draw the screen in or to read keys from: no screen, no buttons" in err
    assert "--frames DIR and --keys FILE" in err

    script = keys(tmp_path / "keys.txt", ["ok"])
    proc = companion(
        "run",
        "--emulate",
        "--keys",
        str(script),
        "--frames",
        str(tmp_path / "frames"),
        "--journal",
        str(tmp_path / "j2.sqlite"),
        "--menu",
        "--no-web",
    )
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err.decode()
    assert "no terminal" not in err.decode()
