import Foundation
import Synchronization
import TminusCore

/// Dates as list rows show them, remembered. Formatting one goes through ICU (about a
/// microsecond), and a 200x60 list shows 56 of them on every frame, the same ones frame after
/// frame; a lookup is a small fraction of that. The text is exactly `LaunchTime.listDate`'s.
public enum DateTextCache {
    private struct Key: Hashable {
        let date: Date?
        let precision: DatePrecision
        let zone: String
    }

    /// Entries kept before starting afresh (a few pages of rows in a couple of zones).
    public static let capacity = 4096
    private static let entries = Mutex<[Key: String]>([:])

    public static func listDate(_ date: Date?, precision: DatePrecision, time: LaunchTime) -> String {
        let key = Key(date: date, precision: precision, zone: time.zone.identifier)
        if let text = entries.withLock({ $0[key] }) { return text }
        let text = time.listDate(date, precision: precision)
        entries.withLock {
            if $0.count >= capacity { $0.removeAll(keepingCapacity: true) }
            $0[key] = text
        }
        return text
    }
}
