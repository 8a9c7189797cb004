import Foundation

/// How exact a launch date is. The API stores month-precision dates on the 1st at 00:00Z, so
/// showing their hour would be inventing one.
public enum DatePrecision: String, Sendable, Hashable, CaseIterable, Codable {
    case half, quarter, year, month, day, hour
}

/// What the status word on a row says.
public enum LaunchStatus: Sendable, Hashable {
    case upcoming
    case success
    case failure
    /// A past launch whose outcome the source does not record.
    case unknown
    /// Neither to come nor over: on hold, in flight (Launch Library 2).
    case other

    /// The status word of a row, exactly as the spec spells it.
    public var word: String {
        switch self {
        case .upcoming: "UPCOMING"
        case .success: "SUCCESS"
        case .failure: "FAILED"
        case .unknown: "UNKNOWN"
        case .other: "OTHER"
        }
    }
}

/// Which API a launch came from: it decides what its detail shows and which links it has.
public enum LaunchOrigin: String, Sendable, Hashable, Codable {
    case spacex
    case launchLibrary2 = "ll2"
}

public struct Launch: Sendable, Hashable, Identifiable {
    public var origin: LaunchOrigin
    public var id: String
    public var name: String
    public var flightNumber: Int?
    public var date: Date?
    public var datePrecision: DatePrecision
    public var upcoming: Bool
    public var success: Bool?
    public var details: String?
    public var rocket: Ref<Rocket>?
    public var launchpad: Ref<Launchpad>?
    public var payloads: [Ref<Payload>]
    public var crew: [CrewAssignment]
    public var failures: [LaunchFailure]
    public var cores: [LaunchCore]
    public var links: LaunchLinks
    public var window: Int?
    /// The source's own status (Launch Library 2); nil for the r/SpaceX API.
    public var sourceStatus: SourceStatus?
    /// The launch service provider: `SpaceX`, `China Aerospace Science and Technology Corporation`.
    public var provider: String?
    /// The provider's abbreviation (Launch Library 2's `launch_service_provider.abbrev`: `SpX`,
    /// `RL`), which a follow (`--provider SpX`) matches as well as the name.
    public var providerAbbrev: String?
    /// Launch Library 2's id of the provider (`121` for SpaceX): what a follow asks the server
    /// for (`lsp__id`), learned from the launches seen.
    public var providerID: String?
    /// A picture of the launch or its rocket (Launch Library 2 `image`).
    public var image: URL?
    public var videos: [ExternalLink]
    public var infoLinks: [ExternalLink]
    /// Chance of launch weather, 0–100; nil when unknown (the API's null or -1).
    public var probability: Int?
    public var missionType: String?
    public var orbit: String?
    /// The webcast is live right now (Launch Library 2's `webcast_live`).
    public var webcastLive = false
    /// The source's notes on the launch, newest first (Launch Library 2 2.2.0+ detail).
    public var updates: [LaunchUpdate] = []
    /// The launch day's steps against T-0, in time order (Launch Library 2 2.2.0+ detail).
    public var timeline: [TimelineEvent] = []
    /// How precise the date is in the source's own word (Launch Library 2's `net_precision`:
    /// `Minute`, `Day`, `Month`, `Quarter 3`…); nil when it has none. `datePrecision` is what the
    /// app does with it (a date is never shown finer than either says).
    public var precisionName: String?
    /// The record carried everything the detail shows (a Launch Library 2 list asked in its
    /// detailed mode): opening it needs no request of its own.
    public var carriesDetail = false
    /// When the source last changed its record (Launch Library 2's `last_updated`): what the
    /// local replica syncs by. Nil for the r/SpaceX API, which no longer changes.
    public var lastUpdated: Date?

    /// The precision as the screen and the scripts say it: the source's word, else the app's.
    public var precisionWords: String { precisionName ?? datePrecision.rawValue }

    public var status: LaunchStatus {
        if let sourceStatus { return sourceStatus.meaning }
        if upcoming { return .upcoming }
        switch success {
        case true?: return .success
        case false?: return .failure
        case nil: return .unknown
        }
    }

    /// Who flies it: the source's provider, and SpaceX for every r/SpaceX launch (that API has
    /// no provider field: it only ever knew SpaceX's).
    public var providerName: String? { provider ?? (origin == .spacex ? "SpaceX" : nil) }

