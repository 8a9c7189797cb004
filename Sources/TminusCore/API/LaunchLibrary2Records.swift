import Foundation

// Launch Library 2 as it arrives (2.0.0, 2.2.0, 2.3.0), before it becomes a `Launch`
// (`LaunchLibrary2.launch(from:)`). Every field is lenient: null, missing or of the wrong type
// is nil, never a failed record. The one hard requirement is the launch's `id`.
// Empty strings are read as nil throughout: LL2 sends `""` for "none" (`holdreason`, `variant`).

/// The list envelope: `{count, next, previous, results}`, of launches or events. `results`
/// must be an array (null or missing is not a list page, and would otherwise read as "no
/// launches"); a record in it that cannot be read is skipped.
struct LL2ListRecord<Record: Decodable>: Decodable {
    let count: Int?
    let next: String?
    let results: [LenientElement<Record>]

    enum CodingKeys: String, CodingKey { case count, next, results }
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        count = c.lenient(Int.self, .count)
        next = c.lenient(String.self, .next).emptyAsNil
        results = try c.decode([LenientElement<Record>].self, forKey: .results)
    }

    /// Page `page`'s items as `read` makes them (nil: unreadable, skipped and counted), and the
    /// cursor of the next page. A `next` that is no http(s) URL still says there is a next
    /// page: `url(for:)` computes it.
    func items<Item>(page: Int, _ read: (Record) -> Item?) -> (items: [Item], totalDocs: Int?, next: PageCursor?, unreadable: Int) {
        let items = results.compactMap(\.value).compactMap(read)
        return (items, count, next.map { PageCursor(page: page + 1, url: WebURL.parse($0)) }, results.count - items.count)
    }
}

/// One launch: a list row (2.0.0 list, 2.2.0 `mode=normal`) or the detail (`mode=detailed`).
struct LL2LaunchRecord: Decodable {
    @LaunchID var id: String
    @NonBlank var name: String?
    @LenientDate var net: Date?
    @LenientDate var windowStart: Date?
    /// When LL2 last changed the record: what the replica syncs by (`last_updated__gte`).
    @LenientDate var lastUpdated: Date?
    @Lenient var status: LL2NamedRecord?
    /// 2.2.0+: `{id, name: "Minute", abbrev: "MIN"}`.
    @Lenient var netPrecision: LL2NamedRecord?
    /// 2.0.0 (and later, still sent): the time / the date is not known yet.
    @Lenient var tbdTime: Bool?
    @Lenient var tbdDate: Bool?
    @Lenient var provider: LL2NamedRecord?
    @Lenient var rocket: LL2RocketRecord?
    @Lenient var pad: LL2PadRecord?
    @Lenient var mission: LL2MissionRecord?
    @WholeNumber var probability: Int?
    /// The webcast is on now (every version sends it).
    @Lenient var webcastLive: Bool?
    /// 2.2.0+ (detail): the source's notes, e.g. "Now targeting Aug 25 at 09:42 UTC".
    @PresentList var updates: [LL2UpdateRecord]
    /// 2.2.0+ (detail): the launch day's steps, `{type: {id, abbrev, description}, relative_time: "-PT38M"}`.
    @LenientList var timeline: [LL2TimelineRecord]
    @Lenient var image: LL2ImageRecord?
    @LenientList var missionPatches: [LL2PatchRecord]
    // 2.0.0–2.2.0 spell the link lists in camelCase; 2.3.0 renamed them to snake_case.
    @PresentList var vidURLs: [LL2LinkRecord]
    @PresentList var vidURLsSnake: [LL2LinkRecord]
    @LenientList var infoURLs: [LL2LinkRecord]
    @LenientList var infoURLsSnake: [LL2LinkRecord]

    enum CodingKeys: String, CodingKey {
        case id, name, net, status, rocket, pad, mission, probability, image, updates, timeline
        case webcastLive = "webcast_live", lastUpdated = "last_updated"
        case windowStart = "window_start", netPrecision = "net_precision", tbdTime = "tbdtime", tbdDate = "tbddate"
        case provider = "launch_service_provider", missionPatches = "mission_patches"
        case vidURLs, infoURLs, vidURLsSnake = "vid_urls", infoURLsSnake = "info_urls"
    }

    /// The detailed mode's record (its notes and videos sent, if only empty): what the detail
    /// shows, so opening it asks nothing more.
    var isDetailed: Bool { _updates.present && (_vidURLs.present || _vidURLsSnake.present) }

