#!/usr/bin/env python3
"""`make dist`: the release build as a Debian package and as a tarball, in dist/.

    dist/tminus_<version>_<arch>.deb              (arch as dpkg names it: amd64, arm64)
    dist/tminus-<version>-linux-<arch>.tar.gz     (arch as the kernel names it: x86_64, aarch64)

Both hold what `make install` writes (the binary, stripped, with the Swift runtime linked in;
the built-in archive; the man page; bash, zsh and fish completions) plus the copyright and
changelog files. The .deb puts them where Debian does (/usr, the man page gzipped, zsh's
completion in vendor-completions) and depends on the Debian libraries the binary links, as
dpkg-shlibdeps finds them; the tarball keeps `make install`'s layout under one top folder
with an INSTALL note. Same commit, same files: dates come from the last commit, owners are root.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import os
import platform
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MAKE = os.environ.get("MAKE", "make")
MAINTAINER = "tminus developers <tminus@users.noreply.github.com>"
HOMEPAGE = "https://github.com/tminus-app/tminus"
SUMMARY = "terminal app for following rocket launches"
DESCRIPTION = """\
 tminus is a full-screen terminal app for following rocket launches, made to
 stay open in a tmux pane: upcoming and past launches from Launch Library 2
 (every provider, refreshed within its hourly request budget) with countdowns,
 every detail, rockets, events, news and boosters; favorites and reminders in
 a local SQLite database; mission patches and rocket photos drawn in the
 terminal. The r/SpaceX API's final dataset is built in, so it shows launches
 without network. Subcommands print the next launch or a list for scripts and
 status bars."""
# Opened with dlopen on the first request (not linked, so dpkg-shlibdeps cannot see it).
DLOPENED = "libcurl4 (>= 7.16.0)"


def run(*command: str | Path, cwd: Path | None = None, env: dict | None = None) -> str:
    result = subprocess.run([str(c) for c in command], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if result.returncode != 0:
        sys.exit(f"make_dist: {' '.join(map(str, command))} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
    return result.stdout


def commit_epoch() -> int:
    """The last commit's time: every date in the packages (reproducible); outside git, now."""
    said = subprocess.run(["git", "-C", str(REPO), "log", "-1", "--format=%ct"], text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.strip()
    return int(said) if said.isdigit() else int(__import__("time").time())


def gzip_file(path: Path, epoch: int) -> Path:
    """`gzip -9n`: no name, the commit's time, so the same input gives the same bytes."""
    target = path.with_name(path.name + ".gz")
    with open(path, "rb") as source, open(target, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=epoch) as out:
            shutil.copyfileobj(source, out)
    path.unlink()
    return target


def copyright_text() -> str:
    return f"""\
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: tminus
Upstream-Contact: {MAINTAINER}
Source: {HOMEPAGE}

Files: *
Copyright: 2026 the tminus developers
License: all-rights-reserved
 No licence has been chosen for tminus yet: until one is, the authors keep
 every right, and this package may be used but not redistributed.

Files: usr/bin/tminus
Copyright: 2014-2026 Apple Inc. and the Swift project authors
License: Apache-2.0 with Runtime Library Exception
 The binary links the Swift standard library and Foundation statically. They are
 licensed under the Apache License, Version 2.0, with the Runtime Library
 Exception. On Debian systems the Apache License is in
 /usr/share/common-licenses/Apache-2.0.

Files: usr/share/tminus/spacex-archive.json
Copyright: 2019-2022 the r/SpaceX API contributors
License: Apache-2.0
 The final dataset of the r/SpaceX API (https://github.com/r-spacex/SpaceX-API),
 Apache License, Version 2.0: /usr/share/common-licenses/Apache-2.0.
"""


def changelog_text(version: str, commit: str, epoch: int) -> str:
    date = run("date", "-R", "-u", "-d", f"@{epoch}").strip()
    return f"""\
tminus ({version}) unstable; urgency=medium

  * Built from commit {commit}.

 -- {MAINTAINER}  {date}
"""


def installed_size_kb(root: Path) -> int:
    return sum(-(-p.stat().st_size // 1024) for p in root.rglob("*") if p.is_file() and "DEBIAN" not in p.parts)


def depends(stage: Path, binary: Path) -> str:
    """The Debian packages of the libraries the binary links, with the versions it needs."""
    debian = stage / "debian"
    debian.mkdir(exist_ok=True)
    (debian / "control").write_text("Source: tminus\n\nPackage: tminus\nArchitecture: any\n")
    out = run("dpkg-shlibdeps", "-O", f"-e{binary.relative_to(stage)}", cwd=stage)
    shutil.rmtree(debian)
    for line in out.splitlines():
        if line.startswith("shlibs:Depends="):
            return ", ".join(sorted(line.split("=", 1)[1].strip().split(", ") + [DLOPENED]))
    sys.exit(f"make_dist: dpkg-shlibdeps said nothing of the libraries:\n{out}")


def normalise(root: Path, epoch: int) -> None:
    """Directories 0755, files 0644 (the binary 0755), every time the commit's."""
    for path in sorted(root.rglob("*"), reverse=True):
        if path.is_symlink():
            continue
        if path.is_dir():
            path.chmod(0o755)
        elif path.parent.name == "bin" or path.parent.name == "DEBIAN" and path.name in ("postinst", "prerm"):
            path.chmod(0o755)
        else:
            path.chmod(0o644)
        os.utime(path, (epoch, epoch), follow_symlinks=False)
    os.utime(root, (epoch, epoch))


def without_hashbang(completion: Path) -> None:
    """bash-completion sources the file: the generator's `#!/bin/bash` line means nothing there."""
    lines = completion.read_text().splitlines(keepends=True)
    if lines and lines[0].startswith("#!"):
        completion.write_text("".join(lines[1:]))


def build_deb(staged: Path, work: Path, version: str, commit: str, epoch: int, dist: Path) -> Path:
    root = work / "deb"
    shutil.copytree(staged, root, symlinks=True)
    usr = root / "usr"
    # Debian's places: zsh's vendor completions, the man page gzipped, the doc files.
    zsh = usr / "share/zsh/site-functions/_tminus"
    (usr / "share/zsh/vendor-completions").mkdir(parents=True)
    zsh.rename(usr / "share/zsh/vendor-completions/_tminus")
    (usr / "share/zsh/site-functions").rmdir()
    gzip_file(usr / "share/man/man1/tminus.1", epoch)
    doc = usr / "share/doc/tminus"
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(copyright_text())
    (doc / "changelog").write_text(changelog_text(version, commit, epoch))
    gzip_file(doc / "changelog", epoch)

    arch = run("dpkg", "--print-architecture").strip()
    control = root / "DEBIAN"
    control.mkdir()
    sums = []
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "DEBIAN" not in p.relative_to(root).parts):
        sums.append(f"{hashlib.md5(path.read_bytes()).hexdigest()}  {path.relative_to(root)}\n")
    (control / "md5sums").write_text("".join(sums))
    (control / "control").write_text(
        f"Package: tminus\nVersion: {version}\nArchitecture: {arch}\nMaintainer: {MAINTAINER}\n"
        f"Installed-Size: {installed_size_kb(root)}\nDepends: {depends(work, root / 'usr/bin/tminus')}\n"
        f"Section: utils\nPriority: optional\nHomepage: {HOMEPAGE}\nDescription: {SUMMARY}\n{DESCRIPTION}\n")
    normalise(root, epoch)
    deb = dist / f"tminus_{version}_{arch}.deb"
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(epoch))
    run("fakeroot", "dpkg-deb", "--root-owner-group", "-Zxz", "--build", root, deb, env=env)
    return deb


def build_tarball(staged: Path, work: Path, version: str, commit: str, epoch: int, dist: Path) -> Path:
    top = f"tminus-{version}-linux-{platform.machine()}"
    root = work / top
    shutil.copytree(staged / "usr", root, symlinks=True)
    (root / "COPYRIGHT").write_text(copyright_text())
    (root / "CHANGELOG").write_text(changelog_text(version, commit, epoch))
    (root / "INSTALL").write_text(f"""\
tminus {version} ({commit}) for Linux {platform.machine()}

Copy the folders into a prefix, for example ~/.local or /usr/local:

    cp -r bin share ~/.local/

then run `tminus` (with ~/.local/bin on your PATH). The binary finds its built-in archive in
../share/tminus from its own folder, so it also runs from here: ./bin/tminus

It needs these Debian/Ubuntu libraries (or your system's equivalents): libncursesw6,
libsqlite3-0, libpng16-16, libjpeg62-turbo (libjpeg-turbo8 on Ubuntu), libchafa0, libglib2.0-0,
libcurl4. The Swift runtime is inside the binary.

The man page is share/man/man1/tminus.1 (man -l share/man/man1/tminus.1); completions for bash,
zsh and fish are under share/.
""")
    normalise(root, epoch)
    tarball = dist / f"{top}.tar.gz"

    def owned_by_root(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = "root"
        info.mtime = epoch
        return info

    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
        tar.add(root, arcname=top, filter=owned_by_root, recursive=False)
        for path in sorted(root.rglob("*")):
            tar.add(path, arcname=f"{top}/{path.relative_to(root)}", filter=owned_by_root, recursive=False)
    with open(tarball, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=epoch) as out:
        out.write(buffer.getvalue())
    return tarball


def main() -> None:
    dist = REPO / "dist"
    dist.mkdir(exist_ok=True)
    work = REPO / ".build" / "dist"
    shutil.rmtree(work, ignore_errors=True)
    staged = work / "staged"
    configuration = os.environ.get("INSTALL_CONFIGURATION", "release")
    run(MAKE, "-C", REPO, "--no-print-directory", "install", f"DESTDIR={staged}", "PREFIX=/usr",
        f"INSTALL_CONFIGURATION={configuration}")
    without_hashbang(staged / "usr/share/bash-completion/completions/tminus")
    said = run(staged / "usr/bin/tminus", "--version").strip()  # `0.1.0 (commit 1a2b3c4)`
    version = said.split()[0]
    commit = said.split("commit ", 1)[1].rstrip(")") if "commit " in said else "unknown"
    epoch = commit_epoch()
    for old in dist.glob("tminus*"):
        old.unlink()
    deb = build_deb(staged, work, version, commit, epoch, dist)
    tarball = build_tarball(staged, work, version, commit, epoch, dist)
    print(f"{deb.relative_to(REPO)}\n{tarball.relative_to(REPO)}")


if __name__ == "__main__":
    main()
