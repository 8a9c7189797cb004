// swift-tools-version:6.0
import PackageDescription

// Layers, bottom to top (each imports only the ones above it in this list):
//   TminusCore       domain models, decoding, API clients, text safety, date formatting
//   TminusArchive    the built-in r/SpaceX archive (top-level Resources/), its lists asked through the replica's query
//   TminusStore      the favorites database and the local replica of Launch Library 2 (GRDB)
//   TminusImage      pictures: decode (libpng/libjpeg), into cells (chafa) and pixels (kitty, iTerm2, sixel), fetch + cache
//   TminusRender     the drawing kit: the cell grid, styles, theme colours, the big-digit font (no app state)
//   TminusViewModel  the screens, each one folder (Screens/<Name>/: state, actions, keys, reduce, view),
//                    composed by Root/ (AppState, the router, render(state, size) -> Grid); no ncurses, no I/O
//   TminusTerminal   the ncurses backend: grid -> windows, keys, signals, the main loop
//   tminus           argument parsing and wiring

let package = Package(
    name: "tminus",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "tminus", targets: ["tminus"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
        // Property-based tests: random key sequences against a misbehaving server.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // No pkgConfig: ncursesw.pc's only cflags are -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600,
        // which SwiftPM drops from a system library ("prohibited flag(s)") and shim.h does not
        // need (it sets the wide-character macros itself). The module map links -lncursesw
        // (on Debian a linker script that adds -ltinfo); libncursesw5-dev comes from `make deps`.
        .systemLibrary(name: "CNcurses"),
        .target(name: "CWidth"),
        // The C allocator's bytes in use (mallinfo2): the footprint line and the tests that
        // check the C libraries release what they allocate.
        .target(name: "CMemory"),
        // Signal handlers, which must be async-signal-safe, and the crash path's terminal
        // restore: compiled C, apart from curses (a system-library module cannot hold a .c).
        .target(name: "CTerminalSignals"),
        // HTTP: the system's libcurl, driven directly (FoundationNetworking's URLSession spins a
        // core while it waits on a slow server), and the C that calls its variadic setopt. Its
        // headers only (libcurl4-openssl-dev): the library itself is opened on the first request
        // (curl_transfer.c says why), so nothing links it.
        .systemLibrary(name: "CCurl"),
        .target(name: "CCurlTransfer", dependencies: ["CCurl"]),
        // Picture decoding: the system's libpng and libjpeg(-turbo), and a little C that
        // catches their errors (libjpeg reports them with longjmp, which Swift cannot).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .target(name: "CImageCodecs", dependencies: ["CPNG", "CJPEG"]),
        // Pictures into terminal cells (symbols, colours, dithering): the system's libchafa.
        // Its headers include glib's, which Debian's libchafa-dev does not pull in, hence
        // libglib2.0-dev too; chafa.pc's flags are -I only, which SwiftPM accepts.
        .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
        .target(
            name: "TminusImage",
            dependencies: ["CImageCodecs", "CChafa", "TminusCore"]
        ),
        // The commit the release build was made from (--version), as a C macro.
        .target(name: "CBuildInfo"),
        .target(
            name: "TminusCore",
            dependencies: ["CWidth", "CMemory", "CCurl", "CCurlTransfer", "CBuildInfo", .product(name: "Logging", package: "swift-log"),
                           .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        // The built-in r/SpaceX archive (the SpaceX source's cache of last resort): the data file
        // `Scripts/build_archive.py` writes as a resource, and the few lines that read it. Its
        // directory is the package's top-level Resources/.
        .target(
            name: "TminusArchive",
            dependencies: ["TminusCore", "TminusStore"],
            path: "Resources",
            resources: [.copy("spacex-archive.json")]
        ),
        // The favorites database: SQLite through GRDB, behind TminusCore's FavoritesStore.
        // zlib: the replica's records are kept deflated (a detailed launch is ~8 KB of JSON).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "TminusStore",
            dependencies: ["TminusCore", "CZlib", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "TminusViewModel",
            dependencies: ["TminusCore", "TminusImage", "TminusRender"]
        ),
        .target(
            name: "TminusRender",
            dependencies: ["TminusCore", "TminusImage"]
        ),
        .target(
            name: "TminusTerminal",
            dependencies: ["CNcurses", "CTerminalSignals", "TminusCore", "TminusImage", "TminusViewModel", "TminusRender",
                           .product(name: "Logging", package: "swift-log")]
        ),
        .executableTarget(
            name: "tminus",
            dependencies: ["TminusCore", "TminusViewModel", "TminusRender", "TminusTerminal", "TminusStore", "TminusArchive",
                           .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "TminusCoreTests",
            dependencies: ["TminusCore", "TminusTestSupport", "TminusArchive"],
            resources: [.copy("Fixtures")]
        ),
        // Sample launches, a scripted launch source and a settable clock, shared by the
        // view-model and renderer tests.
        .target(
            name: "TminusTestSupport",
            dependencies: ["TminusCore", "TminusViewModel", "TminusImage"],
            path: "Tests/TminusTestSupport"
        ),
        // A child process for the kill-during-write test: commits favorites one by one and
        // reports each commit, until the test kills it.
        .executableTarget(
            name: "favorites-torture",
            dependencies: ["TminusCore", "TminusStore"],
            path: "Tests/FavoritesTorture"
        ),
        // `make bench`: decode / chafa / scale timings; build with -c release.
        .executableTarget(
            name: "tminus-bench",
            dependencies: ["TminusImage", "TminusCore", "TminusArchive", "TminusViewModel", "TminusRender", "TminusTerminal",
                           "TminusTestSupport", "TminusStore"],
            path: "Tests/Benchmarks",
            exclude: ["process_bench.py", "budget_bench.py"]
        ),
        .testTarget(
            name: "TminusImageTests",
            dependencies: ["TminusImage", "TminusCore", "TminusTestSupport"],
            // chafa's cells for the fixture pictures, read from the source tree (#filePath).
            exclude: ["__Goldens__"]
        ),
        // A SQLite VFS that fails the Nth write on purpose (the store's fault-injection tests).
        .target(
            name: "CFaultyVFS",
            path: "Tests/CFaultyVFS",
            linkerSettings: [.linkedLibrary("sqlite3")]
        ),
        .testTarget(
            name: "TminusStoreTests",
            dependencies: ["TminusCore", "TminusStore", "TminusTestSupport", "CFaultyVFS", "TminusViewModel",
                           .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "TminusViewModelTests",
            dependencies: ["TminusCore", "TminusViewModel", "TminusRender", "TminusTestSupport", "TminusImage", "TminusArchive",
                           .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "TminusRenderTests",
            dependencies: ["TminusCore", "TminusViewModel", "TminusRender", "TminusTestSupport", "TminusImage",
                           .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
            exclude: ["__Snapshots__"]
        ),
        // The real ncurses backend on an off-screen terminal: what a frame puts on the screen
        // and how many bytes it sends.
        .testTarget(
            name: "TminusTerminalTests",
            dependencies: ["TminusCore", "TminusImage", "TminusViewModel", "TminusRender", "TminusTerminal",
                           "TminusTestSupport"]
        ),
        // Golden/ is read from the source tree (#filePath), so that deleting a file and running
        // the test records it again: not a resource.
        .testTarget(
            name: "TminusEndToEndTests",
            // TminusRender for its big-digit font only: the countdown on screen is read back with it.
            dependencies: ["TminusCore", "TminusRender"],
            exclude: ["Golden"]
        ),
    ]
)