    // The first spelling that holds any link; the mission's own (usually empty) lists last.
    var videos: [LL2LinkRecord] { [vidURLs, vidURLsSnake, mission?.videos ?? []].first { !$0.isEmpty } ?? [] }
    var infoLinks: [LL2LinkRecord] { [infoURLs, infoURLsSnake, mission?.infoLinks ?? []].first { !$0.isEmpty } ?? [] }
}

/// Any `{id, name, abbrev?}` object: a status, a net precision, an agency, an orbit, a link
/// type, a language. (A status: 2.0.0 sends only `{id, name}` with the short name, `Go`; 2.2.0
/// adds `abbrev`, `Go`, and makes `name` long, `Go for Launch`.)
struct LL2NamedRecord: Decodable {
    @LL2ID var id: String?
    @NonBlank var name: String?
    @NonBlank var abbrev: String?
}

/// `rocket: {id, configuration: {id, name, full_name, …}, launcher_stage: […]}` (the stages
/// in the detailed mode only).
struct LL2RocketRecord: Decodable {
    @Lenient var configuration: Configuration?
    @LenientList var launcherStage: [LL2StageRecord]

    enum CodingKeys: String, CodingKey { case configuration, launcherStage = "launcher_stage" }

    struct Configuration: Decodable {
        @LL2ID var id: String?
        @NonBlank var name: String?
        @NonBlank var fullName: String?

        enum CodingKeys: String, CodingKey { case id, name, fullName = "full_name" }
    }
}

/// One stage of the rocket that flies (a first stage, a side booster): `{type: "Core", reused,
/// launcher_flight_number, launcher: {id, serial_number, flights}, landing: {attempt, success,
/// location: {abbrev, name}, type: {abbrev, name}}, turn_around_time_days}`.
struct LL2StageRecord: Decodable {
    @NonBlank var type: String?
    @Lenient var reused: Bool?
    @WholeNumber var launcherFlightNumber: Int?
    @Lenient var launcher: Launcher?
    @Lenient var landing: Landing?
    @WholeNumber var turnAroundTimeDays: Int?

    struct Launcher: Decodable {
        @LL2ID var id: String?
        @NonBlank var serialNumber: String?
        @WholeNumber var flights: Int?
        enum CodingKeys: String, CodingKey { case id, flights, serialNumber = "serial_number" }
    }

    struct Landing: Decodable {
        @Lenient var attempt: Bool?
        @Lenient var success: Bool?
        @Lenient var location: LL2NamedRecord?
        @Lenient var type: LL2NamedRecord?
    }

    enum CodingKeys: String, CodingKey {
        case type, reused, launcher, landing
        case launcherFlightNumber = "launcher_flight_number", turnAroundTimeDays = "turn_around_time_days"
    }
}

/// `pad: {id, name, location: {id, name, …}, …}`.
struct LL2PadRecord: Decodable {
    @LL2ID var id: String?
    @NonBlank var name: String?
    @Lenient var location: LL2NamedRecord?
}

/// `mission: {name, description, type, orbit: {name, abbrev}, vid_urls, info_urls}`.
struct LL2MissionRecord: Decodable {
    @Trimmed var description: String?
    @NonBlank var type: String?
    @Lenient var orbit: LL2NamedRecord?
    @LenientList var videos: [LL2LinkRecord]
    @LenientList var infoLinks: [LL2LinkRecord]

    enum CodingKeys: String, CodingKey {
        case description, type, orbit, videos = "vid_urls", infoLinks = "info_urls"
    }
}

/// An image: a URL string up to 2.2.0, an `Image` object in 2.3.0
/// (`{id, name, image_url, thumbnail_url, credit, license, …}`). Only http(s) links are kept.
struct LL2ImageRecord: Decodable {
    let full: URL?
    let thumbnail: URL?

    enum CodingKeys: String, CodingKey { case imageURL = "image_url", thumbnailURL = "thumbnail_url" }
    init(from decoder: Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            full = WebURL.parse(text); thumbnail = nil
            return
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        full = WebURL.parse(c.lenient(String.self, .imageURL))
        thumbnail = WebURL.parse(c.lenient(String.self, .thumbnailURL))
    }

    /// The picture to show: the full image, else its thumbnail.
    var best: URL? { full ?? thumbnail }
}

/// `mission_patches[]`: `{id, name, priority, image_url, agency}` (2.2.0); in 2.3.0 the
/// picture may be an `image` object instead.
struct LL2PatchRecord: Decodable {
    let image: LL2ImageRecord?

