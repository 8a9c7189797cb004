#!/usr/bin/env python3
"""Process benchmark: the release binary's cold start, idle CPU and resident memory.

    make bench                                      # after the Swift benchmarks
    TMINUS_FIXTURES=../shared/fixtures python3 Tests/Benchmarks/process_bench.py [--runs 30]
        [--bin .build/release/tminus] [--compare-bin /tmp/tminus-dynamic/release/tminus]

Starts the fixture server (Tests/FixtureServer/fixture_server.py, recorded data from
$TMINUS_FIXTURES, pictures from the server itself) and measures, with the clock at
2022-10-08T20:00:00Z and a 200x60 terminal (TERM=xterm-256color, NO_COLOR unset):

  startup   A throw-away data dir's cache is filled by running the binary once online with
            --bench-startup (it leaves after the first frame with launch rows), then once more
            online until the patches are on disk. Then the binary runs --runs times (default 30)
            with --offline --bench-startup in a pty of its own (pty.openpty, TIOCSWINSZ), with
            TMINUS_BENCH_T0=time.monotonic_ns() taken just before spawning, with pictures and
            with --no-images (each round runs every binary in both modes, so load from
            elsewhere falls on all alike). Reported: the app's own figure (process start to
            the first doupdate of a frame with rows), the harness's spawn-to-exit wall time,
            and the milestones the app logs with --bench-startup (main entered, arguments
            parsed, view model made, first frame), medians in ms since process start.
  idle CPU  The binary in tmux against the fixture server, the first upcoming launch's detail
            open (its countdown ticks every second); CPU time (utime + stime of
            /proc/PID/stat) over BENCH_IDLE_SECONDS (default 60), as % of one core. Also per
            10 s window from the threads' /proc/PID/task/*/schedstat (nanoseconds).
            The same again on Launch Library 2 (`--source ll2`): the upcoming list (all 32 in
            its one page of up to 100), `G` to its end,
            and the detail of Starlink Group 15-22 (a record of ll2/2.2.0/upcoming-detailed.json)
            open with its countdown.
  RSS       A fresh run in tmux: every past launch loaded (`p`, then `G` until the header
            says "187 launches"; upcoming says "18 launches"), the Rockets tab open ("4
            rockets"), then VmRSS, RssAnon, RssFile from /proc/PID/status once RSS has settled;
            with pictures and with --no-images. The pictures run is broken down by mapping
            (/proc/PID/smaps).

Each binary is labelled by how it was linked: "static" when the Swift runtime is inside it (the
shipped build, `make release`), "dynamic" when it loads libswiftCore.so. With --compare-bin (or
TMINUS_COMPARE_BIN) a second binary, e.g. the dynamic build made with
`swift build -c release --product tminus --scratch-path /tmp/tminus-dynamic`, gets the startup and
RSS measurements too.

Prints Markdown tables to stdout. Exits 1 only when the app failed to run (or the run could
not be set up); no figure is judged by the exit code.

Environment: TMINUS_FIXTURES (required), TMINUS_BIN, TMINUS_COMPARE_BIN, BENCH_RUNS,
BENCH_IDLE_SECONDS (0 skips the idle measurement), BENCH_VERBOSE=1. Standard library only.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.dont_write_bytecode = True   # no __pycache__ beside the sources
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Soak"))
from tminus_proc import (CLOCK_TICKS, ROOT, UNSET_ENV, ProcFailure, Tmux, app_command, countdown, cpu_ticks, shown,  # noqa: E402
                         env_seconds, read_status, read_status_file, start_server, stop_server, wait_for, wait_for_tminus, run_script)

NOW = "2022-10-08T20:00:00Z"
WIDTH, HEIGHT = 200, 60
BENCH_LINE = re.compile(r"first frame with rows: ([0-9.]+) ms after process start \((\d+) rows\)(?: \[([^\]]*)\])?")
UPCOMING_TOTAL, PAST_TOTAL, ROCKETS_TOTAL = 18, 187, 4
# The fixture server's Launch Library 2 upcoming list: 32 launches, in one page of up to 100.
LL2_UPCOMING_TOTAL, LL2_FIRST, LL2_DETAILED = 32, "PSLV-CA | TeLEOS-2", "Starlink Group 15-22"
STARTUP_TARGET_MS = 30.0
IDLE_TARGET_PERCENT = 0.3
RSS_TARGET_MB = 25.0
# What the process itself has written (issue 28): resident size counts the binary's shared,
# clean pages too; Private_Dirty is the memory that is really the app's own.
PRIVATE_DIRTY_TARGET_MB = 8.0
# What the HTTP client brings in through libcurl (ldd of the dynamic binary).
CURL_STACK = ["libcurl", "libnghttp2", "libidn2", "librtmp", "libssh2", "libpsl", "libssl", "libcrypto",
              "libgssapi_krb5", "libldap", "liblber", "libzstd", "libbrotli", "libunistring", "libgnutls",
              "libhogweed", "libnettle", "libgmp", "libkrb5", "libk5crypto", "libcom_err", "libsasl2",
              "libp11-kit", "libtasn1", "libkeyutils", "libresolv", "libffi"]
VERBOSE = os.environ.get("BENCH_VERBOSE", "") not in ("", "0")


def log(message: str) -> None:
    """Progress goes to stderr, so stdout holds only the report."""
    print(f"bench: {message}", file=sys.stderr, flush=True)


def count_shown(total: int, noun: str):
    """The list header says `N launches` (all loaded), not `M of N launches`."""
    pattern = re.compile(rf"(?<!of )(?<!\d){total} {noun}")
    return lambda screen: pattern.search(screen) is not None


# ---------------------------------------------------------------------------------------------
# The binary in a pty of its own (startup runs)

@dataclass
class PtyRun:
    code: int | None       # None: killed after the timeout
    output: str
    wall_ms: float         # spawn to exit, as the harness saw it
    app_ms: float | None   # the app's own figure
    rows: int | None
    origin: str | None


def child_environment(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in UNSET_ENV and not k.startswith("TMINUS_")}
    env["TERM"] = "xterm-256color"
    env.update(extra or {})
    return env


def run_in_pty(args: list[str], timeout: float = 15, with_t0: bool = True, quit_when=None) -> PtyRun:
    """Runs `args` on a fresh 200x60 pty, draining its output as it comes (a full pty would
    stall the app's writes). `quit_when()` is polled; when true, `q` is typed."""
    master, slave = pty.openpty()
    try:
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", HEIGHT, WIDTH, 0, 0))
        chunks: list[bytes] = []

        def drain():
            while True:
                try:
                    ready, _, _ = select.select([master], [], [], 0.5)
                    if not ready:
                        continue
                    data = os.read(master, 65536)
                except OSError:      # EIO: every slave fd is closed, the app has gone
                    return
                if not data:
                    return
                chunks.append(data)
                if b"\x1b]11;?" in data:
                    # Answer the background question as a terminal would (a dark window), so
                    # the first frame does not wait out the app's 150 ms for an answer.
                    try:
                        os.write(master, b"\x1b]11;rgb:0000/0000/0000\x1b\\\x1b[?62;22c")
                    except OSError:
                        return

        env = child_environment()
        reader = threading.Thread(target=drain, daemon=True)
        reader.start()
        t0 = time.monotonic_ns()
        if with_t0:
            env["TMINUS_BENCH_T0"] = str(t0)
        proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
                                start_new_session=True)
        os.close(slave)
        slave = -1
        code: int | None = None
        if quit_when is None:
            # A blocking waitpid: Popen.wait(timeout) would poll with sleeps of up to 50 ms.
            killer = threading.Timer(timeout, proc.kill)
            killer.start()
            code = proc.wait()
            killer.cancel()
            if code == -signal.SIGKILL:
                code = None
        else:
            deadline = time.monotonic() + timeout
            quit_sent = False
            while True:
                try:
                    code = proc.wait(timeout=0.1)
                    break
                except subprocess.TimeoutExpired:
                    pass
                if not quit_sent and quit_when():
                    os.write(master, b"q")
                    quit_sent = True
                if time.monotonic() > deadline:
                    proc.kill()
                    proc.wait()
                    code = None
                    break
        t1 = time.monotonic_ns()
        reader.join(timeout=2)
        output = b"".join(chunks).decode("utf-8", "replace")
        match = None
        for match in BENCH_LINE.finditer(output):
            pass
        return PtyRun(code=code, output=output, wall_ms=(t1 - t0) / 1e6,
                      app_ms=float(match.group(1)) if match else None,
                      rows=int(match.group(2)) if match else None,
                      origin=match.group(3) if match else None)
    finally:
        if slave >= 0:
            os.close(slave)
        os.close(master)


