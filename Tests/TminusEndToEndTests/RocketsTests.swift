import Foundation
import Testing

/// The Rockets tab (issue 3), driven key by key with the real binary in tmux against the
/// fixture server: the list, a rocket's page and its pager, the Units modal and the settings
/// file it writes, a rocket's launches, and a failed load.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct RocketsTests {
    /// One fixture server, browser stand-in and data dir, shared by every run of the app a test
    /// starts (a restart keeps the data dir, as a user's next session would).
    static func rig(faults: [Fault] = []) throws -> AppRig {
        // One-line launch rows, read line by line (pictures have their own suite).
        try AppRig(prefix: "tminus-e2e-rockets", faults: faults, defaults: AppRig.galaxyEve + ["--no-images"])
    }

    static let falcon1ID = "5e9d0d95eda69955f709d1eb"

    // MARK: Screen helpers

    /// `2`, then the rocket list with all four rockets.
    static func openRocketsTab(_ tmux: TmuxSession) async throws -> String {
        try tmux.sendKeys("2")
        return try await tmux.waitUntil("the four rockets") {
            $0.contains("4 rockets") && $0.contains("Starship") && $0.contains("Falcon Heavy")
        }
    }

    /// From the rocket list (Falcon 1 selected), opens rocket `index` (0 Falcon 1 … 3 Starship).
    @discardableResult
    static func openRocket(_ index: Int, _ tmux: TmuxSession) async throws -> String {
        for _ in 0..<index { try tmux.sendKeys("j") }
        try tmux.sendKeys("Enter")
        // The whole page, figures included: a capture can land between two writes of a frame.
        return try await tmux.waitUntil("rocket \(index)'s page drawn") {
            $0.contains(pager(index)) && heightFigure($0).map { !$0.isEmpty } == true && $0.contains("Overview")
        }
    }

    /// The page indicator of rocket `index` of 4: `○ ● ○ ○`.
    static func pager(_ index: Int) -> String {
        (0..<4).map { $0 == index ? "●" : "○" }.joined(separator: " ")
    }

    /// Row `n` (0-based) of a screen.
    static func row(_ screen: String, _ n: Int) -> String {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return rows.indices.contains(n) ? String(rows[n]) : ""
    }

    /// The figure under HEIGHT on a rocket page (`70 m`, `229.7 ft`).
    static func heightFigure(_ screen: String) -> String? {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let i = rows.firstIndex(where: { $0.contains("HEIGHT") && $0.contains("PAYLOAD TO LEO") }),
              rows.indices.contains(i + 1) else { return nil }
        return rows[i + 1].trimmingCharacters(in: .whitespaces).components(separatedBy: "  ").first
    }

    /// `image N/M` on a rocket page.
    static func gallery(_ screen: String) -> (index: Int, count: Int)? {
        guard let range = screen.range(of: #"image \d+/\d+"#, options: .regularExpression) else { return nil }
        let numbers = screen[range].dropFirst("image ".count).split(separator: "/").compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    /// Rows of a rocket's launch list: name and the mark at the end of the row.
    static func launchRows(_ screen: String) -> [(name: String, mark: String)] {
        screen.split(separator: "\n").compactMap { line -> (String, String)? in
            let text = line.dropFirst(2)
            guard text.hasPrefix("◉ ") || text.hasPrefix("○ ") else { return nil }
            let name = text.dropFirst(2).components(separatedBy: "  ").first?.trimmingCharacters(in: .whitespaces) ?? ""
            let mark = line.trimmingCharacters(in: .whitespaces).last.map(String.init) ?? ""
            return (name, mark)
        }
    }

    /// The value of the first `label` row in the section under `heading` (`Burn time      -` → `-`).
    static func value(of label: String, after heading: String, in screen: String) -> String? {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = rows.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == heading }) else { return nil }
        for row in rows[(start + 1)...] {
            let text = row.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { return nil }  // the section ended
            // The value ends at a wide gap.
            if text.hasPrefix(label) {
                return String(text.dropFirst(label.count)).trimmingCharacters(in: .whitespaces)
                    .components(separatedBy: "   ").first
            }
        }
        return nil
    }

    /// Closes the Units modal and waits until it is gone.
    static func closeUnits(_ tmux: TmuxSession) async throws -> String {
        try tmux.sendKeys("Escape")
        return try await tmux.waitUntil("the Units modal closed") { !$0.contains("Space toggles") && !$0.contains("─ Units ─") }
    }

    /// `q`, and the app has exited cleanly.
    static func quit(_ tmux: TmuxSession) async throws {
        try tmux.sendKeys("q")
        let exit = try await tmux.waitForExit()
        #expect(exit.status == 0, "tminus \(exit)")
    }

    // MARK: 1. The issue's scenario

    @Test func heightInFeetIsSavedAndAppliesOnTheNextRun() async throws {
        let rig = try Self.rig()
        var tmux = try await rig.start()
        let list = try await Self.openRocketsTab(tmux)
        let falcon9 = try #require(list.split(separator: "\n").first { $0.contains("  Falcon 9 · SpaceX  ") }, "\(list)")
        #expect(falcon9.contains("● active") && falcon9.hasSuffix("98%"), "\(falcon9)")
        #expect(list.contains("Falcon 9 is a two-stage rocket") && list.contains("…"), "descriptions cut with …")
        #expect(list.split(separator: "\n").first { $0.contains("  Starship · SpaceX  ") }?.contains("○ retired") == true)
        var page = try await Self.openRocket(1, tmux)
        #expect(Self.row(page, 1).contains("Falcon 9"))
        #expect(Self.heightFigure(page) == "70 m", "\(page)")

        try tmux.sendKeys("U")
        let modal = try await tmux.waitFor("Space toggles")
        for row in ["Height", "Diameter", "Mass", "Payload"] {
            #expect(modal.contains(row), "Units modal row \(row)")
        }
        try tmux.sendKeys("Space")
        // The page behind the modal changes at once.
        try await tmux.waitFor("229.7 ft")
        page = try await Self.closeUnits(tmux)
        #expect(Self.heightFigure(page) == "229.7 ft")
        #expect(page.contains("3.7 m") && page.contains("549,054 kg") && page.contains("22,800 kg"),
                "only the height changed unit")
        try await Self.quit(tmux)

        var units = try rig.savedUnits()
        #expect(units["height"] == "imperial")
        #expect(units["diameter"] == "metric" && units["mass"] == "metric" && units["payload"] == "metric")

        // The next run, same data dir.
        tmux = try await rig.start()
        _ = try await Self.openRocketsTab(tmux)
        page = try await Self.openRocket(1, tmux)
        #expect(Self.heightFigure(page) == "229.7 ft", "\(page)")
        #expect(!page.contains("70 m"))
        try await Self.quit(tmux)
        units = try rig.savedUnits()
        #expect(units["height"] == "imperial")
    }

    // MARK: 2. A rocket's launches

    @Test func falcon1LaunchesAreListedNewestFirstAndOpen() async throws {
        let rig = try Self.rig()
        let tmux = try await rig.start()
        _ = try await Self.openRocketsTab(tmux)
        try await Self.openRocket(0, tmux)
        try tmux.sendKeys("L")
        var screen = try await tmux.waitUntil("Falcon 1's launches") { $0.contains("Falcon 1 launches") && $0.contains("FalconSat") }
        let rows = Self.launchRows(screen)
        #expect(rows.map(\.name) == ["RazakSat", "RatSat", "Trailblazer", "DemoSat", "FalconSat"], "\(screen)")
        #expect(rows.map(\.mark) == ["✓", "✓", "✗", "✗", "✗"])
        #expect(screen.contains("5 launches"))
        #expect(screen.split(separator: "\n").first { $0.contains("FalconSat") }?.contains("2006-03-24 22:30") == true)

        // ✓ green (34), ✗ red (196).
        let colours = tmux.captureWithEscapes().split(separator: "\n").map(String.init)
        let falconSat = try #require(colours.first { $0.contains("FalconSat") })
        #expect(falconSat.contains("38;5;196m✗"), "FalconSat's ✗ is red: \(falconSat)")
        let razakSat = try #require(colours.first { $0.contains("RazakSat") })
        #expect(razakSat.contains("38;5;34m✓"), "RazakSat's ✓ is green: \(razakSat)")

        // The request: this rocket's launches, newest first.
        let queries = try await rig.server.requests().filter { $0.path == "/v5/launches/query" }.compactMap(\.bodyJSON)
            .compactMap { $0 as? [String: Any] }
        let query = try #require(queries.first { ($0["query"] as? [String: Any])?["rocket"] as? String == Self.falcon1ID },
                                 "no query for rocket \(Self.falcon1ID) in \(queries)")
        let sort = (query["options"] as? [String: Any])?["sort"] as? [String: String]
        #expect(sort?["date_utc"] == "desc")

        // FalconSat's detail, then back twice.
        try tmux.sendKeys("G")
        try await tmux.waitFor("› ◉ FalconSat")
        try tmux.sendKeys("Enter")
        screen = try await tmux.waitFor("merlin engine failure")
        #expect(screen.contains("FAILED"))
        #expect(screen.contains("2006-03-24 22:30:00 UTC"))
        try tmux.sendKeys("Escape")
        screen = try await tmux.waitUntil("back at the launches") { $0.contains("Falcon 1 launches") && !$0.contains("merlin engine failure") }
        #expect(screen.contains("› ◉ FalconSat"), "the selection stayed on FalconSat")
        try tmux.sendKeys("Escape")
        screen = try await tmux.waitUntil("back on the rocket page") { $0.contains(Self.pager(0)) && !$0.contains("Falcon 1 launches") }
        #expect(Self.row(screen, 1).contains("Falcon 1"))
    }

    // MARK: 3. The pager and the gallery

    @Test func pagerStopsAtTheEndsAndTheGallerySteps() async throws {
        let rig = try Self.rig()
        let tmux = try await rig.start()
        _ = try await Self.openRocketsTab(tmux)
        try await Self.openRocket(0, tmux)
        try tmux.sendKeys("l")
        try await tmux.waitFor(Self.pager(1))
        try tmux.sendKeys("l")
        try await tmux.waitFor(Self.pager(2))
        try tmux.sendKeys("l")
        var screen = try await tmux.waitFor(Self.pager(3))
        #expect(Self.row(screen, 1).contains("Starship"))
        var image = try #require(Self.gallery(screen))
        #expect(image.count == 4)

        // A fourth `l` is ignored; the `]` after it proves it was read.
        try tmux.sendKeys("l")
        try tmux.type("]")
        let next = image.index % image.count + 1
        screen = try await tmux.waitUntil("image \(next)/4") { Self.gallery($0)?.index == next }
        #expect(screen.contains(Self.pager(3)) && Self.row(screen, 1).contains("Starship"), "still on Starship")

        try tmux.sendKeys("h")
        screen = try await tmux.waitFor(Self.pager(2))
        #expect(Self.row(screen, 1).contains("Falcon Heavy"))

        // `]` forward, `[` back, both wrapping around the gallery.
        image = try #require(Self.gallery(screen))
        #expect(image.count == 4)
        let start = image.index
        try tmux.type("]")
        let forward = start % image.count + 1
        try await tmux.waitUntil("image \(forward)/\(image.count)") { Self.gallery($0)?.index == forward }
        try tmux.type("[")
        try await tmux.waitUntil("image \(start)/\(image.count)") { Self.gallery($0)?.index == start }
        try tmux.type("[")
        let backward = (start + image.count - 2) % image.count + 1
        try await tmux.waitUntil("image \(backward)/\(image.count)") { Self.gallery($0)?.index == backward }
        // Four `]` go all the way round. The `j` after them scrolls the body (the Overview
        // heading leaves the screen), which proves every `]` before it was read.
        #expect(screen.contains("  Overview"))
        for _ in 0..<image.count { try tmux.type("]") }
        try tmux.sendKeys("j")
        screen = try await tmux.waitUntil("the body scrolled") { !$0.contains("  Overview") }
        #expect(Self.gallery(screen)?.index == backward, "four `]` go all the way round:\n\(screen)")

        // And the other end: `h` stops at Falcon 1.
        for _ in 0..<3 { try tmux.sendKeys("h") }
        screen = try await tmux.waitFor(Self.pager(0))
        try tmux.sendKeys("h")
        try tmux.type("]")
        let falcon1 = try #require(Self.gallery(screen))
        let falcon1Next = falcon1.index % falcon1.count + 1
        screen = try await tmux.waitUntil("image \(falcon1Next)/\(falcon1.count)") { Self.gallery($0)?.index == falcon1Next }
        #expect(screen.contains(Self.pager(0)) && Self.row(screen, 1).contains("Falcon 1"), "still on Falcon 1")
    }

    // MARK: 4. Wikipedia

    @Test func oOpensTheRocketsWikipediaPage() async throws {
        let rig = try Self.rig()
        let tmux = try await rig.start()
        _ = try await Self.openRocketsTab(tmux)
        try await Self.openRocket(1, tmux)
        try tmux.sendKeys("o")
        #expect(try await rig.browser.waitForURL() == "https://en.wikipedia.org/wiki/Falcon_9")
        #expect(rig.browser.openedURLs().count == 1)
        #expect(tmux.isAlive)
    }

    // MARK: 5. Missing figures

    @Test func starshipHasNoBurnTimes() async throws {
        let rig = try Self.rig()
        // 80x24: the body is short enough that the stages need scrolling to.
        let tmux = try await rig.start(width: 80, height: 24)
        _ = try await Self.openRocketsTab(tmux)
        var screen = try await Self.openRocket(3, tmux)
        #expect(Self.row(screen, 1).contains("Starship"))

        var firstStage = Self.value(of: "Burn time", after: "First stage", in: screen)
        var steps = 0
        while !(screen.contains("Second stage") && Self.value(of: "Burn time", after: "Second stage", in: screen) != nil) {
            steps += 1
            try #require(steps <= 30, "Second stage never came into view:\n\(screen)")
            let before = screen
            try tmux.sendKeys("j")
            screen = try await tmux.waitUntil("the body scrolled by a line") { $0 != before }
            firstStage = firstStage ?? Self.value(of: "Burn time", after: "First stage", in: screen)
        }
        #expect(steps > 0, "at 80x24 the second stage starts below the fold")
        #expect(firstStage == "-", "first stage burn time")
        #expect(Self.value(of: "Burn time", after: "Second stage", in: screen) == "-", "second stage burn time:\n\(screen)")
        #expect(Self.value(of: "Engines", after: "Second stage", in: screen) == "6")

        // PgDn to the end (the photo leaves six rows of specs at 80x24): the rest of the body
        // is there, and the app is fine.
        steps = 0
        while !screen.contains("Wikipedia") {
            steps += 1
            try #require(steps <= 5, "Wikipedia never came into view:\n\(screen)")
            let before = screen
            try tmux.sendKeys("PageDown")
            screen = try await tmux.waitUntil("a page further") { $0 != before }
        }
        #expect(screen.contains("https://en.wikipedia.org/wiki/SpaceX_Starship"))
    }

    // MARK: 6. A corrupt settings file

    @Test func aCorruptSettingsFileIsKeptUntilAUnitIsToggled() async throws {
        let rig = try Self.rig()
        let garbage = Data("{\"units\": {\"height\": tall, \u{1}\u{7f} not json".utf8) + Data([0xff, 0xfe, 0x00, 0x0a])
        try FileManager.default.createDirectory(at: rig.settingsFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try garbage.write(to: rig.settingsFile)

        // Wide enough for the whole message.
        var tmux = try await rig.start(width: 140)
        var screen = try await tmux.waitFor("is corrupt")
        let status = Self.row(screen, tmux.height - 1)
        #expect(status.contains("settings file settings.json is corrupt"), "status line: \(status)")
        #expect(status.contains("using defaults"), "status line: \(status)")
        // Defaults: metric.
        _ = try await Self.openRocketsTab(tmux)
        screen = try await Self.openRocket(1, tmux)
        #expect(Self.heightFigure(screen) == "70 m")
        try await Self.quit(tmux)
        #expect(try Data(contentsOf: rig.settingsFile) == garbage, "the corrupt file is left as it was")
        #expect(!FileManager.default.fileExists(atPath: rig.corruptSettingsFile.path))

        // Second run: still corrupt, now the user toggles a unit.
        tmux = try await rig.start(width: 140)
        try await tmux.waitFor("is corrupt")
        _ = try await Self.openRocketsTab(tmux)
        screen = try await Self.openRocket(1, tmux)
        #expect(Self.heightFigure(screen) == "70 m")
        try tmux.sendKeys("U")
        try await tmux.waitFor("Space toggles")
        try tmux.sendKeys("Space")
        try await tmux.waitFor("229.7 ft")
        screen = try await Self.closeUnits(tmux)
        #expect(Self.heightFigure(screen) == "229.7 ft")
        try await tmux.waitUntil("the settings saved") { _ in
            FileManager.default.fileExists(atPath: rig.corruptSettingsFile.path)
        }
        try await Self.quit(tmux)

        #expect(try Data(contentsOf: rig.corruptSettingsFile) == garbage, "the garbage is kept aside, byte for byte")
        let units = try rig.savedUnits()
        #expect(units == ["height": "imperial", "diameter": "metric", "mass": "metric", "payload": "metric"])
    }

    // MARK: 7. Units is a rockets-only key

    @Test func uOnTheLaunchesTabDoesNothing() async throws {
        let rig = try Self.rig()
        let tmux = try await rig.start()
        // U, then `?`: the help that opens proves U was read, and nothing else opened.
        try tmux.sendKeys("U")
        try tmux.sendKeys("?")
        var screen = try await tmux.waitFor("Keys: launch list")
        #expect(!screen.contains("Space toggles") && !screen.contains("─ Units ─"), "no Units modal:\n\(screen)")
        try tmux.sendKeys("Escape")
        try await tmux.waitUntil("help closed") { !$0.contains("Keys: launch list") }

        // Also after a visit to the Rockets tab, and on a launch's detail.
        _ = try await Self.openRocketsTab(tmux)
        try tmux.sendKeys("1")
        try await tmux.waitFor("Upcoming │ Past")
        try tmux.sendKeys("U", "Enter")
        screen = try await tmux.waitFor("until launch")
        #expect(!screen.contains("Space toggles") && !screen.contains("─ Units ─"), "no Units modal:\n\(screen)")
        try tmux.sendKeys("U", "?")
        screen = try await tmux.waitFor("Keys: launch detail")
        #expect(!screen.contains("Space toggles") && !screen.contains("─ Units ─"), "no Units modal:\n\(screen)")
        #expect(!FileManager.default.fileExists(atPath: rig.settingsFile.path), "nothing was saved")
    }

    // MARK: 8. Rockets failing to load

    @Test func aFailedRocketsLoadSaysSoAndRRetries() async throws {
        let rig = try Self.rig(faults: [.status(503, path: "/v4/rockets", count: 1)])
        let tmux = try await rig.start()
        try tmux.sendKeys("2")
        // Nothing cached: the built-in archive's rockets meanwhile, labelled, with the reason.
        var screen = try await tmux.waitFor("server error (HTTP 503) — retrying in")
        #expect(screen.contains("built-in archive, data to 2022-10") && screen.contains("Falcon Heavy"), "\(screen)")
        try tmux.sendKeys("r")
        screen = try await tmux.waitUntil("the rockets") {
            $0.contains("4 rockets") && $0.contains("Falcon Heavy") && !$0.contains("built-in archive")
        }
        #expect(!screen.contains("server error"))
        #expect(screen.contains("● active") && screen.contains("○ retired") && screen.contains("98%"))
        let rocketRequests = try await rig.server.requests().filter { $0.method == "GET" && $0.path.hasPrefix("/v4/rockets") }
        #expect(rocketRequests.count == 2, "one failed request and one retry")
        #expect(tmux.isAlive)
    }
}
