import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

@Suite("c: a launch as a calendar event")
struct CalendarTests {
    @Test func cOnADetailSavesTheEventAndSaysWhere() async {
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.crs26])).started()
        await h.press(.enter, .character("c"))
        #expect(h.exports.files.map(\.name) == ["tminus-crs-26-crs-26.ics"])
        let ics = h.exports.files.first?.contents ?? ""
        #expect(ics.contains("UID:crs-26@tminus\r\n"))
        #expect(ics.contains("DTSTART:20221118T220000Z\r\n"))
        #expect(ics.contains("URL:https://youtu.be/crs26\r\n"))
        #expect(h.state.notice?.text == "calendar event saved: tminus-crs-26-crs-26.ics — in /downloads", "the file first")
        #expect(h.state.notice?.expires == h.clock.clock.now().addingTimeInterval(15), "a path to read stays 15 s")
    }

    /// Issue 37: a narrow status line dropped the folder. At every width from the narrowest
    /// the line names the folder, and the file's name as far as it fits.
    @Test func theFolderIsSaidAtEveryWidth() async {
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.crs26])).started()
        await h.press(.enter, .character("c"))
        for width in ScreenLayout.minimumWidth...140 {
            let line = String(Renderer.render(h.state, size: Size(width: width, height: 24)).text
                .split(separator: "\n", omittingEmptySubsequences: false)[23])
            #expect(line.contains("/downloads"), "\(width) columns: \(line)")
            #expect(line.contains("tminus-crs-26"), "\(width) columns: \(line)")
        }
    }

    @Test func aPathInTheHomeReadsWithATilde() {
        #expect(Formatting.homeAbbreviated("/home/ann/Downloads", home: "/home/ann") == "~/Downloads")
        #expect(Formatting.homeAbbreviated("/home/annie/Downloads", home: "/home/ann") == "/home/annie/Downloads")
        #expect(Formatting.homeAbbreviated("/tmp/x", home: "") == "/tmp/x")
    }

    @Test func cOnAListRowSavesThatRow() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true))).started()
        await h.press(.down, .character("c"))
        #expect(h.exports.files.map(\.name) == ["tminus-mission-2-mission-2.ics"])
    }

    @Test func cOnAWatchedLaunchOnTheFavoritesTab() async {
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.crs26])).started()
        await h.press(.character("f"), .character("3"), .character("c"))
        #expect(h.exports.files.map(\.name) == ["tminus-crs-26-crs-26.ics"])
    }

    @Test func aLaunchKnownOnlyToTheMonthIsNotExported() async {
        var launch = Sample.launches(1, upcoming: true)[0]
        launch.datePrecision = .month
        launch.date = ISO8601.parse("2022-12-01T00:00:00Z")
        let h = await Harness(source: ScriptedSource(upcoming: [launch])).started()
        await h.press(.character("c"))
        #expect(h.exports.files.isEmpty)
        #expect(h.state.notice?.text == "Mission 1: no day to put in a calendar yet (NET 2022-12)")
        #expect(h.state.notice?.level == .error)
    }

    /// Nothing saved; said where `c` works (issue 37: every key answers).
    @Test func cOnARocketScreenSavesNothingAndSaysWhere() async {
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.crs26], rockets: [Sample.falcon9])).started()
        await h.press(.character("2"), .character("c"))
        #expect(h.exports.files.isEmpty)
        #expect(h.state.notice?.text.hasPrefix("c: save a calendar event (.ics) — on ") == true, "\(String(describing: h.state.notice))")
    }
}
