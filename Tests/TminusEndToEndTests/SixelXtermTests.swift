import Foundation
import Testing

/// Real pictures in a real terminal (issue 16): the debug tminus in an xterm that speaks
/// sixel (`-ti vt340`), on a virtual X server, against the fixture server's pictures, with
/// `--pictures auto`. The app must find sixel by asking, and the boxes it says it drew in
/// (its log) must hold the picture's colours on the screenshot, where a box without a
/// picture does not.
@Suite(.serialized,
       .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"),
       .enabled(if: XtermScreen.available, "\(XtermScreen.missingMessage)"))
struct SixelXtermTests {
    static let columns = 160, rows = 45

    /// A picture the app wrote: `pictures: sixel ID at X,Y CxR cells, rows A..<B of N`.
    struct Spot {
        var x, y, columns, rows: Int
        var whole: Bool
    }

    static func spots(in log: String) -> [Spot] {
        log.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "pictures: sixel ") else { return nil }
            let words = line[range.upperBound...].split(separator: " ")
            // ID at X,Y CxR cells, rows A..<B of N
            guard words.count >= 8, words[1] == "at" else { return nil }
            let at = words[2].split(separator: ",").compactMap { Int($0) }
            let size = words[3].split(separator: "x").compactMap { Int($0) }
            let drawn = words[6].components(separatedBy: "..<").compactMap { Int($0) }
            guard at.count == 2, size.count == 2, drawn.count == 2, let of = Int(words[8]) else { return nil }
            return Spot(x: at[0], y: at[1], columns: size[0], rows: size[1], whole: drawn[0] == 0 && drawn[1] == of)
        }
    }

    /// `terminal: pictures sixel, cell 6x13 px (answered; 1 ms after asking)`: the last such
    /// line (a terminal still starting may answer after the first frame: "answered late").
    static func cell(in log: String) -> (width: Int, height: Int, how: String)? {
        guard let line = log.split(separator: "\n").last(where: { $0.contains("terminal: pictures sixel") }),
              let cell = line.range(of: "cell "), let px = line.range(of: " px (") else { return nil }
        let size = line[cell.upperBound..<px.lowerBound].split(separator: "x").compactMap { Int($0) }
        guard size.count == 2 else { return nil }
        return (size[0], size[1], String(line[px.upperBound...].dropLast()))
    }

    @Test func xtermShowsThePatchesAsSixelPictures() async throws {
        let server = try FixtureServer()
        let dataDir = try Harness.makeTemporaryDirectory(prefix: "tminus-e2e-sixel")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let screen = try XtermScreen()
        try screen.run([try Harness.tminusBinary().path] + server.arguments()
                       + ["--data-dir", dataDir.path, "--tz", "UTC", "--now", "2022-10-08T20:00:00Z", "--pictures", "auto"],
                       columns: Self.columns, rows: Self.rows)

        // The log says what the probe found and where the pictures went.
        let logFile = dataDir.appendingPathComponent("state/tminus.log")
        let deadline = Date().addingTimeInterval(30)
        var log = ""
        while Self.spots(in: log).filter(\.whole).isEmpty {
            guard Date() < deadline else {
                Issue.record("no sixel picture written within 30 s; log:\n\(log)")
                return
            }
            try await Task.sleep(for: .milliseconds(200))
            log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        }
        let cell = try #require(Self.cell(in: log))
        #expect(cell.how.hasPrefix("answered"), "found by asking: \(cell.how)")
        try await Task.sleep(for: .seconds(1))   // the rest of the frame, and xterm's drawing

        let shotsDir = ProcessInfo.processInfo.environment["TMINUS_SHOTS_DIR"].map { URL(fileURLWithPath: $0, isDirectory: true) }
        let shot = try screen.screenshot(png: (shotsDir ?? dataDir).appendingPathComponent("sixel-xterm.png"))

        let spots = Self.spots(in: log)
        let whole = spots.first { $0.whole }
        let spot = try #require(whole)
        let boxWidth = spot.columns * cell.width, boxHeight = spot.rows * cell.height
        // The screen's background: the middle of the bottom-right, where nothing is drawn.
        let background = shot.mean(x: (Self.columns - 12) * cell.width..<(Self.columns - 4) * cell.width,
                                   y: (Self.rows - 8) * cell.height..<(Self.rows - 4) * cell.height)
        let patch = Fixtures.directory!.appendingPathComponent("images/patch.png")
        let expected = try XtermScreen.fitted(patch, width: boxWidth, height: boxHeight, background: background)

        // xterm's text starts a border's width in from the corner: the best of a few pixels.
        func difference(column: Int, row: Int) -> Int {
            var best = Int.max
            for dy in 0...4 { for dx in 0...4 {
                best = min(best, shot.difference(from: expected, left: column * cell.width + dx, top: row * cell.height + dy))
            } }
            return best
        }
        let here = difference(column: spot.x, row: spot.y)
        // The same box where the app drew no picture: rows of the list above or below it.
        let elsewhere = (0..<(Self.rows - 1 - spot.rows)).filter { row in
            !spots.contains { other in
                row < other.y + other.rows && other.y < row + spot.rows
                    && spot.x < other.x + other.columns && other.x < spot.x + spot.columns
            }
        }
        let control = try #require(elsewhere.first)
        let there = difference(column: spot.x, row: control)
        let mean = shot.mean(x: spot.x * cell.width..<(spot.x * cell.width + boxWidth), y: spot.y * cell.height..<(spot.y * cell.height + boxHeight))
        let want = expected.mean(x: 0..<boxWidth, y: 0..<boxHeight)
        #expect(here <= 40, "the box at \(spot.x),\(spot.y) is not the patch: \(here) from it (elsewhere: \(there))")
        #expect(mean.distance(to: want) <= 24, "mean colour \(mean), the patch's \(want)")
        #expect(there >= 3 * max(here, 10), "the box at row \(control), without a picture, is as close: \(there) vs \(here)")
        #expect(mean.distance(to: background) >= 40, "the box is the background's colour \(background)")
    }

    /// `tminus doctor` in the same xterm finds sixel by asking, as the app does. `script` gives
    /// it the terminal (so it asks) and keeps a copy of what it printed.
    @Test func doctorFindsSixelsByAsking() async throws {
        let dataDir = try Harness.makeTemporaryDirectory(prefix: "tminus-e2e-doctor-xterm")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let transcript = dataDir.appendingPathComponent("doctor.txt")
        let doctor = [try Harness.tminusBinary().path, "doctor", "--offline", "--data-dir", dataDir.path]
            .map(Harness.shellQuote).joined(separator: " ")
        let screen = try XtermScreen()
        // xterm says TERM=xterm (8 colours), where the theme is ansi16 whatever the background.
        try screen.run(["env", "TERM=xterm-256color", "script", "--quiet", "--return", "--command", doctor, transcript.path],
                       columns: 120, rows: 30)
        let deadline = Date().addingTimeInterval(20)
        var text = ""
        while !text.contains("All fine.") && !text.contains("Broken:") {
            guard Date() < deadline else {
                Issue.record("doctor did not finish within 20 s:\n\(text)")
                return
            }
            try await Task.sleep(for: .milliseconds(200))
            text = (try? String(contentsOf: transcript, encoding: .utf8)) ?? ""
        }
        #expect(text.contains("  terminal says     XTerm("), "\(text)")
        #expect(text.contains("  pictures          auto (default): sixel (DA1 ?"), "\(text)")
        #expect(text.contains(" lists 4), cell "), "\(text)")
        #expect(text.contains("  theme             auto (default): ") && text.contains("(the background is rgb:"), "\(text)")
    }
}
