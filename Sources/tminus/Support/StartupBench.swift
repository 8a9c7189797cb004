import Foundation
import TminusViewModel
#if canImport(Glibc)
import Glibc
#endif

/// `--bench-startup` (hidden): the app runs as usual and leaves right after the first frame
/// whose launch list has rows has gone out (`doupdate`), then prints how long that took from
/// the process's start. `Tests/Benchmarks/process_bench.py` drives it.
///
/// "Process start" is `TMINUS_BENCH_T0` (a CLOCK_MONOTONIC timestamp in nanoseconds the
/// harness takes just before spawning us) when set, otherwise the kernel's start time of this
/// process (`/proc/self/stat` field 22, clock ticks since boot) against CLOCK_BOOTTIME, which
/// is only as fine as a clock tick (10 ms at the usual 100 Hz).
///
/// Everything here runs on the main thread (from `run()` and the frame hook).
final class StartupBench {
    static let environmentVariable = "TMINUS_BENCH_T0"
    /// Without rows by then, the app is stopped (a SIGTERM to itself, so the loop restores
    /// the terminal as for any quit) and exits 1.
    static let deadlineSeconds = 10

    /// When `main` began (after dynamic loading and the runtime's start-up), taken by the
    /// first line of main.swift.
    static let mainEntered = Stamp.now()

    struct Stamp: Sendable {
        let monotonic: UInt64
        let boot: UInt64
        static func now() -> Stamp { Stamp(monotonic: clock(CLOCK_MONOTONIC), boot: clock(CLOCK_BOOTTIME)) }
    }

    private enum Origin {
        case harness(nanoseconds: UInt64)
        case processStart(bootSeconds: Double)
    }

    private let origin: Origin
    /// Milestones in milliseconds since the origin, for the log (the startup breakdown).
    private var marks: [(String, Double)] = []
    private(set) var result: (milliseconds: Double, rows: Int)?

    init(environment: [String: String]) {
        if let text = environment[Self.environmentVariable], let t0 = UInt64(text.trimmingCharacters(in: .whitespaces)) {
            origin = .harness(nanoseconds: t0)
        } else {
            origin = .processStart(bootSeconds: Self.processStartSinceBoot() ?? 0)
        }
    }

    /// Milliseconds since the origin, at `stamp` (now by default).
    func elapsed(at stamp: Stamp = .now()) -> Double {
        switch origin {
        case .harness(let t0):
            return (Double(stamp.monotonic) - Double(t0)) / 1_000_000
        case .processStart(let start):
            return (Double(stamp.boot) / 1_000_000_000 - start) * 1000
        }
    }

    /// Records a milestone (logged with the result).
    func mark(_ label: String, at milliseconds: Double? = nil) {
        marks.append((label, milliseconds ?? elapsed()))
    }

    /// The frame hook: called right after each `doupdate`.
    func frameDrawn(_ state: AppState) -> Int32? {
        let now = elapsed()
        let rows = state.currentList.launches.count
        guard rows > 0 else {
            if !marks.contains(where: { $0.0 == "first frame" }) { mark("first frame", at: now) }
            return nil
        }
        mark("first frame with rows", at: now)
        result = (now, rows)
        return 0
    }

    /// Stops the app if no rows have been drawn in time.
    func startWatchdog() {
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Self.deadlineSeconds)) {
            kill(getpid(), SIGTERM)
        }
    }

    var originDescription: String {
        switch origin {
        case .harness: "t0 from \(Self.environmentVariable)"
        case .processStart: "t0 from /proc/self/stat starttime vs CLOCK_BOOTTIME, 1/\(sysconf(Int32(_SC_CLK_TCK))) s resolution"
        }
    }

    /// The one line printed once the terminal is restored.
    var line: String? {
        result.map { String(format: "first frame with rows: %.2f ms after process start (%d rows) [%@]",
                            $0.milliseconds, $0.rows, originDescription) }
    }

    /// The milestones for the log: `main 4.10 ms · settings 4.90 ms · …`.
    var breakdown: String {
        marks.map { String(format: "%@ %.2f ms", $0.0, $0.1) }.joined(separator: " · ")
    }

    // MARK: - Clocks

    static func clock(_ id: clockid_t) -> UInt64 {
        var ts = timespec()
        clock_gettime(id, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// This process's start in seconds since boot, from /proc/self/stat (field 22).
    private static func processStartSinceBoot() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let paren = stat.lastIndex(of: ")") else { return nil }
        // Fields from the 3rd on follow the command name, which is in parentheses.
        let fields = stat[stat.index(after: paren)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
