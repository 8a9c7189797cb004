// Tests only: the benchmarks link this module into the release build, which has no Testing.
#if canImport(Testing)
import Foundation
import Testing
import TminusCore
import TminusViewModel

/// The reducer driven as a pure function, as TCA's `TestStore` drives one: each `send` runs
/// `AppViewModel.reduce` (nothing carried out), and the test says how the *whole* state
/// changes and which effects come back. A change the test did not say fails, with the lines
/// of the two states that differ.
public struct ReducerStore {
    public private(set) var state: AppState
    public let environment: AppEnvironment
    public let clock: TestClock

    public init(_ source: ScriptedSource, clock: TestClock = TestClock(), width: Int = 80, height: Int = 24) {
        self.clock = clock
        environment = AppEnvironment(source: source.source, clock: clock.clock, time: LaunchTime(timeZone: .gmt),
                                     openURL: { _ in .success(()) })
        state = AppState.initial(environment)
        state.size = Size(width: width, height: height)
    }

    /// Sends `event`; `update` turns the state before into the state expected after (`now`
    /// is the clock's), and `effects`, when given, is every effect expected, in order.
    public mutating func send(_ event: AppEvent, effects expected: [Effect]? = nil,
                              sourceLocation: SourceLocation = #_sourceLocation,
                              _ update: (inout AppState) -> Void = { _ in }) {
        let (next, effects) = AppViewModel.reduce(state, event, environment: environment, now: clock.clock.now())
        var wanted = state
        wanted.now = clock.clock.now()
        update(&wanted)
        if next != wanted {
            Issue.record("the state after \(event) is not the one expected:\n\(Self.difference(wanted, next))",
                         sourceLocation: sourceLocation)
        }
        if let expected, effects != expected {
            Issue.record("effects after \(event):\n  expected \(expected)\n  actual   \(effects)", sourceLocation: sourceLocation)
        }
        state = next
    }

    /// The lines of the two states' dumps that differ (`-` expected, `+` actual).
    static func difference(_ expected: AppState, _ actual: AppState) -> String {
        func lines(_ state: AppState) -> [String] {
            var text = ""
            dump(state, to: &text, maxDepth: 12)
            return text.split(separator: "\n").map(String.init)
        }
        let (a, b) = (lines(expected), lines(actual))
        var out: [String] = []
        for i in 0..<max(a.count, b.count) where (i < a.count ? a[i] : "") != (i < b.count ? b[i] : "") {
            out.append("- " + (i < a.count ? a[i] : ""))
            out.append("+ " + (i < b.count ? b[i] : ""))
            if out.count >= 24 { out.append("…"); break }
        }
        return out.joined(separator: "\n")
    }
}
#endif
