#!/usr/bin/env python3
"""Soak test: the release binary left running while it is browsed, then with a countdown on
screen, then idle.

    make soak                                   # 600 s browsing, 600 s countdown, 60 s idle
    make soak SOAK_BROWSE_SECONDS=120 SOAK_SECONDS=60 SOAK_IDLE_SECONDS=40

Starts the fixture server (Tests/FixtureServer/fixture_server.py, recorded data from
$TMINUS_FIXTURES, pictures from the server itself) and `.build/release/tminus` against it in a
detached tmux session of its own (200x60, TERM=xterm-256color, NO_COLOR unset, pictures on as
chafa symbols), clock at 2022-10-08T20:00:00Z, a throw-away data dir. Then three phases:

  browse     the key loop a power user's browsing comes to (BROWSE_KEYS: past list, its end and
             top, upcoming, Rockets and its photos, back, past, down and up), a key every
             SOAK_KEY_INTERVAL seconds (default 0.05); SOAK_BROWSE_SECONDS long (default 600).
             Every picture of the 205 launches and 4 rockets comes and goes many times.
  countdown  the first upcoming launch's detail (Enter): its countdown (big digits) ticks every
             second, so the app redraws every second; SOAK_SECONDS long (default 600).
  idle       back to the list (Esc): nothing on screen changes by the second, so the app
             should wake only for its 30 s timer; SOAK_IDLE_SECONDS long (default 60).

Every SOAK_INTERVAL seconds (default 5) it samples the tminus process: written memory
(Private_Dirty in /proc/PID/smaps_rollup: the pages that are the process's own, which is what
grows if anything leaks or is never given back), resident memory (VmRSS), CPU time, the main
thread's voluntary context switches (each one is the UI loop going back to sleep in poll(), so
their count is the number of wake-ups), threads, and the screen (tmux capture-pane): in the
countdown phase the countdown must have changed since the last sample. Once a minute it prints
a line with those and the app's own count of live work, the last `footprint:` line of its log
(tasks in flight, picture slots, pictures and bytes its caches hold).

Prints one table row per phase, and for the browse phase how much written memory grew after
its first minute. Exits 1 only if the app died or the screen stopped updating (or could not be
set up); memory and CPU figures are reported, never judged.
Cleans up the tmux server, the fixture server and the temp dir, also on Ctrl-C.

Environment: TMINUS_FIXTURES (required), SOAK_BROWSE_SECONDS, SOAK_SECONDS, SOAK_IDLE_SECONDS,
SOAK_INTERVAL, SOAK_KEY_INTERVAL, TMINUS_BIN (default .build/release/tminus), SOAK_VERBOSE=1 (a
line per sample), SOAK_ARGS (more arguments for tminus, e.g. --no-images), SOAK_WRAPPER (a command
tminus runs under, e.g. `heaptrack -o /tmp/tminus`).
Standard library only.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.dont_write_bytecode = True   # no __pycache__ beside the sources
# The fixture server, tmux and /proc helpers, shared with Tests/Benchmarks/process_bench.py.
from tminus_proc import (CLOCK_TICKS, KB_PER_MB, ROOT, ProcFailure as SoakFailure, Tmux, app_command, countdown,
                         cpu_ticks, env_seconds, wait_for_tminus, read_status, shown, start_server, stop_server, wait_for,
                         run_script, written_kb)

NOW = "2022-10-08T20:00:00Z"
WIDTH, HEIGHT = 200, 60
# Issue 23's loop (tmux key names): Past, its end and top, Upcoming, its end and top, Rockets,
# two photos on and one back, Launches, Past, three rows down and one up.
BROWSE_KEYS = ["p", "G", "g", "u", "G", "g", "2", "Right", "Right", "Left", "1", "p", "j", "j", "j", "k"]


# ---------------------------------------------------------------------------------------------
# The process

@dataclass
class Sample:
    at: float          # monotonic seconds
    rss_kb: int
    written_kb: int    # Private_Dirty
    cpu_ticks: int     # utime + stime
    wakeups: int       # main thread's voluntary context switches
    threads: int
    countdown: str | None
    screen: str


# ---------------------------------------------------------------------------------------------
# Phases

@dataclass
class Phase:
    name: str
    samples: list[Sample] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    changes: int = 0     # samples whose countdown differed from the previous one

    def row(self) -> list[str]:
        first, last = self.samples[0], self.samples[-1]
        seconds = last.at - first.at
        cpu = (last.cpu_ticks - first.cpu_ticks) / CLOCK_TICKS
        wakeups = last.wakeups - first.wakeups
        mb = lambda kb: f"{kb / KB_PER_MB:.1f}"
        return [self.name, f"{seconds:.0f} s",
                f"{mb(first.written_kb)} → {mb(last.written_kb)} ({mb(max(s.written_kb for s in self.samples))})",
                mb(first.rss_kb), mb(last.rss_kb), mb(max(s.rss_kb for s in self.samples)),
                f"{cpu:.2f}", f"{100 * cpu / seconds:.2f}" if seconds else "-",
                f"{wakeups} ({wakeups / seconds:.2f}/s)" if seconds else str(wakeups),
                f"{self.changes}/{len(self.samples) - 1}" if self.name == "countdown" else "-"]


def sample(pid: int, tmux: Tmux) -> Sample:
    if tmux.dead() or not Path(f"/proc/{pid}").exists():
        raise SoakFailure(f"tminus died ({tmux.exit_status()}); last screen:\n{tmux.capture()}")
    status = read_status(pid)
    main = read_status(pid, pid)
    screen = tmux.capture()
    return Sample(at=time.monotonic(), rss_kb=int(status["VmRSS"].split()[0]), written_kb=written_kb(pid),
                  cpu_ticks=cpu_ticks(pid),
                  wakeups=int(main["voluntary_ctxt_switches"]), threads=int(status["Threads"]),
                  countdown=countdown(screen), screen=screen)


def footprint(log: Path) -> str:
    """The app's last `footprint:` log line (what it holds: tasks, picture slots, caches)."""
    try:
        with open(log, "rb") as f:
            f.seek(0, os.SEEK_END)
            f.seek(max(0, f.tell() - 65536))
            lines = [l for l in f.read().decode("utf-8", "replace").splitlines() if "footprint:" in l]
    except OSError:
        return ""
    return lines[-1].split("footprint:", 1)[1].strip() if lines else ""


