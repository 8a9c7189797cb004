// tminus-bench: how long pictures take to decode, fit and map to the palette, how long a
// frame takes (view state → cell grid → ncurses) and how many bytes a frame sends.
//
//   swift build -c release --product tminus-bench && .build/release/tminus-bench
//
// Reads falcon9.jpg (333×500) and patch.png (300×355) from $TMINUS_FIXTURES/images
// (default ../shared/fixtures beside the package, then /work/shared/fixtures), plus a
// synthetic 500×500 picture for the fitting step. Each case runs after a warm-up, many
// times; the table gives the median and the 10th/90th percentiles of one run (µs, bytes or
// a ratio) and, where the performance issue sets one, the target and whether it is met.
// Frames are drawn through the real ncurses backend on an `OffscreenTerminal`
// (xterm-256color, output to /dev/null for timings, to a temporary file for byte counts);
// view states come from the real view model (TminusTestSupport's Harness over a scripted
// source). Timings are only meaningful in a release build; byte counts are exact anywhere.
//
//   TMINUS_BENCH_ONLY=text   run only the cases whose name contains text (for profiling)
//   TMINUS_BENCH_DUMP=1      print the frames measured and the bytes a change sends

import Foundation
import TminusCore
import TminusImage
import TminusRender
import TminusTerminal
import TminusTestSupport
import TminusViewModel

guard let root = fixturesRoot() else {
    FileHandle.standardError.write(Data("tminus-bench: fixtures not found; set TMINUS_FIXTURES\n".utf8))
    exit(2)
}
let jpegData = try Data(contentsOf: root.appending(path: "images/falcon9.jpg"))
let pngData = try Data(contentsOf: root.appending(path: "images/patch.png"))
let jpeg = try ImageDecoder.decode(jpegData)
let png = try ImageDecoder.decode(pngData)
let square = synthetic(width: 500, height: 500)
let columns = 16, rows = 8

var results: [Row] = []
results.append(measure("decode JPEG \(jpeg.width)x\(jpeg.height)", iterations: 300) {
    (try? ImageDecoder.decode(jpegData))?.width ?? 0
})
results.append(measure("decode PNG \(png.width)x\(png.height)", iterations: 300) {
    (try? ImageDecoder.decode(pngData))?.width ?? 0
})
results.append(measure("chafa 500x500 -> \(columns)x\(rows) cells, 256", iterations: 300) {
    checksum(ChafaRenderer.render(square, columns: columns, rows: rows, depth: .indexed256))
})
results.append(measure("chafa JPEG \(jpeg.width)x\(jpeg.height) -> \(columns)x\(rows), truecolor", iterations: 300) {
    checksum(ChafaRenderer.render(jpeg, columns: columns, rows: rows, depth: .truecolor))
})
results.append(measure("chafa PNG \(png.width)x\(png.height) -> \(columns)x\(rows), 256", iterations: 300) {
    checksum(ChafaRenderer.render(png, columns: columns, rows: rows, depth: .indexed256))
})
results.append(measure("scale JPEG \(jpeg.width)x\(jpeg.height) -> 160x160 px box", iterations: 300) {
    ImageScaler.fit(jpeg, boxWidth: 160, boxHeight: 160).pixels.count
})
results.append(measure("decode+chafa JPEG -> \(columns)x\(rows), 256", iterations: 100) {
    guard let image = try? ImageDecoder.decode(jpegData) else { return 0 }
    return checksum(ChafaRenderer.render(image, columns: columns, rows: rows, depth: .indexed256))
})

