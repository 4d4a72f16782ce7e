"""The ``companion`` command line. The parser imports the registry's facts about the games
only for ``play`` and ``sim``, which list them; every command imports what it needs when it runs, and the device's commands (``run``,
``doctor``) and the camera's (``dice``, ``kick``) are loaded only when named, so
``companion --help`` starts fast and ``companion run`` on a Pi does not pay for OpenCV until
the camera is used."""

from __future__ import annotations

import argparse
import json
import sys
import time
from importlib import import_module
from pathlib import Path

from companion import __version__

# Commands whose parsers live with their code, loaded only when named: name -> (module,
# function that adds its commands, the help shown in ``companion --help``).
LAZY_COMMANDS = {
    "run": (
        "companion.device.service",
        "add_commands",
        "the companion: real hardware on a Pi, emulated elsewhere",
    ),
    "doctor": (
        "companion.device.service",
        "add_commands",
        "report the hardware found and what would be used",
    ),
    "dice": ("vision.cli", "register", "read dice from photos; calibrate icon dice and the tray"),
    "kick": ("vision.cli", "register", "judge the field-goal toss"),
}


def whole_number(text: str, least: int = 0) -> int:
    """An argparse type: a whole number of at least ``least``."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"must be {least} or more, not {value}")
    return value


def positive_int(text: str) -> int:
    """An argparse type: a count of 1 or more (``--games -5`` is refused, not run as none)."""
    return whole_number(text, 1)


def seat_choice(text: str) -> tuple[str, str]:
    """An argparse type: ``p2=computer``, ``p2=computer:POLICY`` or ``p2=human``."""
    seat, eq, kind = text.partition("=")
    if not eq or not seat or not kind:
        raise argparse.ArgumentTypeError(f"expected SEAT=human or SEAT=computer[:POLICY], got {text!r}")
    return seat.strip().lower(), kind.strip().lower()


def option_choice(text: str) -> tuple[str, str]:
    """An argparse type: ``key=value`` (the value is checked against the game's option)."""
    key, eq, value = text.partition("=")
    if not eq or not key.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    return key.strip(), value.strip()


def header_options(game, args) -> dict:
    """The header's options from ``--players``, ``--seat``, ``--option`` and the shortcuts
    (``--kicking``, ``--solo``): each checked against the game's registry entry, so a bad
    value stops here naming the flag."""

    options: dict = {}
    for key, value in getattr(args, "option", None) or ():
        if key in ("players", "seats"):
            raise ValueError(
                f"--option {key}=...: use {'--players N' if key == 'players' else '--seat SEAT=KIND'} instead"
            )
        try:
            options[key] = game.option(key).check(value)
        except ValueError as exc:
            raise ValueError(f"--option {key}={value}: {exc}") from None
    players = getattr(args, "players", None)
    if players is not None:
        game.check_players(players)
        options["players"] = players
    seats = dict(getattr(args, "seat", None) or ())
    if seats:
        try:
            options["seats"] = game.seat_kinds(seats, players or game.default_players())
        except ValueError as exc:
            raise ValueError(str(exc).replace("options.seats.", "--seat ", 1)) from None
    options.update(_shortcut_options(game, args))
    return options


def _shortcut_options(game, args) -> dict:
    """``--kicking`` and ``--solo --level`` as the header options they have always written
    (Dungeon Ball's flags from before ``--option``); refused, naming the flag, for a game that
    has no such option, and ``--level``/``--ai-teams`` without ``--solo`` (else ignored)."""
    options: dict = {}
    solo = getattr(args, "solo", False)
    for flag, key, value in (
        ("--kicking", "kicking", getattr(args, "kicking", None)),
        ("--solo", "solo", solo),
    ):
        if value:
            try:
                game.option(key)
            except ValueError as exc:
                raise ValueError(f"{flag}: {exc}") from None
    for flag, value in (
        ("--level", getattr(args, "level", None)),
        ("--ai-teams", getattr(args, "ai_teams", None)),
    ):
        if value and not solo:
            raise ValueError(f"{flag} {value}: only with --solo (it sets the solo AI)")
    if getattr(args, "kicking", None):
        options["kicking"] = {"p1": args.kicking} if solo else {"p1": args.kicking, "p2": args.kicking}
    if solo:
        options["solo"] = {"level": args.level or "I"}
        if getattr(args, "ai_teams", None):
            options["solo"]["teams"] = args.ai_teams.split(",")
    return options


def cmd_games(args) -> int:
    from companion.engine.registry import games

    rows = [
        {
            "id": g.id,
            "title": g.title,
            "players": list(g.players),
            "policies": list(g.policy_names()),
            "options": {o.key: o.default for o in g.options},
            "description": g.description,
        }
        for g in games()
    ]
    if args.json:
        print(json.dumps(rows))
        return 0
    width = max(len(g["id"]) for g in rows)
    for row in rows:
        lo, hi = row["players"]
        seats = f"{lo} player" + ("s" if hi > 1 else "") if lo == hi else f"{lo}-{hi} players"
        computer = f"; computer players: {', '.join(row['policies'])}" if row["policies"] else ""
        print(f"{row['id']:<{width}}  {row['title']} ({seats}{computer})")
    return 0


def cmd_play(args) -> int:
    from companion.engine.core import Header
    from companion.engine.gamefile import load
    from companion.engine.registry import get_game
    from companion.terminal import TerminalGame

    if args.resume:
        record = load(args.resume)
        _refuse_with_resume(args, record.header.game)
        _warn(record.warnings)
        engine, _ = started(record)
        return _play(TerminalGame(engine, record.header, Path(args.resume), args.dice, record=record))
    game = get_game(args.game or _default_game())
    options = header_options(game, args)
    engine = game.load_engine(args.pack)
    if args.seed is not None:
        seed = args.seed
    else:
        import random

        seed = random.SystemRandom().randrange(2**31)
    header = Header(game.id, pack=args.pack, seed=seed, options=options, pack_digest=engine.digest)
    if args.save:
        save = Path(args.save)
        if save.is_file() and save.stat().st_size:  # never write a new game over a saved one
            raise ValueError(
                f"--save {save}: a game file is already there; continue it with "
                f"`companion play --resume {save}`, or give another --save"
            )
    else:
        from companion.device.config import data_dir

        save = data_dir() / "games" / time.strftime(f"%Y%m%d-%H%M%S-{game.id}.game")
        for n in range(2, 1000):  # two games started in the same second: a name of its own
            if not save.exists():
                break
            save = save.with_name(time.strftime(f"%Y%m%d-%H%M%S-{game.id}-{n}.game"))
    return _play(TerminalGame(engine, header, save, args.dice))


def _play(terminal) -> int:
    """Run a game at the terminal, reading stdin line by line as UTF-8 whatever the locale: a
    line that is not stops the game naming that line, the game so far saved."""
    if terminal.inp is sys.stdin and getattr(sys.stdin, "buffer", None) is not None:
        terminal.inp = _Utf8Lines(sys.stdin.buffer, terminal)
    return terminal.run()


class _Utf8Lines:
    """The lines of a byte stream as text; ValueError naming the line and the byte when one is
    not UTF-8 (a strict text stream would fail on a whole buffered chunk, and the C locale's
    would pass the bytes on as unreadable characters)."""

    def __init__(self, raw, terminal):
        self.raw, self.terminal, self.number = raw, terminal, 0

    def readline(self) -> str:
        line = self.raw.readline()
        self.number += 1
        try:
            return line.decode("utf-8")
        except UnicodeDecodeError as exc:
            path = self.terminal.writer.path
            raise ValueError(
                f"standard input:{self.number}: not UTF-8 text (byte {line[exc.start]:#04x}); "
                f"the game so far is saved: companion play --resume {path}"
            ) from None


def _refuse_with_resume(args, game_id: str) -> None:
    """``--resume`` continues the game its header describes: a game, seats, options, pack or
    seed given with it would be ignored, so they are refused by name."""
    given = [f"{args.game} (the file is a {game_id} game)"] if args.game and args.game != game_id else []
    given += [
        flag
        for flag, value in (
            ("--players", args.players),
            ("--seat", args.seat),
            ("--option", args.option),
            ("--pack", args.pack != "default"),
            ("--kicking", args.kicking),
            ("--solo", args.solo),
            ("--level", args.level),
            ("--ai-teams", args.ai_teams),
            ("--seed", args.seed is not None),
            ("--save", args.save),
        )
        if value
    ]
    if given:
        raise ValueError(
            f"--resume {args.resume}: the file's header says the game, its seats, options, pack "
            f"and seed, and the game goes on in that file; leave out {', '.join(given)}"
        )


def _default_game() -> str:
    from companion.device.config import default_game_id
    from companion.engine.registry import game_ids

    return default_game_id(game_ids())


def _warn(warnings: list[str]) -> None:
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)


