#!/usr/bin/env python3
"""Budget benchmark: Launch Library 2 requests per hour, on the free tier's 15.

    make bench                                      # after the other benchmarks
    TMINUS_FIXTURES=../shared/fixtures TMINUS_BIN=.build/release/tminus python3 Tests/Benchmarks/budget_bench.py
        [--step-seconds 0.25]

Each hour is scripted: the fixture server (Tests/FixtureServer/fixture_server.py) answers past
15 Launch Library 2 requests in any hour with 429s, as LL2 does (`--ll2-hourly-limit 15`), and
it, the app (in tmux, 160x40, `--source ll2 --no-images`, a throw-away data dir) and `tminus
next` read one clock file (`--clock-file`, `TMINUS_CLOCK_FILE`) that this script moves 15 s at a
time, --step-seconds of real time apart (0.25: an hour in a minute). Counted: the LL2 requests
the server answered in the hour (`/api-throttle/` is free there and is not counted) and the
429s it had to give. The first upcoming launch of the fixture data is TeLEOS-2, NET 2023-04-22
08:50 UTC. Three hours:

  idle, a day away      the clock starts 24 h before that NET; nothing is pressed.
  idle, 30 min away     the clock starts 30 min before it (near T-0 the whole hour).
  heavy                 as "30 min away", with every detail of the list opened, a search, both
                        orders, F R W, every tab, `r` on the Past and Upcoming lists every five
                        minutes, and `tminus next` from a second process every 15 s (the same
                        hour as Tests/TminusEndToEndTests/BudgetHourTests.swift).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Soak"))
from tminus_proc import (ROOT, UNSET_ENV, ProcFailure, Tmux, app_command, run_script, start_server,  # noqa: E402
                         stop_server, wait_for)

NET = datetime(2023, 4, 22, 8, 50, tzinfo=timezone.utc)
FIRST = "TeLEOS-2"
STEP = 15  # scripted seconds a step
STEPS = 240  # an hour

# The heavy hour's keys, by step (as in BudgetHourTests).
HEAVY_KEYS = {
    1: ["Enter", "Escape", "j"] * 32 + ["g"],
    4: ["/"], 5: ["-l", "Starlink"], 6: ["Enter"], 7: ["Escape"],
    8: ["s"], 10: ["s"], 12: ["F"], 13: ["F"], 14: ["R"], 15: ["R"], 16: ["W"], 18: ["Escape"],
    20: ["2"], 24: ["4"], 28: ["3"], 30: ["1"], 32: ["p"], 36: ["u"],
}


def iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def one_hour(binary: str, fixtures: str, label: str, start: datetime, heavy: bool, step_seconds: float) -> dict:
    work = Path(tempfile.mkdtemp(prefix="tminus-budget-bench-"))
    clock = work / "clock"
    clock.write_text(iso(start) + "\n")
    server, tmux = None, None
    try:
        server, port = start_server(fixtures, work, options=["--ll2-hourly-limit", "15", "--clock-file", str(clock)])
        base = f"http://127.0.0.1:{port}"
        apis = ["--spacex-api", base, "--ll2-api", base + "/2.2.0", "--news-api", base + "/v4",
                "--source", "ll2", "--tz", "UTC", "--no-images", "--data-dir", str(work / "data")]
        tmux = Tmux(f"tminus-budget-{os.getpid()}", 160, 40, session="budget")
        tmux.start(app_command([binary, *apis], env={"TMINUS_CLOCK_FILE": str(clock)}))
        wait_for(tmux, "the upcoming list", lambda t: FIRST in t, timeout=30)
        env = {k: v for k, v in os.environ.items() if k not in UNSET_ENV}
        env["TMINUS_CLOCK_FILE"] = str(clock)
        next_failures = 0
        now = start
        for step in range(1, STEPS + 1):
            now += timedelta(seconds=STEP)
            clock.write_text(iso(now) + "\n")
            if heavy:
                keys = HEAVY_KEYS.get(step, [])
                if keys:
                    tmux.keys(*keys)
                if step >= 40 and step % 20 == 0:
                    tmux.keys("p", "r", "u")
                if step >= 40 and step % 20 == 10:
                    tmux.keys("r")
                result = subprocess.run([binary, "next", *apis], env=env, capture_output=True, text=True, timeout=30)
                if result.returncode != 0 or result.stderr:
                    next_failures += 1
            time.sleep(step_seconds)
        with urllib.request.urlopen(base + "/_control/ll2-limit", timeout=10) as answer:
            report = json.load(answer)
        return {"label": label, "requests": len(report["admitted"]), "refused": len(report["refused"]),
                "next_failures": next_failures,
                "paths": [entry["path"].split("?")[0] for entry in report["admitted"]]}
    finally:
        if tmux:
            tmux.kill()
        stop_server(server)
        shutil.rmtree(work, ignore_errors=True)


def what(path: str) -> str:
    """What an LL2 request was for, from its path."""
    parts = path.strip("/").split("/")
    if any(p in ("event", "events") for p in parts):
        return "events"
    if any(p in ("config", "launcher_configurations") for p in parts):
        return "rockets"
    if parts[-1] == "upcoming":
        return "upcoming list"
    if parts[-1] == "previous":
        return "past list"
    if parts[-1] == "launches":
        return "sync"  # the replica's `/launches/?last_updated__gte=`: what changed
    return "detail"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=os.environ.get("TMINUS_BIN") or str(ROOT / ".build/release/tminus"))
    parser.add_argument("--step-seconds", type=float, default=0.25)
    args = parser.parse_args()
    fixtures = os.environ.get("TMINUS_FIXTURES")
    if not fixtures:
        raise ProcFailure("TMINUS_FIXTURES is not set to the recorded-data directory")
    hours = [
        one_hour(args.bin, fixtures, "idle, next launch a day away", NET - timedelta(hours=24), False, args.step_seconds),
        one_hour(args.bin, fixtures, "idle, a launch 30 min away", NET - timedelta(minutes=30), False, args.step_seconds),
        one_hour(args.bin, fixtures, "heavy hour (30 min away)", NET - timedelta(minutes=30), True, args.step_seconds),
    ]
    print("Launch Library 2 requests per hour (free tier: 15 in any hour; scripted clock, fixture server)")
    for hour in hours:
        kinds: dict[str, int] = {}
        for path in hour["paths"]:
            kind = what(path)
            kinds[kind] = kinds.get(kind, 0) + 1
        detail = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]))
        extra = f"; tminus next failed {hour['next_failures']} times" if hour["next_failures"] else ""
        print(f"  {hour['label']:<32} {hour['requests']:>2} requests ({detail}), {hour['refused']} answered 429{extra}")
    return 0 if all(hour["refused"] == 0 for hour in hours) else 1


if __name__ == "__main__":
    run_script(main, "budget bench")