// One frame of the launch list at 200x60 with every visible row's patch ready: the cost of
// drawing pictures (view state to cell grid; the ncurses copy is measured separately later).
let frameSize = Size(width: 200, height: 60)
var frameState = AppState(now: Date(timeIntervalSince1970: 1_665_000_000), sourceNames: ["bench"], timeZone: .gmt)
frameState.size = frameSize
let frameLayout = frameState.layout
var frameList = LaunchListState()
frameList.status.hasLoadedOnce = true
frameList.next = nil
frameList.launches = (0..<100).map { i in
    var launch = Launch(id: "bench-\(i)", name: "Bench mission \(i)", flightNumber: i,
                        date: Date(timeIntervalSince1970: 1_665_000_000 + Double(i) * 86_400), upcoming: true)
    launch.links.patchSmall = URL(string: "https://example.com/patch-\(i).png")
    return launch
}
for launch in frameList.launches {
    let key = PictureKey(url: launch.links.patchSmall!, columns: frameLayout.rowPatchColumns, rows: frameLayout.rowPatchRows)
    frameState.pictures[frameState.pictureRequest(key)] = .ready(LoadedPicture.render(png, for: frameState.pictureRequest(key)))
}
frameState.lists[.segment(.upcoming)] = frameList
results.append(measure("frame 200x60, list of patch rows", iterations: 2000) {
    Renderer.render(frameState, size: Size(width: frameSize.width, height: frameSize.height)).cells.count
})
results += decodeBenchRows(root: root)  // DecodeBench.swift: launches JSON -> [Launch]
results += replicaRows(root: root)  // ReplicaBench.swift: 10,000 launches in the local replica

// MARK: - Frames through the view model, the renderer and ncurses

/// Upcoming launches with every column filled (rocket, pad, flight number, a patch to show)
/// and names, rockets and pads that vary from row to row as real ones do, so that a row
/// moving on screen really changes what the terminal shows.
func fullLaunches(_ count: Int) -> [Launch] {
    let names = ["Starlink 4-36 (v1.5)", "CRS-26", "Galaxy 33 (15R) & 34 (12R)", "Hotbird 13F", "O3b mPower 1,2",
                 "SES-18 & SES-19", "USSF-44", "Eutelsat 10B", "Transporter-6", "Crew-6", "ViaSat-3 Americas",
                 "Inmarsat-6 F2", "Nusantara Satu", "Arabsat 7A", "Bandwagon-1", "SWOT", "Amazonas Nexus", "Ax-2"]
    let pads = [Launchpad(id: "pad-slc40", name: "CCSFS SLC 40", locality: "Cape Canaveral", region: "Florida"),
                Launchpad(id: "pad-39a", name: "KSC LC 39A", locality: "Cape Canaveral", region: "Florida"),
                Launchpad(id: "pad-slc4e", name: "VAFB SLC 4E", locality: "Vandenberg Space Force Base", region: "California")]
    let rockets = [Sample.falcon9, Rocket(id: "rocket-fh", name: "Falcon Heavy", type: "rocket", active: true)]
    return Sample.launches(count, upcoming: true).enumerated().map { i, launch in
        var launch = launch
        launch.name = "\(names[i % names.count]) \(i / names.count + 1)"
        launch.launchpad = .object(pads[(i / 2) % pads.count])
        launch.rocket = .object(rockets[i % 7 == 3 ? 1 : 0])
        launch.links.patchSmall = URL(string: "https://example.com/patches/\(i).png")
        return launch
    }
}

/// Pictures that never arrive: rows keep their patch placeholders (glyph art in the box).
let noPictures = PictureLoader { _ in .failure(.download("bench: no network")) }

/// A view model at 200x60 over a scripted source holding the whole list in one page, started
/// and settled. With `pictures`, rows are two lines with a patch box.
func benchHarness(launches: [Launch], pictures: Bool) async -> Harness {
    let source = ScriptedSource(upcoming: launches, pageSize: max(1, launches.count))
    let h = Harness(source: source, width: frameSize.width, height: frameSize.height,
                    pictures: pictures ? noPictures : nil)
    return await h.started()
}

