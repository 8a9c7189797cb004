import TminusCore
import TminusViewModel

// Short names for test messages: the derived descriptions spell out every nested type.

extension ListID {
    public var testName: String {
        switch self {
        case .segment(let segment): segment.rawValue
        case .rocket(let id): "rocket \(id)'s launches"
        }
    }
}

extension ListQuery {
    /// "all" for the default list, else what narrows or turns it, e.g. `"fal", failure, reversed`.
    public var testName: String {
        var parts: [String] = []
        if isFiltered { parts.append("\"\(text)\"") }
        if outcome != .any { parts.append(outcome.rawValue) }
        if let rocket { parts.append(rocket.name) }
        if hasWebcast { parts.append("webcast") }
        if reversed { parts.append("reversed") }
        return parts.isEmpty ? "all" : parts.joined(separator: ", ")
    }
}
