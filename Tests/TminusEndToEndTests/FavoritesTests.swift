import Foundation
import Testing

/// Favorites (issue 4), driven key by key with the real binary in tmux against the fixture
/// server: `f` on a rocket and on a launch, the Favorites tab, what survives a restart, two
/// instances on one database, `--offline`, and a corrupt database file.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct FavoritesTests {
    /// One fixture server and data dir, shared by every run of the app a test starts (a
    /// restart keeps the data dir, as a user's next session would).
    static func rig() throws -> AppRig {
        try AppRig(prefix: "tminus-e2e-favorites", defaults: AppRig.galaxyEve)
    }

    static let galaxy33 = "Galaxy 33 (15R) & 34 (12R)"

    // MARK: Screen helpers

    /// Row `n` (0-based) of a screen.
    static func row(_ screen: String, _ n: Int) -> String {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return rows.indices.contains(n) ? String(rows[n]) : ""
    }

    /// The first row that contains `text`.
    static func line(_ screen: String, containing text: String) -> String? {
        screen.split(separator: "\n").first { $0.contains(text) }.map(String.init)
    }

    static func count(_ text: String, in screen: String) -> Int {
        screen.components(separatedBy: text).count - 1
    }

    /// The counts on the Favorites tab's heading: `1 rocket · 0 launches`.
    static func counts(rockets: Int, launches: Int) -> String {
        "\(rockets) rocket\(rockets == 1 ? "" : "s") · \(launches) launch\(launches == 1 ? "" : "es")"
    }

    /// `2`, then the rocket list with all four rockets.
    @discardableResult
    static func openRocketsTab(_ tmux: TmuxSession) async throws -> String {
        try tmux.sendKeys("2")
        return try await tmux.waitUntil("the four rockets") {
            $0.contains("4 rockets") && $0.contains("Starship") && $0.contains("Falcon Heavy")
        }
    }

    /// `3`, then the Favorites tab once it shows these counts.
    @discardableResult
    static func openFavoritesTab(_ tmux: TmuxSession, rockets: Int, launches: Int) async throws -> String {
        try tmux.sendKeys("3")
        let counts = counts(rockets: rockets, launches: launches)
        return try await tmux.waitUntil("the Favorites tab with \(counts)") {
            $0.contains(" Favorites ") && $0.contains(counts)
        }
    }

    /// From the rocket list (Falcon 1 selected): Falcon 9 selected, then `f`.
    @discardableResult
    static func favoriteFalcon9(_ tmux: TmuxSession) async throws -> String {
        try tmux.sendKeys("j")
        // The row starts with the selection mark, then the thumbnail box, then the name.
        try await tmux.waitUntil("Falcon 9 selected") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("›") && $0.contains("Falcon 9") && !$0.contains("Falcon 9 is") }
        }
        try tmux.sendKeys("f")
        return try await tmux.waitFor("Falcon 9 ★")
    }

    /// `q`, and the app has exited cleanly.
    static func quit(_ tmux: TmuxSession) async throws {
        try tmux.sendKeys("q")
        let exit = try await tmux.waitForExit()
        #expect(exit.status == 0, "tminus \(exit)")
    }

    /// The countdown on a row: `T-00d 03:04:52`.
    static func countdown(_ row: String) -> String? {
        row.range(of: #"T-\d\dd \d\d:\d\d:\d\d"#, options: .regularExpression).map { String(row[$0]) }
    }

    // MARK: 1. The issue's scenario

    @Test func aFavoriteRocketStaysAcrossRestartsUntilRemoved() async throws {
        let rig = try Self.rig()
        var tmux = try await rig.start()
        try await Self.openRocketsTab(tmux)
        var screen = try await Self.favoriteFalcon9(tmux)
        let falcon9 = try #require(Self.line(screen, containing: "Falcon 9 ★"))
        #expect(falcon9.contains("● active") && falcon9.hasSuffix("98%"), "\(falcon9)")
        #expect(Self.count("★", in: screen) == 1, "only Falcon 9 is marked:\n\(screen)")

        screen = try await Self.openFavoritesTab(tmux, rockets: 1, launches: 0)
        #expect(screen.contains("  Rockets"))
        #expect(!screen.contains("Watched launches"))
        let row = try #require(Self.line(screen, containing: "Falcon 9"))
        #expect(row.hasPrefix("› ▲ Falcon 9"), "the one row, selected: \(row)")
        #expect(row.contains("Falcon 9 is a two-stage rocket"), "with its description: \(row)")
        try await Self.quit(tmux)
        #expect(FileManager.default.fileExists(atPath: rig.database.path))

        // The next run, same data dir: still there, on the tab and as a ★ on the list.
        tmux = try await rig.start()
        screen = try await Self.openFavoritesTab(tmux, rockets: 1, launches: 0)
        #expect(Self.line(screen, containing: "Falcon 9")?.hasPrefix("› ▲ Falcon 9") == true, "\(screen)")
        screen = try await Self.openRocketsTab(tmux)
        #expect(Self.line(screen, containing: "Falcon 9")?.contains("Falcon 9 ★") == true, "\(screen)")

        // Removed with x on the tab.
        try tmux.sendKeys("3")
        try await tmux.waitFor(Self.counts(rockets: 1, launches: 0))
        try tmux.sendKeys("x")
        screen = try await tmux.waitFor("No favorites yet.")
        let lines = screen.split(separator: "\n")
        #expect(!lines.dropLast().contains { $0.contains("Falcon 9") }, "\(screen)")
        #expect(lines.last?.contains("removed Falcon 9 · u puts it back") == true, "said, with the way back: \(screen)")
        #expect(screen.contains("Press f on a rocket (tab 2) to keep it here,"))
        #expect(screen.contains("or on a launch (tab 1) or an event (tab 4) to watch it."))
        #expect(screen.contains(Self.counts(rockets: 0, launches: 0)))
        screen = try await Self.openRocketsTab(tmux)
        #expect(!screen.contains("★"), "no mark left on the list:\n\(screen)")
        try await Self.quit(tmux)

        // And the run after that: still gone.
        tmux = try await rig.start()
        try tmux.sendKeys("3")
        screen = try await tmux.waitFor("No favorites yet.")
        #expect(screen.contains(Self.counts(rockets: 0, launches: 0)))
        screen = try await Self.openRocketsTab(tmux)
        #expect(!screen.contains("★"), "\(screen)")
        try await Self.quit(tmux)
    }

    // MARK: 2. A watched launch and its countdown

    @Test func aLaunchWatchedFromItsDetailCountsDownOnTheTab() async throws {
        let rig = try Self.rig()
        let tmux = try await rig.start()
        try tmux.sendKeys("Enter")
        var screen = try await tmux.waitFor("until launch")
        #expect(Self.row(screen, 1).contains(Self.galaxy33))
        #expect(!screen.contains("★ watched"))
        try tmux.sendKeys("f")
        screen = try await tmux.waitFor("★ watched")
        #expect(Self.row(screen, 1).contains("\(Self.galaxy33) ★ watched"), "on the title: \(Self.row(screen, 1))")

        // Back on the list, the row has its ★.
        try tmux.sendKeys("Escape")
        screen = try await tmux.waitFor("Upcoming │ Past")
        #expect(Self.line(screen, containing: Self.galaxy33)?.contains("\(Self.galaxy33) ★") == true, "\(screen)")
        #expect(Self.count("★", in: screen) == 1, "only Galaxy 33 is marked:\n\(screen)")

        // The Favorites tab: under Watched launches, with its countdown, ticking.
        screen = try await Self.openFavoritesTab(tmux, rockets: 0, launches: 1)
        #expect(screen.contains("Watched launches"))
        #expect(!screen.contains("  Rockets\n"), "no rockets section")
        var row = try #require(Self.line(screen, containing: "Galaxy 33"))
        #expect(row.hasPrefix("› "), "selected: \(row)")
        #expect(row.contains("T-00d 03:0"), "the countdown: \(row)")
        #expect(row.hasSuffix("UPCOMING"), "\(row)")
        let first = try #require(Self.countdown(row))
        screen = try await tmux.waitUntil(timeout: .seconds(5), "the countdown to tick") {
            Self.line($0, containing: "Galaxy 33").flatMap(Self.countdown).map { $0 != first } ?? false
        }
        row = try #require(Self.line(screen, containing: "Galaxy 33"))
        let next = try #require(Self.countdown(row))
        #expect(next < first, "it counts down: \(first) → \(next)")
        #expect(next.hasPrefix("T-00d 03:0"))

        // Enter opens it; f there unwatches it, and the tab empties.
        try tmux.sendKeys("Enter")
        screen = try await tmux.waitFor("until launch")
        #expect(Self.row(screen, 1).contains("\(Self.galaxy33) ★ watched"))
        try tmux.sendKeys("f")
        screen = try await tmux.waitUntil("unwatched") { !$0.contains("★ watched") && $0.contains("until launch") }
        #expect(Self.row(screen, 1).contains("☆"), "\(Self.row(screen, 1))")
        try tmux.sendKeys("Escape")
        try await tmux.waitFor("No favorites yet.")
        try await Self.quit(tmux)
    }

    // MARK: 3. Two instances on one database

    @Test func anotherInstanceSeesTheChangeOnTabThree() async throws {
        let rig = try Self.rig()
        let a = try await rig.start()
        let b = try await rig.start()
        // B has read the (empty) favorites before A saves anything.
        try b.sendKeys("3")
        try await b.waitFor("No favorites yet.")
        try b.sendKeys("1")
        try await b.waitFor("Upcoming │ Past")

        try await Self.openRocketsTab(a)
        try await Self.favoriteFalcon9(a)
        var screen = try await Self.openFavoritesTab(b, rockets: 1, launches: 0)
        #expect(Self.line(screen, containing: "Falcon 9")?.hasPrefix("› ▲ Falcon 9") == true, "\(screen)")

        // And back: B watches a launch and removes the rocket; A's `3` shows both changes.
        try b.sendKeys("1")
        try await b.waitFor("Upcoming │ Past")
        try b.sendKeys("f")
        try await b.waitFor("\(Self.galaxy33) ★")
        try await Self.openFavoritesTab(b, rockets: 1, launches: 1)
        try b.sendKeys("x")
        try await b.waitFor(Self.counts(rockets: 0, launches: 1))
        screen = try await Self.openFavoritesTab(a, rockets: 0, launches: 1)
        #expect(screen.contains("Galaxy 33") && !screen.contains("Falcon 9"), "\(screen)")
        // A's rocket list has lost its ★ too.
        screen = try await Self.openRocketsTab(a)
        #expect(!screen.contains("★"), "\(screen)")
        try await Self.quit(a)
        try await Self.quit(b)
    }

    // MARK: 4. Offline

    @Test func offlineTheFavoritesStillShowAndOpenFromTheStoredCopies() async throws {
        let rig = try Self.rig()
        var tmux = try await rig.start()
        try tmux.sendKeys("f")
        try await tmux.waitFor("\(Self.galaxy33) ★")
        try await Self.openRocketsTab(tmux)
        try await Self.favoriteFalcon9(tmux)
        try await Self.openFavoritesTab(tmux, rockets: 1, launches: 1)
        try await Self.quit(tmux)

        try await rig.server.clearRequests()
        tmux = try await rig.start(["--offline"], ready: "offline: showing what the cache holds")
        var screen = try await Self.openFavoritesTab(tmux, rockets: 1, launches: 1)
        #expect(Self.line(screen, containing: "Falcon 9")?.hasPrefix("› ▲ Falcon 9") == true, "\(screen)")
        let row = try #require(Self.line(screen, containing: "Galaxy 33"))
        #expect(row.contains("T-00d 03:0") && row.hasSuffix("UPCOMING"), "\(row)")

        // The launch's detail, from the stored copy: every field the list had.
        try tmux.sendKeys("j", "Enter")
        screen = try await tmux.waitFor("until launch")
        #expect(Self.row(screen, 1).contains("\(Self.galaxy33) ★ watched"), "\(Self.row(screen, 1))")
        #expect(screen.contains("Flight #188 · Falcon 9"), "\(screen)")
        #expect(screen.contains("NET 2022-10-08 23:05:00 UTC"))
        #expect(screen.contains("T-00d 03:0"))

        // And the rocket's page.
        try tmux.sendKeys("Escape")
        try await tmux.waitFor(Self.counts(rockets: 1, launches: 1))
        try tmux.sendKeys("k", "Enter")
        // Wait for the whole page: a capture can land between two writes of one frame.
        screen = try await tmux.waitUntil("the page drawn") { $0.contains("★ favorite") && $0.contains("HEIGHT") && $0.contains("70 m") }
        #expect(Self.row(screen, 1).contains("Falcon 9 ★ favorite"), "\(Self.row(screen, 1))")
        #expect(tmux.isAlive)
        try await Self.quit(tmux)
        #expect(try await rig.server.requests().isEmpty, "offline made no request")
    }

    // MARK: 5. A corrupt database

    @Test func aCorruptDatabaseIsKeptAsideAndANewOneWorks() async throws {
        let rig = try Self.rig()
        var garbage = Data("this is not an SQLite database, just some bytes\n".utf8)
        garbage += Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        try FileManager.default.createDirectory(at: rig.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        try garbage.write(to: rig.database)

        // Wide enough for the whole message (SQLite's own words are in it, so it is long).
        var tmux = try await rig.start(width: 300)
        var screen = try await tmux.waitFor("nothing could be read from the damaged favorites database")
        let status = Self.row(screen, tmux.height - 1)
        #expect(status.contains("file is not a database"), "SQLite's own words after the dash: \(status)")
        #expect(status.contains("kept it as favorites.sqlite.corrupt-"), "status line: \(status)")
        let copies = try rig.corruptCopies()
        #expect(copies.count == 1, "\(copies)")
        let copy = try #require(copies.first)
        #expect(status.contains(copy.lastPathComponent), "the status line names the file: \(status)")
        #expect(try Data(contentsOf: copy) == garbage, "the garbage is kept, byte for byte")

        // Favoriting works on the new database.
        try await Self.openRocketsTab(tmux)
        try await Self.favoriteFalcon9(tmux)
        screen = try await Self.openFavoritesTab(tmux, rockets: 1, launches: 0)
        #expect(screen.contains("Falcon 9"))
        try await Self.quit(tmux)
        #expect(try Data(contentsOf: rig.database) != garbage)

        // The next run opens it without complaint, and the favorite is there.
        tmux = try await rig.start(width: 300)
        screen = try await Self.openFavoritesTab(tmux, rockets: 1, launches: 0)
        #expect(!screen.contains("damaged"), "\(Self.row(screen, tmux.height - 1))")
        #expect(try rig.corruptCopies() == copies, "nothing else moved aside")
        try await Self.quit(tmux)
    }
}

extension AppRig {
    var database: URL { dataDir.appending(path: "data/favorites.sqlite") }

    /// Files beside the database named `favorites.sqlite.corrupt-…`.
    func corruptCopies() throws -> [URL] {
        let directory = database.deletingLastPathComponent()
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix("favorites.sqlite.corrupt-") }
            .sorted()
            .map { directory.appending(path: $0) }
    }
}
