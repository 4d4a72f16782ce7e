"""`companion run` and `companion doctor`: the service on a Pi, or emulated anywhere else.

On a Raspberry Pi the configured hardware is opened; whatever cannot be opened (no OLED on
the bus, no camera, no serial port) is logged, shown on the screen, and replaced by a null
backend: the game never stops for a missing peripheral. Off a Pi, or with ``--emulate``, the
display is drawn in this terminal (or written as PNG frames) and the keyboard is the buttons.
SIGTERM (systemd stop) shows "paused" on the OLED, closes the journal and exits.
"""
from __future__ import annotations

import logging
import queue as queue_mod
import signal
import sys
from pathlib import Path

from companion import config as config_mod

log = logging.getLogger("companion")


def on_raspberry_pi() -> bool:
    try:
        return "raspberry pi" in Path("/proc/device-tree/model").read_text(errors="ignore").lower()
    except OSError:
        return False


def emulated_sections(args, cfg) -> None:
    """Replace the hardware sections with what a laptop or CI machine has."""
    tty = sys.stdout.isatty() and sys.stdin.isatty() and not args.headless
    if args.frames:
        display = {"type": "png", "dir": str(args.frames)}
    elif tty:
        import shutil

        # Half blocks draw the 128x64 screen 130 columns wide; braille fits it in 66.
        wide = shutil.get_terminal_size((80, 24)).columns >= 130
        display = {"type": "terminal", "style": "halfblock" if wide else "braille"}
    else:
        display = {"type": "null"}
    cfg.override("display", display, "--emulate")
    if args.keys:
        inputs = {"type": "script", "path": str(args.keys), "delay_ms": 0}
    elif tty:
        inputs = {"type": "keyboard"}
    else:
        inputs = {"type": "null"}
    cfg.override("inputs", inputs, "--emulate")
    if not tty and not args.headless and not (args.frames and args.keys):
        log.warning("no terminal to draw the screen in or to read keys from: %s; run it in a terminal, "
                    "or give --frames DIR and --keys FILE",
                    "no screen, no buttons" if not (args.frames or args.keys)
                    else "no buttons" if args.frames else "no screen")
    link = cfg.section("link")
    port = str(link.get("port", ""))
    if link.get("type") == "serial" and not ("://" in port or port.startswith("/dev/pts/")):
        cfg.override("link", {"type": "null"}, "--emulate")
    # An emulated device serves this machine only, whatever a configuration layer says
    cfg.override("web", {**cfg.section("web"), "bind": "127.0.0.1", "mdns": False}, "--emulate")


def check_options(args) -> None:
    """Refuse a command-line file that cannot serve, before anything opens: a key script that
    is missing, binary or wrong (FILE:LINE), a frames folder that is a file. Otherwise the
    driver would fall back to nothing, and a headless run would wait for ever."""
    from drivers.inputs.scripted import ScriptError, read_script

    if args.keys:
        try:
            read_script(args.keys)
        except (ScriptError, OSError) as exc:
            raise config_mod.ConfigFileError(f"--keys {exc}") from None
    if args.frames:
        if args.frames.exists() and not args.frames.is_dir():
            raise config_mod.ConfigFileError(f"--frames {args.frames}: is a file; give a folder for the PNG frames")
        why = writable_problem(args.frames)
        if why:
            raise config_mod.ConfigFileError(f"--frames {args.frames}: cannot write the frames there: {why}")


