import Foundation

// Launch Library 2 as it arrives (2.0.0, 2.2.0, 2.3.0), before it becomes a `Launch`
// (`LaunchLibrary2.launch(from:)`). Every field is lenient: null, missing or of the wrong type
// is nil, never a failed record. The one hard requirement is the launch's `id`.
// Empty strings are read as nil throughout: LL2 sends `""` for "none" (`holdreason`, `variant`).

/// The list envelope: `{count, next, previous, results}`. `results` must be an array (null or
/// missing is not a list page, and would otherwise read as "no launches"); a record in it that
/// cannot be read is skipped.
struct LL2ListRecord: Decodable {
    let count: Int?
    let next: String?
    let results: [LenientElement<LL2LaunchRecord>]

    enum CodingKeys: String, CodingKey { case count, next, results }
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        count = c.lenient(Int.self, .count)
        next = c.lenient(String.self, .next).emptyAsNil
        results = try c.decode([LenientElement<LL2LaunchRecord>].self, forKey: .results)
    }
}

/// One launch: a list row (2.0.0 list, 2.2.0 `mode=normal`) or the detail (`mode=detailed`).
struct LL2LaunchRecord: Decodable {
    let id: String
    let name: String?
    let net: Date?
    let windowStart: Date?
    let status: LL2NamedRecord?
    /// 2.2.0+: `{id, name: "Minute", abbrev: "MIN"}`.
    let netPrecision: LL2NamedRecord?
    /// 2.0.0 (and later, still sent): the time / the date is not known yet.
    let tbdTime: Bool?
    let tbdDate: Bool?
    let provider: LL2NamedRecord?
    let rocket: LL2RocketRecord?
    let pad: LL2PadRecord?
    let mission: LL2MissionRecord?
    let probability: Int?
    let image: LL2ImageRecord?
    let missionPatches: [LL2PatchRecord]
    let videos: [LL2LinkRecord]
    let infoLinks: [LL2LinkRecord]

    enum CodingKeys: String, CodingKey {
        case id, name, net, status, rocket, pad, mission, probability, image
        case windowStart = "window_start", netPrecision = "net_precision", tbdTime = "tbdtime", tbdDate = "tbddate"
        case provider = "launch_service_provider", missionPatches = "mission_patches"
        // 2.0.0–2.2.0 spell these in camelCase; 2.3.0 renamed them to snake_case.
        case vidURLs, infoURLs, vidURLsSnake = "vid_urls", infoURLsSnake = "info_urls"
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Without an id a launch cannot be paged, deduplicated or opened. A number or an
        // empty string is no LL2 id (they are UUID strings) and counts as missing.
        guard let id = c.lenient(String.self, .id).emptyAsNil else {
            throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "launch without an id"))
        }
        self.id = id
        name = c.lenient(String.self, .name).blankAsNil
        net = c.lenientDate(.net)
        windowStart = c.lenientDate(.windowStart)
        status = c.lenient(LL2NamedRecord.self, .status)
        netPrecision = c.lenient(LL2NamedRecord.self, .netPrecision)
        tbdTime = c.lenient(Bool.self, .tbdTime)
        tbdDate = c.lenient(Bool.self, .tbdDate)
        provider = c.lenient(LL2NamedRecord.self, .provider)
        rocket = c.lenient(LL2RocketRecord.self, .rocket)
        pad = c.lenient(LL2PadRecord.self, .pad)
        mission = c.lenient(LL2MissionRecord.self, .mission)
        probability = c.lenientInt(.probability)
        image = c.lenient(LL2ImageRecord.self, .image)
        missionPatches = c.lenientArray(LL2PatchRecord.self, .missionPatches)
        // The first spelling that holds any link; the mission's own (usually empty) lists last.
        videos = [c.lenientArray(LL2LinkRecord.self, .vidURLs), c.lenientArray(LL2LinkRecord.self, .vidURLsSnake),
                  mission?.videos ?? []].first { !$0.isEmpty } ?? []
        infoLinks = [c.lenientArray(LL2LinkRecord.self, .infoURLs), c.lenientArray(LL2LinkRecord.self, .infoURLsSnake),
                     mission?.infoLinks ?? []].first { !$0.isEmpty } ?? []
    }
}

