import Foundation

/// A launch's status as its source words it. The r/SpaceX API only says upcoming / success;
/// Launch Library 2 has a status of its own (Go, TBD, Hold, In Flight, Partial Failure…)
/// that the row shows as the source spells it, coloured by what it means.
public struct SourceStatus: Sendable, Hashable, Codable {
    /// Launch Library 2's status id (1 Go, 2 TBD, 3 Success, 4 Failure, 5 Hold, 6 In Flight,
    /// 7 Partial Failure, 8 TBC); nil when the record only had words.
    public var id: Int?
    /// `Go for Launch` (2.2.0) or `Go` (2.0.0).
    public var name: String
    /// The short form (2.2.0+): `Go`, `TBD`, `In Flight`.
    public var abbrev: String?

    /// What a launch of frozen data reads as once its date has passed with no word since: the
    /// data's last word, never `UPCOMING` (issue 24). `dataTo` is the month the data runs to.
    public static func noData(since dataTo: String?) -> SourceStatus {
        SourceStatus(id: nil, name: "No data" + (dataTo.map { " since \($0)" } ?? " (the source stopped)"), abbrev: "No data")
    }

    public init(id: Int?, name: String, abbrev: String? = nil) {
        self.id = id; self.name = name; self.abbrev = abbrev
    }

    enum CodingKeys: String, CodingKey { case id, name, abbrev }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenient(Int.self, .id)
        abbrev = c.lenient(String.self, .abbrev).flatMap { $0.isEmpty ? nil : $0 }
        guard let name = c.lenient(String.self, .name) ?? abbrev else {
            throw DecodingError.valueNotFound(String.self, .init(codingPath: c.codingPath, debugDescription: "status without a name"))
        }
        self.name = name
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id); try c.encode(name, forKey: .name)
        try c.encodeIfPresent(abbrev, forKey: .abbrev)
    }

    /// The word a row shows: the short form, in capitals like the SpaceX words.
    public var word: String { (abbrev ?? name).uppercased() }

    /// Which of Launch Library 2's statuses this is: finer than `meaning`, because a GO and a
    /// TBD both lie ahead but only one is decided, and a hold is not a flight.
    public enum Kind: Sendable, Hashable {
        case go, toBeDetermined, toBeConfirmed, hold, inFlight, success, failure, partialFailure
        /// Frozen data (the r/SpaceX API, the built-in archive) still calls it upcoming though its
        /// date has passed: nobody has said anything since (`SourceStatus.noData`).
        case noData
        /// A status this version does not know (`Scrubbed`).
        case other
    }

    /// By its id; an id this version does not know goes by the words.
    public var kind: Kind {
        switch id {
        case 1?: return .go
        case 2?: return .toBeDetermined
        case 3?: return .success
        case 4?: return .failure
        case 5?: return .hold
        case 6?: return .inFlight
        case 7?: return .partialFailure
        case 8?: return .toBeConfirmed
        default:
            let words = (abbrev ?? name).lowercased()
            if words.contains("fail") { return words.contains("partial") ? .partialFailure : .failure }
            if words.contains("success") { return .success }
            if words.hasPrefix("go") { return .go }
            if words.hasPrefix("tbd") { return .toBeDetermined }
            if words.hasPrefix("tbc") { return .toBeConfirmed }
            if words.contains("hold") { return .hold }
            if words.contains("flight") { return .inFlight }
            if words.hasPrefix("no data") { return .noData }
            return .other
        }
    }

    /// What the status means, for whether the launch is still to come and its outcome.
    public var meaning: LaunchStatus {
        switch kind {
        case .go, .toBeDetermined, .toBeConfirmed: .upcoming
        case .success: .success
        case .failure, .partialFailure: .failure
        case .noData: .unknown
        case .hold, .inFlight, .other: .other
        }
    }

    /// The count is on hold (Launch Library 2 status 5: `Hold`, `On Hold`).
    public var isHold: Bool { kind == .hold }
    /// Lifted off, no outcome yet (status 6: `In Flight`).
    public var isInFlight: Bool { kind == .inFlight }
}

/// A link a launch carries beyond the fixed SpaceX ones: a webcast or an info page from
/// Launch Library 2 (`vidURLs`, `infoURLs`).
/// A note the source posted about a launch (Launch Library 2 2.2.0+ `updates`): "Now targeting
/// Aug 25 at 09:42 UTC", who wrote it, when, and a page about it.
public struct LaunchUpdate: Sendable, Hashable, Codable {
    public var comment: String
    public var author: String?
    public var postedAt: Date?
    public var infoURL: URL?

    public init(comment: String, author: String? = nil, postedAt: Date? = nil, infoURL: URL? = nil) {
        self.comment = comment; self.author = author; self.postedAt = postedAt; self.infoURL = infoURL
    }
}

public struct ExternalLink: Sendable, Hashable, Codable {
    public var url: URL
    public var title: String?
    /// Who publishes it (`SpaceX`, `x.com`).
    public var publisher: String?
    /// Its kind as the source names it (`Official Webcast`, `Official Page`).
    public var kind: String?
    /// Its language (`English`).
    public var language: String?

    public init(url: URL, title: String? = nil, publisher: String? = nil, kind: String? = nil, language: String? = nil) {
        self.url = url; self.title = title; self.publisher = publisher; self.kind = kind; self.language = language
    }

    enum CodingKeys: String, CodingKey { case url, title, publisher, kind, language }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let url = WebURL.parse(c.lenient(String.self, .url)) else {
            throw DecodingError.dataCorruptedError(forKey: .url, in: c, debugDescription: "not an http(s) link")
        }
        self.url = url
        title = c.lenient(String.self, .title); publisher = c.lenient(String.self, .publisher)
        kind = c.lenient(String.self, .kind); language = c.lenient(String.self, .language)
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(url.absoluteString, forKey: .url); try c.encodeIfPresent(title, forKey: .title)
        try c.encodeIfPresent(publisher, forKey: .publisher); try c.encodeIfPresent(kind, forKey: .kind)
        try c.encodeIfPresent(language, forKey: .language)
    }

    /// How a menu names it: `SpaceX — Starlink Mission (English)`.
    public var label: String {
        let head = [publisher, title].compactMap { $0?.isEmpty == false ? $0 : nil }
        let text = head.isEmpty ? (url.host ?? url.absoluteString) : head.joined(separator: " — ")
        return language.map { "\(text) (\($0))" } ?? text
    }
}
