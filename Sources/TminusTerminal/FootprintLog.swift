import Foundation
import TminusViewModel

/// When the loop writes the app's footprint to the log: a minute at least after the last line
/// (the first at once), and only if it changed since.
struct FootprintLog {
    static let interval: TimeInterval = 60
    private var last: Footprint?
    private var written = Date.distantPast

    /// The line to write now, if any; `footprint` is only counted once a line may be due.
    mutating func line(_ footprint: () -> Footprint, at now: Date) -> String? {
        guard now.timeIntervalSince(written) >= Self.interval else { return nil }
        let current = footprint()
        guard current != last else { return nil }
        last = current
        written = now
        return current.description
    }
}
