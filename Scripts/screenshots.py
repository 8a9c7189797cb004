#!/usr/bin/env python3
"""`make screenshots`: docs/images/*.png, drawn by the app itself.

Each shot starts the release binary in a real xterm (a VT340 with 256 sixel colour registers, so
pictures are real pixels) on a virtual X server, against the project's fixture server (recorded
Launch Library 2 answers, `--now 2023-04-22T06:00:00Z --tz UTC`, a fresh data dir), types the
shot's keys with xdotool, and reads the window back with xwd and ImageMagick. Running it again
draws them again (the clock runs from `--now`, so a countdown's seconds may differ).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BINARY = Path(os.environ.get("TMINUS_BIN") or REPO / ".build/release/tminus")
IMAGES = REPO / "docs/images"
FIXTURES = Path(os.environ.get("TMINUS_FIXTURES") or REPO.parent / "shared/fixtures")
DISPLAY = ":93"

# name, columns, rows, extra arguments, keys typed once the list is in (xdotool's names)
SHOTS = [
    ("launches-200x60", 200, 60, [], ["j"]),
    ("detail-120x40", 120, 40, [], ["j", "Return"]),
    ("follow-120x40", 120, 40, [], ["P"]),
    ("rockets-120x40", 120, 40, [], ["2"]),
]


def wait_for(check, what: str, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            sys.exit(f"screenshots: timed out waiting for {what}")
        time.sleep(0.1)


def xdotool(*arguments: str) -> str:
    return subprocess.run(["xdotool", *arguments], env=dict(os.environ, DISPLAY=DISPLAY), text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.strip()


def shoot(name: str, columns: int, rows: int, extra: list[str], keys: list[str], port: int, work: Path) -> Path:
    data = work / f"data-{name}"
    command = [str(BINARY), "--ll2-api", f"http://127.0.0.1:{port}/2.3.0", "--spacex-api", f"http://127.0.0.1:{port}",
               "--news-api", f"http://127.0.0.1:{port}/v4", "--now", "2023-04-22T06:00:00Z", "--tz", "UTC",
               "--data-dir", str(data), "--pictures", "sixel", *extra]
    env = dict(os.environ, DISPLAY=DISPLAY)
    for variable in [v for v in env if v.startswith("TMINUS_")]:
        del env[variable]
    xterm = subprocess.Popen(["xterm", "-ti", "vt340", "-xrm", "XTerm*numColorRegisters: 256",
                              "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*sixelScrolling: true",
                              "-xrm", "XTerm*background: black", "-xrm", "XTerm*foreground: grey90",
                              "-geometry", f"{columns}x{rows}+0+0", "-e", *command],
                             env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: xdotool("search", "--class", "xterm"), "xterm's window")
        window = xdotool("search", "--class", "xterm").splitlines()[0]
        time.sleep(5)  # the list from the fixture server, then its pictures
        for key in keys:
            xdotool("windowfocus", "--sync", window)
            xdotool("key", "--window", window, key)
            time.sleep(1.5)
        time.sleep(2)
        png = IMAGES / f"{name}.png"
        dump = subprocess.run(["xwd", "-id", window, "-silent"], env=env, stdout=subprocess.PIPE, check=True).stdout
        subprocess.run(["convert", "xwd:-", "-strip", str(png)], input=dump, check=True)
        return png
    finally:
        xterm.terminate()
        xterm.wait(5)


def main() -> None:
    if not BINARY.exists():
        sys.exit("screenshots: build the release binary first (make release)")
    IMAGES.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="tminus-screenshots-"))
    port_file = work / "port"
    server = subprocess.Popen([sys.executable, str(REPO / "Tests/FixtureServer/fixture_server.py"), "--fixtures", str(FIXTURES),
                               "--port", "0", "--port-file", str(port_file), "--local-images", "--exit-with-parent"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    x = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "2000x1300x24", "-nolisten", "tcp"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: port_file.exists() and port_file.read_text().strip(), "the fixture server")
        port = int(port_file.read_text().strip())
        time.sleep(1)
        for shot in SHOTS:
            print(shoot(*shot, port=port, work=work).relative_to(REPO))
    finally:
        x.terminate()
        server.terminate()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