def failure_text(run: PtyRun) -> str:
    tail = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]", "", run.output)[-600:].strip()
    how = "timed out (killed)" if run.code is None else f"exit status {run.code}"
    return f"{how}; the end of its output: {tail!r}"


# ---------------------------------------------------------------------------------------------
# Startup

@dataclass
class Series:
    values: list[float] = field(default_factory=list)

    def add(self, value: float) -> None:
        self.values.append(value)

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    def percentile(self, p: int) -> float:
        if len(self.values) < 2:
            return self.values[0]
        return statistics.quantiles(self.values, n=100, method="inclusive")[p - 1]


@dataclass
class StartupResult:
    app: dict[str, Series]     # by mode: "pictures", "no-images"
    wall: dict[str, Series]
    rows: int
    origin: str
    proc_origin_line: str      # one run without TMINUS_BENCH_T0
    phases: dict[str, Series] = field(default_factory=dict)   # the app's milestones, both modes
    spawn_baseline_ms: float = 0.0                             # /bin/true spawn → exit


def fill_cache(binary: Path, base: str, data_dir: Path) -> tuple[int, int]:
    """The upcoming list from the network (--bench-startup), then the patches: an online run
    left until the images folder stops growing. Returns (rows, pictures on disk)."""
    args = app_args(binary, base, data_dir) + ["--bench-startup"]
    run = run_in_pty(args)
    if run.code != 0 or run.app_ms is None:
        raise ProcFailure(f"filling the cache (online --bench-startup) failed: {failure_text(run)}")
    log(f"cache filled online: {run.rows} rows after {run.app_ms:.1f} ms")

    images = data_dir / "cache" / "images"
    state = {"count": -1, "since": time.monotonic(), "start": time.monotonic()}

    def settled() -> bool:
        count = sum(1 for _ in images.rglob("*") if _.is_file()) if images.exists() else 0
        now = time.monotonic()
        if count != state["count"]:
            state["count"], state["since"] = count, now
        return (count > 0 and now - state["since"] >= 1.5) or now - state["start"] > 15

    run = run_in_pty(app_args(binary, base, data_dir), timeout=30, quit_when=settled, with_t0=False)
    if run.code != 0:
        raise ProcFailure(f"the picture warm-up run failed: {failure_text(run)}")
    return run.rows or 0, max(0, state["count"])


