# tminus — the two commands a new machine needs: `make run` and `make test`.
# Both install what is missing first (Debian packages through apt-get; Swift packages are
# fetched by SwiftPM itself).

SHELL        := /bin/bash
SWIFT        ?= swift
# ncurses (wide-character build) for the UI; SQLite for the favorites database (GRDB links
# the system library); libpng and libjpeg(-turbo) to decode pictures; libchafa (and glib's headers, which chafa.h includes) to
# turn them into terminal cells; libcurl for HTTP; pkg-config for SwiftPM to find them; tmux and
# python3 run the end-to-end tests (the binary in tmux against the fixture HTTP server); Xvfb,
# xterm, xwd (x11-apps), ImageMagick and xdotool run the sixel one (a real xterm, read back as
# pixels; xdotool types the keys and resizes it).
APT_PACKAGES := libncursesw5-dev libsqlite3-dev libpng-dev libjpeg-dev libchafa-dev libglib2.0-dev libcurl4-openssl-dev pkg-config tmux python3 ncurses-term xvfb xterm x11-apps imagemagick xdotool
# Real recorded API data lives beside the project; tests that need it skip without it.
TMINUS_FIXTURES ?= $(if $(wildcard ../shared/fixtures),$(abspath ../shared/fixtures),)
export TMINUS_FIXTURES
# Arguments for `make run`, e.g. make run ARGS="--tz Europe/Warsaw"
ARGS ?=

# apt-get needs root: use sudo only when not root already.
SUDO := $(shell [ "$$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1 && echo sudo)

.PHONY: run test build release deps unit e2e bench soak archive clean

run: deps release
	.build/release/tminus $(ARGS)

# swift test prints XCTest's "Executed 0 tests" (we use Swift Testing) before the real count,
# so the run ends with one plain line that totals both runners.
test: deps build
	set -o pipefail; TMINUS_BIN=$(CURDIR)/.build/debug/tminus $(SWIFT) test 2>&1 | tee .build/swift-test.log
	set -o pipefail; python3 -m unittest discover -s Tests/FixtureServer -t Tests/FixtureServer 2>&1 | tee .build/python-test.log
	@swift=$$(grep -oE 'Test run with [0-9]+ tests?' .build/swift-test.log | grep -oE '[0-9]+' | tail -1); \
	python=$$(grep -oE '^Ran [0-9]+ tests?' .build/python-test.log | grep -oE '[0-9]+' | tail -1); \
	echo "tests: $$(( $${swift:-0} + $${python:-0} )) passed, 0 failed"

# Only the fast layers (decoding, view models, snapshots).
unit: deps
	$(SWIFT) test --skip TminusEndToEndTests

# Only the end-to-end tests (real binary in tmux against the fixture server).
e2e: deps build
	TMINUS_BIN=$(CURDIR)/.build/debug/tminus $(SWIFT) test --filter TminusEndToEndTests

# Timings in release mode (median and spread); figures are written up in the README.
bench: deps
	$(SWIFT) build -c release --product tminus-bench
	.build/release/tminus-bench
	$(SWIFT) build -c release --product tminus && TMINUS_BIN=$(CURDIR)/.build/release/tminus BENCH_IDLE_SECONDS=$(BENCH_IDLE_SECONDS) python3 Tests/Benchmarks/process_bench.py

# The release binary left running (fixture server, tmux): a ticking countdown for SOAK_SECONDS,
# then idle on the list for SOAK_IDLE_SECONDS; prints memory, CPU and wake-ups per phase.
# e.g. make soak SOAK_SECONDS=60 SOAK_IDLE_SECONDS=40
SOAK_SECONDS      ?= 600
SOAK_IDLE_SECONDS ?= 60
soak: deps release
	SOAK_SECONDS=$(SOAK_SECONDS) SOAK_IDLE_SECONDS=$(SOAK_IDLE_SECONDS) python3 Tests/Soak/soak.py

build:
	$(SWIFT) build --build-tests

# The built-in r/SpaceX archive (Resources/spacex-archive.json), written again from the recorded
# API data. Not part of `make test`: a test checks that the committed file is what this writes.
archive:
	python3 Scripts/build_archive.py $(TMINUS_FIXTURES)/spacex Resources/spacex-archive.json

release:
	$(SWIFT) build -c release --product tminus

deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do dpkg -s "$$p" >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

clean:
	rm -rf .build
