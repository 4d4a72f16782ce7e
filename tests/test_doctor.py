"""`companion doctor` tells the truth: the same configuration checks as `run`, a writable data
folder and journal, and exit code 2 exactly when `run` would refuse to start."""

import json

import pytest

from companion.cli import main

# Bad device configurations (an owner's --config layer): each must stop `run` and `doctor`
# alike, naming the file and the key.
BAD_CONFIGS = [
    ("[display]\naddress = 300\n", "display.address: 300 is outside 3..119"),
    ('[display]\naddress = "0xZZ"\n', "display.address: expected an integer"),
    ("[display]\nadress = 60\n", "display.adress: unknown key"),
    ('[display]\ntype = "lcd"\n', "display.type: 'lcd' is not one of"),
    ("[display]\nrotate = 1\n", "display.rotate: 1 would make the screen 64x128"),
    ("[display]\ncontrast = 300\n", "display.contrast: 300 is outside 0..255"),
    ("[display]\nshift_period_s = nan\n", "display.shift_period_s: expected a finite number, got nan"),
    ("[display]\nshift_period_s = inf\n", "display.shift_period_s: expected a finite number, got inf"),
    ("[display]\nshift_period_s = 1e308\n", "display.shift_period_s: 1e+308 is outside"),
    (
        "[inputs]\npins = { up = 99, down = 27, left = 22, right = 23, ok = 24, back = 25 }\n",
        "inputs.pins.up: GPIO 99 is outside 0..53",
    ),
    (
        "[inputs]\npins = { up = 17, down = 17, left = 22, right = 23, ok = 24, back = 25 }\n",
        "inputs.pins: two buttons share a pin",
    ),
    ("[inputs]\npins = { jump = 5 }\n", "inputs.pins.jump: unknown button"),
    ("[inputs]\ndebounce = 3\n", "inputs.debounce: unknown key"),
    ("[inputs]\ndebounce_ms = nan\n", "inputs.debounce_ms: expected a finite number, got nan"),
    ("[inputs]\nlong_press_ms = 1e308\n", "inputs.long_press_ms: 1e+308 is outside 50..10000"),
    ('[inputs]\npull_up = "yes"\n', "inputs.pull_up: expected true or false"),
    ("[inputs]\nencoder = { a = 5, b = 5 }\n", "inputs.encoder.b: encoder pins a and b must differ"),
    ('[inputs]\nrepeat_buttons = ["jump"]\n', "inputs.repeat_buttons: 'jump' is not one of"),
    (
        '[link]\ntype = "serial"\nport = "loop://"\nreconnect_min_s = nan\n',
        "link.reconnect_min_s: expected a finite",
    ),
    ('[link]\ntype = "serial"\nport = "http://x"\n', "link.port: unknown URL scheme 'http'"),
    ('[link]\ntype = "serial"\nport = "loop://"\nbaudrate = inf\n', "link.baudrate: expected an integer"),
    ('[camera]\ntype = "picamera2"\nwidth = 100000\n', "camera.width: 100000 is outside 64..9152"),
    ('[camera]\ntype = "picamera2"\nsettle_s = inf\n', "camera.settle_s: expected a finite number, got inf"),
    (
        "[vision]\nsettle_frames = nan\n",
        "vision.settle_frames: must be a whole number from 1 to 100, not nan",
    ),
    ("[vision]\nsettle_frames = 1e308\n", "vision.settle_frames: must be a whole number from 1 to 100"),
    ("[vision]\ntimeout_s = inf\n", "vision.timeout_s: must be a number from 0.1 to 60, not inf"),
    ("[vision]\ncamera_height_px = 1e308\n", "vision.camera_height_px: must be a number from 50 to 100000"),
    ("[vision]\nfocus = 3\n", "vision.focus: unknown key"),
    ("[journal]\npath = 3\n", "journal.path: must be a string"),
    ('[journal]\npath = ""\n', "journal.path: must name a file, not be empty"),
    ('[web]\nbind = "eth0"\n', "web.bind: must be an IP address of this machine"),
    ('[web]\nnames = ["pi.lan", 3]\n', "web.names: must be a list of host names"),
    (
        "[game]\ndice = " + "[" * 5000 + "]" * 5000 + "\n",
        "not valid TOML: tables or arrays nested deeper than 32",
    ),
    ('[game]\ndice = "loaded"\n', "game.dice: 'loaded' is not a dice mode (known: digital, manual, camera)"),
    ('[game]\ndefault = "chess"\n', "game.default: 'chess' is not a known game (known: "),
    ('[game]\nkicking = "ask"\n', "game.kicking: unknown key (known: default, dice)"),
    ('[displays]\ntype = "null"\n', "displays: unknown section"),
    ("display = 3\n", "display: must be a table"),
    ("[display\n", "not valid TOML"),
]