def browse_keys(tmux: Tmux, until: float, key_interval: float, position: list[int]) -> None:
    """Sends the browse loop's keys, one every `key_interval` seconds, until `until`."""
    while time.monotonic() < until:
        tmux.keys(BROWSE_KEYS[position[0] % len(BROWSE_KEYS)])
        position[0] += 1
        time.sleep(max(0.0, min(key_interval, until - time.monotonic())))


def run_phase(name: str, seconds: float, interval: float, pid: int, tmux: Tmux, verbose: bool,
              check_countdown: bool, check_screen, log: Path, key_interval: float | None = None) -> Phase:
    phase = Phase(name)
    start = time.monotonic()
    phase.samples.append(sample(pid, tmux))
    last_report = start
    keys_sent = [0]
    while True:
        elapsed = time.monotonic() - start
        if elapsed >= seconds:
            break
        if key_interval is None:
            time.sleep(min(interval, seconds - elapsed))
        else:
            browse_keys(tmux, time.monotonic() + min(interval, seconds - elapsed), key_interval, keys_sent)
        current = sample(pid, tmux)
        previous = phase.samples[-1]
        phase.samples.append(current)
        problem = check_screen(current.screen)
        if problem:
            phase.problems.append(f"{name} t={current.at - start:.0f}s: {problem}")
        if check_countdown:
            if current.countdown is None:
                phase.problems.append(f"{name} t={current.at - start:.0f}s: no countdown on screen")
            elif current.countdown != previous.countdown:
                phase.changes += 1
            elif current.at - previous.at >= 1.5:
                phase.problems.append(f"{name} t={current.at - start:.0f}s: the countdown stayed at "
                                      f"{shown(current.countdown)} for {current.at - previous.at:.1f} s")
        if verbose or current.at - last_report >= 60 or time.monotonic() - start >= seconds:
            last_report = current.at
            extra = f"keys {keys_sent[0]:5}  " if key_interval is not None else ""
            print(f"  {name:9} t={current.at - start:5.0f}s  written {current.written_kb / KB_PER_MB:6.1f} MB  "
                  f"rss {current.rss_kb / KB_PER_MB:6.1f} MB  "
                  f"cpu {(current.cpu_ticks - phase.samples[0].cpu_ticks) / CLOCK_TICKS:6.2f} s  "
                  f"wake-ups {current.wakeups - phase.samples[0].wakeups:5}  threads {current.threads:3}  "
                  f"{extra}{shown(current.countdown)}", flush=True)
            print(f"  {'':9} app: {footprint(log) or '(no footprint line yet)'}", flush=True)
    return phase


