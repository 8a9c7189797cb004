"""What the soak test (soak.py) and the process benchmark (Tests/Benchmarks/process_bench.py)
share: the fixture server, the release binary in a tmux session of its own, and reading a
process's memory and CPU from /proc. Standard library only.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "Tests" / "FixtureServer" / "fixture_server.py"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
KB_PER_MB = 1024.0
# The user's own settings stay out of the app under test.
UNSET_ENV = ["NO_COLOR", "BROWSER", "TMINUS_SOURCE", "TMINUS_SPACEX_API", "TMINUS_LL2_API", "TMINUS_DATA_DIR",
             "TMINUS_TZ", "TMINUS_NOW", "TMINUS_TIMEOUT", "TMINUS_LL2_TOKEN"]


class ProcFailure(Exception):
    """The app died, the screen stopped updating, or the run could not be set up."""


# The one-line countdown, `T-00d 03:04:52` or `T+…`.
COUNTDOWN = re.compile(r"T[-+]\d+d \d\d:\d\d:\d\d")


def shown(countdown: str | None) -> str:
    """A countdown for a progress line: the one-line clock as it is, big digits by name."""
    if countdown is None:
        return ""
    return "(big digits)" if "\n" in countdown else countdown


def countdown(screen: str) -> str | None:
    """The countdown on screen: the one-line `T-00d 03:04:52`, or on a terminal at least
    100x32 (120x40, 200x60) the detail's big digits, the five rows above "until launch" (the patch
    beside them does not change, so a change there is the clock's)."""
    match = COUNTDOWN.search(screen)
    if match:
        return match.group(0)
    lines = screen.splitlines()
    for i, line in enumerate(lines):
        if "until launch" in line and i >= 5 and "█" in "".join(lines[i - 5:i]):
            return "\n".join(lines[i - 5:i])
    return None


def env_seconds(name: str, default: float) -> float:
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        raise ProcFailure(f"{name}={text!r} is not a number of seconds")
    if value < 0:
        raise ProcFailure(f"{name} must not be negative")
    return value


# ---------------------------------------------------------------------------------------------
# The process

def read_status(pid: int, tid: int | None = None) -> dict[str, str]:
    path = f"/proc/{pid}/task/{tid}/status" if tid else f"/proc/{pid}/status"
    fields = {}
    with open(path) as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return fields


def read_status_file(path: str) -> dict[str, str]:
    """A `Key: value` file of /proc (status, smaps_rollup) as a dict; empty if it is gone."""
    fields = {}
    try:
        with open(path) as f:
            for line in f:
                key, sep, value = line.partition(":")
                if sep:
                    fields[key.strip()] = value.strip()
    except OSError:
        pass
    return fields


def written_kb(pid: int) -> int:
    """The process's written memory: Private_Dirty of /proc/PID/smaps_rollup, the pages that
    are its own (heap, stacks, written data), not the binary and libraries it shares."""
    return int(read_status_file(f"/proc/{pid}/smaps_rollup").get("Private_Dirty", "0 kB").split()[0])


