import Foundation
import Testing

/// The terminal as the app's host: resizes down to 1x1 and storms of them, fatal signals,
/// NO_COLOR, terminals with few or no colours, and no usable TERM.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct TerminalRobustnessTests {
    static let first = "Galaxy 33 (15R) & 34 (12R)"

    /// The launch list at 100x30 drawn whole: tab bar, segments, column header, 18 rows, status line.
    static func fullListDrawn(_ screen: String, height: Int = 30) -> Bool {
        let lines = ScreenText.lines(screen)
        guard lines.count == height else { return false }
        let rows = lines[3..<21]
        return lines[0].contains("1 Launches") && lines[0].contains("r/SpaceX API")
            && lines[1].contains("Upcoming │ Past") && lines[2].contains("MISSION") && lines[2].contains("STATUS")
            && lines[3].contains(first) && rows.allSatisfy { $0.contains("UPCOMING") }
            && lines[21...].dropLast().allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
            && lines[height - 1].contains("q quit")
    }

    // MARK: Resize

    @Test func resizingTo1x1AndBackRedrawsTheWholeList() async throws {
        let rig = try ShellRig()
        let tmux = rig.tmux
        let original = try await tmux.waitUntil("the full list") { Self.fullListDrawn($0) }

        try tmux.resize(width: 1, height: 1)
        try await tmux.waitUntil("a 1x1 pane") { _ in tmux.paneSize.width == 1 && tmux.paneSize.height == 1 }
        // One cell can say nothing useful; what matters is that the app is still there.
        try await tmux.waitUntil("a settled 1x1 screen") { $0.count <= 4 }
        #expect(tmux.isAlive)

        try tmux.resize(width: 20, height: 5)
        let tiny = try await tmux.waitFor("Terminal too small")
        #expect(!tiny.contains("Galaxy"), "no list drawn into 20x5:\n\(tiny)")

        try tmux.resize(width: 49, height: 24)
        let narrow = try await tmux.waitFor("49x24, need 50x12")
        #expect(narrow.contains("Terminal too small"))
        #expect(!narrow.contains("Galaxy"), "below the minimum width, no list:\n\(narrow)")

        try tmux.resize(width: 100, height: 11)
        try await tmux.waitFor("100x11, need 50x12")

        try tmux.resize(width: 50, height: 12)
        let smallest = try await tmux.waitUntil("the list at 50x12") {
            $0.contains("1 Launches") && $0.contains("Galaxy 33") && $0.contains("q quit")
        }
        #expect(!smallest.contains("Terminal too small"))

        try tmux.resize(width: 100, height: 30)
        let back = try await tmux.waitUntil("the full list again") { Self.fullListDrawn($0) }
        // Every row as it was before: a full redraw, nothing left from the small screens.
        #expect(Array(ScreenText.lines(back).dropLast()) == Array(ScreenText.lines(original).dropLast()),
                "before:\n\(original)\nafter:\n\(back)")
        #expect(!back.contains("too small"))
        #expect(tmux.isAlive)

        // Still a working app: keys act, q quits cleanly.
        try tmux.sendKeys("j")
        try await tmux.waitUntil("the selection on row 2") { ScreenText.lines($0)[4].hasPrefix("›") }
        try tmux.sendKeys("q")
        #expect(try await rig.waitForExitStatus() == 0)
        try await rig.expectTerminalRestored()
    }

    @Test func aStormOfResizesNeitherCrashesNorLeaks() async throws {
        let rig = try ShellRig()
        let tmux = rig.tmux
        let original = try await tmux.waitUntil("the full list") { Self.fullListDrawn($0) }
        let pid = try #require(rig.appPID)
        #expect((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("tminus") == true,
                "measuring tminus itself")
        let tty = tmux.paneTTY

        // A first round of resizes so the baseline already includes what the first resize
        // allocates once (curses' line buffers, the grid at a new size).
        try tmux.resize(through: [(30, 8), (200, 60), (100, 30)], batch: 1)
        try await tmux.waitUntil("the list after warming up") { Self.fullListDrawn($0) }
        let baseline = try #require(Harness.residentKilobytes(of: pid))

        var generator = SeededGenerator(seed: 0x7_1A0C_4E55)
        func storm() -> [(width: Int, height: Int)] {
            var sizes: [(width: Int, height: Int)] = (0..<200).map { _ in
                (Int.random(in: 1...220, using: &generator), Int.random(in: 1...70, using: &generator))
            }
            sizes[17] = (1, 1)
            sizes[101] = (1, 1)
            sizes[150] = (49, 12)
            sizes[198] = (1, 1)
            sizes[199] = (49, 12)  // one column short of the minimum: a screen that says so
            return sizes
        }

        /// After a storm: the app caught up with its last size (49x12), is alive, and at 100x30
        /// draws the whole list again, exactly as before.
        func expectRecovered(_ what: String, resizeBack: () throws -> Void) async throws -> Int {
            try await tmux.waitFor("49x12, need 50x12")
            #expect(tmux.isAlive, "alive after \(what)")
            try resizeBack()
            let screen = try await tmux.waitUntil("the full list after \(what)") { Self.fullListDrawn($0) }
            #expect(Array(ScreenText.lines(screen).dropLast()) == Array(ScreenText.lines(original).dropLast()),
                    "after \(what):\n\(screen)")
            return try #require(Harness.residentKilobytes(of: pid), "tminus is gone after \(what)")
        }

        var measured: [Int] = [baseline]
        // Rounds 1–3 resize the terminal device itself, as a terminal emulator does: bursts of
        // 1 to 7 sizes back to back (their SIGWINCHs coalesce), a breath of 2 ms between bursts.
        for round in 1...3 {
            let sizes = storm()
            var start = 0
            while start < sizes.count {
                let count = Int.random(in: 1...7, using: &generator)
                for size in sizes[start..<min(start + count, sizes.count)] {
                    try Harness.setWindowSize(tty: tty, width: size.width, height: size.height)
                }
                start += count
                try await Task.sleep(for: .milliseconds(2))
            }
            measured.append(try await expectRecovered("storm \(round) on the tty") {
                try Harness.setWindowSize(tty: tty, width: 100, height: 30)
            })
        }
        // Round 4 goes through tmux, which resizes its own screen (reflowing what is on it)
        // and passes sizes on to the pane on a timer.
        let sizes = storm()
        var start = 0
        while start < sizes.count {
            let count = Int.random(in: 1...7, using: &generator)
            try tmux.resize(through: Array(sizes[start..<min(start + count, sizes.count)]), batch: count)
            start += count
        }
        measured.append(try await expectRecovered("storm 4 through tmux") { try tmux.resize(width: 100, height: 30) })

        print("resize storm RSS (KiB): baseline \(measured[0]), after each 200-resize storm \(measured.dropFirst().map(String.init).joined(separator: ", "))")
        // Generous bounds (about 0.6 MB is the growth measured over all four storms), yet
        // losing a 100x30 grid at every redraw a storm causes would break them.
        #expect(measured.max()! - baseline < 10 * 1024, "RSS grew from \(baseline) KiB to \(measured) KiB")
        #expect(measured[3] - measured[1] < 5 * 1024, "RSS keeps growing storm after storm: \(measured) KiB")

        try tmux.sendKeys("q")
        #expect(try await rig.waitForExitStatus() == 0)
        try await rig.expectTerminalRestored()
    }

    // MARK: Fatal signals

    @Test(arguments: [("SEGV", SIGSEGV), ("ABRT", SIGABRT), ("BUS", SIGBUS)])
    func aFatalSignalRestoresTheTerminalBeforeDying(_ name: String, _ signal: Int32) async throws {
        let rig = try ShellRig()
        let tmux = rig.tmux
        try await tmux.waitUntil("the full list") { Self.fullListDrawn($0) }
        #expect(tmux.alternateScreenOn)
        #expect(!tmux.cursorVisible)
        let pid = try #require(rig.appPID)
        Harness.send(signal: signal, to: pid)

        // Swift's backtracer (on by default on Linux) may run after the app's handler: it prints
        // its report and, on a terminal, waits for a key ("any other key to quit").
        let screen = try await tmux.waitUntil(timeout: .seconds(30), "tminus gone or the backtracer waiting") {
            ShellRig.exitStatus(in: $0) != nil || $0.contains("Press space to interact")
        }
        if ShellRig.exitStatus(in: screen) == nil {
            #expect(!tmux.alternateScreenOn, "the report is written on the restored screen")
            try tmux.sendKeys("q")
        }
        print("SIG\(name): \(ShellRig.exitStatus(in: screen) == nil ? "Swift's backtracer reported and waited for a key" : "died at once")")
        let status = try await rig.waitForExitStatus(timeout: .seconds(30))
        #expect(status == 128 + Int(signal), "SIG\(name): the shell says \(status), not death by signal \(signal)")
        try await rig.expectTerminalRestored()
    }

    // MARK: Colours

    @Test func noColorDropsColoursButKeepsEveryWord() async throws {
        let coloured = try ShellRig()
        let plain = try ShellRig(environment: ["NO_COLOR": "1"])
        let colourScreen = try await coloured.tmux.waitUntil("the full list") { Self.fullListDrawn($0) }
        let plainScreen = try await plain.tmux.waitUntil("the full list without colour") { Self.fullListDrawn($0) }
        #expect(plainScreen == colourScreen, "the same text with and without colour")
        #expect(plainScreen.contains("UPCOMING"))

        let escaped = plain.tmux.captureWithEscapes()
        #expect(ScreenText.colourCodes(in: escaped).isEmpty,
                "NO_COLOR sends colours: \(Set(ScreenText.colourCodes(in: escaped)).sorted())")
        // The interface stays: bold names, and the selected row in reverse video.
        let attributes = Set(ScreenText.sgrParameters(in: escaped).flatMap { $0.split(separator: ";").map(String.init) })
        #expect(attributes.contains("7"), "the selection is shown in reverse video: \(attributes.sorted())")
        #expect(attributes.contains("1"), "bold stays: \(attributes.sorted())")
        // …while the coloured one has colours at all (so this capture can tell them apart).
        #expect(!ScreenText.colourCodes(in: coloured.tmux.captureWithEscapes()).isEmpty)

        // A launch's detail, too.
        try plain.tmux.sendKeys("Enter")
        try coloured.tmux.sendKeys("Enter")
        let plainDetail = try await plain.tmux.waitUntil("the detail") { $0.contains("until launch") && $0.contains("Launchpad") }
        let colourDetail = try await coloured.tmux.waitUntil("the detail") { $0.contains("until launch") && $0.contains("Launchpad") }
        #expect(plainDetail.contains("UPCOMING"))
        let withoutCountdown = { (screen: String) in ScreenText.lines(screen).filter { !$0.contains("until launch") } }
        #expect(withoutCountdown(plainDetail) == withoutCountdown(colourDetail))
        #expect(ScreenText.colourCodes(in: plain.tmux.captureWithEscapes()).isEmpty)

        try plain.tmux.sendKeys("q")
        #expect(try await plain.waitForExitStatus() == 0)
        try await plain.expectTerminalRestored()
    }

    /// Terminals with fewer colours than the app's palette: it runs, moves, quits cleanly.
    @Test(arguments: ["vt100", "xterm"])
    func aTerminalWithFewColoursWorks(_ term: String) async throws {
        let rig = try ShellRig(environment: ["TERM": term])
        let tmux = rig.tmux
        try await tmux.waitUntil("the full list on \(term)") { Self.fullListDrawn($0) }
        #expect(ScreenText.lines(tmux.capture())[3].hasPrefix("›"), "the first row selected")
        try tmux.sendKeys("j", "j")
        try await tmux.waitUntil("the third row selected") { ScreenText.lines($0)[5].hasPrefix("›") }
        try tmux.sendKeys("k")
        let screen = try await tmux.waitUntil("the second row selected") { ScreenText.lines($0)[4].hasPrefix("›") }
        #expect(ScreenText.lines(screen)[4].contains("Hotbird 13F"))

        let colours = Set(ScreenText.colourCodes(in: tmux.captureWithEscapes()))
        if term == "vt100" {
            #expect(colours.isEmpty, "vt100 has no colours, yet: \(colours.sorted())")
        } else {
            // xterm: 8 colours, so only the basic SGR colours 30–37 / 40–47.
            #expect(!colours.isEmpty, "xterm has 8 colours")
            let codes = colours.flatMap { $0.split(separator: ";").compactMap { Int($0) } }
            #expect(!codes.contains(38) && !codes.contains(48) && !codes.contains { $0 >= 90 },
                    "colours beyond the 8 basic ones on an 8-colour terminal: \(colours.sorted())")
        }

        try tmux.sendKeys("q")
        #expect(try await rig.waitForExitStatus() == 0)
        try await rig.expectTerminalRestored()
    }

    // MARK: No usable TERM

    static let badTerminals: [(name: String, term: String?, message: String)] = [
        ("no TERM", nil, "TERM is not set"),
        ("TERM=nonexistent-term", "nonexistent-term", "unknown terminal type \"nonexistent-term\""),
        ("TERM=dumb", "dumb", "terminal type \"dumb\" cannot position the cursor"),
    ]

    @Test(arguments: 0..<badTerminals.count)
    func withoutAUsableTERMTheAppSaysSoInOneLine(_ index: Int) async throws {
        let (name, term, message) = Self.badTerminals[index]
        // stderr to a file: exactly what tminus wrote there, and the pane shows anything else.
        let rig = try ShellRig(environment: term.map { ["TERM": $0] } ?? [:], unsetTERM: term == nil, stderrToFile: true)
        let status = try await rig.waitForExitStatus()
        #expect(status != 0 && status < 128, "\(name): exit status \(status) (a crash is 128+)")
        let stderr = try String(contentsOf: rig.stderrFile, encoding: .utf8)
        let lines = stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(name): one line on stderr, got:\n\(stderr)")
        #expect(stderr.contains(message), "\(name): stderr says \(stderr)")
        #expect(stderr.contains("TERM=xterm-256color"), "\(name): suggests a TERM: \(stderr)")
        // Nothing else reached the terminal: no screen taken, no escape sequences, no crash report.
        let screen = rig.tmux.capture().trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(screen == "tminus exited \(status)", "\(name): the pane shows\n\(screen)")
        #expect(ScreenText.nonSGREscapes(in: rig.tmux.captureWithEscapes()).isEmpty)
        try await rig.expectTerminalRestored()
    }

    /// The same, as a user sees it: the message on the terminal, then the prompt.
    @Test func withoutTERMTheMessageIsOnTheTerminal() async throws {
        let rig = try ShellRig(unsetTERM: true)
        let status = try await rig.waitForExitStatus()
        #expect(status != 0 && status < 128)
        let lines = ScreenText.lines(rig.tmux.capture()).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.count == 2 && lines[0].contains("TERM is not set") && lines[1] == "tminus exited \(status)",
                "the pane shows:\n\(lines.joined(separator: "\n"))")
        try await rig.expectTerminalRestored()
    }
}
