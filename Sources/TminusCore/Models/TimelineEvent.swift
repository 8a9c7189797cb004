import Foundation

/// One step of a launch day, placed against T-0: "Prop Load" 35 minutes before liftoff, "MECO"
/// 2 min 25 s after (Launch Library 2 2.2.0+ `timeline`).
public struct TimelineEvent: Sendable, Hashable {
    /// What happens, short: `Prop Load`, `Max-Q`.
    public var name: String
    /// The source's longer words for it: `Start of propellant loading`.
    public var description: String?
    /// Seconds from T-0: negative before liftoff.
    public var offset: TimeInterval

    public init(name: String, description: String? = nil, offset: TimeInterval) {
        self.name = name; self.description = description; self.offset = offset
    }

    /// When it happens for a launch at `net`.
    public func date(net: Date) -> Date { net.addingTimeInterval(offset) }
}

// Stored under names of our own (`{name, description, offset}`), in the cache and the
// favorites database; a stored event without a name or an offset is not one.
extension TimelineEvent: Codable {
    enum CodingKeys: String, CodingKey { case name, description, offset }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        description = c.lenient(String.self, .description)
        offset = try c.decode(Double.self, forKey: .offset)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(description, forKey: .description)
        try c.encode(offset, forKey: .offset)
    }
}
