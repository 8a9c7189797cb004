#!/usr/bin/env python3
"""Writes Scripts/link-order.txt: the functions a browsing session runs, for the linker to put
side by side (issue 28).

    make link-order            # builds the release binary, then runs this
    TMINUS_FIXTURES=../shared/fixtures python3 Scripts/link_order.py [--bin .build/release/tminus]

Why: the kernel maps a binary's code into a process in 64 kB windows around every page the
process touches. The shipped build links the Swift runtime and Foundation in (about 20 MB of
code); the 2.3 MB a session runs were spread over 16 MB of windows, all of it counted in the
resident size that `htop` shows. lld's --symbol-ordering-file places the listed functions first,
in the listed order, so they share windows. Functions the file names that no longer exist are
skipped (--no-warn-symbol-ordering), so a stale file only packs less; it never breaks a build.

How: the release binary runs under valgrind's callgrind (exact: every function that ran, not a
sample) in a tmux pane against the fixture server (Tests/FixtureServer), once per source: the
r/SpaceX archive API and Launch Library 2. Each session browses as a user does: the upcoming
list, the past list paged to its end, a launch's detail, the Rockets tab and a rocket's page,
Favorites, Events, help, a filter. The functions of the binary that ran are written in the
order callgrind first lists them, the sessions merged, then the names the file held before that
still name a function of the binary. valgrind 3.19 cannot read the DWARF 5 of
a Swift build, so it runs a copy with the debug sections stripped (the symbol table stays).

Needs valgrind (apt-get install valgrind), tmux and python3. Not part of `make test`: the file is
committed, and regenerated when the code has moved a lot (`make bench` shows the resident size).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.dont_write_bytecode = True
sys.path.insert(0, str(ROOT / "Tests" / "Soak"))
from tminus_proc import Tmux, app_command, start_server, stop_server  # noqa: E402

NOW = "2022-10-08T20:00:00Z"
OUTPUT = ROOT / "Scripts" / "link-order.txt"
# Keys of one session, with the seconds to wait after each (the app runs ~20x slower under
# callgrind, so the waits are generous; a key sent early only queues).
BROWSE = [("Down", 3), ("Down", 3), ("Up", 3), ("p", 10), ("G", 8), ("G", 8), ("G", 8), ("G", 8),
          ("g", 3), ("Enter", 10), ("j", 3), ("Escape", 3), ("2", 15), ("Down", 3), ("Enter", 10),
          ("Escape", 3), ("3", 5), ("4", 10), ("1", 3), ("?", 3), ("Escape", 3), ("/", 3), ("f", 3),
          ("Escape", 3), ("u", 3), ("Enter", 15), ("Escape", 3)]


def session(binary: Path, source: str, base: str, workdir: Path) -> Path:
    out = workdir / f"callgrind-{source}.out"
    data = workdir / f"data-{source}"
    data.mkdir()
    args = [str(binary), "--source", source, "--spacex-api", base, "--ll2-api", f"{base}/2.2.0",
            "--news-api", f"{base}/v4", "--now", NOW, "--tz", "UTC", "--data-dir", str(data), "--browser", "/bin/true"]
    command = app_command(["valgrind", "--tool=callgrind", "--dump-instr=no", "--demangle=no",
                           f"--callgrind-out-file={out}", f"--log-file={workdir / f'valgrind-{source}.log'}"] + args)
    tmux = Tmux(f"tminus-order-{os.getpid()}-{source}", 200, 60, session="order")
    try:
        tmux.start(command)
        deadline = time.monotonic() + 300
        while "launches" not in tmux.capture():
            if tmux.dead() or time.monotonic() > deadline:
                raise SystemExit(f"link_order: the {source} session never showed its launches:\n{tmux.capture()}")
            time.sleep(1)
        time.sleep(20)   # the pictures of the first screen
        for key, wait in BROWSE:
            tmux.keys(key)
            time.sleep(wait)
        tmux.keys("q")
        deadline = time.monotonic() + 180
        while not (out.exists() and re.search(rb"^totals:", out.read_bytes(), re.M)):
            if time.monotonic() > deadline:
                raise SystemExit(f"link_order: callgrind wrote no profile for {source}")
            time.sleep(1)
    finally:
        tmux.kill()
    return out


def functions(profile: Path, binary_name: str) -> list[str]:
    """The functions of the binary in a callgrind profile, in the order first listed.
    Names are compressed: `fn=(7) name` the first time, `fn=(7)` after; `ob=` is the object."""
    names: dict[str, str] = {}
    objects: dict[str, str] = {}
    current_object = ""
    found: list[str] = []
    pattern = re.compile(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$")
    for line in profile.read_text(errors="replace").splitlines():
        m = pattern.match(line)
        if not m:
            continue
        kind, key, name = m.groups()
        table = objects if kind.endswith("ob") else names
        if name:
            table[key] = name
        if kind == "ob":
            current_object = objects.get(key, "")
        elif kind == "fn" and current_object.endswith("/" + binary_name) and key in names:
            found.append(re.sub(r"'\d+$", "", names[key]))   # 'N marks a recursion depth
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=str(ROOT / ".build" / "release" / "tminus"))
    parser.add_argument("--output", default=str(OUTPUT))
    options = parser.parse_args()
    fixtures = os.environ.get("TMINUS_FIXTURES", "").strip()
    if not fixtures or not Path(fixtures, "spacex", "v5", "launches.json").is_file():
        raise SystemExit("link_order: TMINUS_FIXTURES must point at the recorded API data")
    for tool in ("valgrind", "tmux", "strip"):
        if not shutil.which(tool):
            raise SystemExit(f"link_order: {tool} is missing (apt-get install valgrind tmux binutils)")
    with tempfile.TemporaryDirectory(prefix="tminus-order-") as temp:
        workdir = Path(temp)
        binary = workdir / "tminus"
        subprocess.run(["strip", "--strip-debug", "-o", str(binary), options.bin], check=True)
        server, port = start_server(fixtures, workdir)
        try:
            seen: dict[str, None] = {}
            for source in ("spacex", "ll2"):
                for name in functions(session(binary, source, f"http://127.0.0.1:{port}", workdir), binary.name):
                    seen.setdefault(name, None)
        finally:
            stop_server(server)
    # Two runs of the same session differ by a few hundred functions (timers, the order answers
    # arrive in): the names the file held before that still name a function of this binary are
    # kept after the new ones, so the file gathers what every run saw and sheds what is gone.
    ran = len(seen)
    output = Path(options.output)
    if output.exists():
        defined = set(subprocess.run(["nm", "--defined-only", "--format=just-symbols", options.bin],
                                     capture_output=True, text=True, check=True).stdout.split())
        for name in output.read_text().split():
            if name in defined:
                seen.setdefault(name, None)
    output.write_text("".join(f"{name}\n" for name in seen))
    print(f"link_order: {ran} functions ran, {len(seen) - ran} kept from the file before → {len(seen)} in {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
