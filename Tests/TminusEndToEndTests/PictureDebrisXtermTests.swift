import Foundation
import Testing

/// Pixel pictures never leave debris (issue 16): the debug tminus in the sixel xterm of
/// `SixelXtermTests`, driven with keys (xdotool) through the moves that put pictures
/// elsewhere or take them away: the list scrolling, the detail and back, the help overlay
/// over a picture, tab changes, the rocket gallery, resizes, Ctrl-Z and `fg`, a body that
/// scrolls a picture line by line. After each, a screenshot: every picture the app says is on
/// the screen (its log's `pictures: on screen:` line) holds picture colours, and nowhere else
/// is there a pixel of a picture. xterm draws text, its backgrounds and chafa's symbols in its
/// 256 palette colours only, where a sixel picture's colours almost never are one of them: a
/// picture's pixels left behind show as colours off that palette outside the boxes.
@Suite(.serialized,
       .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"),
       .enabled(if: XtermScreen.available, "\(XtermScreen.missingMessage)"))
struct PictureDebrisXtermTests {
    /// A pixel picture on the screen, in cells: what is drawn of it.
    struct Box: CustomStringConvertible {
        var x, y, columns, rows: Int
        var description: String { "\(x),\(y) \(columns)x\(rows)" }
    }

    /// The pictures on the screen after the last frame that changed them: the last
    /// `pictures: on screen: X,Y CxR ...` line (`none`), or none before the first.
    static func onScreen(in log: String) -> [Box] {
        guard let line = log.split(separator: "\n").last(where: { $0.contains("pictures: on screen: ") }),
              let range = line.range(of: "pictures: on screen: ") else { return [] }
        let words = line[range.upperBound...].split(separator: " ")
        return stride(from: 0, to: words.count - 1, by: 2).compactMap { i in
            let at = words[i].split(separator: ",").compactMap { Int($0) }
            let size = words[i + 1].split(separator: "x").compactMap { Int($0) }
            guard at.count == 2, size.count == 2 else { return nil }
            return Box(x: at[0], y: at[1], columns: size[0], rows: size[1])
        }
    }

    /// One tminus in one xterm, and the checks after each step.
    final class Session {
        let screen: XtermScreen
        let dataDir: URL
        let logFile: URL
        let shots: URL
        let name: String
        var step = 0
        var cell = (width: 6, height: 13)

        init(name: String, arguments: [String], columns: Int, rows: Int, jobControl: Bool = false) throws {
            self.name = name
            dataDir = try Harness.makeTemporaryDirectory(prefix: "tminus-e2e-debris")
            logFile = dataDir.appendingPathComponent("state/tminus.log")
            shots = ProcessInfo.processInfo.environment["TMINUS_SHOTS_DIR"].map { URL(fileURLWithPath: $0, isDirectory: true) } ?? dataDir
            screen = try XtermScreen()
            try screen.run([try Harness.tminusBinary().path] + arguments + ["--data-dir", dataDir.path, "--pictures", "auto"],
                           columns: columns, rows: rows, jobControl: jobControl)
        }

        deinit {
            // With TMINUS_SHOTS_DIR the app's log stays beside the screenshots (what was placed where).
            if shots != dataDir { try? log.write(to: shots.appendingPathComponent("debris-\(name).log"), atomically: true, encoding: .utf8) }
            try? FileManager.default.removeItem(at: dataDir)
        }

        var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

        /// Waits for the first sixel picture (the probe found sixel, a picture loaded).
        func start() async throws {
            let deadline = Date().addingTimeInterval(30)
            while Self.sixelCell(in: log) == nil || PictureDebrisXtermTests.onScreen(in: log).isEmpty {
                guard Date() < deadline else { throw HarnessError.commandFailed(command: "tminus: no sixel picture in 30 s", status: -1, stderr: log) }
                try await Task.sleep(for: .milliseconds(200))
            }
            cell = Self.sixelCell(in: log)!
        }

        static func sixelCell(in log: String) -> (width: Int, height: Int)? {
            SixelXtermTests.cell(in: log).map { ($0.width, $0.height) }
        }

        /// Until the log has been quiet for a second (the frames after a key, pictures loading,
        /// xterm drawing), at most 10 s.
        func settle() async throws {
            let deadline = Date().addingTimeInterval(10)
            var last = log, quietSince = Date()
            while Date() < deadline {
                try await Task.sleep(for: .milliseconds(200))
                let now = log
                if now != last { last = now; quietSince = Date() } else if Date().timeIntervalSince(quietSince) >= 1 { return }
            }
        }