    /// Whether a countdown says more than the date: a launch still to come whose time is known
    /// (the Favorites tab and `tminus favorites` show one then).
    public var countsDown: Bool { status == .upcoming && datePrecision == .hour && date != nil }

    /// Whether any booster on this flight had flown before.
    public var isReused: Bool? {
        let known = cores.compactMap(\.reused)
        return known.isEmpty ? nil : known.contains(true)
    }

    public init(
        origin: LaunchOrigin = .spacex, id: String, name: String, flightNumber: Int? = nil, date: Date?, datePrecision: DatePrecision = .hour,
        upcoming: Bool, success: Bool? = nil, details: String? = nil, rocket: Ref<Rocket>? = nil,
        launchpad: Ref<Launchpad>? = nil, payloads: [Ref<Payload>] = [], crew: [CrewAssignment] = [],
        failures: [LaunchFailure] = [], cores: [LaunchCore] = [], links: LaunchLinks = LaunchLinks(),
        window: Int? = nil, sourceStatus: SourceStatus? = nil, provider: String? = nil, image: URL? = nil,
        videos: [ExternalLink] = [], infoLinks: [ExternalLink] = [], probability: Int? = nil,
        missionType: String? = nil, orbit: String? = nil
    ) {
        self.origin = origin; self.id = id; self.name = name; self.flightNumber = flightNumber; self.date = date
        self.datePrecision = datePrecision; self.upcoming = upcoming; self.success = success
        self.details = details; self.rocket = rocket; self.launchpad = launchpad; self.payloads = payloads
        self.crew = crew; self.failures = failures; self.cores = cores; self.links = links; self.window = window
        self.sourceStatus = sourceStatus; self.provider = provider; self.image = image; self.videos = videos
        self.infoLinks = infoLinks; self.probability = probability; self.missionType = missionType; self.orbit = orbit
    }

    /// This launch, with the videos, info links, updates, timeline and boosters of an older
    /// copy when this one has none:
    /// a list row (which leaves them out) must not erase what the detail request brought.
    public func keepingDetail(of older: Launch) -> Launch {
        var merged = self
        if merged.videos.isEmpty { merged.videos = older.videos }
        if merged.infoLinks.isEmpty { merged.infoLinks = older.infoLinks }
        if merged.updates.isEmpty { merged.updates = older.updates }
        if merged.timeline.isEmpty { merged.timeline = older.timeline }
        if merged.cores.isEmpty { merged.cores = older.cores }
        return merged
    }

    /// The status word of a row: the source's own when it has one (`GO`, `IN FLIGHT`).
    public var statusWord: String { sourceStatus?.word ?? status.word }

    /// A list row with what its detail record adds that rows leave out (Launch Library 2's
    /// rows carry no videos, no info links, no boosters and, from 2.0.0, no precision word): the row's own
    /// status and date stay, which may be newer than the detail.
    public func filledIn(from detail: Launch) -> Launch {
        guard detail.id == id else { return self }
        var launch = self
        if launch.videos.isEmpty { launch.videos = detail.videos }
        if launch.infoLinks.isEmpty { launch.infoLinks = detail.infoLinks }
        if launch.links.webcast == nil { launch.links.webcast = detail.links.webcast }
        if launch.precisionName == nil { launch.precisionName = detail.precisionName }
        if launch.cores.isEmpty { launch.cores = detail.cores }
        return launch
    }

    /// This launch as frozen data (the r/SpaceX API, the built-in archive) must show it at `now`:
    /// one it calls upcoming whose date has passed is no longer to come, and its status is the
    /// data's last word (`NO DATA`), never `UPCOMING`, `GO`, `TBD` or `TBC` (issue 24).
    public func frozen(at now: Date, dataTo: String?) -> Launch {
        guard upcoming, let date, date < now else { return self }
        var launch = self
        launch.upcoming = false
        launch.sourceStatus = .noData(since: dataTo)
        return launch
    }
}

