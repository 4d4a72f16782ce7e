"""``companion odds FILE [--upto N] [--json]``: the advice for the decision waiting in a game
file, after its actions or after action N."""

from __future__ import annotations

import json
import sys


def add_command(sub) -> None:
    from companion.cli import whole_number

    odds = sub.add_parser("odds", help="the chance of every option at the decision waiting in a game file")
    odds.add_argument("gamefile", help="the game file (see docs/game-files.md)")
    odds.add_argument(
        "--upto", type=whole_number, metavar="N", help="the decision after action N (0: the first)"
    )
    odds.add_argument(
        "--json",
        action="store_true",
        help='one JSON object: {"seat", "prompt", "options": [{"action", "p", "mean", "what"}], '
        '"best", "why", "exact", "samples"}',
    )
    odds.set_defaults(func=run)


def run(args) -> int:
    from companion.cli import _warn, started
    from companion.engine.core import IllegalAction
    from companion.engine.gamefile import load
    from companion.odds import NoDecision, advise

    record = load(args.gamefile)
    _warn(record.warnings)
    engine, state = started(record)
    if args.upto is not None and args.upto > len(record.actions):
        raise ValueError(f"--upto {args.upto}: {args.gamefile} has only {len(record.actions)} actions")
    actions = record.actions if args.upto is None else record.actions[: args.upto]
    for number, action in enumerate(actions, 1):
        try:
            engine.apply(state, action)
        except IllegalAction as exc:
            raise ValueError(
                f"{record.where(number)}action {number} ({action[:60]!r}) was refused: {exc.reason}"
            ) from None
    try:
        advice = advise(engine, state)
    except NoDecision as exc:
        if args.json:
            print(json.dumps({"error": "no decision", "reason": str(exc), "actions": len(actions)}))
        print(f"companion: {args.gamefile} after {len(actions)} actions: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(advice.as_dict()))
    else:
        print("\n".join(advice.lines(None if len(advice.options) <= 40 else 30)))
    return 0
