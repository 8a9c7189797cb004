import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

@Suite("Launch Library 2 detail: the whole record, videos, the link menu")
struct LaunchLibrary2DetailTests {
    static func harness(details: [String: Launch] = ["ll2-1": Sample.starlinkDetailed]) async -> Harness {
        await Harness(source: ScriptedSource(upcoming: Sample.ll2Launches(3), details: details, name: "Launch Library 2")).started()
    }

    @Test func openingALaunchFetchesItsWholeRecord() async {
        let h = await Self.harness()
        #expect(h.state.upcoming.launches[0].videos.isEmpty, "list rows carry no videos")
        await h.press(.enter)
        #expect(h.source.requests.last == ScriptedSource.Request(.detail("ll2-1")))
        let detail = try! #require(h.state.detail)
        #expect(!detail.status.isLoading)
        #expect(detail.launch.videos.count == 2)
        #expect(detail.launch.linkSlots.map(\.title) == ["Video", "Info"])
        #expect(detail.linkIndex == 0, "the video is the link selected")
        #expect(detail.status.updatedAt == Sample.reference)
    }

    /// The detailed list's rows are whole records: the detail opens from the row, as old as
    /// the list, with no request; `r` there asks the source for it again.
    @Test func aWholeRowOpensWithNoRequest() async {
        var rows = Sample.ll2Launches(3)
        for i in rows.indices { rows[i].carriesDetail = true }
        let source = ScriptedSource(upcoming: rows, details: ["ll2-1": Sample.starlinkDetailed], name: "Launch Library 2")
        let h = await Harness(source: source).started()
        let asked = source.requests.count
        await h.press(.enter)
        #expect(source.requests.count == asked, "\(source.requests)")
        #expect(h.state.detail?.status.hasLoadedOnce == true)
        #expect(h.state.detail?.status.updatedAt == h.state.upcoming.status.updatedAt)
        await h.press(.character("r"))
        #expect(source.requests.last == ScriptedSource.Request(.detail("ll2-1")))
        #expect(source.requests.last?.reload == true)
    }

    /// The past list comes detailed too and its pages are a day fresh: a launch flown within
    /// the day is asked again once the list's copy is older than a detail may be (its outcome,
    /// landing and exact time are still being filled in); an older one opens from its row.
    @Test func aRecentPastRowFromAnOldPageIsAskedAgain() async {
        let clock = TestClock()
        var rows = Sample.ll2Launches(3, upcoming: false)
        for i in rows.indices { rows[i].carriesDetail = true }
        rows[0].date = Sample.reference.addingTimeInterval(-2 * 3600)
        let source = ScriptedSource(past: rows, details: ["ll2-1": rows[0]], name: "Launch Library 2")
        let h = await Harness(source: source, clock: clock).started()
        await h.press(.character("p"))
        let asked = source.requests.count
        // The list just came: its copy is the detail.
        await h.press(.enter)
        #expect(source.requests.count == asked, "\(source.requests)")
        await h.press(.escape)
        // Twenty minutes on, the launch flown two hours before the list came is asked again …
        clock.advance(by: 20 * 60)
        await h.press(.enter)
        #expect(source.requests.count == asked + 1)
        #expect(source.requests.last == ScriptedSource.Request(.detail("ll2-1")))
        // … and the one flown two days before is not.
        await h.press(.escape, .character("j"), .enter)
        #expect(h.state.detail?.launch.id == "ll2-2")
        #expect(source.requests.count == asked + 1, "\(source.requests)")
    }

    /// The upcoming list's details ride on its refreshes (issue 36): however old its copy, a
    /// detail opened from it asks nothing.
    @Test func anUpcomingRowFromAnOlderListStillOpensWithNoRequest() async {
        let clock = TestClock()
        var rows = Sample.ll2Launches(3)
        for i in rows.indices { rows[i].carriesDetail = true }
        let source = ScriptedSource(upcoming: rows, name: "Launch Library 2")
        let h = await Harness(source: source, clock: clock).started()
        let asked = source.requests.count
        clock.advance(by: 14 * 60)
        await h.press(.enter)
        #expect(h.state.detail?.launch.id == "ll2-1")
        #expect(!source.requests.dropFirst(asked).contains { if case .detail = $0.kind { true } else { false } }, "\(source.requests)")
    }