def app_args(binary: Path, base: str, data_dir: Path) -> list[str]:
    # --source spacex: the r/SpaceX fixture unless a mode says `--source ll2` after it (Launch
    # Library 2 is the app's default).
    return [str(binary), "--source", "spacex", "--spacex-api", base, "--ll2-api", f"{base}/2.2.0", "--now", NOW, "--tz", "UTC",
            "--data-dir", str(data_dir), "--browser", "/bin/true"]


MODES = {"pictures": [], "no-images": ["--no-images"]}
MILESTONE = re.compile(r"([a-z][a-z +()]*?) ([0-9.]+) ms")


def milestones(log_file: Path) -> dict[str, Series]:
    """The milestones `--bench-startup` logs (`bench-startup: … — main 11.2 ms · …`), by name."""
    phases: dict[str, Series] = {}
    try:
        lines = log_file.read_text().splitlines()
    except OSError:
        return phases
    for line in lines:
        if "bench-startup:" not in line or " — " not in line:
            continue
        for part in line.split(" — ", 1)[1].split(" · "):
            m = MILESTONE.fullmatch(part.strip())
            if m:
                phases.setdefault(m.group(1), Series()).add(float(m.group(2)))
    return phases


def measure_startup(variants: list[tuple[str, Path]], base: str, workdir: Path, runs: int) -> dict[str, StartupResult]:
    """Every variant and mode in turn within each round, so load from elsewhere on the machine
    falls on all of them alike."""
    data_dirs = {}
    for label, binary in variants:
        data_dirs[label] = workdir / f"startup-{len(data_dirs)}"   # a label may hold a path
        data_dirs[label].mkdir()
        rows, pictures = fill_cache(binary, base, data_dirs[label])
        log(f"{label}: {pictures} pictures cached")
    log(f"startup: {runs} offline runs per variant and mode, interleaved")
    results = {label: StartupResult(app={m: Series() for m in MODES}, wall={m: Series() for m in MODES},
                                    rows=0, origin="", proc_origin_line="") for label, _ in variants}
    # Two warm-up rounds (page cache, dentries), not counted.
    for i in range(-2, runs):
        if i == 0:
            for label, _ in variants:   # the app's log then holds the measured runs' milestones only
                (data_dirs[label] / "state" / "tminus.log").write_text("")
        for label, binary in variants:
            result = results[label]
            for mode, extra in MODES.items():
                args = app_args(binary, base, data_dirs[label]) + ["--offline", "--bench-startup"] + extra
                run = run_in_pty(args)
                if run.code != 0 or run.app_ms is None:
                    raise ProcFailure(f"{label} startup run ({mode}) failed: {failure_text(run)}")
                if i >= 0:
                    result.app[mode].add(run.app_ms)
                    result.wall[mode].add(run.wall_ms)
                    result.rows, result.origin = run.rows or 0, run.origin or ""
                if VERBOSE:
                    log(f"  {label:8} {mode:9} app {run.app_ms:6.2f} ms  wall {run.wall_ms:6.2f} ms  rows {run.rows}")
    for label, _ in variants:
        results[label].phases = milestones(data_dirs[label] / "state" / "tminus.log")
    # What the harness's own spawn costs: /bin/true on the same kind of pty.
    baseline = Series()
    for _ in range(10):
        baseline.add(run_in_pty(["/bin/true"]).wall_ms)
    for label, _ in variants:
        results[label].spawn_baseline_ms = baseline.median
    for label, binary in variants:
        # Once without TMINUS_BENCH_T0: the app's own start time from /proc/self/stat.
        run = run_in_pty(app_args(binary, base, data_dirs[label]) + ["--offline", "--bench-startup"], with_t0=False)
        match = BENCH_LINE.search(run.output)
        results[label].proc_origin_line = match.group(0) if match else f"(no line: {failure_text(run)})"
    return results


