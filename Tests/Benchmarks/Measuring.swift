// How a case is measured and reported: the timing loop, percentiles, the inputs made here.

import Foundation
import TminusCore
import TminusImage
import TminusRender
import TminusTerminal
import TminusTestSupport
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

struct Row {
    let name: String
    let iterations: Int
    let median: Double
    let p10: Double
    let p90: Double
    /// How the figures read: µs, bytes, or a ratio.
    var unit = Unit.microseconds
    /// The goal, when there is one: the median must be below it (at most, for a ratio).
    var target: Double?

    enum Unit { case microseconds, bytes, ratio }
}

func percentiles(_ values: [Double]) -> (median: Double, p10: Double, p90: Double) {
    let sorted = values.sorted()
    func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))] }
    return (percentile(0.5), percentile(0.1), percentile(0.9))
}

/// TMINUS_BENCH_ONLY=text: run only the cases whose name contains it (for profiling one).
let onlyCases = ProcessInfo.processInfo.environment["TMINUS_BENCH_ONLY"].flatMap { $0.isEmpty ? nil : $0 }

func measure(_ name: String, iterations: Int, warmUp: Int = 20, _ body: () -> Int) -> Row {
    if let onlyCases, !name.contains(onlyCases) { return Row(name: name, iterations: 0, median: .nan, p10: .nan, p90: .nan) }
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
    let (median, p10, p90) = percentiles(samples)
    return Row(name: name, iterations: iterations, median: median, p10: p10, p90: p90)
}

func checksum(_ picture: GlyphPicture) -> Int {
    var h = picture.columns &* 31 &+ picture.rows
    for cell in picture.cells { h = h &* 31 &+ Int(cell.character.value) &+ (cell.foreground == nil ? 0 : 1) }
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