def cmd_replay(args) -> int:
    from companion.engine.core import IllegalAction
    from companion.engine.gamefile import load

    if args.referee and not args.json:
        print("companion: replay --referee shows the whole state as JSON: add --json", file=sys.stderr)
        return 2
    record = load(args.gamefile)
    _warn(record.warnings)
    engine, state = started(record)
    if record.header.pack_digest and record.header.pack_digest != engine.digest:
        print(
            f"warning: {args.gamefile} was played with another version of pack {record.header.pack!r}",
            file=sys.stderr,
        )
    actions = record.actions if args.upto is None else record.actions[: args.upto]
    for number, action in enumerate(actions, 1):
        try:
            engine.apply(state, action)
        except IllegalAction as exc:
            return _refused(args, record, number, action, exc)
    summary = engine.summary(state)
    summary["actions"] = len(actions)
    if args.json:
        summary["state"] = referee_view(engine, state) if args.referee else engine.public_view(state, None)
        print(json.dumps(summary, sort_keys=True, default=str))
        return 0
    print(engine.status_line(state))
    if engine.is_over(state):
        print(f"game over: {result_line(summary)}")
    else:
        prompt = engine.prompt(state)
        who = "" if prompt.text.startswith(prompt.actor) else f"{prompt.actor}: "
        print(f"after {len(actions)} actions; next: {who}{prompt.text}")
    return 0


