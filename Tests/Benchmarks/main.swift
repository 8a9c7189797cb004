// tminus-bench: how long pictures take to decode, fit and map to the palette.
//
//   swift build -c release --product tminus-bench && .build/release/tminus-bench
//
// Reads falcon9.jpg (333×500) and patch.png (300×355) from $TMINUS_FIXTURES/images
// (default ../shared/fixtures beside the package, then /work/shared/fixtures), plus a
// synthetic 500×500 picture for the fitting step. Each case runs after a warm-up, many
// times; the table gives the median and the 10th/90th percentiles of one run, in µs.
// Only meaningful in a release build.

import Foundation
import TminusCore
import TminusImage
import TminusRender
import TminusViewModel

func fixturesRoot() -> URL? {
    var candidates: [String] = []
    if let env = ProcessInfo.processInfo.environment["TMINUS_FIXTURES"], !env.isEmpty { candidates.append(env) }
    candidates.append(FileManager.default.currentDirectoryPath + "/../shared/fixtures")
    candidates.append("/work/shared/fixtures")
    for path in candidates where FileManager.default.fileExists(atPath: path + "/images/falcon9.jpg") {
        return URL(fileURLWithPath: path, isDirectory: true)
    }
    return nil
}

/// Keeps results alive so the optimiser cannot drop the work.
nonisolated(unsafe) var sink = 0

struct Row { let name: String; let iterations: Int; let median: Double; let p10: Double; let p90: Double }

func measure(_ name: String, iterations: Int, warmUp: Int = 20, _ body: () -> Int) -> Row {
    for _ in 0..<warmUp { sink &+= body() }
    let clock = ContinuousClock()
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let start = clock.now
        sink &+= body()
        let elapsed = clock.now - start
        let (s, atto) = elapsed.components
        samples.append(Double(s) * 1e6 + Double(atto) / 1e12)
    }
    samples.sort()
    func percentile(_ p: Double) -> Double { samples[min(samples.count - 1, Int(Double(samples.count - 1) * p + 0.5))] }
    return Row(name: name, iterations: iterations, median: percentile(0.5), p10: percentile(0.1), p90: percentile(0.9))
}

func checksum(_ picture: CellPicture) -> Int {
    var h = picture.columns &* 31 &+ picture.rows
    for cell in picture.cells { h = h &* 31 &+ (cell.top.map { Int($0.r) &+ Int($0.g) << 8 } ?? -1) }
    return h
}

func synthetic(width: Int, height: Int) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            pixels[i] = UInt8(truncatingIfNeeded: x)
            pixels[i + 1] = UInt8(truncatingIfNeeded: y)
            pixels[i + 2] = UInt8(truncatingIfNeeded: x ^ y)
            // A transparent border like a logo's, opaque inside.
            let inside = x >= 40 && x < width - 40 && y >= 20 && y < height - 20
            pixels[i + 3] = inside ? 255 : 0
        }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
}

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
let fitted = PictureFitter.fit(jpeg, columns: columns, rows: rows)
let colours: [RGBA] = fitted.cells.flatMap { [$0.top ?? RGBA(0, 0, 0), $0.bottom ?? RGBA(255, 255, 255)] }

var results: [Row] = []
results.append(measure("decode JPEG \(jpeg.width)x\(jpeg.height)", iterations: 300) {
    (try? ImageDecoder.decode(jpegData))?.width ?? 0
})
results.append(measure("decode PNG \(png.width)x\(png.height)", iterations: 300) {
    (try? ImageDecoder.decode(pngData))?.width ?? 0
})
results.append(measure("fit 500x500 -> \(columns)x\(rows) cells", iterations: 3000) {
    checksum(PictureFitter.fit(square, columns: columns, rows: rows))
})
results.append(measure("fit JPEG \(jpeg.width)x\(jpeg.height) -> \(columns)x\(rows)", iterations: 3000) {
    checksum(PictureFitter.fit(jpeg, columns: columns, rows: rows))
})
results.append(measure("fit PNG \(png.width)x\(png.height) -> \(columns)x\(rows)", iterations: 3000) {
    checksum(PictureFitter.fit(png, columns: columns, rows: rows))
})
results.append(measure("decode+fit JPEG -> \(columns)x\(rows)", iterations: 300) {
    guard let image = try? ImageDecoder.decode(jpegData) else { return 0 }
    return checksum(PictureFitter.fit(image, columns: columns, rows: rows))
})
results.append(measure("decode+fit PNG -> \(columns)x\(rows)", iterations: 300) {
    guard let image = try? ImageDecoder.decode(pngData) else { return 0 }
    return checksum(PictureFitter.fit(image, columns: columns, rows: rows))
})
results.append(measure("XtermPalette.nearest x\(colours.count)", iterations: 20000, warmUp: 200) {
    var h = 0
    for c in colours { h = h &* 31 &+ Int(XtermPalette.nearest(c)) }
    return h
})

// One frame of the launch list at 200x60 with every visible row's patch ready: the cost of
// drawing pictures (view state to cell grid; the ncurses copy is measured separately later).
let frameSize = ScreenSize(width: 200, height: 60)
var frameState = AppState(now: Date(timeIntervalSince1970: 1_665_000_000), sourceNames: ["bench"], timeZone: .gmt)
frameState.size = frameSize
let frameLayout = ScreenLayout(frameSize)
var frameList = LaunchListState()
frameList.hasLoadedOnce = true
frameList.next = nil
frameList.launches = (0..<100).map { i in
    var launch = Launch(id: "bench-\(i)", name: "Bench mission \(i)", flightNumber: i,
                        date: Date(timeIntervalSince1970: 1_665_000_000 + Double(i) * 86_400), upcoming: true)
    launch.links.patchSmall = URL(string: "https://example.com/patch-\(i).png")
    return launch
}
let benchPatch = PictureFitter.fit(png, columns: frameLayout.rowPatchColumns, rows: frameLayout.rowPatchRows)
for launch in frameList.launches {
    frameState.pictures[PictureKey(url: launch.links.patchSmall!, columns: frameLayout.rowPatchColumns,
                                   rows: frameLayout.rowPatchRows)] = .ready(benchPatch)
}
frameState.lists[.segment(.upcoming)] = frameList
results.append(measure("frame 200x60, list of patch rows", iterations: 2000) {
    Renderer.render(frameState, size: Size(width: frameSize.width, height: frameSize.height)).cells.count
})

func pad(_ s: String, _ n: Int, left: Bool = false) -> String {
    s.count >= n ? s : (left ? String(repeating: " ", count: n - s.count) + s : s + String(repeating: " ", count: n - s.count))
}
func us(_ v: Double) -> String { String(format: v < 10 ? "%.2f" : "%.1f", v) }

#if DEBUG
print("warning: debug build; use swift build -c release --product tminus-bench")
#endif
print("\(pad("benchmark", 34)) \(pad("iters", 6, left: true)) \(pad("median µs", 10, left: true)) \(pad("p10 µs", 9, left: true)) \(pad("p90 µs", 9, left: true))")
for r in results {
    print("\(pad(r.name, 34)) \(pad(String(r.iterations), 6, left: true)) \(pad(us(r.median), 10, left: true)) \(pad(us(r.p10), 9, left: true)) \(pad(us(r.p90), 9, left: true))")
}
if sink == 42 { print("") } // keep `sink` observable
