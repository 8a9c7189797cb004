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

    /// The API's form, `2022-10-08T23:05:00.000Z`, rounded to the millisecond, so that
    /// `parse(format(parse(s)))` is `parse(s)` for every millisecond `s`.
    /// (`ISO8601FormatStyle` truncates the fraction it prints: `.002` parses to a Double a hair
    /// below 2 ms and would print as `.001`, so the milliseconds are rounded here instead.)
    public static func format(_ date: Date) -> String {
        let millis = (date.timeIntervalSince1970 * 1000).rounded()
        let seconds = (millis / 1000).rounded(.down)
        let fraction = Int(millis - seconds * 1000)  // 0...999
        let whole = Date(timeIntervalSince1970: seconds).formatted(plain)  // "2022-10-08T23:05:00Z"
        return whole.dropLast() + "." + String(String(1000 + fraction).dropFirst()) + "Z"
    }
}