        /// After `keys` (or a resize), the screenshot (saved as `debris-<name>-NN-<step>.png`)
        /// against the log: the pictures there, and no picture pixels anywhere else. Returns the
        /// pictures on the screen.
        @discardableResult
        func check(_ label: String, pictures expected: Bool? = true, stopped: Bool = false,
                   sourceLocation: SourceLocation = #_sourceLocation) async throws -> [Box] {
            try await settle()
            step += 1
            let file = shots.appendingPathComponent(String(format: "debris-%@-%02d-%@.png", name, step, label))
            let shot = try screen.screenshot(png: file)
            // Stopped, the shell has the (normal) screen: no picture is on it.
            let boxes = stopped ? [] : PictureDebrisXtermTests.onScreen(in: log)
            let origin = XtermScreen.origin
            func pixels(_ box: Box, margin: Int) -> (x: Range<Int>, y: Range<Int>) {
                ((origin + box.x * cell.width - margin)..<(origin + (box.x + box.columns) * cell.width + margin),
                 (origin + box.y * cell.height - margin)..<(origin + (box.y + box.rows) * cell.height + margin))
            }
            if let expected {
                #expect(boxes.isEmpty != expected, "\(label): pictures on screen \(boxes)", sourceLocation: sourceLocation)
            }
            for box in boxes {
                let area = pixels(box, margin: 0)
                let share = Double(shot.count(x: area.x, y: area.y, notIn: XtermScreen.palette)) / Double(area.x.count * area.y.count)
                #expect(share >= 0.1, "\(label): the picture at \(box) has \(Int(share * 100)) % picture colours (\(file.lastPathComponent))",
                        sourceLocation: sourceLocation)
            }
            // A sixel's pixels start at its cell's corner; two pixels of slack for xterm's rounding.
            let debris = shot.pixels(notIn: XtermScreen.palette, except: boxes.map { pixels($0, margin: 2) })
            if debris.count > 16 {
                let rows = Set(debris.map { ($0.y - origin) / cell.height }).sorted()
                let columns = debris.map { ($0.x - origin) / cell.width }
                Issue.record("\(label): \(debris.count) picture pixels outside the pictures on screen \(boxes), text rows \(rows), columns \(columns.min()!)...\(columns.max()!) (\(file.lastPathComponent))",
                             sourceLocation: sourceLocation)
            }
            return boxes
        }
    }

    @Test func spaceXListDetailOverlayTabsGalleryResizeAndStop() async throws {
        let server = try FixtureServer()
        let session = try Session(name: "spacex", arguments: server.arguments() + ["--tz", "UTC", "--now", "2022-10-08T20:00:00Z"],
                                  columns: 160, rows: 45, jobControl: true)
        let screen = session.screen
        try await session.start()
        let first = try await session.check("start")

        try screen.press("j", "j", "j")       // Starlink 4-37: its patch in the detail pane too
        let selected = try await session.check("j3")
        #expect(selected.count > first.count, "the selected launch's patch joins the list's: \(first) then \(selected)")
        try screen.press("Next")              // the list scrolls: the Starlink rows go
        try await session.check("pgdn", pictures: nil)
        for _ in 0..<13 { try screen.press("k") }   // back to Starlink 4-37, at the list's top
        let top = try await session.check("k13")
        try screen.press("k")                 // the list scrolls one launch: its pictures move down
        let moved = try await session.check("k14")
        #expect(moved.map(\.y) != top.map(\.y), "the pictures moved: \(top) then \(moved)")

        try screen.press("Return")
        try await session.check("detail")
        try screen.press("Escape")
        try await session.check("back")
        try screen.press("question")
        try await session.check("help")
        try screen.press("Escape")
        try await session.check("help-closed")

        try screen.press("2")
        try await session.check("rockets")
        try screen.press("j", "Return")       // Falcon 9's page: the big gallery picture
        try await session.check("rocket")
        try screen.press("bracketright")
        try await session.check("gallery-next")
        try screen.press("question")          // the overlay covers the picture: it turns to symbols
        try await session.check("rocket-help", pictures: false)
        try screen.press("question")
        try await session.check("rocket-help-closed")

        try screen.resize(columns: 120, rows: 40)
        try await session.check("smaller")
        try screen.resize(columns: 170, rows: 50)
        try await session.check("larger")
        try screen.press("1")
        try await session.check("launches-tab")

        try screen.press("ctrl+z")
        try await session.check("stopped", pictures: nil, stopped: true)
        #expect(session.log.contains("terminal: suspended"))
        try screen.press("Return")            // the shell's `fg`
        try await session.check("fg")
        #expect(session.log.contains("terminal: resumed"))
    }

    @Test func launchLibrary2DetailScrollsItsPictureLineByLine() async throws {
        let server = try FixtureServer()
        let session = try Session(name: "ll2", arguments: server.arguments() + ["--source", "ll2", "--tz", "UTC", "--now", "2026-08-26T09:00:00Z"],
                                  columns: 160, rows: 45)
        let screen = session.screen
        try await session.start()
        try await session.check("start")
        try screen.press("Return")
        let opened = try await session.check("detail")
        try screen.press("j", "j", "j")
        let scrolled = try await session.check("j3")
        #expect(opened.map(\.y) != scrolled.map(\.y), "the body's picture moved up: \(opened) then \(scrolled)")
        for _ in 0..<20 { try screen.press("j") }
        try await session.check("j23")       // its top rows gone above the body
        for _ in 0..<6 { try screen.press("k") }
        try await session.check("k6")
        try screen.press("question")
        try await session.check("help", pictures: nil)
        try screen.press("Escape")
        try await session.check("help-closed")
        try screen.resize(columns: 110, rows: 35)
        try await session.check("smaller")
    }
}