def referee_view(engine, state) -> dict:
    """The whole state, every hidden hand included: the game's own ``referee_view`` (its public
    view with the secrets filled in) when it has one, else the state itself."""
    own = getattr(engine, "referee_view", None)
    return own(state) if own else json.loads(engine.to_json(state))


def started(record):
    """The engine and the state a game file starts from; its header's game, pack, options and
    seats checked, each error named FILE:LINE."""
    from companion.engine.registry import get_game
    from companion.engine.runner import replay

    engine, state = replay(record, upto=0)
    game, options = get_game(record.header.game), record.header.options
    try:
        players = options.get("players", game.default_players())
        game.check_players(players)
        game.seat_kinds(options.get("seats", {}), players)
    except ValueError as exc:
        raise ValueError(f"{record.where(key='options')}{exc}") from None
    return engine, state


def _refused(args, record, number: int, action: str, exc) -> int:
    """A recorded action the engine refused: one line on stderr naming FILE:LINE, and with
    ``--json`` one object on stdout; exit 2."""
    print(
        f"companion: {record.where(number)}action {number} ({action[:60]!r}) was refused: {exc.reason}"
        + (f" (rule: {exc.rule})" if exc.rule else ""),
        file=sys.stderr,
    )
    if args.json:
        print(
            json.dumps(
                {
                    "error": "illegal",
                    "index": number,
                    "action": action,
                    "reason": exc.reason,
                    "rule": exc.rule,
                }
            )
        )
    return 2