# ---------------------------------------------------------------------------------------------
# The binary in tmux (idle CPU, RSS)

class Session:
    """The binary against the fixture server in a detached tmux session of its own, with a
    fresh data dir."""

    def __init__(self, binary: Path, base: str, workdir: Path, name: str, extra: list[str] | None = None):
        slug = re.sub(r"[^A-Za-z0-9._-]+", "-", name)   # a label may hold a path
        self.data_dir = workdir / f"data-{slug}"
        self.data_dir.mkdir()
        self.tmux = Tmux(f"tminus-bench-{os.getpid()}-{slug}", WIDTH, HEIGHT, session="bench")
        self.args = app_args(binary, base, self.data_dir) + (extra or [])
        self.pid = 0

    def __enter__(self) -> "Session":
        try:
            self.tmux.start(app_command(self.args))
            self.pid = wait_for_tminus(int(self.tmux.display("#{pane_pid}")))
        except BaseException:
            self.tmux.kill()   # __exit__ does not run when __enter__ fails
            raise
        self.tmux.app_pid = self.pid
        return self

    def __exit__(self, *exc) -> None:
        try:
            if self.tmux.started and not self.tmux.dead():
                self.tmux.keys("q")
                deadline = time.monotonic() + 3
                while Path(f"/proc/{self.pid}").exists() and time.monotonic() < deadline:
                    time.sleep(0.05)
        finally:
            self.tmux.kill()

    def alive(self) -> None:
        if self.tmux.dead() or not Path(f"/proc/{self.pid}").exists():
            raise ProcFailure(f"tminus died ({self.tmux.exit_status()}); last screen:\n{self.tmux.capture()}")


class ThreadCPU:
    """On-CPU nanoseconds of a process's threads (first field of each task's schedstat),
    finer than utime + stime's clock ticks. A thread that exits keeps its last reading, so the
    sum never goes back (its last moments before exiting are missed)."""

    def __init__(self, pid: int):
        self.pid = pid
        self.last: dict[str, int] = {}

    def total_ns(self) -> int:
        for task in Path(f"/proc/{self.pid}/task").iterdir():
            try:
                self.last[task.name] = int((task / "schedstat").read_text().split()[0])
            except (OSError, ValueError, IndexError):
                pass
        return sum(self.last.values())


@dataclass
class IdleResult:
    seconds: float
    percent: float              # utime + stime over the whole run
    windows: Series             # % per window, from schedstat
    window_seconds: float
    wakeups: int
    countdown_first: str
    countdown_last: str
    title: str


