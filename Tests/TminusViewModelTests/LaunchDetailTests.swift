import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

@Suite("Launch detail")
struct LaunchDetailTests {
    @Test func enterOpensTheSelectedLaunchAndEscGoesBack() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(5, upcoming: true))).started()
        await h.press(.down, .enter)
        #expect(h.state.detail?.launch.name == "Mission 2")
        #expect(h.state.screen == .launchDetail)
        await h.press(.escape)
        #expect(h.state.detail == nil)
        #expect(h.state.upcoming.selection == 1)
        await h.press(.enter, .backspace)
        #expect(h.state.detail == nil)
    }

    @Test func oOpensTheSelectedLinkInTheBrowser() async {
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.crs26])).started()
        await h.press(.enter)
        #expect(h.state.detail?.linkIndex == 0, "the first available link (webcast) is selected")
        await h.press(.character("o"))
        #expect(h.browser.urls == [URL(string: "https://youtu.be/crs26")!])
        #expect(h.state.notice?.text == "opened https://youtu.be/crs26")

        await h.press(.right)  // press kit is missing: skipped
        #expect(LaunchLinkKind.allCases[h.state.detail!.linkIndex] == .wikipedia)
        await h.press(.enter)
        #expect(h.browser.urls.last == URL(string: "https://en.wikipedia.org/wiki/CRS-26"))
        await h.press(.right)
        #expect(LaunchLinkKind.allCases[h.state.detail!.linkIndex] == .webcast, "selection wraps")
    }

    /// `y` (issue 25): the selected link to the clipboard, said in the status line; on a
    /// list the selected launch's first link; nothing to copy says so.
    @Test func yCopiesTheSelectedLink() async {
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.crs26, Sample.launches(1, upcoming: true)[0]])).started()
        let terminal = h.terminal
        await h.press(.character("y"))
        #expect(terminal.all.last == .copyToClipboard("https://youtu.be/crs26"), "the row's first link")
        await h.press(.enter, .right, .character("y"))
        #expect(terminal.all.last == .copyToClipboard("https://en.wikipedia.org/wiki/CRS-26"), "the selected one")
        #expect(h.state.notice?.text == "copied https://en.wikipedia.org/wiki/CRS-26")
        #expect(h.browser.urls.isEmpty, "copied, not opened")
        await h.press(.escape, .down, .character("y"))
        #expect(h.state.notice == Notice("no link to copy here", level: .error, expires: h.state.notice?.expires))
        #expect(terminal.all.filter { if case .copyToClipboard = $0 { true } else { false } }.count == 2)
    }

    @Test func aLaunchWithoutLinksSaysSo() async {
        let h = await Harness(source: ScriptedSource(past: [Sample.bare])).started()
        await h.press(.character("p"), .enter, .character("o"))
        #expect(h.browser.urls.isEmpty)
        #expect(h.state.notice?.text == "this launch has no links")
        #expect(h.state.notice?.level == .error)
    }

    @Test func aFailingBrowserIsReported() async {
        let source = ScriptedSource(upcoming: [Sample.crs26])
        let env = AppEnvironment(source: source.source, clock: TestClock().clock, time: LaunchTime(timeZone: .gmt),
                                 openURL: { _ in .failure(LinkOpenError("browser command not found: nope")) })
        let vm = AppViewModel(environment: env, mailbox: Mailbox())
        vm.start(); await vm.settle()
        vm.handle(.key(.enter)); vm.handle(.key(.character("o")))
        await vm.settle()
        #expect(vm.state.notice?.text == "could not open link: browser command not found: nope")
        #expect(vm.state.notice?.level == .error)
    }

    @Test func aPassingNoticeExpiresAndLeavesWithTheScreen() async {
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.crs26])).started()
        await h.press(.enter, .character("o"))
        #expect(h.state.notice?.text == "opened https://youtu.be/crs26")
        #expect(h.viewModel.tickInterval == .seconds(1), "the loop wakes to take the notice down")
        h.clock.advance(by: Notice.lifetime - 1); h.viewModel.handle(.tick)
        #expect(h.state.notice != nil)
        h.clock.advance(by: 1); h.viewModel.handle(.tick)
        #expect(h.state.notice == nil)

        await h.press(.character("o"))
        await h.press(.escape)
        #expect(h.state.notice == nil, "going back clears it")
    }

    @Test func scrollingStopsAtTheEndsOfTheBody() async {
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.crs26]), height: 14).started()
        await h.press(.enter)
        for _ in 0..<100 { h.viewModel.handle(.key(.down)) }
        let layout = h.state.layout
        let lines = LaunchDetailDocument.lines(for: Sample.crs26, time: h.state.time, now: h.state.now, width: layout.detailBodyWidth)
        #expect(h.state.detail?.scroll == lines.count - layout.detailBodyHeight)
        await h.press(.character("g"))
        #expect(h.state.detail?.scroll == 0)
        await h.press(.up)
        #expect(h.state.detail?.scroll == 0)
        await h.press(.character("G"))
        #expect(h.state.detail?.scroll == lines.count - layout.detailBodyHeight)
    }

    @Test func theClockTicksEverySecondOnlyWhileACountdownIsShown() async {
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.crs26], past: [Sample.falconSat])).started()
        #expect(h.viewModel.tickInterval == .seconds(30))
        await h.press(.enter)
        #expect(h.viewModel.tickInterval == .seconds(1))

        h.clock.set(ISO8601.parse("2022-11-16T17:48:51Z")!)
        h.viewModel.handle(.tick)
        let countdown = Countdown(to: h.state.detail!.launch.date, precision: .hour, now: h.state.now, time: h.state.time)
        #expect(countdown.text == "T-02d 04:11:09")
        h.clock.advance(by: 1)
        h.viewModel.handle(.tick)
        #expect(Countdown(to: h.state.detail!.launch.date, precision: .hour, now: h.state.now, time: h.state.time).text
                == "T-02d 04:11:08")

        await h.press(.escape, .character("p"), .enter)
        #expect(h.state.detail?.launch.name == "FalconSat")
        #expect(h.viewModel.tickInterval == .seconds(30), "a past launch has no countdown")
    }

    @Test func onWideTerminalsTheListTicksWhileThePreviewShowsACountdown() async {
        var month = Sample.crs26
        month.id = "month"; month.datePrecision = .month
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.crs26, month], past: [Sample.falconSat]),
                              width: ScreenLayout.splitBreakpoint, height: 40).started()
        #expect(h.viewModel.tickInterval == .seconds(1), "the preview counts down to CRS-26")
        await h.press(.down)
        #expect(h.viewModel.tickInterval == .seconds(30), "a launch known to the month has no countdown")
        await h.press(.up)
        h.viewModel.handle(.resized(width: ScreenLayout.splitBreakpoint - 1, height: 40))
        #expect(h.viewModel.tickInterval == .seconds(30), "no preview below the breakpoint")
    }

    @Test func aMonthPrecisionLaunchDoesNotTick() async {
        var launch = Sample.crs26
        launch.datePrecision = .month
        let h = await Harness(source: ScriptedSource(upcoming: [launch])).started()
        await h.press(.enter)
        #expect(h.viewModel.tickInterval == .seconds(30))
    }
}

