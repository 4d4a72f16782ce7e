"""kill -9 during play, over and over, across all five games: nothing acknowledged is lost.

A child process plays one of the games through the device's own session and journal
(RefereeSession on a SQLite journal, as `companion run` does): p1 is a person (played by the
game's random policy through the public view, submitting like the buttons or a phone; the
outcomes the table gives, such as a tossed kick, seeded), p2 a computer seat; the device
answers the dice. After each accepted action returns (saved), the child says
``ack GAME_ID N`` (N actions in the journal). When a game ends it starts another. A restarted
child resumes the unfinished game from the journal, as the service does.

The parent kills the child with SIGKILL at a random moment, again and again, the five games in
turn (a journal each), and after each kill checks: every acknowledged action is in the
journal, the journal replays, and a resume gives the state a clean replay of the journal gives.
It also counts the kills in a row in which a game made no progress (``longest_stall``): a game
stuck resuming itself would otherwise pass with nothing lost.

    nice python bench/kill9.py --kills 1000 --out /tmp/kill9.json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GAMES = ("dungeon-days", "dodgeball", "dungeon-allies", "dungeon-ball", "dungeonbowl")


def child(journal_path: str, game: str, seed: int) -> None:
    from companion.engine.core import Header
    from companion.engine.dice import SeededDice
    from companion.engine.registry import get_game
    from companion.journal import Journal
    from companion.session import RefereeSession

    session = RefereeSession(Journal(Path(journal_path)))
    rng = random.Random(seed)
    print("ready", flush=True)
    while True:
        if not session.resume():
            session.new_game(
                Header(game, seed=rng.randrange(2**31), options={"seats": {"p2": "computer:random"}})
            )
            print(f"ack {session.game_id} {len(session.actions)}", flush=True)
        policy = get_game(session.header.game).load_policy("random")(rng.randrange(2**31))
        table = SeededDice(rng.randrange(2**31))
        while not session.engine.is_over(session.state):
            prompt = session.prompt()
            if prompt.is_chance:
                action = table.answer(prompt)
            else:
                action = policy(
                    session.engine, session.engine.public_view(session.state, prompt.actor), prompt
                )
            session.submit(action)
            print(f"ack {session.game_id} {len(session.actions)}", flush=True)
        session.close_game()


def check(journal_path: Path, acked: dict[int, int]) -> dict:
    """Acknowledged actions kept, the journal replays, a resume equals a clean replay."""
    from companion.engine.runner import replay
    from companion.journal import Journal
    from companion.session import RefereeSession

    journal = Journal(journal_path)
    lost = 0
    for gid, n in acked.items():
        lost += max(0, n - journal.count(gid))
    unfinished = journal.unfinished()
    resumed_equal = None
    if unfinished is not None:
        before = journal.record(unfinished)
        replay(before)
        session = RefereeSession(Journal(journal_path))
        assert session.resume(unfinished)
        after = Journal(journal_path).record(unfinished)
        _, expected = replay(after)
        resumed_equal = after.actions[: len(before.actions)] == before.actions and session.engine.to_json(
            session.state
        ) == session.engine.to_json(expected)
        session.journal.close()
    journal.close()
    return {"lost": lost, "resumed_equal": resumed_equal}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--folder", type=Path, default=None, help="for the journals; default: a new temporary one"
    )
    parser.add_argument("--out", type=Path, default=None, help="the counts as JSON")
    parser.add_argument("--child", nargs=3, metavar=("JOURNAL", "GAME", "SEED"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], int(args.child[2]))
        return 0
    folder = args.folder or Path(tempfile.mkdtemp(prefix="kill9-"))
    rng = random.Random(args.seed)
    acked: dict[str, dict[int, int]] = {game: {} for game in GAMES}
    totals = {
        "kills": 0,
        "acknowledged": 0,
        "lost": 0,
        "resumes": 0,
        "resumes_unequal": 0,
        "longest_stall": 0,
        "folder": str(folder),
    }
    stalled = {game: 0 for game in GAMES}  # kills in a row in which a game's journal did not grow
    started = time.monotonic()
    for kill in range(args.kills):
        game = GAMES[kill % len(GAMES)]
        journal = folder / f"{game}.sqlite"
        proc = subprocess.Popen(
            [sys.executable, __file__, "--child", str(journal), game, str(rng.randrange(2**31))],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        lines: list[str] = []
        ready = threading.Event()

        def read(stream=proc.stdout, into=lines, ready=ready):
            for line in stream:
                into.append(line.split())
                if into[-1] == ["ready"]:
                    ready.set()

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        if not ready.wait(60):
            proc.kill()
            raise SystemExit(f"the child did not start: {proc.stderr.read()[-2000:]}")
        time.sleep(rng.uniform(0.0, 1.0))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        reader.join(10)
        err = proc.stderr.read()
        if "Traceback" in err:
            raise SystemExit(f"the child failed: {err[-3000:]}")
        mine = acked[game]
        before = sum(mine.values())
        for words in lines:
            if words and words[0] == "ack":
                gid, n = int(words[1]), int(words[2])
                totals["acknowledged"] += max(0, n - mine.get(gid, 0))
                mine[gid] = max(mine.get(gid, 0), n)
        result = check(journal, mine)
        totals["kills"] += 1
        totals["lost"] += result["lost"]
        stalled[game] = 0 if sum(mine.values()) > before else stalled[game] + 1
        totals["longest_stall"] = max(totals["longest_stall"], stalled[game])
        if result["resumed_equal"] is not None:
            totals["resumes"] += 1
            totals["resumes_unequal"] += not result["resumed_equal"]
        if (kill + 1) % 50 == 0:
            print(json.dumps({**totals, "seconds": round(time.monotonic() - started)}), flush=True)
    from companion.journal import Journal

    totals["by_game"] = {}
    for game in GAMES:
        j = Journal(folder / f"{game}.sqlite")
        games = j.games(100_000)
        totals["by_game"][game] = {
            "kills": sum(1 for k in range(args.kills) if GAMES[k % len(GAMES)] == game),
            "games": len(games),
            "finished": sum(1 for g in games if j.result(g["id"]) is not None),
            "journal_actions": sum(j.count(g["id"]) for g in games),
        }
        j.close()
    totals["seconds"] = round(time.monotonic() - started)
    print(json.dumps(totals, indent=2))
    if args.out:
        args.out.write_text(json.dumps(totals, indent=2))
    # a game that stops moving for 5 of its kills in a row is stuck, not merely killed early
    return 0 if totals["lost"] == 0 and totals["resumes_unequal"] == 0 and totals["longest_stall"] < 5 else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
