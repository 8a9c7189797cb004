"""`make dist`: the Debian package and the tarball, each opened in a throwaway folder and run
from there; nothing is installed on the machine itself.

    python3 -m unittest discover -s Tests/Install -p 'test_dist.py' -v

It packages the shipped build, the release one (`make test` runs it after the install test,
which has built it); INSTALL_CONFIGURATION=debug packages the debug build for a quicker run
by hand (the release-only checks then skip).
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import tarfile
import tempfile
import unittest
from pathlib import Path

from test_install import CONFIGURATION, REPO, make

DIST = REPO / "dist"


def run(*command: str | Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in command], text=True, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)


def expected_commit() -> str:
    return run("git", "-C", REPO, "describe", "--always", "--dirty", "--abbrev=12", "--exclude=*").stdout.strip()


class DistTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        out = make("dist")
        cls.version = re.search(r'current = "([^"]+)"', (REPO / "Sources/TminusCore/Support/Version.swift").read_text()).group(1)
        cls.arch = run("dpkg", "--print-architecture").stdout.strip()
        cls.deb = DIST / f"tminus_{cls.version}_{cls.arch}.deb"
        cls.tarball = DIST / f"tminus-{cls.version}-linux-{platform.machine()}.tar.gz"
        cls.work = Path(tempfile.mkdtemp(prefix="tminus-dist-"))
        assert cls.deb.exists() and cls.tarball.exists(), out

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work, ignore_errors=True)

    def installed_runs(self, binary: Path, data: Path) -> None:
        """--version names the version and the commit; the archive's launches show offline."""
        said = run(binary, "--version")
        self.assertEqual(said.returncode, 0, said.stderr)
        if CONFIGURATION == "release":
            self.assertEqual(said.stdout.strip(), f"{self.version} (commit {expected_commit()})")
        env = {k: v for k, v in os.environ.items() if not k.startswith("TMINUS_")}
        listed = run(binary, "list", "--offline", "--source", "spacex", "--limit", "3", "--data-dir", data, env=env)
        self.assertEqual(listed.returncode, 0, listed.stderr)
        lines = listed.stdout.splitlines()
        self.assertEqual(lines[0].split(), ["DATE", "STATUS", "NAME", "ROCKET", "PROVIDER"], listed.stdout)
        self.assertEqual(len(lines), 4, listed.stdout)
        if CONFIGURATION == "release":
            libraries = run("ldd", binary).stdout
            self.assertNotRegex(libraries, r"libswift|libFoundation|libdispatch|libBlocksRuntime", libraries)

    def test_the_deb_installs_into_a_root_of_its_own_and_runs_from_there(self):
        info = run("dpkg-deb", "--field", self.deb, "Package", "Version", "Architecture", "Depends", "Maintainer")
        self.assertEqual(info.returncode, 0, info.stderr)
        fields = dict(line.split(": ", 1) for line in info.stdout.splitlines())
        self.assertEqual((fields["Package"], fields["Version"], fields["Architecture"]), ("tminus", self.version, self.arch))
        for library in ("libncursesw6", "libsqlite3-0", "libcurl4 (>= 7.16.0)", "libchafa0", "libc6"):
            self.assertIn(library, fields["Depends"])
        self.assertNotIn("swift", fields["Depends"].lower())
        files = run("dpkg-deb", "--contents", self.deb).stdout
        for path in ("./usr/bin/tminus", "./usr/share/tminus/spacex-archive.json", "./usr/share/man/man1/tminus.1.gz",
                     "./usr/share/bash-completion/completions/tminus", "./usr/share/zsh/vendor-completions/_tminus",
                     "./usr/share/fish/vendor_completions.d/tminus.fish", "./usr/share/doc/tminus/copyright",
                     "./usr/share/doc/tminus/changelog.gz"):
            self.assertIn(path, files)
        self.assertNotRegex(files, r" (?!root/root)\S+/\S+ ", "every file owned by root")

        root = self.work / "deb-root"
        unpacked = run("dpkg-deb", "-x", self.deb, root)
        self.assertEqual(unpacked.returncode, 0, unpacked.stderr)
        self.installed_runs(root / "usr/bin/tminus", self.work / "deb-data")
        page = run("man", "-l", root / "usr/share/man/man1/tminus.1.gz", env=dict(os.environ, MANPAGER="cat", PAGER="cat", MANWIDTH="80"))
        self.assertEqual(page.returncode, 0, page.stderr)
        self.assertIn("tminus", page.stdout)
        self.assertIn("--provider", page.stdout)

    @unittest.skipUnless(shutil.which("lintian"), "lintian is not installed")
    def test_lintian_finds_no_error(self):
        checked = run("lintian", "--fail-on", "error", "--no-tag-display-limit", self.deb)
        self.assertEqual(checked.returncode, 0, checked.stdout + checked.stderr)
        self.assertNotRegex(checked.stdout, r"^E: ", checked.stdout)

    def test_the_tarball_holds_the_same_files_under_one_folder_and_runs_from_there(self):
        top = self.tarball.name.removesuffix(".tar.gz")
        with tarfile.open(self.tarball) as tar:
            names = tar.getnames()
            self.assertTrue(all(n == top or n.startswith(top + "/") for n in names), names[:5])
            for member in ("bin/tminus", "share/tminus/spacex-archive.json", "share/man/man1/tminus.1",
                           "share/bash-completion/completions/tminus", "share/zsh/site-functions/_tminus",
                           "share/fish/vendor_completions.d/tminus.fish", "INSTALL", "COPYRIGHT"):
                self.assertIn(f"{top}/{member}", names)
            self.assertTrue(all(m.uid == 0 and m.gid == 0 for m in tar.getmembers()))
            tar.extractall(self.work / "tar", filter="tar")
        self.installed_runs(self.work / "tar" / top / "bin/tminus", self.work / "tar-data")

    def test_the_same_commit_makes_the_same_packages(self):
        first = (self.deb.read_bytes(), self.tarball.read_bytes())
        make("dist")
        self.assertEqual(first, (self.deb.read_bytes(), self.tarball.read_bytes()))


if __name__ == "__main__":
    unittest.main()
