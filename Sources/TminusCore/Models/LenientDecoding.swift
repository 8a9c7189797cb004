import Foundation

// The APIs send null for almost any field, sometimes the wrong type, and add fields over
// time. These helpers make a bad or missing field a nil, never a failed record.
extension KeyedDecodingContainer {
    /// The value, or nil when the key is missing, null, or of another type.
    func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        (try? decodeIfPresent(T.self, forKey: key)) ?? nil
    }

    // The same for the JSON scalars, through the decoder's own non-generic entry points: the
    // generic one above goes through a nested decoder and `T.init(from:)` for every field.
    func lenient(_ type: String.Type, _ key: Key) -> String? { (try? decodeIfPresent(String.self, forKey: key)) ?? nil }
    func lenient(_ type: Int.Type, _ key: Key) -> Int? { (try? decodeIfPresent(Int.self, forKey: key)) ?? nil }
    func lenient(_ type: Double.Type, _ key: Key) -> Double? { (try? decodeIfPresent(Double.self, forKey: key)) ?? nil }
    func lenient(_ type: Bool.Type, _ key: Key) -> Bool? { (try? decodeIfPresent(Bool.self, forKey: key)) ?? nil }

    /// The nested object, or nil when the key is missing, null, or not an object. (Asked
    /// first, missing and null cost no thrown error.)
    func lenientNested<NestedKey: CodingKey>(_ keys: NestedKey.Type, _ key: Key) -> KeyedDecodingContainer<NestedKey>? {
        guard contains(key), (try? decodeNil(forKey: key)) == false else { return nil }
        return try? nestedContainer(keyedBy: NestedKey.self, forKey: key)
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

// MARK: - Fields read by a rule named at their declaration

/// A property wrapper that says how its property is read from the record's keyed container,
/// so that a record whose every field follows a rule needs no `init(from:)` of its own: the
/// synthesized one asks `decode(_:forKey:)` for each wrapped property, and the overloads below
/// (more specific than the container's own) read it by the wrapper's rule. The lenient rules
/// never throw; a rule that throws fails the record.
protocol FieldRule: Decodable {
    associatedtype Value
    init(wrappedValue: Value)
    static func read<K>(_ key: K, in container: KeyedDecodingContainer<K>) throws -> Value
}

extension FieldRule {
    /// A rule reads a field of a keyed container; a wrapper is never a value of its own.
    init(from decoder: Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(Self.self) is read only as a field"))
    }
}

/// An optional field read leniently (`lenient(_:_:)`: missing, null or of another type is
/// nil) and written only when it holds a value: `@Lenient public var flight: Int?`.
@propertyWrapper
public struct Lenient<Value: Decodable>: FieldRule {
    public var wrappedValue: Value?
    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }
    public init(from decoder: Decoder) throws { wrappedValue = try? Value(from: decoder) }
    static func read<K>(_ key: K, in container: KeyedDecodingContainer<K>) -> Value? { container.lenient(Value.self, key) }
}

extension Lenient: Sendable where Value: Sendable {}
extension Lenient: Equatable where Value: Equatable {}
extension Lenient: Hashable where Value: Hashable {}
extension Lenient: Encodable where Value: Encodable {
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension KeyedDecodingContainer {
    func decode<Field: FieldRule>(_ type: Field.Type, forKey key: Key) throws -> Field {
        Field(wrappedValue: try Field.read(key, in: self))
    }
    // The JSON scalars through the non-generic `lenient` overloads (see there).
    func decode(_ type: Lenient<String>.Type, forKey key: Key) -> Lenient<String> { Lenient(wrappedValue: lenient(String.self, key)) }
    func decode(_ type: Lenient<Int>.Type, forKey key: Key) -> Lenient<Int> { Lenient(wrappedValue: lenient(Int.self, key)) }
    func decode(_ type: Lenient<Double>.Type, forKey key: Key) -> Lenient<Double> { Lenient(wrappedValue: lenient(Double.self, key)) }
    func decode(_ type: Lenient<Bool>.Type, forKey key: Key) -> Lenient<Bool> { Lenient(wrappedValue: lenient(Bool.self, key)) }
}

/// An array read by `lenientArray(_:_:)`: elements that cannot be read are skipped; missing,
/// null or not an array is empty.
@propertyWrapper
struct LenientList<Element: Decodable>: FieldRule {
    var wrappedValue: [Element]
    static func read<K>(_ key: K, in container: KeyedDecodingContainer<K>) -> [Element] { container.lenientArray(Element.self, key) }
}

/// `LenientList`, remembering whether the key was there at all: Launch Library 2's detailed
/// mode sends `updates` and `vid_urls` on every record, empty or not, and its other modes
/// leave them out.
@propertyWrapper
struct PresentList<Element: Decodable>: Decodable {
    var wrappedValue: [Element]
    var present = false
    init(wrappedValue: [Element]) { self.wrappedValue = wrappedValue }
    init(from decoder: Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "PresentList is read only as a field"))
    }
}

