import Foundation
import SnapshotTesting
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// Every screen at 80x24, 120x40 and 200x60, as text and colours. A changed screen fails here with a
/// diff; re-record deliberately by deleting the reference file under __Snapshots__.
@Suite("Screen snapshots")
struct ScreenSnapshotTests {
    static let sizes = Size.snapshotSizes

    func frame(_ h: Harness, _ size: Size) -> Grid {
        h.viewModel.handle(.resized(width: size.width, height: size.height))
        return Renderer.render(h.state, size: size)
    }

    func mixedList() -> ScriptedSource {
        var upcoming = Sample.launches(30, upcoming: true)
        upcoming.insert(Sample.crs26, at: 1)
        var month = Sample.launches(1, upcoming: true, prefix: "Transporter")[0]
        month.datePrecision = .month
        month.date = ISO8601.parse("2022-12-01T00:00:00Z")
        upcoming.insert(month, at: 2)
        return ScriptedSource(upcoming: upcoming, past: [Sample.falconSat] + Sample.launches(30, upcoming: false))
    }

    @Test(arguments: sizes)
    func upcomingList(_ size: Size) async {
        let h = await Harness(source: mixedList()).started()
        await h.press(.down)
        assertSnapshot(of: frame(h, size), as: .frame, named: "\(size)")
    }

    @Test(arguments: sizes)
    func pastList(_ size: Size) async {
        let h = await Harness(source: mixedList()).started()
        await h.press(.character("p"))
        assertSnapshot(of: frame(h, size), as: .frame, named: "\(size)")
    }

    @Test(arguments: sizes)
    func upcomingDetail(_ size: Size) async {
        let h = await Harness(source: mixedList()).started()
        h.clock.set(ISO8601.parse("2022-11-16T17:48:51Z")!)
        await h.press(.down, .enter)
        h.viewModel.handle(.tick)
        assertSnapshot(of: frame(h, size), as: .frame, named: "\(size)")
    }

    @Test(arguments: sizes)
    func pastDetail(_ size: Size) async {
        let h = await Harness(source: mixedList()).started()
        await h.press(.character("p"), .enter)
        assertSnapshot(of: frame(h, size), as: .frame, named: "\(size)")
    }

    @Test(arguments: sizes)
    func help(_ size: Size) async {
        let h = await Harness(source: mixedList()).started()
        await h.press(.character("?"))
        let grid = frame(h, size)
        // Every description whole, wrapped where its column is narrow (issue 25: cut with …
        // at 80x24); its words in order in the box's text (where the box scrolls, its top
        // and its end read together).
        await h.press(.character("G"))
        let end = frame(h, size)
        let box = [grid, end].flatMap { $0.text.split(separator: "\n").filter { $0.contains("│") } }.joined(separator: " ")
        #expect(!box.contains("…"), "\(grid.text)")
        let words = box.split(separator: " ").map(String.init)
        for entry in Keymap.help(for: .launchList) {
            let wanted = entry.action.split(separator: " ").map(String.init)
            guard let first = words.firstIndex(of: wanted[0]) else { Issue.record("\(entry.action) missing"); continue }
            #expect(words[first...].contains(wanted.last!), "\(entry.action)")
        }
        assertSnapshot(of: grid, as: .frame, named: "\(size)")
    }

    @Test(arguments: sizes)
    func firstLoadFailed(_ size: Size) async {
        let source = mixedList()
        source.fail(with: .http(status: 503, retryAfter: nil))
        let h = await Harness(source: source).started()
        assertSnapshot(of: frame(h, size), as: .frame, named: "\(size)")
    }

    @Test(arguments: sizes)
    func loadMoreFailedKeepsRows(_ size: Size) async {
        let source = ScriptedSource(upcoming: Sample.launches(25, upcoming: true))
        let h = await Harness(source: source).started()
        source.fail(with: .timedOut)
        await h.press(.end)
        assertSnapshot(of: frame(h, size), as: .frame, named: "\(size)")
    }

    /// A long cause at 80 columns: the cause and the key stay, the words around them go
    /// (issue 25: `… — press r to…`).
    @Test func aLoadMoreErrorKeepsItsCauseAndKeyWhenNarrow() async {
        let source = ScriptedSource(upcoming: Sample.launches(25, upcoming: true))
        let h = await Harness(source: source).started()
        source.fail(with: .transport("could not resolve host: ll.thespacedevs.com"))
        await h.press(.end)
        let row = frame(h, Size(width: 80, height: 24)).text.split(separator: "\n").first { $0.contains("could not resolve host") }
        #expect(row?.contains("network error: could not resolve host: ll.thespacedevs.com — r retries") == true, "\(row ?? "none")")
        #expect(row?.contains("…") == false)
    }

    @Test(arguments: [Size(width: 49, height: 24), Size(width: 80, height: 11), Size(width: 20, height: 5), Size(width: 1, height: 1)])
    func tooSmall(_ size: Size) async {
        let h = await Harness(source: mixedList()).started()
        assertSnapshot(of: frame(h, size), as: .frame, named: "\(size)")
    }

    @Test func firstLoadInProgress() {
        let h = Harness(source: mixedList())
        h.viewModel.start()
        assertSnapshot(of: frame(h, Size(width: 80, height: 24)), as: .frame)
    }

}