/// Two states of one list that differ by the selected row, in the middle of the screen (the
/// list scrolled a little, so neither is a special case; no scrolling between the two).
/// `scrolling`: the selection on the last row on screen, then one further, so the list
/// scrolls by a row and every row on screen changes.
func twoStates(launches: [Launch], pictures: Bool, scrolling: Bool = false) async -> (AppState, AppState) {
    let h = await benchHarness(launches: launches, pictures: pictures)
    if scrolling {
        for _ in 0..<(h.state.visibleLaunchRows - 1) { await h.press(.down) }
        let a = h.state
        await h.press(.down)
        return (a, h.state)
    }
    await h.press(.pageDown)
    for _ in 0..<(h.state.visibleLaunchRows / 2) { await h.press(.up) }
    let a = h.state
    await h.press(.up)
    return (a, h.state)
}

let gridSize = Size(width: frameSize.width, height: frameSize.height)
let listSizes = [100, 10_000]
var frameStates: [String: (AppState, AppState)] = [:]
for count in listSizes {
    for pictures in [false, true] {
        frameStates["\(count)-\(pictures)"] = await twoStates(launches: fullLaunches(count), pictures: pictures)
    }
}
for pictures in [false, true] {
    frameStates["scroll-\(pictures)"] = await twoStates(launches: fullLaunches(10_000), pictures: pictures, scrolling: true)
}
func rowsName(_ pictures: Bool) -> String { pictures ? "picture rows" : "glyph rows" }
// TMINUS_BENCH_DUMP=1: print the frames measured (to see what a case draws).
let dumping = ProcessInfo.processInfo.environment["TMINUS_BENCH_DUMP"] == "1"
if dumping {
    for (key, states) in frameStates.sorted(by: { $0.key < $1.key }) {
        let a = Renderer.render(states.0, size: gridSize), b = Renderer.render(states.1, size: gridSize)
        let changed = (0..<a.height).filter { a.row($0) != b.row($0) }
        print("== \(key): rows that differ between the two states: \(changed)\n\(a.text)")
    }
}

// (a) view state → cell grid.
var renderRows: [String: Row] = [:]
for pictures in [false, true] {
    for count in listSizes {
        let (a, b) = frameStates["\(count)-\(pictures)"]!
        var flip = false
        var row = measure("grid 200x60, \(count) launches, \(rowsName(pictures))", iterations: 2000) {
            flip.toggle()
            return Renderer.render(flip ? a : b, size: gridSize).cells.count
        }
        row.target = 1000
        renderRows["\(count)-\(pictures)"] = row
        results.append(row)
    }
}

// (b) view state → cell grid → ncurses → /dev/null, alternating between the two states so
// every frame has a selection move to send.
let nullTerminal = try OffscreenTerminal(width: frameSize.width, height: frameSize.height, output: .nullDevice)
var frameRows: [String: Row] = [:]
for pictures in [false, true] {
    for count in listSizes {
        let (a, b) = frameStates["\(count)-\(pictures)"]!
        nullTerminal.draw(Renderer.render(a, size: gridSize))
        var flip = false
        var row = measure("frame → ncurses, \(count) launches, \(rowsName(pictures))", iterations: 2000) {
            flip.toggle()
            let grid = Renderer.render(flip ? b : a, size: gridSize)
            nullTerminal.draw(grid)
            return grid.width
        }
        row.target = 1000
        frameRows["\(count)-\(pictures)"] = row
        results.append(row)
    }
}
// The worst common frame: the list scrolls by a row (`j` on the last row), every row changes.
for pictures in [false, true] {
    let (a, b) = frameStates["scroll-\(pictures)"]!
    nullTerminal.draw(Renderer.render(a, size: gridSize))
    var flip = false
    var row = measure("frame → ncurses, 10000 launches, scroll a row, \(rowsName(pictures))", iterations: 1000) {
        flip.toggle()
        let grid = Renderer.render(flip ? b : a, size: gridSize)
        nullTerminal.draw(grid)
        return grid.width
    }
    row.target = 1000
    results.append(row)
}
// A launch's detail with its countdown: one second later, one tick.
func countdownStates() async -> (AppState, AppState) {
    let h = await benchHarness(launches: fullLaunches(100), pictures: true)
    await h.press(.down, .down, .enter)
    let a = h.state
    h.clock.advance(by: 1)
    h.viewModel.handle(.tick)
    return (a, h.state)
}
do {
    let (a, b) = await countdownStates()
    nullTerminal.draw(Renderer.render(a, size: gridSize))
    var flip = false
    var row = measure("frame → ncurses, countdown tick (detail)", iterations: 2000) {
        flip.toggle()
        let grid = Renderer.render(flip ? b : a, size: gridSize)
        nullTerminal.draw(grid)
        return grid.width
    }
    row.target = 1000
    results.append(row)
}
nullTerminal.close()

