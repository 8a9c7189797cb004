import Foundation

/// A time zone by its IANA name. Dates are read from the system's zoneinfo (`ZoneRules`);
/// Foundation's `TimeZone` is made only where the zoneinfo has no answer (before 1970, or a
/// name only ICU knows), because on Linux making one opens ICU's zone tables: 2 MB of the
/// binary paged in for a name (docs/performance.md).
public struct Zone: Sendable, Hashable, CustomStringConvertible {
    public let identifier: String

    /// What Foundation calls `TimeZone.gmt`, shown as UTC.
    public static let gmt = Zone(known: "GMT")

    /// nil when neither the zoneinfo nor Foundation knows the name.
    public init?(identifier: String) {
        guard ZoneRules.cached(identifier) != nil || TimeZone(identifier: identifier) != nil else { return nil }
        self.identifier = identifier
    }

    public init(_ timeZone: TimeZone) { identifier = timeZone.identifier }

    private init(known identifier: String) { self.identifier = identifier }

    /// The system's zone, found as the C library finds it: `TZ` (a leading `:` dropped) naming
    /// a zone file or a POSIX rule (`UTC+5`), else the zone /etc/localtime links to. Anything
    /// else (a copied file) is left to Foundation.
    public static var current: Zone {
        if let tz = ProcessInfo.processInfo.environment["TZ"] {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if !name.isEmpty, !name.hasPrefix("/"), ZoneRules.cached(name) != nil { return Zone(known: name) }
            return Zone(TimeZone.current)
        }
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
           let marker = link.range(of: "zoneinfo/") {
            let name = String(link[marker.upperBound...])
            if ZoneRules.cached(name) != nil { return Zone(known: name) }
        }
        return Zone(TimeZone.current)
    }

    /// Foundation's zone of the same name, for what the zoneinfo cannot answer. A POSIX rule
    /// is never given to Foundation, which reads `UTC+5` as five hours ahead: its standard
    /// offset stands in.
    public var foundation: TimeZone {
        if let rules = ZoneRules.cached(identifier), rules.isRuleOnly { return TimeZone(secondsFromGMT: rules.offset(at: 0)) ?? .gmt }
        return TimeZone(identifier: identifier) ?? .gmt
    }

    public var description: String { identifier }
}
