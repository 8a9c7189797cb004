# tminus — the two commands a new machine needs: `make run` and `make test`.
# Both install what is missing first (Debian packages through apt-get; Swift packages are
# fetched by SwiftPM itself).

SHELL        := /bin/bash
SWIFT        ?= swift
# ncurses (wide-character build) for the UI; SQLite for the favorites database and the replica (GRDB links
# the system library), zlib for the replica's records; libpng and libjpeg(-turbo) to decode pictures; libchafa (and glib's headers, which chafa.h includes) to
# turn them into terminal cells; libcurl for HTTP; pkg-config for SwiftPM to find them; tmux and
# python3 run the end-to-end tests (the binary in tmux against the fixture HTTP server); Xvfb,
# xterm, xwd (x11-apps), ImageMagick and xdotool run the sixel one (a real xterm, read back as
# pixels; xdotool types the keys and resizes it); man-db reads the installed man page in the
# install test, and zsh and fish load the installed completions there.
# dpkg-dev (dpkg-shlibdeps), fakeroot and lintian make and check `make dist`'s Debian package.
APT_PACKAGES := libncursesw5-dev libsqlite3-dev zlib1g-dev libpng-dev libjpeg-dev libchafa-dev libglib2.0-dev libcurl4-openssl-dev pkg-config tmux python3 ncurses-term xvfb xterm x11-apps imagemagick xdotool man-db zsh fish dpkg-dev fakeroot lintian
# Real recorded API data lives beside the project; tests that need it skip without it.
TMINUS_FIXTURES ?= $(if $(wildcard ../shared/fixtures),$(abspath ../shared/fixtures),)
export TMINUS_FIXTURES
# Arguments for `make run`, e.g. make run ARGS="--tz Europe/Warsaw"
ARGS ?=
# The shipped build: optimised, with the Swift runtime and Foundation linked in (-static-stdlib).
# An installed tminus then needs only Debian's libraries: a dynamic build finds the Swift ones
# through a RUNPATH into the toolchain, and breaks when the toolchain moves. It also starts
# sooner and holds less (docs/performance.md). Linked by the toolchain's own lld: ld.gold prints
# glibc's warning about mktemp, used inside Foundation's static archive, on every link.
# Every release build passes exactly these flags, the generate-manual plugin's included (as
# `swift package` options, which its own build takes on), so none undoes another's work and a
# second `make run` builds nothing. (`swift build --static-swift-stdlib` would do the same, but
# `swift package` has no such option.)
#
# What the kernel keeps of the binary in memory (docs/performance.md): every function
# and C function in a section of its own (-function-sections), and the ones a browsing session
# runs placed side by side in the order Scripts/link-order.txt lists (`make link-order` writes it
# again), so they share the 64 kB windows the kernel maps code in; relative relocations packed
# (RELR, glibc 2.36+: 2.1 MB of relocation records read at start become 17 kB); and no dynamic
# symbol table of the binary's own functions (nothing looks them up; the dynamic loader searched
# its 13,875 names for every library symbol).
LINK_ORDER := $(CURDIR)/Scripts/link-order.txt
# The commit the release build is made from, for `tminus --version` (a C macro: CBuildInfo);
# `-dirty` when the tree has changes. Empty outside a git checkout.
COMMIT := $(shell git -C $(CURDIR) describe --always --dirty --abbrev=12 --exclude='*' 2>/dev/null)
RELEASE := -c release -Xcc '-DTMINUS_COMMIT="$(COMMIT)"' -Xswiftc -static-stdlib -Xswiftc -use-ld=lld \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
	-Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
	-Xlinker --symbol-ordering-file=$(LINK_ORDER) -Xlinker --no-warn-symbol-ordering