// Encoding writes the API's own shape (snake_case keys, ISO-8601 `date_utc`, nested links),
// leaving out what is nil, so a stored launch decodes through the same `init(from:)` as a fresh
// one, back to an equal value.
extension Launch: Codable {
    enum CodingKeys: String, CodingKey {
        case origin, id, name, details, rocket, launchpad, payloads, crew, failures, cores, links, window, upcoming, success
        case flightNumber = "flight_number", dateUTC = "date_utc", dateUnix = "date_unix"
        case datePrecision = "date_precision"
        // Not in the r/SpaceX API: what Launch Library 2 launches carry, stored under names of our own.
        case sourceStatus = "source_status", provider, providerAbbrev = "provider_abbrev", providerID = "provider_id", image, videos, infoLinks = "info_links", probability
        case missionType = "mission_type", orbit, webcastLive = "webcast_live", updates, timeline
        case precisionName = "net_precision"
        case carriesDetail = "carries_detail"
        case lastUpdated = "last_updated"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Without an id a launch cannot be paged, deduplicated or opened: the one hard requirement.
        id = try c.decode(String.self, forKey: .id)
        origin = c.lenient(LaunchOrigin.self, .origin) ?? .spacex
        name = c.lenient(String.self, .name) ?? "Unnamed launch"
        flightNumber = c.lenient(Int.self, .flightNumber)
        date = c.lenientDate(.dateUTC) ?? c.lenient(Double.self, .dateUnix).map { Date(timeIntervalSince1970: $0) }
        datePrecision = c.lenient(String.self, .datePrecision).flatMap(DatePrecision.init(rawValue:)) ?? .hour
        upcoming = c.lenient(Bool.self, .upcoming) ?? false
        success = c.lenient(Bool.self, .success)
        details = c.lenient(String.self, .details)
        rocket = c.lenient(Ref<Rocket>.self, .rocket)
        launchpad = c.lenient(Ref<Launchpad>.self, .launchpad)
        payloads = c.lenientArray(Ref<Payload>.self, .payloads)
        crew = c.lenientArray(CrewAssignment.self, .crew)
        failures = c.lenientArray(LaunchFailure.self, .failures)
        cores = c.lenientArray(LaunchCore.self, .cores)
        links = c.lenient(LaunchLinks.self, .links) ?? LaunchLinks()
        window = c.lenient(Int.self, .window)
        sourceStatus = c.lenient(SourceStatus.self, .sourceStatus)
        provider = c.lenient(String.self, .provider)
        providerAbbrev = c.lenient(String.self, .providerAbbrev)
        providerID = c.lenient(String.self, .providerID)
        image = WebURL.parse(c.lenient(String.self, .image))
        videos = c.lenientArray(ExternalLink.self, .videos)
        infoLinks = c.lenientArray(ExternalLink.self, .infoLinks)
        probability = c.lenient(Int.self, .probability)
        missionType = c.lenient(String.self, .missionType)
        orbit = c.lenient(String.self, .orbit)
        webcastLive = c.lenient(Bool.self, .webcastLive) ?? false
        updates = c.lenientArray(LaunchUpdate.self, .updates)
        timeline = c.lenientArray(TimelineEvent.self, .timeline)
        precisionName = c.lenient(String.self, .precisionName)
        carriesDetail = c.lenient(Bool.self, .carriesDetail) ?? false
        lastUpdated = c.lenientDate(.lastUpdated)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if origin != .spacex { try c.encode(origin, forKey: .origin) }
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(flightNumber, forKey: .flightNumber)
        try c.encodeIfPresent(date.map(ISO8601.format), forKey: .dateUTC)
        try c.encode(datePrecision, forKey: .datePrecision)
        try c.encode(upcoming, forKey: .upcoming)
        try c.encodeIfPresent(success, forKey: .success)
        try c.encodeIfPresent(details, forKey: .details)
        try c.encodeIfPresent(rocket, forKey: .rocket)
        try c.encodeIfPresent(launchpad, forKey: .launchpad)
        try c.encode(payloads, forKey: .payloads)
        try c.encode(crew, forKey: .crew)
        try c.encode(failures, forKey: .failures)
        try c.encode(cores, forKey: .cores)
        try c.encode(links, forKey: .links)
        try c.encodeIfPresent(window, forKey: .window)
        try c.encodeIfPresent(sourceStatus, forKey: .sourceStatus)
        try c.encodeIfPresent(provider, forKey: .provider)
        try c.encodeIfPresent(providerAbbrev, forKey: .providerAbbrev)
        try c.encodeIfPresent(providerID, forKey: .providerID)
        try c.encodeIfPresent(image?.absoluteString, forKey: .image)
        if !videos.isEmpty { try c.encode(videos, forKey: .videos) }
        if !infoLinks.isEmpty { try c.encode(infoLinks, forKey: .infoLinks) }
        try c.encodeIfPresent(probability, forKey: .probability)
        try c.encodeIfPresent(missionType, forKey: .missionType)
        try c.encodeIfPresent(orbit, forKey: .orbit)
        if webcastLive { try c.encode(true, forKey: .webcastLive) }
        if !updates.isEmpty { try c.encode(updates, forKey: .updates) }
        if !timeline.isEmpty { try c.encode(timeline, forKey: .timeline) }
        try c.encodeIfPresent(precisionName, forKey: .precisionName)
        if carriesDetail { try c.encode(true, forKey: .carriesDetail) }
        try c.encodeIfPresent(lastUpdated.map(ISO8601.format), forKey: .lastUpdated)
    }
}