def open_first_upcoming(s: Session) -> str:
    """r/SpaceX: the first upcoming launch's detail; the screen once its countdown shows."""
    wait_for(s.tmux, "the launch list", lambda t: "UPCOMING" in t and count_shown(UPCOMING_TOTAL, "launches")(t))
    s.tmux.keys("Home", "Enter")
    return wait_for(s.tmux, "a ticking countdown", lambda t: countdown(t) is not None)


def open_ll2_detailed(s: Session) -> str:
    """Launch Library 2: the list (every launch in its one page), then Starlink Group 15-22 (the
    one before last, from upcoming-detailed.json)."""
    wait_for(s.tmux, f"all {LL2_UPCOMING_TOTAL} LL2 launches", count_shown(LL2_UPCOMING_TOTAL, "launches"))
    s.tmux.keys("G", "Up")
    wait_for(s.tmux, f"{LL2_DETAILED} selected",
             lambda t: any(line.startswith("›") and LL2_DETAILED in line for line in t.splitlines()))
    s.tmux.keys("Enter")
    return wait_for(s.tmux, f"{LL2_DETAILED}'s countdown", lambda t: countdown(t) is not None and "Provider" in t)


def measure_idle(binary: Path, base: str, workdir: Path, seconds: float, name: str = "idle",
                 extra: list[str] | None = None, open_detail=open_first_upcoming) -> IdleResult:
    with Session(binary, base, workdir, name, extra) as s:
        screen = open_detail(s)
        title = next((l.strip(" ░▀▄▌▐█◉○") for l in screen.splitlines()[1:3] if l.strip()), "?")
        time.sleep(3)   # the detail's picture and anything else the screen change started
        window = min(10.0, seconds)
        first = countdown(s.tmux.capture())
        start_at, start_ticks = time.monotonic(), cpu_ticks(s.pid)
        start_wake = int(read_status(s.pid, s.pid)["voluntary_ctxt_switches"])
        windows = Series()
        threads = ThreadCPU(s.pid)
        previous_at, previous_ns = start_at, threads.total_ns()
        while True:
            remaining = seconds - (time.monotonic() - start_at)
            if remaining <= 0.01:
                break
            time.sleep(min(window, remaining))
            s.alive()
            at, ns = time.monotonic(), threads.total_ns()
            windows.add(100 * (ns - previous_ns) / 1e9 / (at - previous_at))
            if VERBOSE:
                log(f"  idle window {windows.values[-1]:.3f} % of a core")
            previous_at, previous_ns = at, ns
        end_at, end_ticks = time.monotonic(), cpu_ticks(s.pid)
        end_wake = int(read_status(s.pid, s.pid)["voluntary_ctxt_switches"])
        last = countdown(s.tmux.capture())
        if not first or not last or first == last:
            raise ProcFailure(f"the countdown did not tick ({shown(first)} → {shown(last)}):\n"
                              f"{s.tmux.capture()}")
        elapsed = end_at - start_at
        return IdleResult(seconds=elapsed, percent=100 * (end_ticks - start_ticks) / CLOCK_TICKS / elapsed,
                          windows=windows, window_seconds=window, wakeups=end_wake - start_wake,
                          countdown_first=shown(first), countdown_last=shown(last), title=" ".join(title.split()))


@dataclass
class RssResult:
    status: dict[str, str]
    mappings: list[tuple[str, int, int]]        # name, Rss kB, Anonymous kB
    categories: list[tuple[str, int, int]]
    load_seconds: float

    def kb(self, key: str) -> int:
        return int(self.status.get(key, "0 kB").split()[0])


def measure_rss(binary: Path, base: str, workdir: Path, name: str, extra: list[str]) -> RssResult:
    with Session(binary, base, workdir, name, extra) as s:
        started = time.monotonic()
        wait_for(s.tmux, f"the upcoming list ({UPCOMING_TOTAL} launches)", count_shown(UPCOMING_TOTAL, "launches"))
        s.tmux.keys("p")
        wait_for(s.tmux, "the past list", lambda t: re.search(r"\d+ of \d+ launches|(?<!of )\d+ launches", t)
                 and not count_shown(UPCOMING_TOTAL, "launches")(t))
        deadline = time.monotonic() + 120
        all_past = count_shown(PAST_TOTAL, "launches")
        while True:
            s.alive()
            screen = s.tmux.capture()
            if all_past(screen):
                break
            if time.monotonic() > deadline:
                raise ProcFailure(f"the past list never reached {PAST_TOTAL} launches:\n{screen}")
            s.tmux.keys("G")
            time.sleep(0.3)
        s.tmux.keys("2")
        wait_for(s.tmux, f"the rockets ({ROCKETS_TOTAL} rockets)", count_shown(ROCKETS_TOTAL, "rockets"))
        load_seconds = time.monotonic() - started
        # Settled: RSS within 64 kB over two seconds (pictures decode in the background).
        previous = -1
        settle_deadline = time.monotonic() + 20
        stable = 0
        while time.monotonic() < settle_deadline:
            time.sleep(1)
            s.alive()
            rss = int(read_status(s.pid)["VmRSS"].split()[0])
            stable = stable + 1 if previous >= 0 and abs(rss - previous) <= 64 else 0
            previous = rss
            if stable >= 2:
                break
        status = read_status(s.pid)
        status.update(read_status_file(f"/proc/{s.pid}/smaps_rollup"))
        mappings, categories = smaps_breakdown(s.pid, binary)
        return RssResult(status=status, mappings=mappings, categories=categories, load_seconds=load_seconds)