// The r/SpaceX API today: a frozen source whose "upcoming" launches are all in the past, so
// the status line points at the other source (`AppState.upcomingIsStale`, every frame).
func frozenStates(_ count: Int) async -> (AppState, AppState) {
    let clock = TestClock(Sample.reference.addingTimeInterval(Double(count + 10) * 86_400))
    let h = await Harness(source: ScriptedSource(upcoming: fullLaunches(count), pageSize: count, isFrozen: true),
                          alternatives: [ScriptedSource(name: "Launch Library 2")], clock: clock,
                          width: frameSize.width, height: frameSize.height).started()
    await h.press(.down)
    let a = h.state
    await h.press(.down)
    return (a, h.state)
}
var frozenRows: [Int: Row] = [:]
for count in listSizes {
    let (a, b) = await frozenStates(count)
    var flip = false
    var row = measure("grid 200x60, \(count) launches, frozen source, all past", iterations: 1000) {
        flip.toggle()
        return Renderer.render(flip ? a : b, size: gridSize).cells.count
    }
    row.target = 1000
    frozenRows[count] = row
    results.append(row)
}
if let small = frozenRows[100], let large = frozenRows[10_000], !small.median.isNaN {
    results.append(Row(name: "grid, 10,000 vs 100 launches, frozen source, all past", iterations: 1,
                       median: large.median / small.median, p10: large.p10 / small.p10, p90: large.p90 / small.p90,
                       unit: .ratio, target: 1.2))
}
for pictures in [false, true] {
    for (label, rows) in [("grid", renderRows), ("frame → ncurses", frameRows)] {
        let small = rows["100-\(pictures)"]!, large = rows["10000-\(pictures)"]!
        if small.median.isNaN || large.median.isNaN { continue }
        results.append(Row(name: "\(label), 10,000 vs 100 launches, \(rowsName(pictures))", iterations: 1,
                           median: large.median / small.median, p10: large.p10 / small.p10, p90: large.p90 / small.p90,
                           unit: .ratio, target: 1.2))
    }
}

// (c) Bytes sent to the terminal for one change, after a settled first frame: each
// repetition starts where the previous one left off, so every one is at another position.
enum Change { case down, downScrolling, pageDown, countdownTick }

