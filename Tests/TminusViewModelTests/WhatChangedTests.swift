import Foundation
import Testing
@testable import TminusViewModel
import TminusCore
import TminusTestSupport

/// "What changed since the user last looked": NET slips, holds, scrubs and new launches,
/// measured against what the previous run showed.
@Suite("What changed")
struct WhatChangedTests {
    static let net = Sample.reference.addingTimeInterval(86_400)
    static func launch(_ id: String = "a", net: Date? = Self.net, status: SourceStatus? = nil) -> Launch {
        Launch(origin: .launchLibrary2, id: id, name: "Launch \(id)", date: net, upcoming: true, sourceStatus: status)
    }
    static let go = SourceStatus(id: 1, name: "Go for Launch", abbrev: "Go")
    static let hold = SourceStatus(id: 5, name: "On Hold", abbrev: "Hold")
    static let tbd = SourceStatus(id: 2, name: "To Be Determined", abbrev: "TBD")
    static func seen(_ launch: Launch) -> SeenLaunch { SeenLaunch(launch, seenAt: Sample.reference) }

    @Test func theComparison() {
        let before = Self.seen(Self.launch(status: Self.go))
        #expect(LaunchChange.between(before, Self.launch(net: Self.net.addingTimeInterval(2 * 86_400), status: Self.go), userHasLooked: true) == .netMoved(2 * 86_400))
        #expect(LaunchChange.between(before, Self.launch(net: Self.net.addingTimeInterval(-3 * 3600), status: Self.go), userHasLooked: true)?.text == "NET −3 h")
        #expect(LaunchChange.between(before, Self.launch(status: Self.hold), userHasLooked: true) == .hold)
        #expect(LaunchChange.between(before, Self.launch(status: Self.tbd), userHasLooked: true) == .scrub)
        #expect(LaunchChange.between(before, Self.launch(net: Self.net.addingTimeInterval(20), status: Self.go), userHasLooked: true) == nil,
                "seconds of rounding are no news")
        #expect(LaunchChange.between(nil, Self.launch(), userHasLooked: true) == .new)
        #expect(LaunchChange.between(nil, Self.launch(), userHasLooked: false) == nil, "a first run flags nothing")
        #expect(LaunchChange.netMoved(2 * 86_400).text == "NET +2 d")
        #expect(LaunchChange.netMoved(45 * 60).text == "NET +45 min")
    }

    @Test func aSlipSinceTheLastRunIsFlaggedAndTheNewNETRemembered() async {
        let seen = SeenStore.inMemory(["a": Self.seen(Self.launch(status: Self.go)), "b": Self.seen(Self.launch("b", status: Self.go))])
        let moved = Self.launch(net: Self.net.addingTimeInterval(2 * 86_400), status: Self.go)
        let source = ScriptedSource(upcoming: [moved, Self.launch("b", status: Self.hold), Self.launch("c")])
        let h = await Harness(source: source, width: 120, height: 30, seen: seen).started()
        #expect(h.state.changes["a"]?.text == "NET +2 d")
        #expect(h.state.changes["b"] == .hold)
        #expect(h.state.changes["c"] == .new)
        // What is on screen now is what the next run compares with.
        #expect(seen.load()["a"]?.net == moved.date)
        #expect(seen.load()["c"] != nil)
    }

    /// Issue 24: a refresh while the app is open that moves a NET or puts a launch on hold is
    /// flagged at once, even on a first run (which flags nothing against the previous one).
    @Test func aSlipWhileTheAppIsOpenIsFlaggedAfterTheRefresh() async {
        let source = ScriptedSource(upcoming: [Self.launch(status: Self.go), Self.launch("b", status: Self.go), Self.launch("c", status: Self.go)])
        let h = await Harness(source: source, width: 120, height: 30).started()
        #expect(h.state.changes.isEmpty, "a first run flags nothing")

        source.replace(upcoming: [Self.launch(net: Self.net.addingTimeInterval(86_400), status: Self.go),
                                  Self.launch("b", status: Self.hold), Self.launch("c", status: Self.go)])
        await h.press(.character("r"))
        #expect(h.state.changes["a"]?.text == "NET +1 d")
        #expect(h.state.changes["b"] == .hold)
        #expect(h.state.changes["c"] == nil, "unchanged: no flag")

        // Another refresh that changes nothing keeps the flags for the run.
        await h.press(.character("r"))
        #expect(h.state.changes["a"]?.text == "NET +1 d")
        #expect(h.state.changes["b"] == .hold)
    }

    /// Issue 25: the first Launch Library 2 run after r/SpaceX was used flagged every row
    /// `new`. A first look at a source flags nothing, whatever was seen of the other.
    @Test func aFirstLookAtASourceFlagsNothingWhateverTheOtherShowed() async {
        let archive = Launch(origin: .spacex, id: "5eb87d42ffd86e000604b384", name: "Crew-5", date: Self.net, upcoming: true)
        let seen = SeenStore.inMemory(["5eb87d42ffd86e000604b384": Self.seen(archive)])
        let source = ScriptedSource(upcoming: [Self.launch("a"), Self.launch("b")])
        let h = await Harness(source: source, width: 120, height: 30, seen: seen).started()
        #expect(h.state.changes.isEmpty, "\(h.state.changes)")
    }

    /// seen.json written before the source was kept: each entry's source from its id's shape.
    @Test func anOlderSeenFileGetsItsSourcesFromTheIDs() async throws {
        let url = FileManager.default.temporaryDirectory.appending(path: "tminus-seen-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let old = #"{"5eb87d42ffd86e000604b384":{"net":1665270300,"precision":"hour","seenAt":1665000000,"status":"UPCOMING"},"#
            + #""e3df2ecd-c239-472f-95e4-2b89b4f75800":{"net":1665270300,"precision":"hour","seenAt":1665000000,"status":"GO"}}"#
        try Data(old.utf8).write(to: url)
        let store = SeenStore.file(url)
        let loaded = store.load()
        #expect(loaded["5eb87d42ffd86e000604b384"]?.origin == .spacex)
        #expect(loaded["e3df2ecd-c239-472f-95e4-2b89b4f75800"]?.origin == .launchLibrary2)
        // Written again, with the sources.
        await store.remember([:])
        let written = try String(contentsOf: url, encoding: .utf8)
        #expect(written.contains(#""origin":"ll2""#) && written.contains(#""origin":"spacex""#), "\(written)")
        #expect(store.load() == loaded)
    }

    @Test func whatThisRunShowedIsBounded() async {
        let many = (0..<(AppReducer.shownThisRunLimit + 300)).map { Self.launch("l\($0)") }
        let source = ScriptedSource(upcoming: many)
        let h = await Harness(source: source, width: 120, height: 30).started()
        var pages = 0
        while h.state.upcoming.launches.count < many.count, pages < 400 {
            await h.press(.end)
            pages += 1
        }
        #expect(h.state.upcoming.launches.count > AppReducer.shownThisRunLimit, "the run showed more than the limit")
        #expect(h.state.shownThisRun.count == AppReducer.shownThisRunLimit)
    }
}