@Suite("Launch detail document")
struct LaunchDetailDocumentTests {
    let time = LaunchTime(timeZone: .gmt)

    func fields(_ launch: Launch) -> [String: String] {
        var out: [String: String] = [:]
        var last = ""
        for case let .field(label, value, _) in LaunchDetailDocument.lines(for: launch, time: time, now: .distantPast, width: 76) {
            if label.isEmpty { out[last, default: ""] += "\n" + value } else { out[label] = value; last = label }
        }
        return out
    }

    @Test func everyMissingFieldShowsADash() {
        let f = fields(Sample.bare)
        for label in ["Flight", "Date", "Launchpad", "Details", "Payloads", "Boosters", "Name", "Type", "Reused",
                      "Webcast", "Press kit", "Wikipedia", "Article", "Reddit"] {
            #expect(f[label] == "-", "\(label) should be -")
        }
        #expect(f["Crew"] == "0")
        #expect(f["Failures"] == "none")
        #expect(f["Status"] == "UNKNOWN")
    }

    @Test func aFullLaunchReadsInWords() {
        let f = fields(Sample.crs26)
        #expect(f["Flight"] == "#194")
        #expect(f["Date"] == "2022-11-18 22:00:00 UTC")
        #expect(f["Precision"] == "hour")
        #expect(f["Status"] == "UPCOMING")
        #expect(f["Launchpad"] == "KSC LC 39A — Cape Canaveral, Florida")
        #expect(f["Payloads"] == "CRS-26 · orbit ISS · 2,500 kg")
        #expect(f["Boosters"] == "core - · flight 1 · new · landing attempt (ASDS)")
        #expect(f["Name"] == "Falcon 9")
        #expect(f["Type"] == "rocket · engine Merlin 1D+")
        #expect(f["Reused"] == "no")
        #expect(f["Webcast"] == "https://youtu.be/crs26")
        #expect(f["Press kit"] == "-")
        #expect(f["Details"]?.contains("\n") == true, "long details wrap onto more lines")
    }

    @Test func failuresGiveTimeAltitudeAndReason() {
        let f = fields(Sample.falconSat)
        #expect(f["Failures"] == "T+33s: merlin engine failure", "an unknown altitude is left out, not `- km`")
        #expect(f["Status"] == "FAILED")
        #expect(f["Boosters"] == "core - · flight 1 · new · no landing attempt")
        #expect(LaunchDetailDocument.failureText(LaunchFailure(time: 139, altitude: 40, reason: "stage 2 shutdown")) == "T+139s at 40 km: stage 2 shutdown")
    }

    @Test func wrappingRespectsDisplayWidth() {
        let lines = LaunchDetailDocument.wrap("打ち上げ 打ち上げ 打ち上げ https://example.com/a/very/long/unbroken/path", width: 12)
        for line in lines { #expect(TerminalText.width(line) <= 12, "\(line)") }
        #expect(lines.joined().replacingOccurrences(of: " ", with: "").hasSuffix("path"))
    }

    @Test(arguments: [-5, 0, 1, 2])
    func wrappingToAHopelesslyNarrowWidthEnds(width: Int) {
        let lines = LaunchDetailDocument.wrap("漢🚀 wide 漢字", width: width)
        #expect(!lines.isEmpty)
        for line in lines { #expect(TerminalText.width(line) <= 2, "\(line)") }
    }
}
