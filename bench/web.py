#!/usr/bin/env python3
"""The phones' page: update latency with 8 pages open, the server's extra memory, and start-up
to the first frame with the server on.

    python3 dev.py bench web [--actions 200] [--runs 5] [--json]

* latency: a Dungeon Ball game played from two seated pages while six more watch (8 pages on
  127.0.0.1), in this process (tests/web/rig.py: the app's loop in a thread, the server in
  its own). For each action: from the session accepting it (``submit`` returned: checked,
  journaled, the digital dice after it rolled) until the last of the 8 pages has its update;
  and from the page sending it until then (the whole round trip). Aim: accepted -> every
  page at most 50 ms.
* memory: ``companion run --emulate --headless`` resuming a Dungeon Ball game, VmRSS with
  ``--no-web`` and with the page served and 8 pages connected, plus what loading zeroconf
  adds (emulated, the page is not announced). Aim: at most 20 MB more.
* payloads: for every registered game, a random game (seed 1, up to ``--actions`` decisions)
  with the page's payload built for each seat and a watcher at every position: the largest
  payload in bytes and the build time per payload (mean, p95), as the app's loop pays it.
* start-up: the same service with ``--frames DIR``, process start to the first PNG frame, web
  on and off (median of ``--runs``). The server starts after the first frame. Aim: 0.5 s.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PAGES = 8


def choose(prompt: dict, rng: random.Random) -> str | None:
    """An action line from a page's own prompt, as a person tapping would build it."""
    options = prompt.get("options") or []
    if options:
        return rng.choice(options)["action"]
    choice = prompt.get("choice") or {}
    actor = prompt["actor"]
    if "number" in choice:
        n = choice["number"]
        return " ".join(w for w in (actor, n.get("verb", ""), str(n["min"])) if w)
    if "multi" in choice:
        m = choice["multi"]
        if m.get("none") and m.get("min", 0) == 0:
            return f"{actor} {m['none']}"
        return " ".join([actor, m.get("verb", "")] + m["items"][: m.get("min", 1)])
    return None