# apt-get needs root: use sudo only when not root already.
SUDO := $(shell [ "$$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1 && echo sudo)

.PHONY: run test build release link-order deps unit e2e bench soak archive install uninstall dist screenshots clean

run: deps release
	.build/release/tminus $(ARGS)

# swift test prints XCTest's "Executed 0 tests" (we use Swift Testing) before the real count,
# so the run ends with one plain line that totals both runners.
test: deps build
	set -o pipefail; TMINUS_BIN=$(CURDIR)/.build/debug/tminus $(SWIFT) test 2>&1 | tee .build/swift-test.log
	set -o pipefail; python3 -m unittest discover -s Tests/FixtureServer -t Tests/FixtureServer 2>&1 | tee .build/python-test.log
	set -o pipefail; python3 -m unittest discover -s Tests/Docs -t Tests/Docs 2>&1 | tee -a .build/python-test.log
	set -o pipefail; python3 -m unittest discover -s Tests/Install -t Tests/Install 2>&1 | tee -a .build/python-test.log
	@swift=$$(grep -oE 'Test run with [0-9]+ tests?' .build/swift-test.log | grep -oE '[0-9]+' | tail -1); \
	python=$$(grep -oE '^Ran [0-9]+ tests?' .build/python-test.log | grep -oE '[0-9]+' | awk '{ n += $$1 } END { print n + 0 }'); \
	echo "tests: $$(( $${swift:-0} + $${python:-0} )) passed, 0 failed"

# Only the fast layers (decoding, view models, snapshots).
unit: deps
	$(SWIFT) test --skip TminusEndToEndTests

# Only the end-to-end tests (real binary in tmux against the fixture server).
e2e: deps build
	TMINUS_BIN=$(CURDIR)/.build/debug/tminus $(SWIFT) test --filter TminusEndToEndTests

# Timings in release mode (median and spread); figures are written up in docs/performance.md.
bench: deps
	$(SWIFT) build $(RELEASE) --product tminus-bench
	.build/release/tminus-bench
	$(SWIFT) build $(RELEASE) --product tminus && TMINUS_BIN=$(CURDIR)/.build/release/tminus BENCH_IDLE_SECONDS=$(BENCH_IDLE_SECONDS) python3 Tests/Benchmarks/process_bench.py
	TMINUS_BIN=$(CURDIR)/.build/release/tminus python3 Tests/Benchmarks/budget_bench.py
	TMINUS_BIN=$(CURDIR)/.build/release/tminus python3 Tests/Benchmarks/next_bench.py

# The release binary left running (fixture server, tmux, 200x60, a picture per launch): browsed
# by a key loop for SOAK_BROWSE_SECONDS, then a ticking countdown for SOAK_SECONDS, then idle on
# the list for SOAK_IDLE_SECONDS; prints written memory, RSS, CPU, wake-ups and the app's own
# footprint line per minute and per phase.
# e.g. make soak SOAK_BROWSE_SECONDS=120 SOAK_SECONDS=60 SOAK_IDLE_SECONDS=40
SOAK_BROWSE_SECONDS ?= 600
SOAK_SECONDS        ?= 600
SOAK_IDLE_SECONDS   ?= 60
soak: deps release
	SOAK_BROWSE_SECONDS=$(SOAK_BROWSE_SECONDS) SOAK_SECONDS=$(SOAK_SECONDS) SOAK_IDLE_SECONDS=$(SOAK_IDLE_SECONDS) python3 Tests/Soak/soak.py

build:
	$(SWIFT) build --build-tests

# The built-in r/SpaceX archive (Resources/spacex-archive.json), written again from the recorded
# API data. Not part of `make test`: a test checks that the committed file is what this writes.
archive:
	python3 Scripts/build_archive.py $(TMINUS_FIXTURES)/spacex Resources/spacex-archive.json

release:
	$(SWIFT) build $(RELEASE) --product tminus

# Scripts/link-order.txt again, from the release binary run under callgrind (needs valgrind).
link-order: deps release
	@dpkg -s valgrind >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq valgrind; }
	python3 Scripts/link_order.py --bin .build/release/tminus
	# SwiftPM does not see the order file as an input of the link: link again.
	rm -f .build/release/tminus
	$(SWIFT) build $(RELEASE) --product tminus

# `make install PREFIX=~/.local` (default /usr/local; DESTDIR for packagers): the release binary,
# stripped; the built-in archive in PREFIX/share/tminus (where the binary looks, ../share/tminus
# from its own directory); a man page the argument parser's generate-manual plugin writes; and
# completions for bash, zsh and fish from the binary itself. INSTALL_CONFIGURATION=debug installs
# the debug build instead.
PREFIX                ?= /usr/local
INSTALL_CONFIGURATION ?= release
build_flags_release   := $(RELEASE)
build_flags_debug     := -c debug
# The man page is dated by the last commit (the plugin's default is today): the same source
# gives the same page. Outside a git checkout, today.
manual_date           := $(shell git -C $(CURDIR) log -1 --format=%cs 2>/dev/null)
# zsh passes PREFIX=~/.local to make with the ~ unexpanded.
prefix        := $(DESTDIR)$(patsubst ~%,$(HOME)%,$(PREFIX))
install_build := .build/$(INSTALL_CONFIGURATION)
install_stage := .build/install-$(INSTALL_CONFIGURATION)
# Everything install writes, one file each: uninstall removes exactly these.
INSTALLED := bin/tminus share/tminus/spacex-archive.json share/man/man1/tminus.1 \
             share/bash-completion/completions/tminus share/zsh/site-functions/_tminus \
             share/fish/vendor_completions.d/tminus.fish

install: deps
	$(SWIFT) build $(build_flags_$(INSTALL_CONFIGURATION)) --product tminus
	$(SWIFT) package $(build_flags_$(INSTALL_CONFIGURATION)) generate-manual --configuration $(INSTALL_CONFIGURATION) $(if $(manual_date),--date $(manual_date))
	mkdir -p $(install_stage)
	for shell in bash zsh fish; do $(install_build)/tminus --generate-completion-script $$shell > $(install_stage)/completion.$$shell || exit; done
	install -Dm755 --strip $(install_build)/tminus                                  "$(prefix)/bin/tminus"
	install -Dm644 $(install_build)/tminus_TminusArchive.resources/spacex-archive.json "$(prefix)/share/tminus/spacex-archive.json"
	install -Dm644 .build/plugins/GenerateManual/outputs/tminus/tminus.1             "$(prefix)/share/man/man1/tminus.1"
	install -Dm644 $(install_stage)/completion.bash "$(prefix)/share/bash-completion/completions/tminus"
	install -Dm644 $(install_stage)/completion.zsh  "$(prefix)/share/zsh/site-functions/_tminus"
	install -Dm644 $(install_stage)/completion.fish "$(prefix)/share/fish/vendor_completions.d/tminus.fish"

# `make dist`: dist/tminus_<version>_<arch>.deb and dist/tminus-<version>-linux-<arch>.tar.gz,
# from `make install` into a staging root (Scripts/make_dist.py says what each holds).
dist: deps
	INSTALL_CONFIGURATION=$(INSTALL_CONFIGURATION) python3 Scripts/make_dist.py

# `make screenshots`: docs/images/*.png, drawn by the release binary in a real xterm under Xvfb
# against the fixture server (Scripts/screenshots.py says which screens).
screenshots: deps release
	TMINUS_BIN=$(CURDIR)/.build/release/tminus python3 Scripts/screenshots.py

# The files above and share/tminus (tminus's own); the shared directories stay.
uninstall:
	for file in $(INSTALLED); do rm -f "$(prefix)/$$file"; done
	rmdir "$(prefix)/share/tminus" 2>/dev/null || true

deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do dpkg -s "$$p" >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

clean:
	rm -rf .build
