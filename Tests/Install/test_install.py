"""`make install` into a temporary prefix, what it put there working from elsewhere, and
`make uninstall` taking all of it away again.

    python3 -m unittest discover -s Tests/Install -v

`make test` runs it with INSTALL_CONFIGURATION=debug, so that it installs the debug build
`make test` has just made instead of building a release one; run alone it installs whatever
INSTALL_CONFIGURATION says (release by default, as `make install` does).
"""

from __future__ import annotations

import os
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


def make(target: str, prefix: Path) -> None:
    started = time.monotonic()
    result = subprocess.run([MAKE, "-C", str(REPO), "--no-print-directory", target, f"PREFIX={prefix}",
                             f"INSTALL_CONFIGURATION={CONFIGURATION}"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise AssertionError(f"make {target} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    print(f"make {target} ({CONFIGURATION}): {time.monotonic() - started:.1f} s")


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
        make("install", cls.prefix)

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

    def test_man_page_reads(self) -> None:
        result = self.run_here(["man", "-l", "-P", "cat", str(self.prefix / "share/man/man1/tminus.1")],
                               )
        self.assertEqual(result.returncode, 0, result.stderr)
        page = result.stdout
        for words in ["NAME", "SYNOPSIS", "--offline", "--source", "list", "rockets", "favorites"]:
            self.assertIn(words, page)

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

    def test_zsh_and_fish_completions_are_for_tminus(self) -> None:
        self.assertTrue((self.prefix / "share/zsh/site-functions/_tminus").read_text().startswith("#compdef tminus"))
        self.assertIn("complete -c 'tminus'", (self.prefix / "share/fish/vendor_completions.d/tminus.fish").read_text()
                      .replace('"', "'"))

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


class UninstallTest(unittest.TestCase):
    def test_uninstall_removes_everything_install_put_there(self) -> None:
        scratch = Path(tempfile.mkdtemp(prefix="tminus-uninstall-test-"))
        try:
            prefix = scratch / "prefix"
            # Something of someone else's in a shared directory stays.
            other = prefix / "share/man/man1/other.1"
            other.parent.mkdir(parents=True)
            other.write_text("not tminus's\n")
            make("install", prefix)
            self.assertEqual(files_under(prefix), sorted(INSTALLED + ["share/man/man1/other.1"]))
            make("uninstall", prefix)
            self.assertEqual(files_under(prefix), ["share/man/man1/other.1"])
            self.assertFalse((prefix / "share/tminus").exists())
        finally:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