def build(args):
    """Open everything from configuration; return (app, events, inputs, closers)."""
    from drivers import (ConfigError, open_camera_with_fallback, open_display_with_fallback,
                         open_inputs_with_fallback, open_link_with_fallback)

    from companion.app import DeviceApp
    from companion.journal import Journal
    from companion.session import RefereeSession
    from companion.watchdog import Watchdog

    cfg = config_mod.load(config_mod.default_files(args.config))      # every check doctor makes too
    check_options(args)
    if args.emulate or not on_raspberry_pi():
        emulated_sections(args, cfg)
    events: queue_mod.Queue = queue_mod.Queue()
    notes: list[str] = []
    try:
        display, why = open_display_with_fallback(cfg.section("display"))
        if why:
            notes.append("no display: " + why)
        inputs, why = open_inputs_with_fallback(cfg.section("inputs"), events)
        if why:
            notes.append("no buttons: " + why)
        link, why = open_link_with_fallback(cfg.section("link"), events)
        if why:
            notes.append("no serial link: " + why)
        camera_cfg = cfg.section("camera")
        camera = None
        if camera_cfg.get("type", "null") != "null":
            camera, why = open_camera_with_fallback(camera_cfg)
            if why:
                notes.append("no camera: " + why + " (dice on the buttons)")
                camera = None
    except ConfigError as exc:
        raise cfg.error(str(exc)) from None
    for note in notes:
        log.warning("%s", note)
    journal = Journal(Path(args.journal) if args.journal else config_mod.journal_path(cfg))
    game = cfg.section("game")
    session = RefereeSession(journal, dice_mode=journal.setting("dice", game.get("dice", "digital")))
    camera_dice = None
    if camera is not None:
        from companion.camera_dice import CameraDice, use_table_models

        vision = cfg.section("vision")
        camera_dice = CameraDice(camera, config_mod.vision_dir(cfg), settle_frames=int(vision.get("settle_frames", 5)),
                                 timeout_s=float(vision.get("timeout_s", 4.0)),
                                 keep_frames=int(vision.get("keep_frames", 0)))
        try:
            for path in use_table_models(config_mod.vision_dir(cfg)):
                log.info("dice reader: %s in place of the shipped network", path)
        except ValueError as exc:
            notes.append(f"no taught model: {exc} (the shipped networks read the dice)")
            log.warning("%s", notes[-1])
    seed = getattr(args, "seed", None)
    app = DeviceApp(session, display, link if cfg.section("link").get("type") != "null" else None, notes,
                    camera_dice=camera_dice, seed_source=(lambda: seed) if seed is not None else None,
                    watchdog=Watchdog.from_environment())
    app.camera_height_px = float(cfg.section("vision").get("camera_height_px", 1100.0))
    app.default_game = game.get("default")
    closers = (inputs, link, camera, journal)
    web = cfg.section("web")
    if web.get("enabled", True) and not getattr(args, "no_web", False):
        from companion.web.service import WebService
        from companion.web.settings import from_section

        service = WebService(from_section(web), events)
        service.attach(app)                  # it starts serving after the first frame
        closers += (service,)
    if journal.unfinished() is not None and not args.menu:
        app.resume()
    return app, events, inputs, closers


def cmd_run(args) -> int:
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    from companion.journal import JournalError

    try:
        app, events, inputs, closers = build(args)
    except (config_mod.ConfigFileError, JournalError) as exc:
        print(f"companion: refusing to start: {exc}", file=sys.stderr)
        return 2

    def stop(signum, frame):
        app.running = False

    signal.signal(signal.SIGTERM, stop)
    # The key script's end, or q on the emulator's keyboard (threading.Events).
    ends = [getattr(inputs, "finished", None) if args.keys else None, getattr(inputs, "quit_pressed", None)]
    ends = [end for end in ends if end is not None]
    stop_when = (lambda: any(end.is_set() for end in ends)) if ends else None
    try:
        app.run(events, stop_when=stop_when, tick=0.05 if args.keys else 0.5)
    except KeyboardInterrupt:
        pass
    finally:
        app.watchdog.stopping()
        shutdown(app, closers)
    return 0


