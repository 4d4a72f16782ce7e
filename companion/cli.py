"""The ``companion`` command line. Each subcommand imports what it needs only when it runs,
so ``companion run`` on a Pi does not pay for OpenCV until the camera is used."""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from companion import __version__


def _header_options(args) -> dict:
    options: dict = {}
    solo = getattr(args, "solo", False)
    if getattr(args, "kicking", None):
        options["kicking"] = {"p1": args.kicking} if solo else {"p1": args.kicking, "p2": args.kicking}
    if solo:
        options["solo"] = {"level": args.level}
        if getattr(args, "ai_teams", None):
            options["solo"]["teams"] = args.ai_teams.split(",")
    return options


def _add_solo_flags(parser) -> None:
    parser.add_argument("--solo", action="store_true", help="play against the AI deck (you are p1)")
    parser.add_argument("--level", default="I", choices=["I", "II", "III", "IV", "V", "VI"],
                        help="AI level: I base deck, II Mimic, III Spider, IV Skull, V two teams, VI all three")
    parser.add_argument("--ai-teams", help="level V: the two AI teams, e.g. mimic,skull (else you are asked)")


def cmd_play(args) -> int:
    from companion.engine.core import Header
    from companion.engine.gamefile import load
    from companion.engine.runner import replay
    from companion.games import get_engine
    from companion.terminal import TerminalGame

    if args.resume:
        record = load(args.resume)
        _warn(record.warnings)
        engine, _ = replay(record, upto=0)      # the header's game, pack and options, named FILE:LINE
        game = TerminalGame(engine, record.header, Path(args.resume), args.dice, record=record)
        return game.run()
    engine = get_engine(args.game, args.pack)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    header = Header(args.game, pack=args.pack, seed=seed, options=_header_options(args),
                    pack_digest=engine.digest)
    from companion.config import data_dir

    save = Path(args.save) if args.save else data_dir() / "games" / time.strftime(f"%Y%m%d-%H%M%S-{args.game}.game")
    return TerminalGame(engine, header, save, args.dice).run()


def _warn(warnings: list[str]) -> None:
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)


def cmd_replay(args) -> int:
    from companion.engine.gamefile import load
    from companion.engine.runner import replay

    record = load(args.gamefile)
    _warn(record.warnings)
    engine, state = replay(record)
    if record.header.pack_digest and record.header.pack_digest != engine.digest:
        print(f"warning: {args.gamefile} was played with another version of pack {record.header.pack!r}",
              file=sys.stderr)
    summary = engine.summary(state)
    summary["actions"] = len(record.actions)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        print(engine.status_line(state))
        if state.over:
            print(f"game over: {summary['winner']} wins {summary['score']['p1']}-{summary['score']['p2']}")
        else:
            print(f"in progress; next: {engine.prompt(state).text}")
    return 0


def cmd_sim(args) -> int:
    from companion.sim import simulate

    summary = simulate(args.game, args.games, args.seed, policy=args.policy, pack=args.pack,
                       options=_header_options(args))
    print(json.dumps(summary.as_dict(), sort_keys=True) if args.json else summary.text())
    return 0


def positive_int(text: str) -> int:
    """An argparse type: a count of 1 or more (``--games -5`` is refused, not run as none)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Dungeon Companion: a tabletop referee.")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="play at this terminal (two players at one keyboard)")
    play.add_argument("game", nargs="?", default="dungeon-ball")
    play.add_argument("--dice", choices=["digital", "manual"], default="digital",
                      help="digital: the companion rolls; manual: type the faces rolled on the table")
    play.add_argument("--seed", type=int, help="seed for digital dice (random if omitted)")
    play.add_argument("--pack", default="default", help="content pack: 'default' or a TOML file")
    play.add_argument("--kicking", choices=["skill", "luck"], help="set both players' kicking in advance")
    play.add_argument("--save", help="game file to write (default: under ~/.local/share/dungeon-companion)")
    play.add_argument("--resume", metavar="GAMEFILE", help="continue a saved game")
    _add_solo_flags(play)
    play.set_defaults(func=cmd_play)

    rep = sub.add_parser("replay", help="replay a game file and print the final state")
    rep.add_argument("gamefile")
    rep.add_argument("--json", action="store_true", help="print the state summary as JSON")
    rep.set_defaults(func=cmd_replay)

    sim = sub.add_parser("sim", help="simulate whole games with built-in players and digital dice")
    sim.add_argument("game", nargs="?", default="dungeon-ball")
    sim.add_argument("--games", type=positive_int, default=100, help="how many games (1 or more)")
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--policy", choices=["random", "uniform"], default="random",
                     help="random: random legal choices, none self-defeating; uniform: any legal choice")
    sim.add_argument("--pack", default="default")
    sim.add_argument("--kicking", choices=["skill", "luck"], help="both players' kicking (else chosen at random)")
    _add_solo_flags(sim)
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(func=cmd_sim)

    from companion.service import add_commands

    add_commands(sub)
    try:
        from vision.cli import register as add_vision_commands
    except ImportError as exc:   # numpy or OpenCV missing: the vision extra is not installed
        missing = str(exc)
        for name in ("dice", "kick"):
            stub = sub.add_parser(name, help=f"camera commands (need the vision extra: {missing})")
            stub.set_defaults(func=lambda args, why=missing: _no_vision(why))
    else:
        add_vision_commands(sub)
    return parser


def _no_vision(why: str) -> int:
    print(f"companion: the camera commands need numpy and OpenCV ({why}); "
          "install them with: pip install 'dungeon-companion[vision]' (apt python3-opencv on a Pi)", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    from companion.engine.core import IllegalAction
    from companion.engine.gamefile import GameFileError
    from companion.engine.runner import ReplayError
    from companion.games import UnknownGame
    from companion.packs import PackError

    try:
        return args.func(args)
    except (PackError, GameFileError, ReplayError, UnknownGame, IllegalAction, ValueError, OSError) as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stderr.close()
        return 0