    enum CodingKeys: String, CodingKey { case imageURL = "image_url", image }
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let url = c.lenient(LL2ImageRecord.self, .imageURL)
        image = url?.best != nil ? url : c.lenient(LL2ImageRecord.self, .image)
    }
}

/// An `updates` entry: `{comment, created_by, created_on, info_url, …}` (2.2.0+).
struct LL2UpdateRecord: Decodable {
    @NonBlank var comment: String?
    @NonBlank var createdBy: String?
    @LenientDate var createdOn: Date?
    @WebLink var infoURL: URL?

    enum CodingKeys: String, CodingKey {
        case comment, createdBy = "created_by", createdOn = "created_on", infoURL = "info_url"
    }
}

/// A `timeline` entry: what happens (`type.abbrev` is its short name, `Prop Load`; a `name`
/// is read too, should a version send one) and when, as an ISO 8601 duration from T-0.
struct LL2TimelineRecord: Decodable {
    @Lenient var type: Kind?
    @NonBlank var relativeTime: String?

    struct Kind: Decodable {
        @NonBlank var abbrev: String?
        @NonBlank var name: String?
        @Trimmed var description: String?
    }

    enum CodingKeys: String, CodingKey { case type, relativeTime = "relative_time" }
}

/// A `vidURLs` / `infoURLs` entry: `{priority, title, description, feature_image, url}` (2.0.0),
/// plus `source`, `publisher`, `type {id, name}`, `language {id, name, code}` (2.2.0).
struct LL2LinkRecord: Decodable {
    @WholeNumber var priority: Int?
    @WebLink var url: URL?
    @NonBlank var title: String?
    @NonBlank var publisher: String?
    @NonBlank var source: String?
    @Lenient var type: LL2NamedRecord?
    @Lenient var language: LL2NamedRecord?
}

// MARK: - How LL2 fields are read (see `FieldRule`)

/// A launch's id. Without one a launch cannot be paged, deduplicated or opened: the record
/// fails. A number or an empty string is no LL2 id (they are UUID strings) and counts as missing.
@propertyWrapper
struct LaunchID: FieldRule {
    var wrappedValue: String
    static func read<K>(_ key: K, in c: KeyedDecodingContainer<K>) throws -> String {
        guard let id = c.lenient(String.self, key).emptyAsNil else {
            throw DecodingError.keyNotFound(key, .init(codingPath: c.codingPath, debugDescription: "launch without an id"))
        }
        return id
    }
}

/// An LL2 numeric id (`164`), or one sent as a string: as text, nil when empty.
@propertyWrapper
struct LL2ID: FieldRule {
    var wrappedValue: String?
    static func read<K>(_ key: K, in c: KeyedDecodingContainer<K>) -> String? {
        if let number = c.lenient(Int.self, key) { return String(number) }
        return c.lenient(String.self, key).emptyAsNil
    }
}

/// Text, nil when it is empty or only whitespace (kept as sent otherwise).
@propertyWrapper
struct NonBlank: FieldRule {
    var wrappedValue: String?
    static func read<K>(_ key: K, in c: KeyedDecodingContainer<K>) -> String? {
        c.lenient(String.self, key).flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
    }
}

/// Text with the whitespace around it trimmed, nil when nothing is left.
@propertyWrapper
struct Trimmed: FieldRule {
    var wrappedValue: String?
    static func read<K>(_ key: K, in c: KeyedDecodingContainer<K>) -> String? {
        c.lenient(String.self, key)?.trimmingCharacters(in: .whitespacesAndNewlines).emptyAsNil
    }
}

/// An integer, also when sent as a whole floating-point number (`10.0`).
@propertyWrapper
struct WholeNumber: FieldRule {
    var wrappedValue: Int?
    static func read<K>(_ key: K, in c: KeyedDecodingContainer<K>) -> Int? {
        if let number = c.lenient(Int.self, key) { return number }
        guard let double = c.lenient(Double.self, key), double.rounded() == double, abs(double) < 1e15 else { return nil }
        return Int(double)
    }
}

/// An http(s) link (`WebURL.parse`), nil for anything else.
@propertyWrapper
struct WebLink: FieldRule {
    var wrappedValue: URL?
    static func read<K>(_ key: K, in c: KeyedDecodingContainer<K>) -> URL? { WebURL.parse(c.lenient(String.self, key)) }
}

extension Optional where Wrapped == String {
    /// The text, nil when it is empty.
    fileprivate var emptyAsNil: String? { self.flatMap { $0.isEmpty ? nil : $0 } }
}

extension String {
    fileprivate var emptyAsNil: String? { isEmpty ? nil : self }
}
