import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// The status line over the built-in archive: the reason on the left, what the rows are on the
/// right, never an age; gone once the source answers.
@Suite("Archive label")
struct ArchiveLabelTests {
    static let label = "built-in archive, data to 2022-10"

    func statusLine(_ h: Harness, width: Int = 100) -> String {
        String(Renderer.render(h.state, size: Size(width: width, height: 24)).text.split(separator: "\n").last ?? "")
    }

    @Test func launchesShowTheReasonAndTheLabel() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true))
        source.serveStale(fetchedAt: Sample.reference.addingTimeInterval(-86_400 * 400), problem: .transport("host not found"),
                          archive: "2022-10")
        let h = await Harness(source: source).started()
        let line = statusLine(h)
        #expect(line.hasPrefix(" network error: host not found — retrying in 5 s, r now"), "\(line)")
        #expect(line.hasSuffix(Self.label + " "), "\(line)")
        #expect(!line.contains("ago") && !line.contains("data from"))
        await h.press(.character("r"))
        #expect(!statusLine(h).contains("built-in archive"), "\(statusLine(h))")
    }

    /// Issue 24: why live data is missing is said whole at every width. At 80 columns the
    /// retry words and the label shorten; narrower, they go; the cause stays.
    @Test func theReasonIsWholeAtEveryWidth() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true))
        source.serveStale(fetchedAt: Sample.reference.addingTimeInterval(-86_400 * 400), problem: .transport("host not found"),
                          archive: "2022-10")
        let h = await Harness(source: source).started()
        let at80 = statusLine(h, width: 80)
        #expect(at80.hasPrefix(" network error: host not found — retrying in 5 s, r now"), "\(at80)")
        #expect(at80.hasSuffix("archive to 2022-10 "), "\(at80)")
        let at64 = statusLine(h, width: 64)
        #expect(at64.hasPrefix(" network error: host not found  "), "\(at64)")
        #expect(at64.hasSuffix("archive to 2022-10 "), "\(at64)")
        #expect(!at64.contains("…"), "\(at64)")
        for width in ScreenLayout.minimumWidth...120 {
            let line = statusLine(h, width: width)
            #expect(line.contains("network error: host not found"), "\(width) columns: \(line)")
        }
    }

    @Test func rocketsAndTheRocketPageToo() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true), rockets: [Sample.falcon9])
        let h = await Harness(source: source).started()
        source.serveStale(fetchedAt: Sample.reference, problem: .timedOut, archive: "2022-10")
        await h.press(.character("2"))
        #expect(statusLine(h).hasSuffix(Self.label + " "), "\(statusLine(h))")
        await h.press(.enter)
        #expect(statusLine(h).hasSuffix(Self.label + " "), "\(statusLine(h))")
    }

    /// Issue 37: the archive's rockets stood under a `Launch Library 2` header. Every screen
    /// of them names the archive.
    @Test func archiveRocketsAreNamedInTheHeader() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true), rockets: [Sample.falcon9], name: "Launch Library 2")
        let h = await Harness(source: source).started()
        source.serveStale(fetchedAt: Sample.reference, problem: .timedOut, archive: "2022-10", times: 3)
        await h.press(.character("2"))
        #expect(tabBar(h).hasSuffix("r/SpaceX archive "), "\(tabBar(h))")
        await h.press(.enter)
        #expect(tabBar(h).hasSuffix("r/SpaceX archive "), "the rocket page: \(tabBar(h))")
    }

    func tabBar(_ h: Harness, width: Int = 100) -> String {
        String(Renderer.render(h.state, size: Size(width: width, height: 24)).text.split(separator: "\n").first ?? "")
    }

    /// Issue 24: Launch Library 2 standing in with the archive's rows must not be named in the
    /// header as if they were its own.
    @Test func theHeaderNamesTheArchiveNotTheSourceItStandsInFor() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true), name: "Launch Library 2")
        source.serveStale(fetchedAt: Sample.reference, problem: .transport("host not found"), archive: "2022-10")
        let h = await Harness(source: source).started()
        #expect(tabBar(h).hasSuffix("r/SpaceX archive "), "\(tabBar(h))")
        #expect(!tabBar(h).contains("Launch Library 2"))
        await h.press(.character("r"))
        #expect(tabBar(h).hasSuffix("Launch Library 2 "), "the source's own answer: its name again: \(tabBar(h))")
    }

    /// Issue 24: the archive is never live. A launch it still calls upcoming whose date has
    /// passed reads `NO DATA` (the data's last word), not `UPCOMING` and not in its colour;
    /// one still ahead of the clock stays upcoming.
    @Test func aPassedDateInTheArchiveReadsNoDataNotUpcoming() async {
        var stale = Sample.launches(1, upcoming: true, prefix: "Stale")[0]
        stale.date = Sample.reference.addingTimeInterval(-30 * 86_400)
        let ahead = Sample.launches(1, upcoming: true, prefix: "Ahead")[0]
        let source = ScriptedSource(upcoming: [stale, ahead], name: "Launch Library 2")
        source.serveStale(fetchedAt: Sample.reference, problem: .transport("host not found"), archive: "2022-10")
        let h = await Harness(source: source, width: 100, height: 24).started()
        let rows = Renderer.render(h.state, size: Size(width: 100, height: 24)).text.split(separator: "\n")
        let staleRow = String(rows.first { $0.contains("Stale 1") } ?? "")
        let aheadRow = String(rows.first { $0.contains("Ahead 1") } ?? "")
        #expect(staleRow.contains("NO DATA") && !staleRow.contains("UPCOMING"), "\(staleRow)")
        #expect(aheadRow.contains("UPCOMING"), "\(aheadRow)")
        let shown = h.state.upcoming.launches.first { $0.id == stale.id }
        #expect(shown?.upcoming == false && shown?.sourceStatus?.name == "No data since 2022-10")
        #expect(shown?.statusTone != .upcoming)
        await h.press(.enter)
        let detail = Renderer.render(h.state, size: Size(width: 100, height: 24)).text
        #expect(detail.contains("no data since 2022-10") && !detail.contains("until launch"), "\(detail)")
        await h.press(.escape)

        // The source's own answer: its word again.
        await h.press(.character("r"))
        #expect(h.state.upcoming.launches.first { $0.id == stale.id }?.upcoming == true)
    }

    @Test func aFrozenSourceToo() async {
        var stale = Sample.launches(1, upcoming: true, prefix: "Stale")[0]
        stale.date = Sample.reference.addingTimeInterval(-86_400)
        let frozen = ScriptedSource(upcoming: [stale], name: "r/SpaceX API", isFrozen: true)
        let h = await Harness(source: frozen, alternatives: [ScriptedSource(name: "Launch Library 2")], width: 100, height: 24).started()
        #expect(h.state.upcoming.launches.first?.statusWord == "NO DATA")
        #expect(h.state.upcoming.launches.first?.sourceStatus?.name == "No data (the source stopped)")
    }
}
