"""`companion doctor`: what hardware is here, what ``companion run`` would fall back to, and
whether it would start (the same configuration checks, a writable data folder and journal);
``--look DIR`` reads the dice in the camera's view as a roll would be read."""

from __future__ import annotations

import sys
from pathlib import Path

from companion.device import config as config_mod


def on_raspberry_pi() -> bool:
    try:
        return "raspberry pi" in Path("/proc/device-tree/model").read_text(errors="ignore").lower()
    except OSError:
        return False


def cmd_doctor(args) -> int:
    """What hardware is here, what the service would fall back to, and whether ``run`` would
    start: the same configuration checks, a writable data folder and journal. Exit 2 exactly
    when ``run`` would refuse to start."""
    import json

    from drivers.probe import probe_all

    report = probe_all()
    report["raspberry_pi"] = on_raspberry_pi()
    problems: list[str] = []
    cfg = None
    try:
        cfg = config_mod.load(config_mod.default_files(args.config))
        report["config"] = {"files": cfg.files, "ok": True}
    except config_mod.ConfigFileError as exc:
        report["config"] = {"ok": False, "error": str(exc)}
        problems.append(str(exc))
    folder = config_mod.data_dir()
    why = writable_problem(folder)
    report["data_dir"] = {"path": str(folder), "problem": f"data folder {folder}: {why}" if why else None}
    journal = Path(args.journal) if args.journal else config_mod.journal_path(cfg) if cfg else None
    report["journal"] = {
        "path": str(journal) if journal else None,
        "problem": journal_problem(journal) if journal else None,
    }
    problems += [report[name]["problem"] for name in ("data_dir", "journal") if report[name]["problem"]]
    web_problem = None
    if cfg is not None and cfg.section("web").get("enabled", True):
        from companion.web.settings import bind_problem

        bind = cfg.section("web").get("bind", "0.0.0.0")
        why = bind_problem(bind)
        web_problem = (
            f"{cfg.where('web.bind')}: web.bind: {why} (the game runs without the phones' page)"
            if why
            else None
        )
        report["web"] = {"bind": bind, "problem": web_problem}
    if cfg is not None:
        from companion.device.camera_dice import vision_report

        report["vision"] = vision_report(config_mod.vision_dir(cfg), config_mod.icon_dice(cfg))
    report["would_use"] = plan(report)
    looked = None  # --look: why the camera's look failed, if it did
    if getattr(args, "look", None) is not None:
        report["look"] = (
            camera_look(cfg, args.look) if cfg is not None else {"error": "the configuration was refused"}
        )
        looked = report["look"].get("error")
    report["problems"] = problems
    report["ok"] = not problems and not looked and not web_problem
    failed = 2 if problems or looked else 0
    if args.json:
        print(json.dumps(report, indent=2, sort_keys=True, default=str))
        return failed
    print(f"Raspberry Pi: {'yes' if report['raspberry_pi'] else 'no (the service will emulate)'}")
    print("config: " + (f"ok ({', '.join(cfg.files)})" if cfg else f"REFUSED: {report['config']['error']}"))
    if web_problem:
        print(f"web: PROBLEM: {web_problem}")
    for name in ("data_dir", "journal"):
        item = report[name]
        if item["path"]:
            print(
                f"{name.replace('_', ' ')}: "
                + (f"PROBLEM: {item['problem']}" if item["problem"] else f"{item['path']} (writable)")
            )
    for kind in ("i2c", "gpio", "camera", "serial", "vision"):
        print(f"{kind}: {json.dumps(report.get(kind), default=str)}")
    print("would use: " + ", ".join(f"{k} -> {v}" for k, v in report["would_use"].items()))
    look = report.get("look")
    if look and not look.get("error"):
        from companion.device.camera_dice import values_text

        values = values_text(look["values"]) or "no dice"
        verdict = f"UNSURE ({'; '.join(look['reasons'])})" if look["unsure"] else "sure"
        print(
            f"look: {values}, {verdict}; {'inside the tray' if look['tray'] else 'the whole view (no tray)'}; "
            f"frame {look['frame']}, reading {look['annotated']}"
        )
        for tip in look.get("advice", []):
            print(f"look advice: {tip['text']}")
    for problem in problems:
        print(f"companion: run would refuse to start: {problem}", file=sys.stderr)
    if looked:
        print(f"companion: camera look: {looked}", file=sys.stderr)
    return failed


def camera_look(cfg, folder: Path) -> dict:
    """``doctor --look``: the configured camera's still frame and its reading (see
    ``CameraDice.look``), or {"error": why} naming what to fix."""
    from companion.device.camera_dice import CameraDice, use_table_models
    from drivers import ConfigError, open_camera

    camera_cfg = cfg.section("camera")
    if camera_cfg.get("type", "null") == "null":
        return {
            "error": "no camera configured: set [camera] type in the configuration (picamera2, opencv or folder)"
        }
    why = writable_problem(Path(folder))
    if why:
        return {"error": f"--look {folder}: {why}"}
    try:
        camera = open_camera(camera_cfg)
    except ConfigError as exc:
        return {"error": str(cfg.error(str(exc)))}
    except Exception as exc:  # noqa: BLE001 - a missing or busy camera: say which and why
        return {"error": f"cannot open the camera: {exc}"}
    try:
        if not getattr(camera, "available", True):
            return {"error": "the camera is not available: check its cable and [camera] type"}
        vision = cfg.section("vision")
        looker = CameraDice(
            camera,
            config_mod.vision_dir(cfg),
            settle_frames=int(vision.get("settle_frames", 5)),
            timeout_s=float(vision.get("timeout_s", 4.0)),
        )
        use_table_models(config_mod.vision_dir(cfg))  # read as a roll would: the table's networks
        return looker.look(Path(folder))
    except Exception as exc:  # noqa: BLE001
        return {"error": f"the camera look failed: {exc}"}
    finally:
        camera.close()


def writable_problem(folder: Path) -> str | None:
    """None when files can be made in ``folder``, or in its nearest existing parent where
    ``run`` would make it (nothing is left behind); else why not."""
    import tempfile

    probe = folder
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    if not probe.is_dir():
        return f"{probe} is a file, not a folder"
    try:
        with tempfile.TemporaryFile(dir=probe):
            pass
    except OSError as exc:
        return f"cannot write in {probe}: {exc.strerror}"
    return None


def journal_problem(path: Path) -> str | None:
    """None when the journal opens (or can be made); else the reason, naming the file."""
    if not path.exists():
        why = writable_problem(path.parent)
        return f"journal {path}: cannot be created: {why}" if why else None
    from companion.journal import Journal, JournalError

    try:
        Journal(path).close()
    except JournalError as exc:
        return str(exc)
    why = writable_problem(path.parent)  # SQLite writes its WAL beside the journal
    return f"journal {path}: {why}" if why else None


def plan(report: dict) -> dict:
    if not report.get("raspberry_pi"):
        return {
            "display": "terminal or png",
            "inputs": "keyboard or script",
            "camera": "configured folder or none",
            "link": "null unless a URL or pty",
        }
    i2c = report.get("i2c") or {}
    found = bool(i2c.get("oled") or i2c.get("found"))
    return {
        "display": "ssd1306" if found else "null (no OLED answered on I2C)",
        "inputs": "gpiozero" if (report.get("gpio") or {}).get("ok", True) else "null",
        "camera": "picamera2" if (report.get("camera") or {}).get("picamera2") else "none",
        "link": "serial" if report.get("serial") else "null",
    }