func bytesPerChange(_ change: Change, pictures: Bool, repetitions: Int) async throws -> [Double] {
    let h = await benchHarness(launches: fullLaunches(1000), pictures: pictures)
    // The countdown: the detail of an upcoming launch three days away, ticking each second.
    if change == .countdownTick { await h.press(.down, .down, .enter) }
    // One row past the bottom of the screen each time: the list scrolls by a row.
    if change == .downScrolling { for _ in 0..<(h.state.visibleLaunchRows - 1) { await h.press(.down) } }
    let terminal = try OffscreenTerminal(width: frameSize.width, height: frameSize.height, output: .temporaryFile)
    defer { terminal.close() }
    terminal.draw(Renderer.render(h.state, size: gridSize))
    terminal.draw(Renderer.render(h.state, size: gridSize))
    var counts: [Double] = []
    for _ in 0..<repetitions {
        switch change {
        case .down, .downScrolling: await h.press(.down)
        case .pageDown: await h.press(.pageDown)
        case .countdownTick:
            h.clock.advance(by: 1)
            h.viewModel.handle(.tick)
            await h.viewModel.settle()
        }
        let before = terminal.bytesWritten
        terminal.draw(Renderer.render(h.state, size: gridSize))
        counts.append(Double(terminal.bytesWritten - before))
        if dumping, counts.count == 1 {
            let sent = String(decoding: terminal.written(from: before), as: UTF8.self)
            print("== \(change), \(rowsName(pictures)): \(counts[0]) bytes\n" + sent.debugDescription)
        }
    }
    return counts
}

func bytesRow(_ name: String, target: Double?, _ counts: [Double]) -> Row {
    let (median, p10, p90) = percentiles(counts)
    return Row(name: name, iterations: counts.count, median: median, p10: p10, p90: p90, unit: .bytes, target: target)
}

for pictures in [false, true] {
    results.append(bytesRow("bytes: selection one row (j), \(rowsName(pictures))", target: 200,
                            try await bytesPerChange(.down, pictures: pictures, repetitions: 21)))
    results.append(bytesRow("bytes: j on the last row (scrolls a row), \(rowsName(pictures))", target: 200,
                            try await bytesPerChange(.downScrolling, pictures: pictures, repetitions: 21)))
    results.append(bytesRow("bytes: one page down (PgDn), \(rowsName(pictures))", target: 8000,
                            try await bytesPerChange(.pageDown, pictures: pictures, repetitions: 9)))
}
// At 200x60 the detail draws its countdown in big digits (five rows a digit): a tick sends the
// cells of the digits that changed. Issue 28 set the target at 100 bytes.
results.append(bytesRow("bytes: countdown tick (detail, big digits)", target: 100,
                        try await bytesPerChange(.countdownTick, pictures: true, repetitions: 21)))

// Frames with pictures READY on screen (the cases above keep placeholders): PictureFrameBench.swift.
let benchImages = BenchImages(
    photos: [jpeg, try ImageDecoder.decode(Data(contentsOf: root.appending(path: "images/falcon_heavy.jpg")))],
    patches: [png, square] + (try ["falcon1", "falcon9-1.1-faring-legs", "falconheavy-faring-legs"].map {
        try ImageDecoder.decode(Data(contentsOf: root.appending(path: "images/\($0).png")))
    }))
results += try await pictureFrameRows(benchImages)
// The same with pixel pictures (sixel, kitty, iTerm2), the presenter included, and what one big
// picture costs to make ready.
results += try await pixelPictureBytesRows(benchImages)
results += pictureEncodingRows(jpeg)

// MARK: - The table

func format(_ v: Double, _ unit: Row.Unit) -> String {
    switch unit {
    case .microseconds: return String(format: v < 10 ? "%.2f µs" : "%.1f µs", v)
    case .bytes: return String(format: "%.0f B", v)
    case .ratio: return String(format: "%.2fx", v)
    }
}

#if DEBUG
print("warning: debug build; use swift build -c release --product tminus-bench")
#endif
print("| measure | target | median | p10 | p90 | met? |")
print("|---|---|---|---|---|---|")
for r in results where !r.median.isNaN {
    let target = r.target.map { (r.unit == .ratio ? "≤ " : "< ") + format($0, r.unit) } ?? "-"
    let met = r.target.map { (r.unit == .ratio ? r.median <= $0 : r.median < $0) ? "yes" : "NO" } ?? ""
    print("| \(r.name) | \(target) | \(format(r.median, r.unit)) | \(format(r.p10, r.unit)) | \(format(r.p90, r.unit)) | \(met) |")
}
if sink == 42 { print("") } // keep `sink` observable