def latency(actions: int) -> dict:
    from tests.web.rig import Device

    tmp = Path(tempfile.mkdtemp())
    dev = Device(tmp, "dungeon-ball", {"kicking": "luck"}, seed=11)
    accepted: list[float] = []
    submit = dev.session.submit

    def timed_submit(action):
        events = submit(action)
        accepted.append(time.perf_counter())
        return events

    dev.session.submit = timed_submit
    received: dict[int, list[tuple[int, float]]] = {i: [] for i in range(PAGES)}
    with dev:
        pages = []
        for i in range(PAGES):
            page = dev.page()
            if i < 2:
                seat = f"p{i + 1}"
                page.send({"t": "claim", "seat": seat, "code": dev.code(seat)})
                page.next("token")
            pages.append(page)
        stop = threading.Event()
        latest: dict[int, dict] = {}

        def listen(i, page):
            while not stop.is_set():
                try:
                    text = page.ws.recv(timeout=0.2)
                except TimeoutError:
                    continue
                except Exception:  # noqa: BLE001 - closed at the end
                    return
                msg = json.loads(text)
                if msg.get("t") == "state":
                    received[i].append((len(msg["log"]) and hash(tuple(msg["log"])), time.perf_counter()))
                    latest[i] = msg

        threads = [threading.Thread(target=listen, args=(i, p), daemon=True) for i, p in enumerate(pages)]
        for t in threads:
            t.start()
        rng = random.Random(3)
        round_trips, to_pages, sizes = [], [], []
        for _ in range(actions):
            time.sleep(0.05)
            actor = next(
                (i for i in (0, 1) if i in latest and (latest[i].get("prompt") or {}).get("mine")), None
            )
            if actor is None or any(latest.get(i, {}).get("over") for i in (0, 1)):
                if any(latest.get(i, {}).get("over") for i in (0, 1)):
                    break
                continue
            line = choose(latest[actor]["prompt"], rng)
            if line is None:
                continue
            counts = {i: len(received[i]) for i in range(PAGES)}
            before = len(accepted)
            sent = time.perf_counter()
            pages[actor].send({"t": "act", "action": line})
            deadline = time.perf_counter() + 5
            while time.perf_counter() < deadline and not (
                len(accepted) > before and all(len(received[i]) > counts[i] for i in range(PAGES))
            ):
                time.sleep(0.0005)
            if len(accepted) == before:
                continue  # refused by the rules (the page's line was stale)
            last = max(received[i][-1][1] for i in range(PAGES))
            round_trips.append((last - sent) * 1000)
            to_pages.append((last - accepted[-1]) * 1000)
            sizes.append(len(json.dumps(latest[2])))
        stop.set()
        for page in pages:
            page.close()

    def stats(values):
        values = sorted(values)
        return {
            "mean_ms": round(statistics.mean(values), 2),
            "p50_ms": round(values[len(values) // 2], 2),
            "p95_ms": round(values[int(len(values) * 0.95)], 2),
            "max_ms": round(values[-1], 2),
        }

    return {
        "pages": PAGES,
        "actions": len(to_pages),
        "accepted_to_every_page": stats(to_pages),
        "page_to_every_page": stats(round_trips),
        "spectator_payload_bytes": max(sizes),
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def prepared_journal(folder: Path) -> Path:
    """A journal with an unfinished Dungeon Ball game, for the service to resume."""
    from companion.engine.core import Header
    from companion.journal import Journal
    from companion.session import RefereeSession

    path = folder / "journal.sqlite"
    journal = Journal(path)
    session = RefereeSession(journal)
    session.new_game(Header("dungeon-ball", seed=5, options={"kicking": "luck"}))
    rng = random.Random(2)
    for _ in range(30):
        prompt = session.prompt()
        session.submit(
            rng.choice(prompt.options)
            if prompt.options
            else rng.choice(session.engine.legal_actions(session.state))
        )
    journal.close()
    return path


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def service(folder: Path, web: bool, frames: Path | None = None, port: int = 0) -> subprocess.Popen:
    config = folder / f"web-{port}.toml"
    config.write_text(f'[web]\nport = {port or free_port()}\nbind = "127.0.0.1"\nmdns = false\n')
    cmd = [
        sys.executable,
        "-m",
        "companion",
        "run",
        "--emulate",
        "--headless",
        "--journal",
        str(folder / "journal.sqlite"),
        "--config",
        str(config),
    ]
    if frames is not None:
        cmd += ["--frames", str(frames)]
    if not web:
        cmd.append("--no-web")
    env = dict(os.environ, COMPANION_CONFIG=str(folder / "no-system.toml"))
    return subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def memory() -> dict:
    from websockets.sync.client import connect

    folder = Path(tempfile.mkdtemp())
    prepared_journal(folder)
    result = {}
    for web in (False, True):
        port = free_port()
        proc = service(folder, web, port=port)
        time.sleep(1.0)
        sockets = []
        if web:
            deadline = time.time() + 20
            while time.time() < deadline:
                try:
                    sockets = [connect(f"ws://127.0.0.1:{port}/ws").__enter__() for _ in range(PAGES)]
                    break
                except OSError:
                    time.sleep(0.05)
            for ws in sockets:
                ws.send('{"t": "hello", "token": null}')
                ws.recv(timeout=10)
            time.sleep(1.0)
        result["with_page_mb" if web else "without_page_mb"] = round(rss_mb(proc.pid), 1)
        for ws in sockets:
            ws.close()
        proc.terminate()
        proc.wait(timeout=20)
    result["extra_mb"] = round(result["with_page_mb"] - result["without_page_mb"], 1)
    result["pages"] = PAGES
    result["zeroconf_import_mb"] = zeroconf_import_mb()
    result["extra_with_mdns_mb"] = round(result["extra_mb"] + result["zeroconf_import_mb"], 1)
    return result


def zeroconf_import_mb() -> float:
    """What loading zeroconf adds (the .local announcement, on by default on a Pi). The bench
    does not announce: nothing is multicast from this machine."""
    code = (
        "import companion.device.app, companion.web.server, uvicorn, starlette.applications\n"
        "def rss():\n    return int([l for l in open('/proc/self/status') if l.startswith('VmRSS')][0].split()[1])\n"
        "a = rss()\nfrom zeroconf import ServiceInfo, Zeroconf\nprint((rss() - a) / 1024)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return round(float(out.stdout.strip()), 1)


def startup(runs: int) -> dict:
    folder = Path(tempfile.mkdtemp())
    prepared_journal(folder)
    times: dict[str, list[float]] = {"web": [], "no_web": []}
    for n in range(runs):
        for web in (True, False) if n % 2 == 0 else (False, True):  # neither always goes first
            frames = folder / f"frames-{n}-{web}"
            t0 = time.perf_counter()
            proc = service(folder, web, frames=frames)
            while time.perf_counter() - t0 < 20 and not (frames / "000001.png").exists():
                time.sleep(0.002)
            times["web" if web else "no_web"].append(time.perf_counter() - t0)
            proc.terminate()
            proc.wait(timeout=20)
    return {k: round(statistics.median(v), 3) for k, v in times.items()} | {"runs": runs}


def payloads_by_game(actions: int) -> dict:
    from companion.engine.core import Header
    from companion.engine.dice import PositionalDice
    from companion.engine.registry import games
    from companion.web import payloads

    out = {}
    for game in games():
        engine = game.load_engine()
        options = {"players": game.players[1]} if game.players[1] > 2 else {}
        state = engine.new_state(Header(game.id, seed=1, options=options))
        dice, rng = PositionalDice(1), random.Random(1)
        sizes, times = [], []
        for n in range(actions):
            if engine.is_over(state):
                break
            pack = payloads.pack_for(game, engine)
            for viewer in [*engine.summary(state)["players"], None]:
                t0 = time.perf_counter()
                data = json.dumps(
                    payloads.build(game, engine, state, viewer, seats_held={}, computers=set(), pack=pack),
                    separators=(",", ":"),
                )
                times.append((time.perf_counter() - t0) * 1000)
                sizes.append(len(data))
            prompt = engine.prompt(state)
            lines = (
                list(prompt.options)
                if prompt.options
                else ([] if prompt.is_chance else engine.legal_actions(state))
            )
            playing = [line for line in lines if not line.endswith(" concede")] or lines  # the game goes on
            engine.apply(state, dice.answer(prompt, n) if prompt.is_chance else rng.choice(playing))
        times.sort()
        out[game.id] = {
            "players": len(engine.summary(state)["players"]),
            "payloads": len(sizes),
            "max_bytes": max(sizes),
            "mean_ms": round(statistics.mean(times), 2),
            "p95_ms": round(times[int(len(times) * 0.95)], 2),
        }
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--only", choices=("latency", "memory", "startup", "payloads"), help="measure just this"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    parts = {
        "latency": lambda: latency(args.actions),
        "memory": memory,
        "startup_s": lambda: startup(args.runs),
        "payloads": lambda: payloads_by_game(args.actions),
    }
    result = {k: run() for k, run in parts.items() if args.only in (None, k.removesuffix("_s"))}
    if args.json:
        print(json.dumps(result))
        return 0
    if "latency" in result:
        lat = result["latency"]
        a, r = lat["accepted_to_every_page"], lat["page_to_every_page"]
        print(
            f"accepted action -> all {lat['pages']} pages updated: mean {a['mean_ms']} ms, p50 {a['p50_ms']} ms, "
            f"p95 {a['p95_ms']} ms, max {a['max_ms']} ms over {lat['actions']} actions"
        )
        print(
            f"page sends -> all {lat['pages']} pages updated: mean {r['mean_ms']} ms, p95 {r['p95_ms']} ms, "
            f"max {r['max_ms']} ms (payload up to {lat['spectator_payload_bytes']} bytes)"
        )
    if "memory" in result:
        mem = result["memory"]
        print(
            f"memory: {mem['without_page_mb']} MB without the page, {mem['with_page_mb']} MB with it and "
            f"{mem['pages']} pages open: {mem['extra_mb']} MB extra; zeroconf (the .local name) adds "
            f"{mem['zeroconf_import_mb']} MB: {mem['extra_with_mdns_mb']} MB extra on a Pi"
        )
    for game, p in (result.get("payloads") or {}).items():
        print(
            f"{game} ({p['players']} seats): payload up to {p['max_bytes']} bytes, built in {p['mean_ms']} ms "
            f"mean, p95 {p['p95_ms']} ms over {p['payloads']} payloads"
        )
    if "startup_s" in result:
        st = result["startup_s"]
        print(
            f"start-up to first frame (median of {st['runs']}): {st['web']} s with the page, "
            f"{st['no_web']} s without"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
