#!/usr/bin/env python3
"""`tminus next` from a fresh replica against nextinspace 3.0.1, on the same data.

    make bench                                      # after the Swift benchmarks
    TMINUS_FIXTURES=../shared/fixtures TMINUS_BIN=.build/release/tminus python3 Tests/Benchmarks/next_bench.py [--runs 30]

Starts the fixture server (Tests/FixtureServer/fixture_server.py) and, with the clock at
2023-04-20T00:00:00Z (TeLEOS-2 two days ahead), runs each command --runs times (default 30):

  tminus next       in a throw-away data dir whose replica one run synced just before (fresh for
                    10 minutes: the runs send no request; the script checks the server's log)
  nextinspace -l 1  nextinspace 3.0.1 (`pip install nextinspace==3.0.1`), its BASE_URL pointed
                    at the fixture server's 2.2.0 and its clock at the same instant: one
                    `GET /launch?limit=1&net__gte=...` a run, as it always does

Reported: the median and p90 wall time of a run (spawn to exit) and the peak resident memory
(the child's ru_maxrss from wait4, as /usr/bin/time -v's "Maximum resident set size"), and
both commands' output, which must name the same launch. Without nextinspace installed, tminus's
figures alone.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
SERVER = HERE.parent / "FixtureServer" / "fixture_server.py"
NOW = "2023-04-20T00:00:00Z"

# nextinspace with its API and clock pointed where tminus's are; its own CLI otherwise.
NEXTINSPACE = """
import sys, datetime as _dt
import nextinspace
class _Fixed(_dt.datetime):
    @classmethod
    def utcnow(cls):
        return _dt.datetime(2023, 4, 20)
nextinspace.datetime = _Fixed
nextinspace.BASE_URL = sys.argv[1]
sys.argv = ["nextinspace", "--launches-only", "--quiet", "1"]
from nextinspace.cli import console
console.run()
"""


def measure(command, env, runs):
    """Runs `command` under wait4 to get each run's own peak RSS."""
    walls, peaks, outputs = [], [], set()
    for _ in range(runs):
        start = time.monotonic()
        child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        out = child.stdout.read()
        _, status, usage = os.wait4(child.pid, 0)
        walls.append((time.monotonic() - start) * 1000)
        peaks.append(usage.ru_maxrss / 1024)
        outputs.add(out.decode().strip())
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"next bench: {command[0]} exited {os.waitstatus_to_exitcode(status)}")
    return walls, peaks, outputs


def p90(values):
    return sorted(values)[int(len(values) * 0.9) - 1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    fixtures = os.environ.get("TMINUS_FIXTURES")
    binary = os.environ.get("TMINUS_BIN", ".build/release/tminus")
    if not fixtures:
        sys.exit("next bench: TMINUS_FIXTURES is not set")
    with tempfile.TemporaryDirectory(prefix="tminus-next-bench-") as tmp:
        port_file = Path(tmp) / "port"
        server = subprocess.Popen([sys.executable, str(SERVER), "--fixtures", fixtures, "--port", "0",
                                   "--port-file", str(port_file)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                if port_file.exists() and port_file.read_text().strip():
                    break
                time.sleep(0.05)
            base = f"http://127.0.0.1:{port_file.read_text().strip()}"
            env = {k: v for k, v in os.environ.items() if not k.startswith("TMINUS_")}
            tminus = [binary, "next", "--source", "ll2", "--ll2-api", base + "/2.2.0", "--spacex-api", base,
                      "--data-dir", str(Path(tmp) / "data"), "--tz", "UTC", "--now", NOW]
            subprocess.run(tminus, env=env, check=True, stdout=subprocess.DEVNULL)  # the sync
            urllib.request.urlopen(urllib.request.Request(base + "/_control/clear-requests", data=b"{}", method="POST")).read()
            walls, peaks, outputs = measure(tminus, env, args.runs)
            asked = urllib.request.urlopen(base + "/_control/requests").read().decode().count('"path"')
            print(f"tminus next (fresh replica): median {statistics.median(walls):.1f} ms, p90 {p90(walls):.1f} ms, "
                  f"peak RSS median {statistics.median(peaks):.1f} MB, max {max(peaks):.1f} MB; "
                  f"requests sent: {asked}; said {sorted(outputs)}")
            try:
                import nextinspace  # noqa: F401
            except ImportError:
                print("nextinspace: not installed (pip install nextinspace==3.0.1): no comparison")
                return
            theirs = [sys.executable, "-c", NEXTINSPACE, base + "/2.2.0"]
            nwalls, npeaks, noutputs = measure(theirs, env, args.runs)
            print(f"nextinspace 3.0.1 -l 1: median {statistics.median(nwalls):.1f} ms, p90 {p90(nwalls):.1f} ms, "
                  f"peak RSS median {statistics.median(npeaks):.1f} MB; said {sorted(o.splitlines()[1].strip('│ ') if o.count(chr(10)) > 1 else o for o in noutputs)}")
            print(f"tminus next is {statistics.median(nwalls) / statistics.median(walls):.1f}x faster, "
                  f"{statistics.median(npeaks) / statistics.median(peaks):.1f}x less memory")
        finally:
            server.terminate()


if __name__ == "__main__":
    main()