def smaps_breakdown(pid: int, binary: Path) -> tuple[list[tuple[str, int, int]], list[tuple[str, int, int]]]:
    """Rss and Anonymous (kB) by mapping (file and permissions; anonymous ones together), and by
    kind of file."""
    by_name: dict[str, list[int]] = {}         # by file
    by_section: dict[str, list[int]] = {}      # by file and permissions (code, read-only data, data)
    name = section = "?"
    header = re.compile(r"^[0-9a-f]+-[0-9a-f]+ (\S{4}) [0-9a-f]+ \S+ \d+\s*(.*)$")
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            m = header.match(line)
            if m:
                name = m.group(2).strip() or "[anonymous]"
                section = f"{name} {m.group(1)}"
                by_name.setdefault(name, [0, 0])
                by_section.setdefault(section, [0, 0])
                continue
            key, _, value = line.partition(":")
            if key in ("Rss", "Anonymous"):
                index = 0 if key == "Rss" else 1
                by_name[name][index] += int(value.split()[0])
                by_section[section][index] += int(value.split()[0])
    mappings = sorted(((n, v[0], v[1]) for n, v in by_section.items()), key=lambda t: -t[1])
    real_binary = os.path.realpath(binary)

    def kind(n: str) -> str:
        if os.path.realpath(n) == real_binary or n == real_binary:
            return "the tminus binary (code, data, relocations)"
        if "_FoundationICU" in n or "libicu" in n:
            return "ICU (lib_FoundationICU: code + data tables)"
        if "/swift/" in n and ".so" in n:
            return "Swift runtime + Foundation libraries"
        if any(f"/{lib}" in n for lib in CURL_STACK):
            return "libcurl and what it links (TLS, Kerberos, LDAP …), the HTTP client"
        if ".so" in n:
            return "other system libraries (libc, libstdc++, ncurses, sqlite, png, jpeg, z …)"
        if n == "[heap]":
            return "[heap] (brk malloc)"
        if n == "[anonymous]":
            return "anonymous (malloc arenas of other threads, thread stacks, Swift metadata)"
        if n.startswith("[stack"):
            return "main thread stack"
        return "other files and special mappings"
    categories: dict[str, list[int]] = {}
    for n, (rss, anon) in by_name.items():
        c = categories.setdefault(kind(n), [0, 0])
        c[0] += rss
        c[1] += anon
    return mappings, sorted(((k, v[0], v[1]) for k, v in categories.items()), key=lambda t: -t[1])


# ---------------------------------------------------------------------------------------------
# Report

