import Foundation

// The APIs send null for almost any field, sometimes the wrong type, and add fields over
// time. These helpers make a bad or missing field a nil, never a failed record.
extension KeyedDecodingContainer {
    /// The value, or nil when the key is missing, null, or of another type.
    func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        (try? decodeIfPresent(T.self, forKey: key)) ?? nil
    }

    /// An array where elements that fail to decode are skipped; nil or wrong type is empty.
    func lenientArray<T: Decodable>(_ type: T.Type, _ key: Key) -> [T] {
        guard let items = try? decodeIfPresent([LenientElement<T>].self, forKey: key) else { return [] }
        return items.compactMap(\.value)
    }

    /// An ISO-8601 date string (with or without fractional seconds), nil when unreadable.
    func lenientDate(_ key: Key) -> Date? {
        guard let text = lenient(String.self, key) else { return nil }
        return ISO8601.parse(text)
    }
}

struct LenientElement<T: Decodable>: Decodable {
    let value: T?
    init(from decoder: Decoder) throws {
        value = try? T(from: decoder)
    }
}

public enum ISO8601 {
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let plain = Date.ISO8601FormatStyle()

    public static func parse(_ text: String) -> Date? {
        if let d = try? withFraction.parse(text) { return d }
        if let d = try? plain.parse(text) { return d }
        return nil
    }
}
