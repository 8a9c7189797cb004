import Foundation
import Testing

/// The wide layout: from 140 columns the Launches tab is the list with a live preview of the
/// selected launch beside it, whose countdown ticks.
@Suite("Mission control: the list and its live preview")
struct MissionControlTests {
    static let width = 200, height = 50
    /// `ScreenLayout.listWidth` at 200 columns: the preview takes two fifths.
    static let listWidth = 120

    /// The preview's part of each line (right of the rule).
    static func preview(_ screen: String) -> [String] {
        ScreenText.lines(screen).map { line in
            String(line.dropFirst(ScreenText.prefix(line, columns: listWidth + 1).count))
        }
    }

    static func previewText(_ screen: String) -> String { preview(screen).joined(separator: "\n") }

    /// The preview's countdown: its big block digits (the rows drawn with █), as one text.
    static func clock(_ screen: String) -> String? {
        let rows = preview(screen).filter { $0.contains("█") }
        return rows.isEmpty ? nil : rows.joined(separator: "\n")
    }

    @Test func thePreviewFollowsTheSelectionAndItsCountdownTicks() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-preview")
        // 50 minutes before the first launch (TeLEOS-2, NET 2023-04-22 08:50 UTC).
        let tmux = try await rig.start(["--source", "ll2", "--tz", "UTC", "--now", "2023-04-22T08:00:00Z", "--no-images"],
                                       width: Self.width, height: Self.height, ready: LaunchLibrary2Tests.first)
        var screen = try await tmux.waitUntil("the first launch's preview") {
            Self.previewText($0).contains(LaunchLibrary2Tests.firstFullName)
        }
        let text = Self.previewText(screen)
        #expect(text.contains(LaunchLibrary2Tests.firstProvider), "\(text)")
        #expect(text.contains("Earth Science"), "the mission type: \(text)")
        #expect(ScreenText.lines(screen)[3].hasPrefix("›"), "the first row is selected")
        // Every line of the pane keeps the rule at the list's edge.
        for line in ScreenText.lines(screen)[1..<(Self.height - 1)] {
            #expect(ScreenText.column(of: "│", in: String(line.dropFirst(ScreenText.prefix(line, columns: Self.listWidth).count))) == 0,
                    "\(line)")
        }

        // The countdown, in big digits, ticks: two looks a couple of seconds apart differ.
        #expect(text.contains("until launch"), "\(text)")
        let first = try #require(Self.clock(screen), "no countdown in the preview:\n\(text)")
        try await Task.sleep(for: .seconds(2.2))
        let second = try #require(Self.clock(tmux.capture()))
        #expect(first != second, "the countdown did not tick: \(first)")

        // The selection moves; the preview follows.
        try tmux.sendKeys("j")
        screen = try await tmux.waitUntil("the second launch's preview") {
            Self.previewText($0).contains("Falcon 9 Block 5 | Starlink Group 3-5")
        }
        #expect(!Self.previewText(screen).contains(LaunchLibrary2Tests.firstFullName))
        #expect(Self.previewText(screen).contains("Vandenberg"), "its pad")

        // Narrower than the breakpoint: the list alone, full width, the mission part in its column.
        try tmux.resize(width: 120, height: 40)
        screen = try await tmux.waitUntil("the list alone at 120 columns") { screen in
            ScreenText.lines(screen).count == 40 && !screen.contains("Falcon 9 Block 5 | Starlink Group 3-5")
                && screen.contains("Starlink Group 3-5")
        }
        let row = try #require(ScreenText.lines(screen).first { $0.hasPrefix("›") })
        #expect(row.contains("Starlink Group 3-5") && row.contains("Falcon 9 Block 5") && row.contains("SpaceX"), "\(row)")
        try tmux.sendKeys("q")
        let exit = try await tmux.waitForExit()
        #expect(exit.status == 0, "tminus \(exit)")
    }
}
