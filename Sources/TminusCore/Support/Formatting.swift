import Foundation

public enum Formatting {
    /// `/home/ann/Downloads` → `~/Downloads` (a path said on a narrow line); other paths as they are.
    public static func homeAbbreviated(_ path: String, home: String = ProcessInfo.processInfo.environment["HOME"] ?? "") -> String {
        let home = home.hasSuffix("/") ? String(home.dropLast()) : home
        guard !home.isEmpty, path == home || path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// `549054` → `549,054`; fractions kept to one decimal only when there is one.
    public static func grouped(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        // Int(_:) traps on NaN, infinity and anything past Int's range; the value comes from the network.
        guard rounded.magnitude < 1e15 else { return "\(value)" }
        let whole = Int(rounded)
        var digits = String(abs(whole))
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits = String(digits.dropLast(3))
        }
        groups.insert(Substring(digits), at: 0)
        var text = (whole < 0 || (whole == 0 && rounded < 0) ? "-" : "") + groups.joined(separator: ",")
        let fraction = abs(rounded - Double(whole))
        if fraction >= 0.05 { text += "." + String(Int((fraction * 10).rounded())) }
        return text
    }

    /// "just now", "3 min ago", "2 h ago", "4 days ago": how old the data on screen is.
    public static func age(from then: Date, to now: Date) -> String {
        let seconds = max(0, now.timeIntervalSince(then))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(Int(seconds / 60)) min ago"
        case ..<(48 * 3600): return "\(Int(seconds / 3600)) h ago"
        default: return "\(Int(seconds / 86_400)) days ago"
        }
    }

    /// A wait, rounded up: `8 s`, `2 min`, `1 h`.
    public static func duration(_ seconds: TimeInterval) -> String {
        let s = Int(max(0, seconds).rounded(.up))
        switch s {
        case ..<60: return "\(max(1, s)) s"
        case ..<3600: return "\((s + 59) / 60) min"
        default: return "\((s + 3599) / 3600) h"
        }
    }
}