def shutdown(app, closers) -> None:
    """Leave the OLED saying "paused" (the game resumes at the next start), close the rest."""
    try:
        app.display.close("paused")
    except Exception:  # noqa: BLE001 - the panel may already be gone
        log.exception("closing the display")
    for thing in closers:
        close = getattr(thing, "close", None)
        if close is not None:
            try:
                close()
            except Exception:  # noqa: BLE001
                log.exception("closing %r", thing)


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
    report["journal"] = {"path": str(journal) if journal else None,
                         "problem": journal_problem(journal) if journal else None}
    problems += [report[name]["problem"] for name in ("data_dir", "journal") if report[name]["problem"]]
    web_problem = None
    if cfg is not None and cfg.section("web").get("enabled", True):
        from companion.web.settings import bind_problem

        bind = cfg.section("web").get("bind", "0.0.0.0")
        why = bind_problem(bind)
        web_problem = f"{cfg.where('web.bind')}: web.bind: {why} (the game runs without the phones' page)" if why else None
        report["web"] = {"bind": bind, "problem": web_problem}
    if cfg is not None:
        from companion.camera_dice import vision_report
        report["vision"] = vision_report(config_mod.vision_dir(cfg), config_mod.icon_dice(cfg))
    report["would_use"] = plan(report)
    looked = None                               # --look: why the camera's look failed, if it did
    if getattr(args, "look", None) is not None:
        report["look"] = camera_look(cfg, args.look) if cfg is not None else {"error": "the configuration was refused"}
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
            print(f"{name.replace('_', ' ')}: " + (f"PROBLEM: {item['problem']}" if item["problem"]
                                                   else f"{item['path']} (writable)"))
    for kind in ("i2c", "gpio", "camera", "serial", "vision"):
        print(f"{kind}: {json.dumps(report.get(kind), default=str)}")
    print("would use: " + ", ".join(f"{k} -> {v}" for k, v in report["would_use"].items()))
    look = report.get("look")
    if look and not look.get("error"):
        from companion.camera_dice import values_text
        values = values_text(look["values"]) or "no dice"
        verdict = f"UNSURE ({'; '.join(look['reasons'])})" if look["unsure"] else "sure"
        print(f"look: {values}, {verdict}; {'inside the tray' if look['tray'] else 'the whole view (no tray)'}; "
              f"frame {look['frame']}, reading {look['annotated']}")
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
    from drivers import ConfigError, open_camera

    from companion.camera_dice import CameraDice, use_table_models

    camera_cfg = cfg.section("camera")
    if camera_cfg.get("type", "null") == "null":
        return {"error": "no camera configured: set [camera] type in the configuration (picamera2, opencv or folder)"}
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
        looker = CameraDice(camera, config_mod.vision_dir(cfg), settle_frames=int(vision.get("settle_frames", 5)),
                            timeout_s=float(vision.get("timeout_s", 4.0)))
        use_table_models(config_mod.vision_dir(cfg))        # read as a roll would: the table's networks
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
    why = writable_problem(path.parent)      # SQLite writes its WAL beside the journal
    return f"journal {path}: {why}" if why else None


def plan(report: dict) -> dict:
    if not report.get("raspberry_pi"):
        return {"display": "terminal or png", "inputs": "keyboard or script", "camera": "configured folder or none",
                "link": "null unless a URL or pty"}
    i2c = report.get("i2c") or {}
    found = bool(i2c.get("oled") or i2c.get("found"))
    return {"display": "ssd1306" if found else "null (no OLED answered on I2C)",
            "inputs": "gpiozero" if (report.get("gpio") or {}).get("ok", True) else "null",
            "camera": "picamera2" if (report.get("camera") or {}).get("picamera2") else "none",
            "link": "serial" if report.get("serial") else "null"}


def add_commands(sub) -> None:
    run = sub.add_parser("run", help="the companion: real hardware on a Pi, emulated elsewhere")
    run.add_argument("--emulate", action="store_true", help="terminal display and keyboard even on a Pi")
    run.add_argument("--headless", action="store_true", help="no terminal drawing (with --frames/--keys)")
    run.add_argument("--keys", type=Path, help="play a key script (one button per line) instead of live input")
    run.add_argument("--frames", type=Path, help="write every distinct frame as PNG into this folder")
    run.add_argument("--config", type=Path, help="one more configuration layer (TOML)")
    run.add_argument("--journal", type=Path, help="journal file (default from the configuration)")
    run.add_argument("--menu", action="store_true", help="start at the main menu instead of resuming")
    run.add_argument("--seed", type=int, help="seed every new game's digital dice and AI deck (reproducible key scripts)")
    run.add_argument("--no-web", action="store_true", help="do not serve the phones' page ([web] enabled = false)")
    run.add_argument("-v", "--verbose", action="store_true", help="log every action and driver event")
    run.set_defaults(func=cmd_run)
    doc = sub.add_parser("doctor", help="report the hardware found and what would be used")
    doc.add_argument("--config", type=Path, help="one more configuration layer (TOML), as for run")
    doc.add_argument("--journal", type=Path, help="journal file to check (default from the configuration)")
    doc.add_argument("--json", action="store_true", help="print one JSON object")
    doc.add_argument("--look", type=Path, metavar="DIR",
                     help="take a still frame with the configured camera, read the pip dice in it as a roll "
                          "would be read (tray, rotate), and save it and its annotated reading in DIR")
    doc.set_defaults(func=cmd_doctor)


__all__ = ["add_commands", "on_raspberry_pi"]