    /// `r` over rows on screen that the request budget held back: the rows stay, no error is
    /// said (nothing is wrong with them), only what happened and when the refresh comes.
    @Test func anRTheBudgetHeldBackSaysSoWithoutAnError() async {
        let h = await Self.harness()
        h.source.fail(with: .heldBack(host: "ll.thespacedevs.com", retryAfter: 300, keptFor: "Starlink 12-3"))
        await h.press(.character("r"))
        #expect(h.state.upcoming.launches.count == 3)
        #expect(h.state.upcoming.status.error == nil)
        let notice = h.state.notice?.text ?? ""
        #expect(notice.hasPrefix("not refreshed: the hour's last request is kept for Starlink 12-3 — refresh in "),
                "\(notice)")
        #expect(!notice.contains("holding back"))
    }

    @Test func aSourceWithoutDetailRequestsAsksForNothingMore() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true))
        let h = await Harness(source: source).started()
        await h.press(.enter)
        #expect(source.requests.count == 1)
        #expect(h.state.detail?.status.isLoading == false)
    }

    @Test func aFailedDetailKeepsTheRowsDataAndSaysWhy() async {
        let h = await Self.harness()
        h.source.fail(with: .timedOut)
        await h.press(.enter)
        #expect(h.state.detail?.launch.name == "Electron | LL2 Mission 1")
        #expect(h.state.detail?.status.error == .timedOut)
        await h.press(.character("r"))
        #expect(h.state.detail?.status.error == nil)
        #expect(h.state.detail?.launch.videos.count == 2)
        #expect(h.source.requests.last?.reload == true, "r goes past the cache")
    }

    @Test func oOnSeveralVideosOpensAMenuAndEnterOpensTheChosenOne() async {
        let h = await Self.harness()
        await h.press(.enter, .character("o"))
        guard case .links(let menu)? = h.state.overlay else {
            Issue.record("no menu: \(String(describing: h.state.overlay))")
            return
        }
        #expect(menu.title == "Video")
        #expect(menu.targets.map(\.url.absoluteString) == ["https://x.com/i/broadcasts/1", "https://www.youtube.com/watch?v=2"])
        await h.press(.character("j"), .enter)
        #expect(h.state.overlay == nil)
        #expect(h.browser.urls.map(\.absoluteString) == ["https://www.youtube.com/watch?v=2"])
    }

    @Test func theMenuClosesWithEscapeAndPicksByNumber() async {
        let h = await Self.harness()
        await h.press(.enter, .character("o"), .escape)
        #expect(h.state.overlay == nil)
        #expect(h.state.screen == .launchDetail, "Esc closes the menu, not the detail")
        await h.press(.character("o"), .character("2"), .character("o"))
        #expect(h.browser.urls.map(\.absoluteString) == ["https://www.youtube.com/watch?v=2"])
    }

    @Test func aLinkWithOnePageOpensAtOnce() async {
        let h = await Self.harness()
        await h.press(.enter, .character("l"), .character("o"))
        #expect(h.state.overlay == nil)
        #expect(h.browser.urls.map(\.absoluteString) == ["https://www.spacex.com/launches/sl-15-22"])
    }

    @Test func aLaunchWithoutVideosSaysSo() async {
        let h = await Self.harness(details: ["ll2-1": Sample.ll2Launches(1)[0]])
        await h.press(.enter, .character("o"))
        #expect(h.state.overlay == nil)
        #expect(h.state.notice?.text == "this launch has no links")
        #expect(h.browser.urls.isEmpty)
    }

    @Test func theDocumentShowsProviderPadLocationPictureAndLinks() {
        let launch = Sample.starlinkDetailed
        let box = ScreenLayout(Size(width: 80, height: 24), banner: false).detailImageBox
        let lines = LaunchDetailDocument.lines(for: launch, time: LaunchTime(timeZone: .gmt), now: .distantPast, width: 76, imageBox: box)
        var fields: [String: String] = [:]
        for case let .field(label, value, _) in lines where !label.isEmpty { fields[label] = value }
        #expect(fields["Provider"] == "SpaceX")
        #expect(fields["Rocket"] == "Falcon 9 Block 5")
        #expect(fields["Pad"] == "Launch Complex 1A")
        #expect(fields["Location"] == "Onenui Station, Mahia Peninsula, New Zealand")
        #expect(fields["Status"] == "GO · Go for Launch", "the list's word first, then LL2's words (issue 25: `Go` here, `GO` there)")
        #expect(fields["Probability"] == "90% weather go")
        #expect(fields["Video"] == "SpaceX — Starlink Mission (English)")
        #expect(fields["Info"] == "spacex.com — SpaceX (English)")
        #expect(fields["Flight"] == nil, "no SpaceX-only fields")
        let pictureRows = lines.compactMap { line -> PictureKey? in
            if case .picture(let key, _) = line { return key }
            return nil
        }
        #expect(pictureRows.count == box.rows)
        #expect(pictureRows.first == PictureKey(url: URL(string: "https://example.com/f9.jpg")!, columns: box.columns, rows: box.rows))
        let without = LaunchDetailDocument.lines(for: launch, time: LaunchTime(timeZone: .gmt), now: .distantPast, width: 76)
        #expect(without.count == lines.count - box.rows - 1, "no box (glyphs): no picture lines and no blank before them")
    }

    @Test func theStateLaysOutTheImageBoxFromTheScreen() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.ll2Launches(3), details: ["ll2-1": Sample.starlinkDetailed],
                                                     name: "Launch Library 2"), width: 200, height: 60,
                              pictures: .failing(.download("not in this test"))).started()
        await h.press(.enter)
        let keys = h.state.detailBody(h.state.detail!.launch).compactMap { line -> PictureKey? in
            if case .picture(let key, _) = line { return key }
            return nil
        }
        let box = h.state.layout.detailImageBox
        #expect(keys.count == box.rows)
        #expect(Set(keys) == [PictureKey(url: URL(string: "https://example.com/f9.jpg")!, columns: box.columns, rows: box.rows)])
        #expect(box.rows <= h.state.layout.detailBodyHeight - 2, "seen whole with a line of text")
    }

    /// The detail says the precision as the source does (`Minute`), not in the app's scale.
    @Test func thePrecisionIsTheSourcesWord() {
        var launch = Sample.ll2Launches(1)[0]
        launch.precisionName = "Minute"
        let lines = LaunchDetailDocument.lines(for: launch, time: LaunchTime(timeZone: .gmt), now: .distantPast, width: 76)
        #expect(lines.contains(.field(label: "Precision", value: "Minute", tone: .plain)))
        launch.precisionName = nil
        let plain = LaunchDetailDocument.lines(for: launch, time: LaunchTime(timeZone: .gmt), now: .distantPast, width: 76)
        #expect(plain.contains(.field(label: "Precision", value: launch.datePrecision.rawValue, tone: .plain)))
    }

    @Test func anEmptyLinkSlotReadsAsADash() {
        let lines = LaunchDetailDocument.lines(for: Sample.ll2Launches(1)[0], time: LaunchTime(timeZone: .gmt), now: .distantPast, width: 76)
        #expect(lines.contains(.field(label: "Video", value: "-", tone: .muted)))
        #expect(lines.contains(.field(label: "Description", value: "-", tone: .muted)))
        #expect(!lines.contains { if case .picture = $0 { return true } else { return false } })
    }

    @Test func aListRefreshDoesNotEraseTheVideosOfAWatchedLaunch() async {
        let h = await Self.harness()
        await h.press(.enter, .character("f"))
        #expect(h.state.favorites.items.launches.first?.launch.videos.count == 2)
        await h.press(.escape, .character("r"))
        #expect(h.state.favorites.items.launches.first?.launch.videos.count == 2)
    }
}

@Suite("Launch Library 2 detail: updates and live webcast")
struct LaunchLibrary2UpdatesDetailTests {
    @Test func theDetailListsTheUpdatesAndSaysLive() {
        var launch = Launch(origin: .launchLibrary2, id: "u", name: "U", date: Sample.reference, upcoming: true)
        launch.webcastLive = true
        launch.updates = [LaunchUpdate(comment: "Now targeting Aug 25", author: "Cosmic_Penguin",
                                       postedAt: ISO8601.parse("2026-08-17T21:26:00Z"))]
        let lines = LaunchDetailDocument.lines(for: launch, time: LaunchTime(timeZone: .gmt), now: .distantPast, width: 76)
        #expect(lines.contains(.field(label: "Webcast", value: "● LIVE", tone: .failure)))
        #expect(lines.contains(.heading("Updates")))
        #expect(lines.contains(.field(label: "2026-08-17", value: "Now targeting Aug 25", tone: .plain)))
        #expect(lines.contains(.field(label: "", value: "— Cosmic_Penguin", tone: .muted)))
    }
}