extension KeyedDecodingContainer {
    func decode<Element>(_ type: PresentList<Element>.Type, forKey key: Key) -> PresentList<Element> {
        var list = PresentList<Element>(wrappedValue: lenientArray(Element.self, key))
        list.present = contains(key)
        return list
    }
}

/// A date read by `lenientDate(_:)`: ISO-8601 text, nil when missing or unreadable.
@propertyWrapper
struct LenientDate: FieldRule {
    var wrappedValue: Date?
    static func read<K>(_ key: K, in container: KeyedDecodingContainer<K>) -> Date? { container.lenientDate(key) }
}

extension KeyedEncodingContainer {
    /// A nil `@Lenient` field is left out, as `encodeIfPresent` does.
    mutating func encode<Value: Encodable>(_ field: Lenient<Value>, forKey key: Key) throws {
        try encodeIfPresent(field.wrappedValue, forKey: key)
    }
}

public enum ISO8601 {
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let plain = Date.ISO8601FormatStyle()

    public static func parse(_ text: String) -> Date? {
        if let d = parseFixed(text) { return d }
        if let d = try? withFraction.parse(text) { return d }
        if let d = try? plain.parse(text) { return d }
        return nil
    }

    /// The APIs' own forms, `2022-10-08T23:05:00.000Z` and `2022-10-08T23:05:00Z`, read
    /// without a format style (which costs more than the rest of a launch's fields together);
    /// nil for anything else, which the format styles then read (other fractions, offsets, and
    /// the dates they accept out of range: `24:00`, `02-30`). Only years 1900–2999, far from the
    /// Julian calendar the format styles use before 1582. The same Date to the bit: seconds
    /// since 2001 plus the milliseconds, as the format style computes it.
    static func parseFixed(_ text: String) -> Date? {
        let parsed: Date?? = text.utf8.withContiguousStorageIfAvailable { b -> Date? in
            guard b.count == 20 || b.count == 24, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
                  b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
                  b[b.count - 1] == UInt8(ascii: "Z") else { return nil }
            func number(_ start: Int, _ digits: Int) -> Int? {
                var value = 0
                for i in start..<(start + digits) {
                    guard b[i] >= UInt8(ascii: "0"), b[i] <= UInt8(ascii: "9") else { return nil }
                    value = value * 10 + Int(b[i] - UInt8(ascii: "0"))
                }
                return value
            }
            var millis = 0
            if b.count == 24 {
                guard b[19] == UInt8(ascii: "."), let m = number(20, 3) else { return nil }
                millis = m
            }
            guard let year = number(0, 4), (1900...2999).contains(year),
                  let month = number(5, 2), (1...12).contains(month),
                  let day = number(8, 2), day >= 1, day <= Civil.daysIn(month: month, year: year),
                  let hour = number(11, 2), hour < 24, let minute = number(14, 2), minute < 60,
                  let second = number(17, 2), second < 60 else { return nil }
            let sinceEpoch = Int(Civil.days(year: year, month: month, day: day)) * 86_400 + hour * 3_600 + minute * 60 + second
            return Date(timeIntervalSinceReferenceDate: Double(sinceEpoch - 978_307_200) + Double(millis) / 1_000)
        }
        return parsed ?? nil
    }

    /// The API's form, `2022-10-08T23:05:00.000Z`, rounded to the millisecond, so that
    /// `parse(format(parse(s)))` is `parse(s)` for every millisecond `s`.
    /// (`ISO8601FormatStyle` truncates the fraction it prints: `.002` parses to a Double a hair
    /// below 2 ms and would print as `.001`, so the milliseconds are rounded here instead.)
    public static func format(_ date: Date) -> String {
        let millis = (date.timeIntervalSince1970 * 1000).rounded()
        let seconds = (millis / 1000).rounded(.down)
        let fraction = Int(millis - seconds * 1000)  // 0...999
        let whole = wholeSeconds(Date(timeIntervalSince1970: seconds))  // "2022-10-08T23:05:00Z"
        return whole.dropLast() + "." + String(String(1000 + fraction).dropFirst()) + "Z"
    }

    /// `2022-10-08T23:05:00Z`, the second the instant is in, as `Date.ISO8601FormatStyle` writes
    /// it; by civil arithmetic in its Gregorian years, because the format style builds a
    /// calendar in the system's zone first, and on Linux that opens ICU's zone tables (issue 28).
    public static func wholeSeconds(_ date: Date) -> String {
        Civil.formatted(Civil.seconds(date), "yyyy-MM-ddTHH:mm:ssZ") ?? date.formatted(plain)
    }
}
