import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
import TminusViewModel

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

    @Test func rocketsAndTheRocketPageToo() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true), rockets: [Sample.falcon9])
        let h = await Harness(source: source).started()
        source.serveStale(fetchedAt: Sample.reference, problem: .timedOut, archive: "2022-10")
        await h.press(.character("2"))
        #expect(statusLine(h).hasSuffix(Self.label + " "), "\(statusLine(h))")
        await h.press(.enter)
        #expect(statusLine(h).hasSuffix(Self.label + " "), "\(statusLine(h))")
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
}