def cpu_ticks(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as f:
        stat = f.read()
    # The command name is in parentheses and may hold spaces: fields start after the last ')'.
    rest = stat[stat.rindex(")") + 2:].split()
    utime, stime = int(rest[11]), int(rest[12])   # fields 14 and 15 of proc(5)
    return utime + stime


def process_name(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def find_tminus(pane_pid: int) -> int:
    """The pane runs `exec env … tminus`, so its pid is tminus itself; failing that, a child."""
    if process_name(pane_pid) == "tminus":
        return pane_pid
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        if ppid == pane_pid and process_name(int(entry.name)) == "tminus":
            return int(entry.name)
    raise ProcFailure(f"no tminus process under the tmux pane (pid {pane_pid}, {process_name(pane_pid)!r})")


def wait_for_tminus(pane_pid: int, timeout: float = 5) -> int:
    """`find_tminus`, retried: right after `new-session` the pane's process may not have exec'd
    tminus yet (it is still a forked `tmux: server`, then `sh`, then `env`)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return find_tminus(pane_pid)
        except ProcFailure:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def app_command(args: list[str], env: dict[str, str] | None = None) -> str:
    """A shell command for a tmux pane: `exec`, so the pane's process is tminus itself;
    `env -u`, so the user's settings stay out."""
    extra = " ".join(f"{k}={shlex.quote(v)}" for k, v in (env or {}).items())
    return "exec env " + " ".join(f"-u {v}" for v in UNSET_ENV) + " TERM=xterm-256color " + \
           (extra + " " if extra else "") + " ".join(shlex.quote(a) for a in args)


# ---------------------------------------------------------------------------------------------
# tmux and the fixture server

class Tmux:
    def __init__(self, socket: str, width: int, height: int, session: str = "soak"):
        self.socket = socket
        self.width = width
        self.height = height
        self.session = session
        self.started = False
        self.socket_path = ""
        self.app_pid: int | None = None   # tminus, once found

    def run(self, *args: str, check: bool = True) -> str:
        result = subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", *args],
                                capture_output=True, text=True, timeout=10)
        if check and result.returncode != 0:
            raise ProcFailure(f"tmux {' '.join(args[:2])}: {result.stderr.strip() or result.returncode}")
        return result.stdout

    def start(self, command: str) -> None:
        self.run("set", "-g", "status", "off", ";",
                 "set", "-g", "remain-on-exit", "on", ";",
                 "set", "-g", "default-terminal", "xterm-256color", ";",
                 "new-session", "-d", "-s", self.session, "-x", str(self.width), "-y", str(self.height), command)
        self.started = True
        self.socket_path = self.display("#{socket_path}")

    def display(self, fmt: str) -> str:
        return self.run("display-message", "-p", "-t", self.session, fmt).strip()

    def capture(self) -> str:
        return self.run("capture-pane", "-p", "-t", self.session, check=False)

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", self.session, *keys)

    def dead(self) -> bool:
        try:
            return self.display("#{pane_dead}") == "1"
        except (ProcFailure, subprocess.TimeoutExpired):
            return True

    def exit_status(self) -> str:
        try:
            signal_number = self.display("#{pane_dead_signal}")
            status = self.display("#{pane_dead_status}")
        except (ProcFailure, subprocess.TimeoutExpired):
            return "how is unknown"
        if signal_number and signal_number != "0":
            return f"killed by signal {signal_number}"
        return f"exit status {status}" if status else "how is unknown"

    def kill(self) -> None:
        """Ends the session's tmux server (and tminus with it) and removes its socket file,
        which tmux leaves behind."""
        if self.started:
            subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=10)
            self.started = False
        if self.app_pid:
            # tminus leaves on the SIGHUP of its closed pane; wait for it (TERM it if it lingers).
            deadline = time.monotonic() + 3
            while Path(f"/proc/{self.app_pid}").exists() and time.monotonic() < deadline:
                time.sleep(0.05)
            if Path(f"/proc/{self.app_pid}").exists() and process_name(self.app_pid) == "tminus":
                os.kill(self.app_pid, signal.SIGTERM)
            self.app_pid = None
        if self.socket_path:
            Path(self.socket_path).unlink(missing_ok=True)


def start_server(fixtures: str, workdir: Path, distinct_images: bool = False,
                 options: list[str] | None = None) -> tuple[subprocess.Popen, int]:
    """The fixture server on a free port, its pictures served by itself (`--local-images`);
    with `distinct_images` every launch's patch is a picture of its own, as on the real API;
    `options`: more of its flags (`--ll2-hourly-limit 15 --clock-file F`)."""
    port_file = workdir / "port"
    log = workdir / "server.log"
    stderr = open(workdir / "server.stderr", "w")
    server = subprocess.Popen(
        [sys.executable, str(SERVER), "--fixtures", fixtures, "--port", "0", "--port-file", str(port_file),
         "--log", str(log), "--local-images", "--exit-with-parent", *(["--distinct-images"] if distinct_images else []),
         *(options or [])],
        stdout=subprocess.DEVNULL, stderr=stderr)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if port_file.exists():
            text = port_file.read_text().strip()
            if text.isdigit():
                return server, int(text)
        if server.poll() is not None:
            break
        time.sleep(0.05)
    server.terminate()
    raise ProcFailure("the fixture server did not start: " + (workdir / "server.stderr").read_text()[-2000:])


def stop_server(server: subprocess.Popen | None) -> None:
    if server is None:
        return
    server.terminate()
    try:
        server.wait(timeout=5)
    except subprocess.TimeoutExpired:
        server.kill()


def wait_for(tmux: Tmux, what: str, predicate, timeout: float = 20) -> str:
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        if tmux.dead():
            raise ProcFailure(f"tminus exited ({tmux.exit_status()}) while waiting for {what}:\n{tmux.capture()}")
        screen = tmux.capture()
        if predicate(screen):
            return screen
        time.sleep(0.1)
    raise ProcFailure(f"timed out waiting for {what}; screen:\n{screen}")


def run_script(main, label: str) -> None:
    """Runs a script's `main` the way both scripts need: SIGINT/SIGTERM/SIGHUP unwind through
    its `finally` blocks (a shell's background job starts with SIGINT ignored, so it is set
    explicitly) so nothing is left behind; a `ProcFailure` is one line on stderr and exit 1."""
    def on_signal(signum, _frame):
        raise KeyboardInterrupt

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, on_signal)
    try:
        sys.exit(main())
    except ProcFailure as failure:
        print(f"\n{label} FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        print(f"\n{label}: interrupted, cleaned up", file=sys.stderr)
        sys.exit(130)
