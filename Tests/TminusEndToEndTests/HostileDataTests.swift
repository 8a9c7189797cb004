import Foundation
import Testing

/// Launch names from the network that try to take over the terminal: retitle the window,
/// clear the screen, move the cursor, reset the terminal, reorder text, or simply be far too
/// wide. The fixture server serves the first four upcoming launches under such names; the
/// app must draw them as inert text within their column and leave the rest of the screen,
/// and the pane's title, alone.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct HostileDataTests {
    // The first four upcoming launches at --now 2022-10-08T20:00:00Z, in list order (rows 0–3).
    static let galaxy33 = "633f71240531f07b4fdf59bb"    // Galaxy 33 (15R) & 34 (12R), 2022-10-08 23:05
    static let hotbird13F = "633f71370531f07b4fdf59bc"  // Hotbird 13F, 2022-10-15 05:22
    static let starlink436 = "63161345ffc78f3b8567070d" // Starlink 4-36 (v1.5), 2022-10-20 14:50
    static let starlink437 = "633f71820531f07b4fdf59bd" // Starlink 4-37 (v1.5), NET 2022-11

    /// OSC 0 ended by BEL, OSC 2 ended by ST (ESC \), and OSC 2 in its C1 form (U+009D … U+009C).
    static let titleName = "Title\u{1B}]0;PWNED\u{07}One\u{1B}]2;PWNED\u{1B}\\Two\u{9D}2;PWNED\u{9C}Three"
    static let titleWords = ["Title", "One", "Two", "Three"]

    /// Clear screen + home, cursor to 10;10, a DCS (sixel-like) string, the C1 CSI form of
    /// "clear screen", BEL, a full reset (RIS), the screen-alignment test (DECALN fills the
    /// screen with E), backspaces, CR LF, DEL, a right-to-left override and a left-to-right isolate.
    static let screenName = "Clear\u{1B}[2J\u{1B}[HHome\u{1B}[10;10HMove\u{1B}Pq#0;2;0;0;0#0!20~\u{1B}\\Dcs"
        + "\u{9B}2JCsi\u{07}Bel\u{1B}cRis\u{1B}#8Align\u{08}\u{08}Bs\r\nNl\u{7F}\u{202E}Rtl\u{202C}\u{2066}Iso\u{2069}End"
    static let screenWords = ["Clear", "Home", "Move", "Dcs", "Csi", "Bel", "Ris", "Align", "Bs", "Nl", "Rtl", "Iso", "End"]

    /// 200 columns of CJK ideographs and emoji, two columns each.
    static let wideName = String(repeating: "漢🚀", count: 50)

    /// Characters whose width is hard to get right: a ZWJ sequence, an emoji with VS16, a flag,
    /// a skin-tone modifier, stacked combining accents, Hangul, the ideographic space,
    /// half-width katakana, a zero-width space, a soft hyphen and a tab; 168 columns or so.
    static let zooName = String(repeating: "👩\u{200D}🚀❤\u{FE0F}🇺🇸👍🏽e\u{301}\u{302}각\u{3000}ｱ\u{200B}\u{AD}\t", count: 12)

    static let renames = [galaxy33: titleName, hotbird13F: screenName, starlink436: wideName, starlink437: zooName]

    /// Whether `line` has `words` left to right (with anything, or nothing, between them).
    static func containsInOrder(_ line: String, _ words: [String]) -> Bool {
        var rest = line[...]
        for word in words {
            guard let range = rest.range(of: word) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    /// Whether a name cell shows `words` in order; a name cut with `…` needs only its first three.
    static func showsWords(_ name: String, _ words: [String]) -> Bool {
        containsInOrder(name, name.hasSuffix("…") ? Array(words.prefix(3)) : words)
    }

    /// The name cell of a list row (from column 4 to the gap before the next column).
    static func rowName(_ line: String) -> String {
        String(line.dropFirst(4)).components(separatedBy: "  ").first?.trimmingCharacters(in: .whitespaces) ?? ""
    }

    /// What is wrong with a launch list of the hostile data at `width` x `height`; empty when
    /// it is intact: tab bar on line 0, segments on 1, column header on 2, one launch per line
    /// from line 3 with its rocket, date and status under their headings, the hostile names as
    /// inert text, the untouched names after them, the status line at the bottom.
    static func listProblems(_ screen: String, width: Int, height: Int) throws -> [String] {
        var problems: [String] = []
        var lines = ScreenText.lines(screen)
        guard lines.count == height else { return ["\(lines.count) lines, not \(height)"] }
        for (y, line) in lines.enumerated() where ScreenText.width(line) > width {
            problems.append("line \(y) is \(ScreenText.width(line)) columns wide")
        }
        // From 140 columns the selected launch's preview is beside the list: the rows are
        // the list's part (ScreenLayout.listWidth), up to the rule.
        let listWidth = width >= 140 ? width - max(60, width * 2 / 5) : width
        if listWidth < width {
            for y in 1..<(height - 1) {
                let cut = ScreenText.prefix(lines[y], columns: listWidth)
                if ScreenText.column(of: "│", in: lines[y].dropFirst(cut.count)) != 0 { problems.append("line \(y): no rule at column \(listWidth)") }
                lines[y] = cut
            }
        }
        // The source's name shows where it fits beside the tabs (61 columns and up).
        if !(lines[0].contains("1 Launches") && (width < 61 || lines[0].contains("r/SpaceX API"))) { problems.append("no tab bar on line 0") }
        if !(lines[1].contains("Upcoming │ Past") && lines[1].contains("18 launches")) { problems.append("no segments on line 1") }
        let header = lines[2]
        guard let missionColumn = ScreenText.column(of: "MISSION", in: header),
              let dateColumn = ScreenText.column(of: "DATE", in: header),
              let statusColumn = ScreenText.column(of: "STATUS", in: header) else {
            return problems + ["no column header on line 2"]
        }
        let rocketColumn = ScreenText.column(of: "ROCKET", in: header)  // only on wider screens

        let rowCount = min(18, height - 4)
        let expected = try LaunchBrowsingTests.expectedNames(upcoming: true)
        for y in 3..<(3 + rowCount) {
            let line = lines[y]
            let index = y - 3
            if ScreenText.column(of: #"[○◉]"#, in: line, regex: true) != 2 { problems.append("line \(y): no row glyph in column 2") }
            if ScreenText.column(of: #"\d{4}-\d{2}"#, in: line, regex: true).map({ $0 != dateColumn && $0 != dateColumn + 4 }) ?? true {
                problems.append("line \(y): the date is not under DATE (column \(dateColumn))")  // "NET 2022-11" counts too
            }
            if ScreenText.column(of: "UPCOMING", in: line) != statusColumn { problems.append("line \(y): the status is not under STATUS") }
            if let rocketColumn, ScreenText.column(of: "Falcon", in: line) != rocketColumn {
                problems.append("line \(y): the rocket is not under ROCKET")
            }
            let name = rowName(line)
            if ScreenText.column(of: name, in: line) != missionColumn { problems.append("line \(y): the name is not under MISSION") }
            switch index {
            case 0 where !showsWords(name, titleWords): problems.append("line \(y): \(String(reflecting: name)) is not the title row")
            case 1 where !showsWords(name, screenWords): problems.append("line \(y): \(String(reflecting: name)) is not the clear-screen row")
            case 2:
                let room = (rocketColumn ?? dateColumn) - missionColumn
                if !name.hasSuffix("…") { problems.append("line \(y): the wide name is not cut with …: \(name)") }
                if !name.dropLast().allSatisfy({ $0 == "漢" || $0 == "🚀" }) { problems.append("line \(y): the wide name is mangled: \(name)") }
                // Within its column (two columns of gap kept), and using most of it.
                if ScreenText.width(name) > room - 2 || ScreenText.width(name) < room - 5 {
                    problems.append("line \(y): the wide name takes \(ScreenText.width(name)) of \(room) columns")
                }
            case 3:
                let room = (rocketColumn ?? dateColumn) - missionColumn
                if !name.hasSuffix("…") { problems.append("line \(y): the emoji name is not cut with …: \(name)") }
                if !name.hasPrefix("👩") || !name.contains("각") { problems.append("line \(y): the emoji name is mangled: \(name)") }
                if ScreenText.width(name) > room - 2 || ScreenText.width(name) < room - 5 {
                    problems.append("line \(y): the emoji name takes \(ScreenText.width(name)) of \(room) columns")
                }
            case 4...:
                let wanted = expected[index]
                if !(name == wanted || (name.hasSuffix("…") && wanted.hasPrefix(name.dropLast()))) {
                    problems.append("line \(y): \(String(reflecting: name)), expected \(String(reflecting: wanted))")
                }
            default: break
            }
        }
        for y in (3 + rowCount)..<(height - 1) where !lines[y].trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append("line \(y) should be blank: \(lines[y])")
        }
        if !lines[height - 1].contains("q quit") { problems.append("no status line at the bottom") }
        return problems
    }

    /// What is wrong with a launch's detail: the tab bar, the name with the status at the right
    /// edge on line 1, the flight on line 2, the rule, the sections, the status line.
    static func detailProblems(_ screen: String, width: Int, height: Int, words: [String], countdown: Bool) -> [String] {
        var problems: [String] = []
        let lines = ScreenText.lines(screen)
        guard lines.count == height else { return ["\(lines.count) lines, not \(height)"] }
        for (y, line) in lines.enumerated() where ScreenText.width(line) > width {
            problems.append("line \(y) is \(ScreenText.width(line)) columns wide")
        }
        if !lines[0].contains("1 Launches") { problems.append("no tab bar on line 0") }
        // A name too long for line 1 goes on over line 2 (issue 25), in place of the flight line.
        let wraps = !lines[2].contains("Flight #")
        let name = wraps ? lines[1] + " " + lines[2] : lines[1]
        if !containsInOrder(name, words) { problems.append("lines 1-2 lack the name: \(name)") }
        // The status sits at the right edge whatever the name: "UPCOMING" ends one column short of it.
        if ScreenText.column(of: "UPCOMING", in: lines[1]) != width - 1 - "UPCOMING".count {
            problems.append("line 1: UPCOMING is not at the right edge: \(lines[1])")
        }
        if !wraps, lines[2].range(of: #"Flight #\d+ · Falcon 9"#, options: .regularExpression) == nil {
            problems.append("line 2 is not the flight line: \(lines[2])")
        }
        if wraps, !(lines[2].contains("☆") || lines[2].contains("★")) { problems.append("line 2 is neither the flight line nor the name's end: \(lines[2])") }
        if countdown, !lines[3].contains("until launch") { problems.append("line 3 is not the countdown: \(lines[3])") }
        if lines[6] != String(repeating: "─", count: width) { problems.append("line 6 is not the rule: \(lines[6])") }
        if lines[7].trimmingCharacters(in: .whitespaces) != "Mission" { problems.append("line 7 is not 'Mission': \(lines[7])") }
        if !lines[height - 1].contains("q quit") { problems.append("no status line at the bottom") }
        return problems
    }

    static func expectIntactList(_ screen: String, width: Int, height: Int, _ what: String = "",
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let problems = try listProblems(screen, width: width, height: height)
        #expect(problems.isEmpty, "\(what)\n\(problems.joined(separator: "\n"))\n\(screen)", sourceLocation: sourceLocation)
    }

    static func expectIntactDetail(_ screen: String, words: [String], countdown: Bool = true,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        let problems = detailProblems(screen, width: 100, height: 30, words: words, countdown: countdown)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))\n\(screen)", sourceLocation: sourceLocation)
    }

    /// Nothing from the data reached the terminal as a control: no escape sequence but tmux's
    /// own SGR in the capture, no control or bidi character in its text.
    static func expectInert(_ tmux: TmuxSession, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let escapes = ScreenText.nonSGREscapes(in: tmux.captureWithEscapes())
        #expect(escapes.isEmpty, "\(what): escape sequences on screen: \(escapes)", sourceLocation: sourceLocation)
        let forbidden = ScreenText.forbiddenScalars(in: tmux.capture())
        #expect(forbidden.isEmpty, "\(what): control characters on screen: \(forbidden)", sourceLocation: sourceLocation)
    }

    /// Waits for the list to be drawn with the hostile rows in it; returns that screen.
    @discardableResult
    static func waitForList(_ tmux: TmuxSession) async throws -> String {
        try await tmux.waitUntil("the list with the renamed launches") { screen in
            let lines = ScreenText.lines(screen)
            return lines.count > 7 && containsInOrder(lines[3], titleWords) && lines.last?.contains("q quit") == true
                && lines[7].contains("O3b mPower 1,2")
        }
    }

    // MARK: Titles

    @Test func titleSequencesInANameNeverRetitleThePane() async throws {
        let rig = try ShellRig(renames: Self.renames)
        let tmux = rig.tmux
        try tmux.recordTitles()
        // The title first, before anything else about the screen can stop the test.
        try await tmux.waitFor("Title")
        #expect(tmux.paneTitle == ShellRig.title)
        #expect(!tmux.titlesSet.contains { $0.contains("PWNED") }, "titles: \(tmux.titlesSet)")
        let list = try await Self.waitForList(tmux)
        #expect(tmux.paneTitle == ShellRig.title)
        try Self.expectIntactList(list, width: 100, height: 30)
        Self.expectInert(tmux, "the list")

        // Every screen that draws the name: the list (selected and not), the detail, back.
        try tmux.sendKeys("j")
        try await tmux.waitUntil("the second row selected") { ScreenText.lines($0)[4].hasPrefix("›") }
        try tmux.sendKeys("k", "Enter")
        let detail = try await tmux.waitUntil("the detail of the title launch") { $0.contains("until launch") && $0.contains("Launchpad") }
        Self.expectIntactDetail(detail, words: Self.titleWords)
        Self.expectInert(tmux, "the detail")
        #expect(tmux.paneTitle == ShellRig.title)
        try tmux.sendKeys("Escape")
        try await Self.waitForList(tmux)
        #expect(tmux.paneTitle == ShellRig.title)

        try tmux.sendKeys("q")
        #expect(try await rig.waitForExitStatus() == 0)
        #expect(tmux.paneTitle == ShellRig.title, "the title after tminus: \(tmux.paneTitle)")
        let titles = tmux.titlesSet
        #expect(titles.allSatisfy { $0 == ShellRig.title }, "titles the pane was given meanwhile: \(titles)")
        #expect(!titles.contains { $0.contains("PWNED") })
        try await rig.expectTerminalRestored()
    }

    // MARK: Escape and control sequences

    @Test func escapeAndControlSequencesInANameLeaveTheScreenIntact() async throws {
        let rig = try ShellRig(renames: Self.renames)
        let tmux = rig.tmux
        let screen = try await Self.waitForList(tmux)
        try Self.expectIntactList(screen, width: 100, height: 30)
        Self.expectInert(tmux, "the list")

        // Selected, the row is drawn again (other attributes): still intact.
        try tmux.sendKeys("j")
        let selected = try await tmux.waitUntil("the clear-screen row selected") { ScreenText.lines($0)[4].hasPrefix("›") }
        try Self.expectIntactList(selected, width: 100, height: 30)
        Self.expectInert(tmux, "the list, row 2 selected")

        try tmux.sendKeys("Enter")
        let detail = try await tmux.waitUntil("the detail of the clear-screen launch") {
            $0.contains("until launch") && $0.contains("Launchpad") && ScreenText.lines($0)[1].contains("Clear")
        }
        Self.expectIntactDetail(detail, words: Self.screenWords)
        Self.expectInert(tmux, "the detail")

        try tmux.sendKeys("Escape")
        let back = try await Self.waitForList(tmux)
        try Self.expectIntactList(back, width: 100, height: 30)
        #expect(tmux.isAlive)
        try tmux.sendKeys("q")
        #expect(try await rig.waitForExitStatus() == 0)
        try await rig.expectTerminalRestored()
    }

    // MARK: Wide names

    /// The 200-column CJK + emoji name (row 3) and the emoji zoo (row 4).
    @Test func aTwoHundredColumnNameIsCutWithinItsColumn() async throws {
        let rig = try ShellRig(renames: Self.renames)
        let tmux = rig.tmux
        let screen = try await Self.waitForList(tmux)
        try Self.expectIntactList(screen, width: 100, height: 30)
        let row = ScreenText.lines(screen)[5]
        #expect(Self.rowName(row).hasSuffix("…"), "\(row)")

        // With the selection on it (bold, reverse) and in its detail.
        try tmux.sendKeys("j", "j")
        let selected = try await tmux.waitUntil("the wide row selected") { ScreenText.lines($0)[5].hasPrefix("›") }
        try Self.expectIntactList(selected, width: 100, height: 30)
        try tmux.sendKeys("Enter")
        let detail = try await tmux.waitUntil("the detail of the wide launch") {
            $0.contains("until launch") && $0.contains("Launchpad") && $0.contains("漢🚀")
        }
        Self.expectIntactDetail(detail, words: ["漢🚀漢🚀", "…"])
        // Over two lines, then cut before the star.
        let nameLine = ScreenText.lines(detail)[2]
        #expect(nameLine.contains("… ☆") || nameLine.contains("…  ☆") || nameLine.contains("… ★"), "cut before the star: \(nameLine)")
        Self.expectInert(tmux, "the detail")
        try tmux.sendKeys("Escape")
        try await Self.waitForList(tmux)

        // The emoji zoo's detail (a launch known to the month: no countdown).
        try tmux.sendKeys("j")
        try await tmux.waitUntil("the emoji row selected") { ScreenText.lines($0)[6].hasPrefix("›") }
        try tmux.sendKeys("Enter")
        let zoo = try await tmux.waitUntil("the detail of the emoji launch") {
            $0.contains("Launchpad") && ScreenText.lines($0)[1].contains("각")
        }
        Self.expectIntactDetail(zoo, words: ["👩", "각", "…"], countdown: false)
        Self.expectInert(tmux, "the emoji detail")
        try tmux.sendKeys("Escape")
        try await Self.waitForList(tmux)

        // Narrower and wider terminals give the name column another width: cut again, in place.
        for (width, height) in [(60, 24), (160, 40), (100, 30)] {
            try tmux.resize(width: width, height: height)
            let resized = try await tmux.waitUntil("the list at \(width)x\(height)") { screen in
                let lines = ScreenText.lines(screen)
                return lines.count == height && lines.last?.contains("q quit") == true && lines.count > 7
                    && Self.containsInOrder(lines[3], ["Title"]) && lines[7].contains("O3b mPower 1,2")
            }
            try Self.expectIntactList(resized, width: width, height: height, "\(width)x\(height)")
            Self.expectInert(tmux, "\(width)x\(height)")
        }
        try tmux.sendKeys("q")
        #expect(try await rig.waitForExitStatus() == 0)
        try await rig.expectTerminalRestored()
    }
}