def table(header: list[str], rows: list[list[str]]) -> str:
    rows = [header] + rows
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    line = lambda r: "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |"
    return "\n".join([line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|"] + [line(r) for r in rows[1:]])


def met(value: float, target: float) -> str:
    return "yes" if value < target else "**no**"


def mb(kb: int) -> str:
    return f"{kb / 1024:.1f} MB"


def startup_rows(label: str, result: StartupResult) -> list[list[str]]:
    rows = []
    for mode in ("pictures", "no-images"):
        a, w = result.app[mode], result.wall[mode]
        rows.append([f"{label}: start → first frame with rows, offline, {mode} (app's figure)", f"< {STARTUP_TARGET_MS:.0f} ms",
                     f"{a.median:.1f} ms", f"{a.percentile(10):.1f} ms", f"{a.percentile(90):.1f} ms",
                     met(a.median, STARTUP_TARGET_MS)])
        rows.append([f"{label}: spawn → exit, offline, {mode} (harness wall time)", "-",
                     f"{w.median:.1f} ms", f"{w.percentile(10):.1f} ms", f"{w.percentile(90):.1f} ms", "-"])
    return rows


def rss_rows(label: str, mode: str, r: RssResult) -> list[list[str]]:
    rows = [[f"{label}: RSS, {PAST_TOTAL + UPCOMING_TOTAL} launches + rockets loaded, {mode} (VmRSS)",
             f"< {RSS_TARGET_MB:.0f} MB", mb(r.kb("VmRSS")), "-", "-", met(r.kb("VmRSS") / 1024, RSS_TARGET_MB)]]
    for key, what in (("RssAnon", "RssAnon"), ("RssFile", "RssFile"), ("Pss", "Pss (shared pages divided)"),
                      ("Private_Dirty", "Private_Dirty"), ("VmHWM", "VmHWM (peak)")):
        if key in r.status:
            target = key == "Private_Dirty"
            rows.append([f"{label}: … {what}, {mode}", f"≤ {PRIVATE_DIRTY_TARGET_MB:.0f} MB" if target else "-", mb(r.kb(key)),
                         "-", "-", met(r.kb(key) / 1024, PRIVATE_DIRTY_TARGET_MB + 0.05) if target else "-"])
    return rows


def linkage(binary: Path) -> str:
    """"static" when the Swift runtime is linked in, "dynamic" when the binary loads it."""
    needed = subprocess.run(["readelf", "--dynamic", str(binary)], capture_output=True, text=True).stdout
    return "dynamic" if "libswiftCore" in needed else "static"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=int(os.environ.get("BENCH_RUNS") or 30))
    parser.add_argument("--bin", default=os.environ.get("TMINUS_BIN") or str(ROOT / ".build" / "release" / "tminus"))
    parser.add_argument("--compare-bin", default=os.environ.get("TMINUS_COMPARE_BIN") or "")
    options = parser.parse_args()
    idle_seconds = env_seconds("BENCH_IDLE_SECONDS", 60)

    fixtures = os.environ.get("TMINUS_FIXTURES", "").strip()
    if not fixtures or not Path(fixtures, "spacex", "v5", "launches.json").is_file():
        raise ProcFailure("TMINUS_FIXTURES must point at the recorded API data (spacex/v5/launches.json); "
                          "`make bench` sets it when ../shared/fixtures exists")
    binaries = [Path(options.bin)] + ([Path(options.compare_bin)] if options.compare_bin else [])
    for binary in binaries:
        if not os.access(binary, os.X_OK):
            raise ProcFailure(f"no tminus binary at {binary}: build it first (`make release`)")
    variants = [(linkage(binary), binary) for binary in binaries]
    if len(variants) == 2 and variants[0][0] == variants[1][0]:
        variants = [(f"{label} ({binary})", binary) for label, binary in variants]
    if not shutil.which("tmux"):
        raise ProcFailure("tmux is not installed")

    # A binary just built sits in the page cache as dirty pages until the kernel writes it back
    # (half a minute later), and smaps counts a dirty file page mapped by one process as that
    # process's Private_Dirty: 35 MB of "written memory" that is only the linker's output.
    os.sync()
    load_before = os.getloadavg()
    workdir = Path(tempfile.mkdtemp(prefix="tminus-bench-"))
    server = None
    failures: list[str] = []
    rows: list[list[str]] = []
    notes: list[str] = []
    rss_details: list[tuple[str, RssResult]] = []
    startup: dict[str, StartupResult] = {}
    try:
        server, port = start_server(fixtures, workdir)
        base = f"http://127.0.0.1:{port}"
        log(f"fixture server at {base}; {WIDTH}x{HEIGHT}; {options.runs} runs; idle {idle_seconds:.0f} s")
        for label, binary in variants:
            notes.append(f"{label}: {binary} ({binary.stat().st_size / 1e6:.1f} MB on disk)")
        try:
            startup = measure_startup(variants, base, workdir, options.runs)
            for label, _ in variants:
                rows += startup_rows(label, startup[label])
                notes.append(f"{label}: {startup[label].rows} rows in the first frame with rows; {startup[label].origin}; "
                             f"without TMINUS_BENCH_T0: `{startup[label].proc_origin_line}`")
            notes.append(f"the harness's own spawn (/bin/true on the same pty, spawn → exit): "
                         f"{startup[variants[0][0]].spawn_baseline_ms:.1f} ms median, part of every startup figure")
        except ProcFailure as failure:
            failures.append(str(failure))
        for label, binary in variants:
            if binary == binaries[0] and idle_seconds > 0:
                for source, name, extra, open_detail in (
                        ("", "idle", [], open_first_upcoming),
                        ("Launch Library 2 (next → another page), ", "idle-ll2", ["--source", "ll2"], open_ll2_detailed)):
                    try:
                        log(f"{label}: idle CPU over {idle_seconds:.0f} s, {name}")
                        i = measure_idle(binary, base, workdir, idle_seconds, name, extra, open_detail)
                        rows.append([f"{label}: idle CPU, {source}countdown visible, {i.seconds:.0f} s (utime+stime)",
                                     f"< {IDLE_TARGET_PERCENT} % of a core", f"{i.percent:.3f} %", "-", "-",
                                     met(i.percent, IDLE_TARGET_PERCENT)])
                        rows.append([f"{label}: idle CPU, {source}per {i.window_seconds:.0f} s window (threads' schedstat)",
                                     "-", f"{i.windows.median:.3f} %", f"{i.windows.percentile(10):.3f} %",
                                     f"{i.windows.percentile(90):.3f} %", "-"])
                        notes.append(f"{label} {name}: detail of {i.title!r}, countdown {i.countdown_first} → "
                                     f"{i.countdown_last}, {i.wakeups} main-thread wake-ups "
                                     f"({i.wakeups / i.seconds:.2f}/s); utime+stime counts in 1/{CLOCK_TICKS} s ticks")
                    except ProcFailure as failure:
                        failures.append(str(failure))
            for mode, extra in (("pictures", []), ("no-images", ["--no-images"])):
                try:
                    log(f"{label}: RSS with everything loaded, {mode}")
                    r = measure_rss(binary, base, workdir, f"rss-{label}-{mode}", extra)
                    rows += rss_rows(label, mode, r)
                    notes.append(f"{label} RSS {mode}: loaded in {r.load_seconds:.1f} s; threads {r.status.get('Threads')}")
                    if mode == "pictures":
                        rss_details.append((label, r))
                except ProcFailure as failure:
                    failures.append(str(failure))
    finally:
        stop_server(server)
        shutil.rmtree(workdir, ignore_errors=True)

    load_after = os.getloadavg()
    print(f"## Process benchmark ({WIDTH}x{HEIGHT}, --now {NOW}, {options.runs} startup runs per mode)\n")
    print(f"{os.cpu_count()} CPUs; load average (1 min) {load_before[0]:.2f} before, {load_after[0]:.2f} after: "
          f"other work on the machine shows in the startup figures.\n")
    print(table(["measure", "target", "median", "p10", "p90", "met?"], rows))
    print()
    for note in notes:
        print(f"- {note}")
    if startup:
        names = list(dict.fromkeys(n for r in startup.values() for n in r.phases))
        if names:
            labels = [label for label, _ in variants]
            print("\n### Startup milestones (ms since process start, median over the measured runs of both modes)\n")
            print(table(["milestone"] + labels,
                        [[n] + [f"{startup[l].phases[n].median:.1f}" if n in startup[l].phases else "-" for l in labels]
                         for n in names]))
            print("\nmain: dynamic loading and the runtime's start; arguments parsed: ArgumentParser; settings + log: "
                  "settings, log file; view model: Wiring (HTTP clients, caches, the favorites database opened) and "
                  "AppViewModel.init; first frame: the terminal set up, the first page asked for, the start-up logo drawn; "
                  "first frame with rows: the cached page read and decoded (background), applied, drawn.")
    for label, detail in rss_details:
        print(f"\n### RSS by kind ({label}, pictures, everything loaded)\n")
        print(table(["kind", "Rss", "of which anonymous"],
                    [[k, mb(rss), mb(anon)] for k, rss, anon in detail.categories]))
        print(f"\n### RSS by mapping, top 10 ({label}, pictures; r-xp code, r--p read-only data, rw-p data)\n")
        print(table(["mapping", "Rss", "of which anonymous"],
                    [[n, mb(rss), mb(anon)] for n, rss, anon in detail.mappings[:10]]))
    if failures:
        print("\n### FAILED: the app did not run as expected\n")
        for failure in failures:
            print(f"- {failure}")
        return 1
    return 0



if __name__ == "__main__":
    run_script(main, "process bench")