public struct LaunchLinks: Sendable, Hashable, Codable {
    public var patchSmall: URL?
    public var patchLarge: URL?
    public var webcast: URL?
    public var presskit: URL?
    public var wikipedia: URL?
    public var article: URL?
    public var reddit: URL?

    public init(patchSmall: URL? = nil, patchLarge: URL? = nil, webcast: URL? = nil, presskit: URL? = nil,
                wikipedia: URL? = nil, article: URL? = nil, reddit: URL? = nil) {
        self.patchSmall = patchSmall; self.patchLarge = patchLarge; self.webcast = webcast
        self.presskit = presskit; self.wikipedia = wikipedia; self.article = article; self.reddit = reddit
    }

    enum CodingKeys: String, CodingKey { case patch, webcast, presskit, wikipedia, article, reddit }
    enum PatchKeys: String, CodingKey { case small, large }
    enum RedditKeys: String, CodingKey { case launch, campaign, media, recovery }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let patch = c.lenientNested(PatchKeys.self, .patch)
        patchSmall = patch.flatMap { WebURL.parse($0.lenient(String.self, .small)) }
        patchLarge = patch.flatMap { WebURL.parse($0.lenient(String.self, .large)) }
        webcast = WebURL.parse(c.lenient(String.self, .webcast))
        presskit = WebURL.parse(c.lenient(String.self, .presskit))
        wikipedia = WebURL.parse(c.lenient(String.self, .wikipedia))
        article = WebURL.parse(c.lenient(String.self, .article))
        // The launch discussion thread is the one a reader wants; the campaign thread is a fallback.
        let reddit = c.lenientNested(RedditKeys.self, .reddit)
        self.reddit = reddit.flatMap {
            WebURL.parse($0.lenient(String.self, .launch)) ?? WebURL.parse($0.lenient(String.self, .campaign))
        }
    }

    /// `patch` and `reddit` are written only when they hold a link; the thread kept (launch or
    /// campaign) is written as `reddit.launch`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if patchSmall != nil || patchLarge != nil {
            var patch = c.nestedContainer(keyedBy: PatchKeys.self, forKey: .patch)
            try patch.encodeIfPresent(patchSmall?.absoluteString, forKey: .small)
            try patch.encodeIfPresent(patchLarge?.absoluteString, forKey: .large)
        }
        try c.encodeIfPresent(webcast?.absoluteString, forKey: .webcast)
        try c.encodeIfPresent(presskit?.absoluteString, forKey: .presskit)
        try c.encodeIfPresent(wikipedia?.absoluteString, forKey: .wikipedia)
        try c.encodeIfPresent(article?.absoluteString, forKey: .article)
        if let reddit {
            var threads = c.nestedContainer(keyedBy: RedditKeys.self, forKey: .reddit)
            try threads.encode(reddit.absoluteString, forKey: .launch)
        }
    }
}

/// Only http(s) links are kept: a link is handed to the user's browser command, and a
/// `file:` or `javascript:` URL from the network has no business there.
public enum WebURL {
    public static func parse(_ text: String?) -> URL? {
        guard let text = text.map(trimmingWhitespace), !text.isEmpty,
              let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "https" || scheme == "http", url.host != nil else { return nil }
        return url
    }

    /// `text.trimmingCharacters(in: .whitespaces)` without the trip through NSString, which
    /// cost more than the URL parse itself (and almost every link has nothing to trim).
    static func trimmingWhitespace(_ text: String) -> String {
        let scalars = text.unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, isWhitespace(scalars[start]) { scalars.formIndex(after: &start) }
        while start < end, isWhitespace(scalars[scalars.index(before: end)]) { scalars.formIndex(before: &end) }
        if start == scalars.startIndex && end == scalars.endIndex { return text }
        return String(scalars[start..<end])
    }

    /// `CharacterSet.whitespaces`: tab, the space separators (Unicode Zs) and U+200B.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