def run_and_doctor(capsys, home, *extra):
    keys = home / "keys.txt"
    keys.write_text("down\n")
    code_run = main(["run", "--emulate", "--headless", "--keys", str(keys), *extra])
    err_run = capsys.readouterr().err
    code_doctor = main(["doctor", "--json", *[e for e in extra]])
    out = capsys.readouterr().out
    return code_run, err_run, code_doctor, json.loads(out)


def test_doctor_passes_a_good_setup_and_creates_nothing(capsys, home):
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out
    assert "config: ok" in out and "journal: " in out and "(writable)" in out
    assert not (home / "data").exists()


@pytest.mark.parametrize("text, message", BAD_CONFIGS)
def test_doctor_refuses_every_config_that_run_refuses(capsys, home, text, message):
    bad = home / "owner.toml"
    bad.write_text(text)
    code_run, err_run, code_doctor, report = run_and_doctor(capsys, home, "--config", str(bad))
    assert code_run == 2 and f"{bad}: " in err_run and message in err_run and "Traceback" not in err_run
    assert code_doctor == 2 and report["ok"] is False and report["config"]["ok"] is False
    assert report["config"]["error"] == err_run.strip().removeprefix("companion: refusing to start: ")
    assert not (home / "data").exists()  # nothing was started


def test_a_required_key_no_layer_set_is_blamed_on_the_layer_that_chose_the_type(capsys, home):
    bad = home / "owner.toml"
    bad.write_text('[link]\ntype = "serial"\n')  # device.toml has [link], not a port
    code_run, err_run, code_doctor, report = run_and_doctor(capsys, home, "--config", str(bad))
    assert code_run == 2 and f"{bad}: link.port: required key is missing" in err_run
    assert report["config"]["error"].startswith(f"{bad}: link.port")


def test_an_error_in_a_value_the_owner_did_not_set_names_the_layer_that_did(capsys, home, monkeypatch):
    system = home / "system.toml"
    system.write_text("[display]\ncontrast = 999\n")
    monkeypatch.setenv("COMPANION_CONFIG", str(system))
    owner = home / "owner.toml"
    owner.write_text("[display]\nrotate = 2\n")
    code_run, err_run, code_doctor, report = run_and_doctor(capsys, home, "--config", str(owner))
    assert code_run == 2 and f"{system}: display.contrast: 999 is outside" in err_run
    assert code_doctor == 2


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda p: p.mkdir(), "it is a directory"),
        (lambda p: p.write_bytes(b"\x00garbage, not SQLite" * 300), "not a journal"),
    ],
)
def test_doctor_and_run_refuse_a_journal_that_cannot_be_used(capsys, home, make, message):
    journal = home / "journal.sqlite"
    make(journal)
    before = journal.read_bytes() if journal.is_file() else None
    code_run, err_run, code_doctor, report = run_and_doctor(capsys, home, "--journal", str(journal))
    assert (
        code_run == 2
        and f"journal {journal}" in err_run
        and message in err_run
        and "Traceback" not in err_run
    )
    assert code_doctor == 2 and message in report["journal"]["problem"] and report["problems"]
    if before is not None:
        assert journal.read_bytes() == before  # nothing written into it


def test_doctor_finds_a_data_folder_that_cannot_be_made(capsys, home, monkeypatch):
    blocker = home / "afile"
    blocker.write_text("x")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    assert main(["doctor"]) == 2
    captured = capsys.readouterr()
    assert f"data folder {blocker}/dungeon-companion: {blocker} is a file, not a folder" in captured.out
    assert "run would refuse to start" in captured.err


def test_doctor_says_when_the_page_cannot_listen_on_the_bound_address(capsys, home):
    """Not an address of this machine: the game would run without the phones' page."""
    owner = home / "owner.toml"
    owner.write_text('[web]\nbind = "192.0.2.77"\n')  # TEST-NET-1: nobody's address
    assert main(["doctor", "--json", "--config", str(owner)]) == 0  # run still starts
    report = json.loads(capsys.readouterr().out)
    assert (
        report["ok"] is False
        and f"{owner}: web.bind: cannot listen on 192.0.2.77" in report["web"]["problem"]
    )
    main(["doctor", "--config", str(owner)])
    assert "web: PROBLEM:" in capsys.readouterr().out
    owner.write_text('[web]\nbind = "127.0.0.1"\n')
    assert main(["doctor", "--json", "--config", str(owner)]) == 0
    assert json.loads(capsys.readouterr().out)["web"]["problem"] is None
