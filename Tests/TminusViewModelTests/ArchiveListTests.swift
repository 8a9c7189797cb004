import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// Lists and rockets answered by the built-in archive (the source could not be reached, nothing
/// cached): marked as the archive's until the source's own answer replaces them.
@Suite("Archive answers in the lists")
struct ArchiveListTests {
    static let snapshot = Sample.reference.addingTimeInterval(-4 * 365 * 86_400)

    @Test func anArchiveAnswerIsMarkedAndRetriedAndTheLiveAnswerReplacesIt() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true), rockets: [Sample.falcon9])
        source.serveStale(fetchedAt: Self.snapshot, problem: .transport("connection refused"), archive: "2022-10")
        let h = await Harness(source: source).started()
        #expect(h.state.upcoming.launches.count == 3)
        #expect(h.state.upcoming.status.archive == "2022-10")
        #expect(h.state.upcoming.status.error == .transport("connection refused"))
        #expect(h.state.upcoming.status.retryAt != nil, "the source is asked again by itself")
        await h.press(.character("r"))
        #expect(h.state.upcoming.status.archive == nil)
        #expect(h.state.upcoming.status.error == nil)
    }

    @Test func theRocketsToo() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true), rockets: [Sample.falcon9])
        let h = await Harness(source: source).started()
        source.serveStale(fetchedAt: Self.snapshot, problem: .timedOut, archive: "2022-10")
        await h.press(.character("2"))
        #expect(h.state.rockets.rockets.count == 1)
        #expect(h.state.rockets.status.archive == "2022-10")
        await h.press(.character("r"))
        #expect(h.state.rockets.status.archive == nil)
    }

    @Test func aLiveNextPageUnderArchiveRowsStartsTheListAgainFromTheSource() async {
        let source = ScriptedSource(upcoming: Sample.launches(30, upcoming: true))
        source.serveStale(fetchedAt: Self.snapshot, problem: .timedOut, archive: "2022-10")
        let h = await Harness(source: source).started()
        #expect(h.state.upcoming.status.archive == "2022-10")
        // Down to the end: the next page comes from the source, not the archive.
        await h.press(.character("G"))
        #expect(source.requests.map(\.page) == [1, 2, 1], "page 2 was not appended: page 1 again, from the source")
        #expect(h.state.upcoming.status.archive == nil)
        #expect(h.state.upcoming.launches.count == 20)
    }
}
