"""kill -9 during play, over and over, across all five games: nothing acknowledged is lost.

A child process plays games through the device's own session and journal (RefereeSession on a
SQLite journal, as `companion run` does): p1 is a person (played by the game's random policy
through the public view, submitting like the buttons or a phone), p2 a computer seat; the
device answers the dice. After each accepted action returns (saved), the child says
``ack GAME_ID N`` (N actions in the journal). When a game ends it starts the next of the five.
A restarted child resumes the unfinished game from the journal, as the service does.

The parent kills the child with SIGKILL at a random moment, again and again, and after each
kill checks: every acknowledged action is in the journal, the journal replays, and a resume
gives the state a clean replay of the journal gives.

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


def child(journal_path: str, seed: int) -> None:
    from companion.engine.core import Header
    from companion.engine.registry import get_game
    from companion.journal import Journal
    from companion.session import RefereeSession

    session = RefereeSession(Journal(Path(journal_path)))
    rng = random.Random(seed)
    print("ready", flush=True)
    while True:
        if not session.resume():
            finished = len(session.journal.games(100_000))
            game = GAMES[finished % len(GAMES)]
            session.new_game(Header(game, seed=rng.randrange(2 ** 31),
                                    options={"seats": {"p2": "computer:random"}}))
            print(f"ack {session.game_id} {len(session.actions)}", flush=True)
        policy = get_game(session.header.game).load_policy("random")(rng.randrange(2 ** 31))
        while not session.engine.is_over(session.state):
            prompt = session.prompt()
            action = policy(session.engine, session.engine.public_view(session.state, prompt.actor), prompt)
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
        resumed_equal = (after.actions[:len(before.actions)] == before.actions
                         and session.engine.to_json(session.state) == session.engine.to_json(expected))
        session.journal.close()
    journal.close()
    return {"lost": lost, "resumed_equal": resumed_equal}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--journal", type=Path, default=None, help="default: a new temporary file")
    parser.add_argument("--out", type=Path, default=None, help="the counts as JSON")
    parser.add_argument("--child", nargs=2, metavar=("JOURNAL", "SEED"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]))
        return 0
    journal = args.journal or Path(tempfile.mkdtemp(prefix="kill9-")) / "journal.sqlite"
    rng = random.Random(args.seed)
    acked: dict[int, int] = {}
    totals = {"kills": 0, "acknowledged": 0, "lost": 0, "resumes": 0, "resumes_unequal": 0,
              "games_finished": 0, "journal": str(journal)}
    started = time.monotonic()
    for kill in range(args.kills):
        proc = subprocess.Popen([sys.executable, __file__, "--child", str(journal), str(rng.randrange(2 ** 31))],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
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
        time.sleep(rng.uniform(0.0, 0.4))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        reader.join(10)
        err = proc.stderr.read()
        if "Traceback" in err:
            raise SystemExit(f"the child failed: {err[-3000:]}")
        for words in lines:
            if words and words[0] == "ack":
                gid, n = int(words[1]), int(words[2])
                totals["acknowledged"] += max(0, n - acked.get(gid, 0))
                acked[gid] = max(acked.get(gid, 0), n)
        result = check(journal, acked)
        totals["kills"] += 1
        totals["lost"] += result["lost"]
        if result["resumed_equal"] is not None:
            totals["resumes"] += 1
            totals["resumes_unequal"] += not result["resumed_equal"]
        if (kill + 1) % 50 == 0:
            print(json.dumps({**totals, "seconds": round(time.monotonic() - started)}), flush=True)
    from companion.journal import Journal

    j = Journal(journal)
    games = j.games(100_000)
    totals["games"] = len(games)
    totals["games_finished"] = sum(1 for g in games if j.result(g["id"]) is not None)
    totals["games_by_kind"] = {}
    for g in games:
        kind = j.header(g["id"]).game
        totals["games_by_kind"][kind] = totals["games_by_kind"].get(kind, 0) + 1
    totals["journal_actions"] = sum(j.count(g["id"]) for g in games)
    totals["seconds"] = round(time.monotonic() - started)
    j.close()
    print(json.dumps(totals, indent=2))
    if args.out:
        args.out.write_text(json.dumps(totals, indent=2))
    return 0 if totals["lost"] == 0 and totals["resumes_unequal"] == 0 else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