def result_line(summary: dict) -> str:
    """``p2 wins 3-7`` or ``a draw 4-4-4``: the winner, then the scores in seat order."""
    scores = summary.get("scores") or summary.get("score") or {}
    seats = summary.get("players") or list(scores)
    shown = "-".join(str(scores.get(seat, 0)) for seat in seats)
    winner = summary.get("winner")
    if winner is None or summary.get("draw"):
        return f"a draw {shown}"
    return f"{winner} wins {shown}"


def cmd_sim(args) -> int:
    from companion.engine.registry import get_game
    from companion.sim import simulate

    game = get_game(args.game or _default_game())
    summary = simulate(
        game.id, args.games, args.seed, policy=args.policy, pack=args.pack, options=header_options(game, args)
    )
    print(json.dumps(summary.as_dict()) if args.json else summary.text())
    return 0


def _add_game_arguments(parser, known: list[str]) -> None:
    """The arguments ``play`` and ``sim`` share: the game, its seats, its options and pack.
    ``known``: the registered games (the default: ``companion.device.config.default_game_id``), or [] when the command run
    is another (the registry is then not loaded)."""
    default_game = ""
    if known:  # only play and sim look the games up (--help stays light)
        from companion.device.config import default_game_id

        default_game = default_game_id(known)
    parser.add_argument(
        "game",
        nargs="?",
        default=None,
        metavar="GAME",
        help=f"the game: {', '.join(known)} (default {default_game}; "
        "`companion games` lists them with their seats)",
    )
    parser.add_argument(
        "--players",
        type=positive_int,
        metavar="N",
        help="how many seats (default: the game's usual table; see `companion games`)",
    )
    parser.add_argument(
        "--seat",
        type=seat_choice,
        action="append",
        metavar="SEAT=KIND",
        help="who plays a seat: p2=computer, p2=computer:POLICY or p2=human (repeatable)",
    )
    parser.add_argument(
        "--option",
        type=option_choice,
        action="append",
        metavar="KEY=VALUE",
        help="a game option (repeatable; `companion games --json` lists each game's "
        "options and their defaults)",
    )
    parser.add_argument("--pack", default="default", help="content pack: 'default' or a TOML file")
    shortcuts = parser.add_argument_group(
        "shortcuts for the solo and kicking options of games that have them"
    )
    shortcuts.add_argument(
        "--kicking", choices=["skill", "luck"], help="every seat's kicking, set in advance"
    )
    shortcuts.add_argument(
        "--solo", action="store_true", help="play alone against the game's AI (you are p1)"
    )
    shortcuts.add_argument(
        "--level",
        choices=["I", "II", "III", "IV", "V", "VI", "VII"],
        help="the solo AI's level: I base deck, II Mimic, III Spider, IV Skull, V two teams, "
        "VI all three, VII the planner plays the other side (default I)",
    )
    shortcuts.add_argument(
        "--ai-teams", help="level V: the AI's two teams, e.g. mimic,skull (else you are asked)"
    )


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The whole parser; the device's and the camera's commands are loaded only when ``argv``
    names one of them (``companion --help`` lists them without loading them)."""
    parser = argparse.ArgumentParser(prog="companion", description="Dungeon Companion: a tabletop referee.")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    named = _command_in(argv)
    if named in ("play", "sim"):
        from companion.engine.registry import game_ids

        known = game_ids()
    else:
        known = []

    gl = sub.add_parser("games", help="list the games with their seats and computer players")
    gl.add_argument(
        "--json", action="store_true", help="one JSON list: id, title, players, policies, options"
    )
    gl.set_defaults(func=cmd_games)

    play = sub.add_parser("play", help="play at this terminal (the players share one keyboard)")
    _add_game_arguments(play, known)
    play.add_argument(
        "--dice",
        choices=["digital", "manual"],
        default="digital",
        help="digital: the companion rolls; manual: type the faces rolled on the table",
    )
    play.add_argument(
        "--seed", type=int, help="seed for digital dice and computer players (random if omitted)"
    )
    play.add_argument("--save", help="game file to write (default: under ~/.local/share/dungeon-companion)")
    play.add_argument("--resume", metavar="GAMEFILE", help="continue a saved game (its header says the game)")
    play.set_defaults(func=cmd_play)

    rep = sub.add_parser("replay", help="replay a game file and print the state it reaches")
    rep.add_argument("gamefile", help="the game file (see docs/game-files.md)")
    rep.add_argument(
        "--json",
        action="store_true",
        help="print the summary and the whole public state as one JSON object; a refused "
        'action as {"error": "illegal", ...}',
    )
    rep.add_argument(
        "--upto", type=whole_number, metavar="N", help="stop after action N (0: the start of the game)"
    )
    rep.add_argument(
        "--referee",
        action="store_true",
        help="with --json: the whole state, every hidden hand and face-down card included "
        "(the file holds them already); without it nothing hidden is printed",
    )
    rep.set_defaults(func=cmd_replay)

    sim = sub.add_parser("sim", help="simulate whole games with computer players and digital dice")
    _add_game_arguments(sim, known)
    sim.add_argument(
        "--games", type=positive_int, default=100, help="how many games (1 or more; default 100)"
    )
    sim.add_argument(
        "--seed", type=int, default=1, help="the first game's seed; game i plays seed+i (default 1)"
    )
    sim.add_argument(
        "--policy",
        help="the computer players' policy for every seat not named by --seat "
        "(default: the game's first; `companion games` lists them)",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object with fixed keys")
    sim.set_defaults(func=cmd_sim)

    from companion.odds.command import add_command as add_odds

    add_odds(sub)
    _add_lazy_commands(sub, named)
    return parser


def _command_in(argv: list[str] | None) -> str | None:
    args = sys.argv[1:] if argv is None else argv
    return next((a for a in args if not a.startswith("-")), None)


def _add_lazy_commands(sub, named: str | None) -> None:
    """Load the module of the command named, if it is a lazy one; the others get a stand-in
    that only shows their help in the list of commands."""
    loaded: set[str] = set()
    if named in LAZY_COMMANDS:
        module, function, _ = LAZY_COMMANDS[named]
        try:
            getattr(import_module(module), function)(sub)
        except ImportError as exc:  # numpy or OpenCV missing: the vision extra is not installed
            missing = str(exc)
            for name, (mod, _, _) in LAZY_COMMANDS.items():
                if mod == module:
                    stub = sub.add_parser(name, help=f"camera commands (need the vision extra: {missing})")
                    stub.set_defaults(func=lambda args, why=missing: _no_vision(why))
        loaded = {name for name, (mod, _, _) in LAZY_COMMANDS.items() if mod == module}
    for name, (_, _, text) in LAZY_COMMANDS.items():
        if name not in loaded:
            sub.add_parser(name, help=text, add_help=False)


def _no_vision(why: str) -> int:
    print(
        f"companion: the camera commands need numpy and OpenCV ({why}); "
        "install them with: pip install 'dungeon-companion[vision]' (apt python3-opencv on a Pi)",
        file=sys.stderr,
    )
    return 2


def main(argv: list[str] | None = None) -> int:
    """The command line. Ctrl-C ends it with 130 and no traceback, also while it is still
    starting (its imports take seconds on a Pi Zero)."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return 130


def _main(argv: list[str] | None) -> int:
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    from companion.engine.core import IllegalAction
    from companion.engine.gamefile import GameFileError
    from companion.engine.registry import UnknownGame
    from companion.engine.runner import ReplayError
    from companion.packs import PackError

    try:
        return args.func(args)
    except BrokenPipeError:  # output piped into `head` and the like (an OSError: caught first)
        sys.stdout = None
        return 0
    except (PackError, GameFileError, ReplayError, UnknownGame, IllegalAction, ValueError, OSError) as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