def growth_after_first_minute(phase: Phase) -> str:
    """Written memory from the first sample a minute in to the last, and the largest rise."""
    later = [s for s in phase.samples if s.at - phase.samples[0].at >= 60]
    if len(later) < 2:
        return "(shorter than a minute: no growth figure)"
    base = later[0]
    return (f"written memory after the first minute: {base.written_kb / KB_PER_MB:.1f} → "
            f"{later[-1].written_kb / KB_PER_MB:.1f} MB ({(later[-1].written_kb - base.written_kb) / KB_PER_MB:+.2f} MB, "
            f"peak {max(s.written_kb for s in later) / KB_PER_MB:.1f} MB) over {later[-1].at - base.at:.0f} s")


def print_table(phases: list[Phase]) -> None:
    header = ["phase", "duration", "written MB start → end (max)", "RSS start MB", "RSS end MB", "RSS max MB", "CPU s", "CPU % of a core",
              "wake-ups (main thread)", "countdown changed"]
    rows = [header] + [p.row() for p in phases]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    line = lambda r: "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |"
    print(line(header))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows[1:]:
        print(line(r))


def main() -> int:
    browse_seconds = env_seconds("SOAK_BROWSE_SECONDS", 600)
    key_interval = max(0.01, env_seconds("SOAK_KEY_INTERVAL", 0.05))
    seconds = env_seconds("SOAK_SECONDS", 600)
    idle_seconds = env_seconds("SOAK_IDLE_SECONDS", 60)
    interval = max(1.0, env_seconds("SOAK_INTERVAL", 5))
    verbose = os.environ.get("SOAK_VERBOSE", "") not in ("", "0")
    fixtures = os.environ.get("TMINUS_FIXTURES", "").strip()
    if not fixtures or not Path(fixtures, "spacex", "v5", "launches.json").is_file():
        raise SoakFailure("TMINUS_FIXTURES must point at the recorded API data (spacex/v5/launches.json); "
                          "`make soak` sets it when ../shared/fixtures exists")
    binary = Path(os.environ.get("TMINUS_BIN") or ROOT / ".build" / "release" / "tminus")
    if not os.access(binary, os.X_OK):
        raise SoakFailure(f"no tminus binary at {binary}: run `make release` (or `make soak`) first")
    if not shutil.which("tmux"):
        raise SoakFailure("tmux is not installed")

    workdir = Path(tempfile.mkdtemp(prefix="tminus-soak-"))
    tmux = Tmux(f"tminus-soak-{os.getpid()}", WIDTH, HEIGHT)
    server = None
    try:
        # Every launch's patch a picture of its own, as on the real API (else one file serves all).
        server, port = start_server(fixtures, workdir, distinct_images=True)
        base = f"http://127.0.0.1:{port}"
        data_dir = workdir / "data"
        data_dir.mkdir()
        # --source spacex: the soak follows the r/SpaceX fixture (Launch Library 2 is the default).
        # SOAK_WRAPPER runs tminus under a tool (heaptrack, valgrind --tool=massif); the samples
        # are still of the tminus process (the pane's child then).
        args = [*os.environ.get("SOAK_WRAPPER", "").split(), str(binary), "--source", "spacex", "--spacex-api", base, "--ll2-api", f"{base}/2.2.0", "--now", NOW, "--tz", "UTC",
                "--data-dir", str(data_dir), "--browser", "/bin/true", *os.environ.get("SOAK_ARGS", "").split()]
        log = data_dir / "state" / "tminus.log"
        # exec: the pane's process is tminus itself. env -u: the user's settings stay out.
        command = app_command(args)
        print(f"soak: {binary.relative_to(ROOT) if binary.is_relative_to(ROOT) else binary} against {base}, "
              f"{WIDTH}x{HEIGHT}, browse {browse_seconds:.0f} s, countdown {seconds:.0f} s, idle {idle_seconds:.0f} s, "
              f"a sample every {interval:.0f} s",
              flush=True)
        tmux.start(command)
        pid = wait_for_tminus(int(tmux.display("#{pane_pid}")))
        tmux.app_pid = pid

        wait_for(tmux, "the launch list", lambda s: "UPCOMING" in s and "Upcoming" in s)
        phases = []
        if browse_seconds > 0:
            phases.append(run_phase("browse", browse_seconds, interval, pid, tmux, verbose, False, lambda s: None,
                                    log, key_interval=key_interval))
            # Back where the countdown starts: the Launches tab's Upcoming list, its first row.
            tmux.keys("Escape", "1", "u", "g")
            wait_for(tmux, "the upcoming list after browsing", lambda s: "UPCOMING" in s and "Upcoming" in s)
        # The first upcoming launch's detail with its countdown.
        tmux.keys("Home", "Enter")
        screen = wait_for(tmux, "a ticking countdown", lambda s: countdown(s) is not None)
        # The name row, without the patch box drawn left of it.
        title = next((l.strip(" ░▀▄▌▐█◉○") for l in screen.splitlines()[1:3] if l.strip()), "?")
        print(f"soak: detail open: {' '.join(title.split())}", flush=True)

        phases.append(run_phase("countdown", seconds, interval, pid, tmux, verbose, True,
                                lambda s: None if "until launch" in s or "since NET" in s else "the detail screen is gone",
                                log))

        if not phases[-1].problems:
            tmux.keys("Escape")
            # (At 200x60 the list's preview shows the countdown too: the MISSION header tells the list.)
            wait_for(tmux, "the launch list again", lambda s: "MISSION" in s)
        if idle_seconds > 0 and not phases[-1].problems:
            phases.append(run_phase("idle", idle_seconds, interval, pid, tmux, verbose, False,
                                    lambda s: None if "MISSION" in s else "the launch list is gone", log))

        print()
        print_table(phases)
        if phases[0].name == "browse":
            print(f"\nbrowse: {growth_after_first_minute(phases[0])}")
        hwm = read_status(pid).get("VmHWM", "?")
        print(f"\npeak RSS over the whole run (VmHWM): {hwm}; written memory is Private_Dirty (the process's own "
              f"pages: what grows if memory is kept), RSS adds the binary and libraries it maps; CPU % is of one "
              f"core; wake-ups are the UI thread's voluntary context switches (each a return to poll()).")
        problems = [p for phase in phases for p in phase.problems]
        if problems:
            print("\nFAILED: the screen stopped updating:\n  " + "\n  ".join(problems[:10]))
            return 1
        if tmux.dead():
            raise SoakFailure(f"tminus exited ({tmux.exit_status()})")
        tmux.keys("q")
        print("soak: ok")
        return 0
    finally:
        tmux.kill()
        stop_server(server)
        shutil.rmtree(workdir, ignore_errors=True)



if __name__ == "__main__":
    run_script(main, "soak")
