"""`companion run`: the service on a Pi, or emulated anywhere else (`companion doctor`, which
checks what ``run`` would open, is companion/device/doctor.py).

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

from companion.device import config as config_mod
from companion.device.doctor import cmd_doctor, on_raspberry_pi, writable_problem

log = logging.getLogger("companion")


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
        log.warning(
            "no terminal to draw the screen in or to read keys from: %s; run it in a terminal, "
            "or give --frames DIR and --keys FILE",
            "no screen, no buttons"
            if not (args.frames or args.keys)
            else "no buttons"
            if args.frames
            else "no screen",
        )
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
            raise config_mod.ConfigFileError(
                f"--frames {args.frames}: is a file; give a folder for the PNG frames"
            )
        why = writable_problem(args.frames)
        if why:
            raise config_mod.ConfigFileError(f"--frames {args.frames}: cannot write the frames there: {why}")


def journal_for(args, cfg) -> Path:
    """The journal file: --journal, else a fresh one of its own for a key script (a rehearsal
    never resumes or changes the saved games; said on stdout), else the configured one."""
    if args.journal:
        return Path(args.journal)
    if args.keys:
        import tempfile

        path = Path(tempfile.mkdtemp(prefix="companion-keys-")) / "journal.sqlite"
        print(
            f"companion: the key script plays in a fresh journal of its own: {path} "
            "(the saved games are not touched; --journal FILE to play in another)",
            flush=True,
        )
        return path
    return config_mod.journal_path(cfg)


def serves_the_page(args, cfg) -> bool:
    """The phones' page serves unless [web] enabled = false or --no-web; a headless run (a key
    script, --headless) serves it only when --web asks for it."""
    if getattr(args, "no_web", False) or not cfg.section("web").get("enabled", True):
        return False
    return getattr(args, "web", False) or not (args.headless or args.keys)


def say_where(service) -> None:
    """Start the page and print where the phones find it (the first thing a table needs); in a
    terminal the emulator's caption says it instead, so the drawn screen is not pushed about."""
    if service.start() is None and not sys.stdout.isatty():
        address = service.bridge.address
        print(
            f"companion: the phones' page is at {address.url} (About on the device shows it too)", flush=True
        )


def build(args):
    """Open everything from configuration; return (app, events, inputs, closers)."""
    from companion.device.app import DeviceApp
    from companion.device.watchdog import Watchdog
    from companion.journal import Journal
    from companion.session import RefereeSession
    from drivers import (
        ConfigError,
        open_camera_with_fallback,
        open_display_with_fallback,
        open_inputs_with_fallback,
        open_link_with_fallback,
    )

    cfg = config_mod.load(config_mod.default_files(args.config))  # every check doctor makes too
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
    journal = Journal(journal_for(args, cfg))
    game = cfg.section("game")
    session = RefereeSession(journal, dice_mode=journal.setting("dice", game.get("dice", "digital")))
    camera_dice = None
    if camera is not None:
        from companion.device.camera_dice import CameraDice, use_table_models

        vision = cfg.section("vision")
        camera_dice = CameraDice(
            camera,
            config_mod.vision_dir(cfg),
            settle_frames=int(vision.get("settle_frames", 5)),
            timeout_s=float(vision.get("timeout_s", 4.0)),
            keep_frames=int(vision.get("keep_frames", 0)),
        )
        try:
            for path in use_table_models(config_mod.vision_dir(cfg)):
                log.info("dice reader: %s in place of the shipped network", path)
        except ValueError as exc:
            notes.append(f"no taught model: {exc} (the shipped networks read the dice)")
            log.warning("%s", notes[-1])
    seed = getattr(args, "seed", None)
    app = DeviceApp(
        session,
        display,
        link if cfg.section("link").get("type") != "null" else None,
        notes,
        camera_dice=camera_dice,
        seed_source=(lambda: seed) if seed is not None else None,
        watchdog=Watchdog.from_environment(),
    )
    app.camera_height_px = float(cfg.section("vision").get("camera_height_px", 1100.0))
    if cfg.where("display.type") == "--emulate":
        app.stand_ins = ["display", "buttons"] + (
            ["serial link"] if cfg.section("link").get("type") == "null" else []
        )
    app.default_game = game.get("default")
    closers = (inputs, link, camera, journal)
    if serves_the_page(args, cfg):
        from companion.web.service import WebService
        from companion.web.settings import from_section

        service = WebService(from_section(cfg.section("web")), events)
        service.attach(app)  # it starts serving after the first frame, then says where
        app.after_first_frame = lambda: say_where(service)
        closers += (service,)
    if journal.unfinished() is not None and not args.menu:
        app.resume()
    return app, events, inputs, closers


def cmd_run(args) -> int:
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
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


def add_commands(sub) -> None:
    run = sub.add_parser("run", help="the companion: real hardware on a Pi, emulated elsewhere")
    run.add_argument("--emulate", action="store_true", help="terminal display and keyboard even on a Pi")
    run.add_argument("--headless", action="store_true", help="no terminal drawing (with --frames/--keys)")
    run.add_argument(
        "--keys", type=Path, help="play a key script (one button per line) instead of live input"
    )
    run.add_argument("--frames", type=Path, help="write every distinct frame as PNG into this folder")
    run.add_argument("--config", type=Path, help="one more configuration layer (TOML)")
    run.add_argument("--journal", type=Path, help="journal file (default from the configuration)")
    run.add_argument("--menu", action="store_true", help="start at the main menu instead of resuming")
    run.add_argument(
        "--seed", type=int, help="seed every new game's digital dice and AI deck (reproducible key scripts)"
    )
    run.add_argument(
        "--no-web", action="store_true", help="do not serve the phones' page ([web] enabled = false)"
    )
    run.add_argument("--web", action="store_true", help="serve the phones' page in a headless run too")
    run.add_argument("-v", "--verbose", action="store_true", help="log every action and driver event")
    run.set_defaults(func=cmd_run)
    doc = sub.add_parser("doctor", help="report the hardware found and what would be used")
    doc.add_argument("--config", type=Path, help="one more configuration layer (TOML), as for run")
    doc.add_argument("--journal", type=Path, help="journal file to check (default from the configuration)")
    doc.add_argument("--json", action="store_true", help="print one JSON object")
    doc.add_argument(
        "--look",
        type=Path,
        metavar="DIR",
        help="take a still frame with the configured camera, read the pip dice in it as a roll "
        "would be read (tray, rotate), and save it and its annotated reading in DIR",
    )
    doc.set_defaults(func=cmd_doctor)


__all__ = ["add_commands", "on_raspberry_pi"]
