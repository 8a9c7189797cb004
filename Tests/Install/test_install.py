"""`make install` into a temporary prefix, what it put there working from elsewhere, and
`make uninstall` taking all of it away again; and a second `make run` building nothing.

    python3 -m unittest discover -s Tests/Install -v

It installs the shipped build, the release one (`make test` runs it so; in CI that is a fresh
clone building it from nothing, a few minutes). INSTALL_CONFIGURATION=debug installs the debug
build instead, for a quicker run by hand; the release-only checks then skip.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MAKE = os.environ.get("MAKE", "make")
CONFIGURATION = os.environ.get("INSTALL_CONFIGURATION", "release")

# What install must put in the prefix, and all it may: uninstall must take away every one.
INSTALLED = [
    "bin/tminus",
    "share/tminus/spacex-archive.json",
    "share/man/man1/tminus.1",
    "share/bash-completion/completions/tminus",
    "share/zsh/site-functions/_tminus",
    "share/fish/vendor_completions.d/tminus.fish",
]


def make(target: str, *arguments: str) -> str:
    """Runs make in the repository; its output (stdout and stderr together) when it succeeds."""
    started = time.monotonic()
    result = subprocess.run([MAKE, "-C", str(REPO), "--no-print-directory", target, *arguments,
                             f"INSTALL_CONFIGURATION={CONFIGURATION}"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        raise AssertionError(f"make {target} failed ({result.returncode}):\n{result.stdout}")
    print(f"make {target} ({CONFIGURATION}): {time.monotonic() - started:.1f} s")
    return result.stdout


def install(prefix: Path) -> None:
    make("install", f"PREFIX={prefix}")


def uninstall(prefix: Path) -> None:
    make("uninstall", f"PREFIX={prefix}")


# What SwiftPM prints for a step that builds something; a build with nothing to do prints none.
BUILD_STEP = re.compile(r"^\[\d+/\d+\] (Compiling|Emitting|Linking|Merging|Wrapping)|^Compiling plugin", re.M)


def files_under(directory: Path) -> list[str]:
    return sorted(str(path.relative_to(directory)) for path in directory.rglob("*") if not path.is_dir())


class InstallTest(unittest.TestCase):
    """One install per class; each test runs the installed files from a directory away from the
    repository, with a home of its own (no config file, no cache)."""

    @classmethod
    def setUpClass(cls) -> None:
        cls.scratch = Path(tempfile.mkdtemp(prefix="tminus-install-test-"))
        cls.prefix = cls.scratch / "prefix"
        cls.home = cls.scratch / "home"
        cls.home.mkdir()
        install(cls.prefix)

    @classmethod
    def tearDownClass(cls) -> None:
        shutil.rmtree(cls.scratch, ignore_errors=True)

    def run_here(self, command: list[str], **kwargs) -> subprocess.CompletedProcess:
        env = dict(os.environ, HOME=str(self.home), XDG_CONFIG_HOME=str(self.home / ".config"),
                   XDG_CACHE_HOME=str(self.home / ".cache"), XDG_DATA_HOME=str(self.home / ".local/share"))
        return subprocess.run(command, cwd=self.home, env=env, capture_output=True, text=True, timeout=60, **kwargs)

    def test_installs_exactly_its_files(self) -> None:
        self.assertEqual(files_under(self.prefix), sorted(INSTALLED))
        self.assertTrue(os.access(self.prefix / "bin/tminus", os.X_OK))

    def test_installed_binary_prints_its_version(self) -> None:
        result = self.run_here([str(self.prefix / "bin/tminus"), "--version"])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertRegex(result.stdout.strip(), r"^\d+\.\d+")

    @unittest.skipUnless(CONFIGURATION == "release", "the debug build links the Swift runtime dynamically")
    def test_installed_binary_needs_nothing_from_the_swift_toolchain(self) -> None:
        # The release build has the Swift runtime and Foundation inside it, so a user may remove
        # or move the toolchain; it is stripped (the symbols are most of a 100 MB binary).
        dynamic = subprocess.run(["readelf", "--dynamic", str(self.prefix / "bin/tminus")],
                                 capture_output=True, text=True, check=True).stdout
        needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic)
        self.assertIn("libncursesw.so.6", needed)
        self.assertEqual([lib for lib in needed if re.match(r"lib(swift|Foundation|_Foundation|dispatch|BlocksRuntime)", lib)],
                         [])
        self.assertEqual(re.findall(r"\((?:RPATH|RUNPATH)\)\s+Library r(?:un)?path: \[([^\]]+)\]", dynamic), ["$ORIGIN"])
        sections = subprocess.run(["readelf", "--section-headers", str(self.prefix / "bin/tminus")],
                                  capture_output=True, text=True, check=True).stdout
        self.assertNotIn(".symtab", sections)
        self.assertNotIn(".debug_info", sections)
        # And it runs, though the loader has no path to the toolchain's libraries.
        result = self.run_here([str(self.prefix / "bin/tminus"), "list", "--help"])
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_man_page_reads(self) -> None:
        result = self.run_here(["man", "-l", "-P", "cat", str(self.prefix / "share/man/man1/tminus.1")],
                               )
        self.assertEqual(result.returncode, 0, result.stderr)
        page = result.stdout
        for words in ["NAME", "SYNOPSIS", "--offline", "--source", "list", "rockets", "favorites"]:
            self.assertIn(words, page)
        # Dated by the last commit, not by the day it was built.
        committed = subprocess.run(["git", "-C", str(REPO), "log", "-1", "--format=%cs"],
                                   capture_output=True, text=True).stdout.strip()
        if committed:
            year, month, day = (int(part) for part in committed.split("-"))
            month_name = ["January", "February", "March", "April", "May", "June", "July", "August",
                          "September", "October", "November", "December"][month - 1]
            source = (self.prefix / "share/man/man1/tminus.1").read_text()
            self.assertIn(f"\n.Dd {month_name} {day}, {year}\n", source)

    def test_bash_completion_registers_and_completes_subcommands(self) -> None:
        script = self.prefix / "share/bash-completion/completions/tminus"
        # Sourced as bash-completion would; then the function it registers asked for `tminus <TAB>`.
        result = self.run_here(["bash", "-c", f"""
            source {script} || exit 1
            complete -p tminus || exit 2
            function=$(complete -p tminus | grep -oE -- '-F [^ ]+' | cut -d' ' -f2)
            COMP_WORDS=(tminus ''); COMP_CWORD=1; COMP_LINE='tminus '; COMP_POINT=7
            "$function" tminus '' tminus
            printf '%s\\n' "${{COMPREPLY[@]}}"
        """])
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = result.stdout.splitlines()
        self.assertRegex(lines[0], r"^complete .*-F \S+ tminus$")
        for subcommand in ["next", "list", "rockets", "favorites", "ics"]:
            self.assertIn(subcommand, lines[1:])

    def test_zsh_registers_the_completion_for_tminus(self) -> None:
        site_functions = self.prefix / "share/zsh/site-functions"
        self.assertTrue((site_functions / "_tminus").read_text().startswith("#compdef tminus"))
        # As a user's .zshrc would: the directory on fpath before compinit, which reads the
        # #compdef line and maps the command to the function.
        result = self.run_here(["zsh", "-f", "-c", f"""
            zsh -n {site_functions}/_tminus || exit 1
            fpath=({site_functions} $fpath)
            autoload -Uz compinit && compinit -u -D
            print -r -- "$_comps[tminus]"
        """])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip(), "_tminus")

    def test_fish_completes_the_subcommands(self) -> None:
        script = self.prefix / "share/fish/vendor_completions.d/tminus.fish"
        # fish's own completion engine, asked what `tminus <TAB>` and `tminus list --<TAB>` offer.
        result = self.run_here(["fish", "--no-config", "-c", f"""
            source {script}; or exit 1
            complete --do-complete 'tminus '
            echo ---
            complete --do-complete 'tminus list --'
        """])
        self.assertEqual(result.returncode, 0, result.stderr)
        subcommands, options = result.stdout.split("---\n")
        offered = [line.split("\t")[0] for line in subcommands.splitlines()]
        for subcommand in ["next", "list", "rockets", "favorites", "ics", "doctor"]:
            self.assertIn(subcommand, offered)
        self.assertIn("--json", [line.split("\t")[0] for line in options.splitlines()])

    def test_installed_binary_finds_the_built_in_archive(self) -> None:
        # Only the app reads the archive (the subcommands do not), so the app runs in tmux: a
        # newcomer offline, whose list can come from the archive only — PREFIX/share/tminus, as
        # no SwiftPM resource bundle is beside PREFIX/bin/tminus.
        self.assertFalse(list((self.prefix / "bin").glob("*.resources")))
        session = f"tminus-install-{uuid.uuid4().hex[:8]}"
        command = (f"cd / && HOME={self.home} XDG_CONFIG_HOME={self.home}/.config XDG_CACHE_HOME={self.home}/.cache "
                   f"{self.prefix}/bin/tminus --offline --no-images --tz UTC --source spacex --data-dir {self.home}/data")
        subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "160", "-y", "40", command], check=True)
        try:
            screen = ""
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                screen = subprocess.run(["tmux", "capture-pane", "-p", "-t", session],
                                        capture_output=True, text=True).stdout
                if "built-in archive" in screen and "Galaxy 33" in screen:
                    break
                time.sleep(0.2)
            self.assertIn("built-in archive, data to 2022-10", screen)
            self.assertIn("Galaxy 33", screen)
        finally:
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


class MakeRunTest(unittest.TestCase):
    def test_a_second_make_run_builds_nothing(self) -> None:
        # The first may build (or not, after the install above); the second must only check.
        make("run", "ARGS=--version")
        output = make("run", "ARGS=--version")
        self.assertEqual(BUILD_STEP.findall(output), [], output)
        self.assertIn("Build of product 'tminus' complete", output)
        self.assertRegex(output, r"(?m)^\d+\.\d+\.\d+( \(commit [0-9a-f]+(-dirty)?\))?$")


class UninstallTest(unittest.TestCase):
    def test_uninstall_removes_everything_install_put_there(self) -> None:
        scratch = Path(tempfile.mkdtemp(prefix="tminus-uninstall-test-"))
        try:
            prefix = scratch / "prefix"
            # Something of someone else's in a shared directory stays.
            other = prefix / "share/man/man1/other.1"
            other.parent.mkdir(parents=True)
            other.write_text("not tminus's\n")
            install(prefix)
            self.assertEqual(files_under(prefix), sorted(INSTALLED + ["share/man/man1/other.1"]))
            uninstall(prefix)
            self.assertEqual(files_under(prefix), ["share/man/man1/other.1"])
            self.assertFalse((prefix / "share/tminus").exists())
        finally:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