/// Any `{id, name, abbrev?}` object: a status, a net precision, an agency, an orbit, a link
/// type, a language. (A status: 2.0.0 sends only `{id, name}` with the short name, `Go`; 2.2.0
/// adds `abbrev`, `Go`, and makes `name` long, `Go for Launch`.)
struct LL2NamedRecord: Decodable {
    let id: String?
    let name: String?
    let abbrev: String?

    enum CodingKeys: String, CodingKey { case id, name, abbrev }
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenientID(.id)
        name = c.lenient(String.self, .name).blankAsNil
        abbrev = c.lenient(String.self, .abbrev).blankAsNil
    }
}

/// `rocket: {id, configuration: {id, name, full_name, …}}`.
struct LL2RocketRecord: Decodable {
    let configuration: Configuration?

    struct Configuration: Decodable {
        let id: String?
        let name: String?
        let fullName: String?

        enum CodingKeys: String, CodingKey { case id, name, fullName = "full_name" }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = c.lenientID(.id)
            name = c.lenient(String.self, .name).blankAsNil
            fullName = c.lenient(String.self, .fullName).blankAsNil
        }
    }

    enum CodingKeys: String, CodingKey { case configuration }
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        configuration = c.lenient(Configuration.self, .configuration)
    }
}

/// `pad: {id, name, location: {id, name, …}, …}`.
struct LL2PadRecord: Decodable {
    let id: String?
    let name: String?
    let location: LL2NamedRecord?

    enum CodingKeys: String, CodingKey { case id, name, location }
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenientID(.id)
        name = c.lenient(String.self, .name).blankAsNil
        location = c.lenient(LL2NamedRecord.self, .location)
    }
}

/// `mission: {name, description, type, orbit: {name, abbrev}, vid_urls, info_urls}`.
struct LL2MissionRecord: Decodable {
    let description: String?
    let type: String?
    let orbit: LL2NamedRecord?
    let videos: [LL2LinkRecord]
    let infoLinks: [LL2LinkRecord]

    enum CodingKeys: String, CodingKey {
        case description, type, orbit, videos = "vid_urls", infoLinks = "info_urls"
    }
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        description = c.lenient(String.self, .description)?.trimmingCharacters(in: .whitespacesAndNewlines).emptyAsNil
        type = c.lenient(String.self, .type).blankAsNil
        orbit = c.lenient(LL2NamedRecord.self, .orbit)
        videos = c.lenientArray(LL2LinkRecord.self, .videos)
        infoLinks = c.lenientArray(LL2LinkRecord.self, .infoLinks)
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

/// A `vidURLs` / `infoURLs` entry: `{priority, title, description, feature_image, url}` (2.0.0),
/// plus `source`, `publisher`, `type {id, name}`, `language {id, name, code}` (2.2.0).
struct LL2LinkRecord: Decodable {
    let priority: Int?
    let url: URL?
    let title: String?
    let publisher: String?
    let source: String?
    let type: LL2NamedRecord?
    let language: LL2NamedRecord?

    enum CodingKeys: String, CodingKey { case priority, url, title, publisher, source, type, language }
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        priority = c.lenientInt(.priority)
        url = WebURL.parse(c.lenient(String.self, .url))
        title = c.lenient(String.self, .title).blankAsNil
        publisher = c.lenient(String.self, .publisher).blankAsNil
        source = c.lenient(String.self, .source).blankAsNil
        type = c.lenient(LL2NamedRecord.self, .type)
        language = c.lenient(LL2NamedRecord.self, .language)
    }
}

extension KeyedDecodingContainer {
    /// An LL2 numeric id (`164`), or one sent as a string: as text, nil when empty.
    fileprivate func lenientID(_ key: Key) -> String? {
        if let number = lenient(Int.self, key) { return String(number) }
        return lenient(String.self, key).emptyAsNil
    }

    /// An integer, also when sent as a whole floating-point number (`10.0`).
    fileprivate func lenientInt(_ key: Key) -> Int? {
        if let number = lenient(Int.self, key) { return number }
        guard let double = lenient(Double.self, key), double.rounded() == double, abs(double) < 1e15 else { return nil }
        return Int(double)
    }
}

extension Optional where Wrapped == String {
    /// The text, nil when it is empty.
    fileprivate var emptyAsNil: String? { self.flatMap { $0.isEmpty ? nil : $0 } }
    /// The text, nil when it is empty or only whitespace (kept as sent otherwise).
    fileprivate var blankAsNil: String? {
        self.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
    }
}

extension String {
    fileprivate var emptyAsNil: String? { isEmpty ? nil : self }
}
