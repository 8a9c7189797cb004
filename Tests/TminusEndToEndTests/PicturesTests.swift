import Foundation
import Testing

/// Pictures (issue 5), with the real binary in tmux against the fixture server, which serves
/// every picture itself (`--local-images`: patches are `/images/patch.png`, rocket photos
/// alternate `/images/falcon9.jpg` and `/images/falcon_heavy.jpg`), so nothing reaches the
/// internet. A box is read back cell by cell with its colours (`StyledScreen`): glyph art is
/// `░` with a glyph, a picture is `▀`/`▄` cells in 256-colour SGR codes.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct PicturesTests {
    /// One fixture server and data dir, shared by every run of the app a test starts (a restart
    /// keeps the data dir and its picture cache, as a user's next session would): the SpaceX
    /// fixture on Galaxy 33's eve, pictures on.
    static func rig(faults: [Fault] = []) throws -> AppRig {
        try AppRig(prefix: "tminus-e2e-pictures", faults: faults, defaults: AppRig.galaxyEve)
    }

    // MARK: Where the boxes are

    /// The launch detail's patch: 8×4 cells at the left of the header rows.
    static let patchColumns = 2..<10
    static let patchRows = 1..<5
    /// Where the header text starts, right of the patch (and a gap of two).
    static let headerTextColumn = 12

    static func patch(_ screen: StyledScreen) -> [[StyledCell]] {
        screen.region(x: patchColumns, y: patchRows)
    }

    /// The rocket page's photo box: x = 2, rows 2…6 (12 rows from 40 rows on), twice as wide
    /// as tall, at most a third of the width.
    /// The rocket page's photo box (`ScreenLayout`: 80 % of the pane as a 3:2 photo, as tall as
    /// the figures and six specs rows leave room for), at the two sizes these tests use.
    static func rocketBox(width: Int, height: Int) -> (x: Range<Int>, y: Range<Int>) {
        switch (width, height) {
        case (100, 30): (2..<50, 2..<18)  // 48×16, the summary beside it
        case (100, 40): (2..<62, 2..<22)  // 60×20 (half the height, issue 37), the summary beside it
        default: fatalError("no photo box written down for \(width)x\(height)")
        }
    }

    // MARK: Screen helpers

    /// `p`, and the Past list with Crew-5 (the newest) selected.
    static func openPastList(_ tmux: TmuxSession) async throws {
        try tmux.sendKeys("p")
        try await tmux.waitUntil("the Past list with Crew-5 selected") { screen in
            screen.contains("187 launches")
                && screen.split(separator: "\n").contains { $0.hasPrefix("›") && $0.contains("Crew-5") }
        }
    }

    /// Crew-5's detail, completely drawn: the header beside the patch, the body, the key hints,
    /// and a patch box that is either glyph art or a picture (not half drawn).
    /// - Parameter hints: the status line shows the key hints (not a message).
    static func crew5Drawn(_ screen: StyledScreen, hints: Bool = true) -> Bool {
        let text = screen.text
        return screen.text(1).contains("Crew-5") && screen.text(2).contains("Flight #187")
            && screen.text(3).contains("launched successfully") && screen.text(5).contains("Links")
            && text.contains("Flight         #187") && (!hints || screen.text(screen.rows.count - 1).contains("q quit"))
            && (PictureBox.isPlaceholder(patch(screen)) || PictureBox.isPicture(patch(screen))
                || PictureBox.isUncolouredPicture(patch(screen)))
    }

    /// From the list with Crew-5 selected: `Enter`, and its detail drawn.
    @discardableResult
    static func openCrew5(_ tmux: TmuxSession) async throws -> StyledScreen {
        try tmux.sendKeys("Enter")
        return try await tmux.waitUntilStyled("Crew-5's detail drawn") { crew5Drawn($0) }
    }

    /// Waits for Crew-5's patch picture (a decoded picture in the box, the header beside it).
    @discardableResult
    static func waitForPatchPicture(_ tmux: TmuxSession, hints: Bool = true,
                                    timeout: Duration = .seconds(15)) async throws -> StyledScreen {
        try await tmux.waitUntilStyled(timeout: timeout, "Crew-5's patch as a picture") {
            crew5Drawn($0, hints: hints) && PictureBox.isPicture(patch($0))
        }
    }

    /// `q`, and the app has exited cleanly.
    static func quit(_ tmux: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try tmux.sendKeys("q")
        let exit = try await tmux.waitForExit()
        #expect(exit.status == 0, "tminus \(exit)", sourceLocation: sourceLocation)
    }

    /// `image N/M` on a rocket page.
    static func gallery(_ text: String) -> (index: Int, count: Int)? {
        guard let range = text.range(of: #"image \d+/\d+"#, options: .regularExpression) else { return nil }
        let numbers = text[range].dropFirst("image ".count).split(separator: "/").compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    /// The file the fixture server serves for picture `index` (1-based) of a rocket's gallery:
    /// the photos alternate, falcon9.jpg first.
    static func photoFile(_ index: Int) -> String {
        (index - 1) % 2 == 0 ? "falcon9.jpg" : "falcon_heavy.jpg"
    }

    /// The page indicator of rocket `index` of 4: `○ ● ○ ○`.
    static func pager(_ index: Int) -> String {
        (0..<4).map { $0 == index ? "●" : "○" }.joined(separator: " ")
    }

    /// The rocket page of Falcon 9 drawn with a picture in its box.
    static func falcon9PageWithPicture(_ screen: StyledScreen, width: Int, height: Int) -> Bool {
        let box = rocketBox(width: width, height: height)
        return screen.text(1).contains("Falcon 9") && screen.text(1).contains(pager(1))
            && gallery(screen.text) != nil && screen.text.contains("HEIGHT") && screen.text.contains("70 m")
            && PictureBox.isPicture(screen.region(x: box.x, y: box.y))
    }

    /// From the Launches tab: `2`, the rocket list, `j` `Enter`: Falcon 9's page with its picture.
    static func openFalcon9(_ tmux: TmuxSession) async throws -> StyledScreen {
        try tmux.sendKeys("2")
        try await tmux.waitUntil("the four rockets") { $0.contains("4 rockets") && $0.contains("Starship") && $0.contains("Falcon Heavy") }
        try tmux.sendKeys("j", "Enter")
        return try await tmux.waitUntilStyled(timeout: .seconds(15), "Falcon 9's page with its picture") {
            falcon9PageWithPicture($0, width: tmux.width, height: tmux.height)
        }
    }

    // MARK: 1. The issue's own check

    /// Long enough that the patch box is seen as glyph art first. The detail's large patch has
    /// its own URL (`?size=large`), so whatever the list fetched before, this download is new.
    static let patchDelay = 4.0

    @Test func theDetailPatchArrivesInPlaceOfItsPlaceholderAndNothingMoves() async throws {
        let rig = try Self.rig(faults: [.delay(Self.patchDelay, path: "/images/patch.png")])
        let tmux = try await rig.start()
        try await Self.openPastList(tmux)
        try tmux.sendKeys("Enter")

        // First the placeholder: the box shaded with ░, the patch glyph in it.
        let before = try await tmux.waitUntilStyled("Crew-5's detail with the placeholder") {
            Self.crew5Drawn($0) && PictureBox.isPlaceholder(Self.patch($0))
        }
        let placeholder = Self.patch(before)
        #expect(placeholder.joined().contains { $0.character == "◉" }, "the glyph of a launch with a patch:\n\(before.describe(x: Self.patchColumns, y: Self.patchRows))")
        #expect(before.column(of: "Crew-5", row: 1) == Self.headerTextColumn, "\(before.text(1))")

        // Then the picture, in the same box.
        let after = try await Self.waitForPatchPicture(tmux)
        let box = Self.patch(after)
        let cells = box.joined()
        #expect(cells.contains { PictureBox.isSymbol($0.character) && ($0.foreground?.hasPrefix("38;5;") ?? false) },
                "chafa's symbols in 256 colours:\n\(after.describe(x: Self.patchColumns, y: Self.patchRows))")
        #expect(cells.contains { $0.background?.hasPrefix("48;5;") ?? false }, "two colours a cell: 256-colour backgrounds too")
        // The raw capture has the same: the box rows carry symbols and 38;5; codes.
        let rawRows = after.escaped.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for y in Self.patchRows where Self.patch(after)[y - 1].contains(where: { PictureBox.isSymbol($0.character) }) {
            #expect(rawRows[y].contains("38;5;"), "row \(y) of the capture: \(rawRows[y].debugDescription)")
        }
        // Nothing jumps: the header text sits where it sat, row for row.
        #expect(after.column(of: "Crew-5", row: 1) == before.column(of: "Crew-5", row: 1))
        for y in 1...5 {
            #expect(String(after.text(y).dropFirst(Self.patchColumns.upperBound)) == String(before.text(y).dropFirst(Self.patchColumns.upperBound)),
                    "row \(y) right of the patch changed:\n\(before.text(y))\n\(after.text(y))")
        }
        // Nothing outside the box became a picture: the column left of it and the row below stay blank.
        #expect(!PictureBox.hasHalfBlocks(after.region(x: 0..<Self.patchColumns.lowerBound, y: Self.patchRows)))
        #expect(!PictureBox.hasHalfBlocks(after.region(x: 0..<Self.headerTextColumn, y: 5..<6)))

        let images = try await rig.imageRequests()
        // The rows' small patch and the detail's large one (`?size=large`: same file, own URL).
        #expect(images.contains { $0.method == "GET" && $0.path == "/images/patch.png?size=large" }, "\(images.map(\.path))")
        #expect(images.allSatisfy { $0.path.hasPrefix("/images/patch.png") }, "only the patch on the Launches tab: \(images.map(\.path))")
        #expect(tmux.isAlive)
    }

    // MARK: 2. --no-images

    @Test func noImagesKeepsTheGlyphArtAndFetchesNoPicture() async throws {
        let rig = try Self.rig()
        let tmux = try await rig.start(["--no-images"])
        try await Self.openPastList(tmux)
        var screen = try await Self.openCrew5(tmux)
        #expect(PictureBox.isPlaceholder(Self.patch(screen)), "\(screen.describe(x: Self.patchColumns, y: Self.patchRows))")
        #expect(screen.column(of: "Crew-5", row: 1) == Self.headerTextColumn)

        // Time enough for a picture to arrive, had one been asked for.
        try await Task.sleep(for: .seconds(2))
        screen = try await tmux.waitUntilStyled("the detail still drawn") { Self.crew5Drawn($0) }
        #expect(PictureBox.isPlaceholder(Self.patch(screen)), "still glyph art:\n\(screen.describe(x: Self.patchColumns, y: Self.patchRows))")
        #expect(!PictureBox.hasHalfBlocks(screen.region(x: 0..<tmux.width, y: 0..<tmux.height)), "no half block anywhere:\n\(screen.text)")

        // The Rockets tab too: thumbnails and the rocket's photo box stay glyph art.
        try tmux.sendKeys("2")
        try await tmux.waitUntil("the four rockets") { $0.contains("4 rockets") && $0.contains("Starship") && $0.contains("Falcon Heavy") }
        try tmux.sendKeys("j", "Enter")
        let box = Self.rocketBox(width: tmux.width, height: tmux.height)
        screen = try await tmux.waitUntilStyled("Falcon 9's page with glyph art") {
            $0.text(1).contains(Self.pager(1)) && $0.text.contains("70 m") && PictureBox.isPlaceholder($0.region(x: box.x, y: box.y))
        }
        try await Task.sleep(for: .seconds(1))
        screen = tmux.styledScreen()
        #expect(!PictureBox.hasHalfBlocks(screen.region(x: 0..<tmux.width, y: 0..<tmux.height)), "no half block anywhere:\n\(screen.text)")

        let images = try await rig.imageRequests()
        #expect(images.isEmpty, "--no-images fetched \(images.map(\.path))")
        #expect(tmux.isAlive)
    }

    // MARK: 3. Few colours

    /// Terminals with fewer than 256 colours, or none wanted (NO_COLOR): chafa draws the
    /// picture in what they have, down to its symbols alone.
    static let fewColours: [(name: String, environment: [String: String])] = [
        ("NO_COLOR=1", ["NO_COLOR": "1"]),
        ("TERM=xterm", ["TERM": "xterm"]),
        ("TERM=vt100", ["TERM": "vt100"]),
    ]

    @Test(arguments: 0..<fewColours.count)
    func withFewColoursThePictureIsDrawnInWhatTheTerminalHas(_ index: Int) async throws {
        let (name, environment) = Self.fewColours[index]
        let rig = try Self.rig()
        let tmux = try await rig.start(environment: environment)
        try await Self.openPastList(tmux)
        try tmux.sendKeys("Enter")
        let screen = try await tmux.waitUntilStyled("Crew-5's patch in chafa's symbols") {
            Self.crew5Drawn($0) && PictureBox.isUncolouredPicture(Self.patch($0))
        }
        #expect(!screen.escaped.contains("38;5;") && !screen.escaped.contains("48;5;"), "\(name): no 256-colour codes")
        #expect(screen.column(of: "Crew-5", row: 1) == Self.headerTextColumn, "\(name): the same layout as with 256 colours")
        let images = try await rig.imageRequests()
        #expect(!images.isEmpty, "\(name): the patch was downloaded")
        #expect(tmux.isAlive)
    }

    // MARK: 4. A broken picture

    static let brokenPictures: [(name: String, fault: Fault)] = [
        ("404", .status(404, path: "/images/patch.png")),
        ("truncated", .truncated(path: "/images/patch.png")),
        ("malformed", .malformed(path: "/images/patch.png")),
    ]

    @Test(arguments: 0..<brokenPictures.count)
    func aBrokenPictureKeepsThePlaceholderQuietly(_ index: Int) async throws {
        let (name, fault) = Self.brokenPictures[index]
        let rig = try Self.rig(faults: [fault])
        let tmux = try await rig.start()
        try await Self.openPastList(tmux)
        try await rig.server.clearRequests()
        try await Self.openCrew5(tmux)

        // The detail asked for its patch and got the broken answer; give the app time to take it in.
        try await Self.waitForImageRequest("/images/patch.png", rig)
        try await Task.sleep(for: .milliseconds(1500))
        let screen = try await tmux.waitUntilStyled("the detail drawn") { Self.crew5Drawn($0) }
        #expect(PictureBox.isPlaceholder(Self.patch(screen)), "\(name): \(screen.describe(x: Self.patchColumns, y: Self.patchRows))")
        #expect(screen.column(of: "Crew-5", row: 1) == Self.headerTextColumn)
        let status = screen.text(tmux.height - 1)
        #expect(status.contains("select link") && status.contains("? help"), "\(name): the status line shows the keys, not a message: \(status)")
        let lowered = screen.text.lowercased()
        for word in ["error", "failed", "could not", "http 404", "(http", "cut short", "malformed", "bad data", "picture", "image", "decode"] {
            #expect(!lowered.contains(word), "\(name): '\(word)' on screen:\n\(screen.text)")
        }
        // The failure went to the log file instead, naming the picture.
        let deadline = ContinuousClock.now + .seconds(5)
        while !rig.log().contains("/images/patch.png"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        let log = rig.log()
        let line = log.split(separator: "\n").first { $0.contains("/images/patch.png") }.map(String.init)
        #expect(line?.lowercased().contains("picture") == true,
                "\(name): the log says which picture failed; it holds:\n\(log)")

        // Alive and listening: Esc back to the list, Enter into the detail again.
        try tmux.sendKeys("Escape")
        try await tmux.waitUntil("back on the list") { $0.contains("Upcoming │ Past") && $0.contains("Crew-5") && !$0.contains("launched successfully") }
        let again = try await Self.openCrew5(tmux)
        #expect(PictureBox.isPlaceholder(Self.patch(again)))
        #expect(tmux.isAlive)
        try await Self.quit(tmux)
    }

    /// Waits until the server has seen a request for `path`.
    static func waitForImageRequest(_ path: String, _ rig: AppRig, timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        while try await !rig.imageRequests().contains(where: { $0.path.hasPrefix(path) }) {
            if ContinuousClock.now >= deadline {
                throw HarnessError.timeout(what: "a request for \(path)", after: timeout,
                                           screen: try await rig.server.requests().map { "\($0.method) \($0.path)" }.joined(separator: "\n"))
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    @Test func offlineAWatchedLaunchShowsItsPatchFromTheDiskCache() async throws {
        let rig = try Self.rig()
        var tmux = try await rig.start()
        try await Self.openPastList(tmux)
        try await Self.openCrew5(tmux)
        try tmux.sendKeys("f")
        try await tmux.waitFor("★ watched")
        try await Self.waitForPatchPicture(tmux)
        try await tmux.waitUntil("the patch kept on disk") { _ in !rig.cachedPictures().isEmpty }
        try await Self.quit(tmux)

        try await rig.server.clearRequests()
        tmux = try await rig.start(["--offline"], ready: "offline: showing what the cache holds")
        try tmux.sendKeys("3")
        try await tmux.waitUntil("the Favorites tab with Crew-5") { $0.contains("1 launch") && $0.contains("Crew-5") }
        try tmux.sendKeys("Enter")
        // The status line keeps the offline notice here.
        let screen = try await Self.waitForPatchPicture(tmux, hints: false)
        #expect(screen.text(1).contains("Crew-5 ★ watched"), "\(screen.text(1))")
        #expect(try await rig.server.requests().isEmpty, "offline made no request")
        try await Self.quit(tmux)
    }

    // MARK: Direct colour

    /// Whether this machine has the xterm-direct terminfo entry (Debian's ncurses-term).
    static let hasXtermDirect: Bool = (try? Harness.run("infocmp", ["xterm-direct"]).status) == 0

    @Test(.enabled(if: hasXtermDirect, "no xterm-direct terminfo (install ncurses-term): direct colour not tested"))
    func aDirectColourTerminalGetsThePicturesOwnColours() async throws {
        let rig = try Self.rig()
        let tmux = try await rig.start(environment: ["TERM": "xterm-direct"])
        try await Self.openPastList(tmux)
        try tmux.sendKeys("Enter")
        // The patch rows carry 24-bit colours (`38;2;R;G;B`) on chafa's symbols.
        let rows = try await tmux.waitUntil("the patch drawn in direct colour") { _ in
            let escaped = tmux.captureWithEscapes().split(separator: "\n", omittingEmptySubsequences: false)
            return escaped.count > 4 && (1...4).allSatisfy { escaped[$0].contains("38;2;") || escaped[$0].contains("48;2;") }
        }
        #expect(rows.contains("Crew-5"))
        #expect(!tmux.captureWithEscapes().contains("38;5;"), "no palette colours on a direct-colour terminal")
        try await Self.quit(tmux)
    }
}
