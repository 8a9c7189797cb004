import Foundation

// Launch Library 2's events: dockings, spacewalks, static fires, landings, flybys, press events.
// 2.0.0–2.2.0 serve them at `/event/upcoming/` with `feature_image`, `video_url` and `news_url`
// strings; 2.3.0 at `/events/upcoming/` with an `image` object and `vid_urls`/`info_urls`
// lists, and leaves the launches, stations and expeditions to `mode=detailed`.

extension LaunchLibrary2 {
    /// Events change rarely and share the launches' small budget: an answer is good for an hour.
    public static let eventsFreshFor: TimeInterval = 3600

    /// `{base}/events/upcoming/?limit=20&offset=0&mode=detailed` (`/event/` before 2.3.0), or
    /// `/previous/`. Detailed, so that one request brings the launches, stations and expeditions
    /// an event names (its detail costs no second request).
    public static func eventsURL(base: URL, segment: LaunchSegment, limit: Int = LaunchSource.pageSize, offset: Int = 0) -> URL {
        let list = segment == .upcoming ? "upcoming" : "previous"
        return endpoint(base, path: [eventResource(base), list], query: [
            URLQueryItem(name: "limit", value: String(limit)),
            URLQueryItem(name: "offset", value: String(max(0, offset))),
            URLQueryItem(name: "mode", value: "detailed"),
        ])
    }

    /// `events` from 2.3.0 on, `event` before (as `resource` does for launches).
    static func eventResource(_ base: URL) -> String { resource(base) == "launches" ? "events" : "event" }

    /// A page of events; a record without an id is skipped and counted.
    public static func decodeEvents(_ data: Data, page: Int) throws(APIError) -> EventPage {
        let read = try JSONProblem.decode(LL2ListRecord<LL2EventRecord>.self, from: data).items(page: page, event(from:))
        return EventPage(events: read.items, page: page, totalDocs: read.totalDocs, next: read.next, unreadable: read.unreadable)
    }

    static func event(from record: LL2EventRecord) -> SpaceEvent? {
        guard let id = record.id else { return nil }
        let stated = record.datePrecision.flatMap(precision(of:))
        // 2.0.0 sends no precision and parks a date it knows only to the day at 00:00Z: no hour
        // is invented for it.
        var precision = stated ?? .hour
        if stated == nil, let date = record.date, isMidnightUTC(date) { precision = .day }
        let videos = externalLinks(record.vidURLs) + (record.videoURL.map { [ExternalLink(url: $0)] } ?? [])
        let info = externalLinks(record.infoURLs) + (record.newsURL.map { [ExternalLink(url: $0)] } ?? [])
        return SpaceEvent(
            id: id, name: record.name ?? "Unnamed event", type: record.type?.name, description: record.description,
            location: record.location, date: record.date, datePrecision: precision,
            precisionName: record.datePrecision.flatMap { $0.name ?? $0.abbrev }, webcastLive: record.webcastLive ?? false,
            image: record.image?.best ?? record.featureImage?.best,
            videos: unique(videos), infoLinks: unique(info),
            launches: record.launches.map(launch(from:)),
            stations: record.spacestations.compactMap(\.name), expeditions: record.expeditions.compactMap(\.name),
            programs: record.program.compactMap(\.name))
    }

    /// The links in order, each page once (2.3.0 may list a page in `vid_urls` and again as `video_url`).
    private static func unique(_ links: [ExternalLink]) -> [ExternalLink] {
        var seen = Set<URL>()
        return links.filter { seen.insert($0.url).inserted }
    }

    /// Launch Library 2's events as a source's `events`: through the fetcher's disk cache, an
    /// hour fresh.
    public static func events(base: URL, fetcher: CachedFetcher)
        -> @Sendable (LaunchSegment, PageCursor, FetchMode) async throws(APIError) -> Fetched<EventPage> {
        { (segment, cursor, mode) async throws(APIError) -> Fetched<EventPage> in
            let url = url(for: cursor, base: base) { limit, offset in eventsURL(base: base, segment: segment, limit: limit, offset: offset) }
            return try await fetcher.fetch(.init(url: url, kind: .apiList), maxAge: eventsFreshFor, mode: mode) { (data) throws(APIError) in
                try decodeEvents(data, page: cursor.page)
            }
        }
    }
}

/// One event as it arrives (any version); every field lenient, the id required.
struct LL2EventRecord: Decodable {
    @LL2ID var id: String?
    @NonBlank var name: String?
    @Lenient var type: LL2NamedRecord?
    @Trimmed var description: String?
    @NonBlank var location: String?
    @LenientDate var date: Date?
    /// 2.2.0+: `{id, name: "Day", abbrev: "DAY"}`.
    @Lenient var datePrecision: LL2NamedRecord?
    @Lenient var webcastLive: Bool?
    /// 2.3.0: an image object; 2.0.0: `feature_image`, a URL string.
    @Lenient var image: LL2ImageRecord?
    @Lenient var featureImage: LL2ImageRecord?
    @WebLink var videoURL: URL?
    @WebLink var newsURL: URL?
    @LenientList var vidURLs: [LL2LinkRecord]
    @LenientList var infoURLs: [LL2LinkRecord]
    @LenientList var launches: [LL2LaunchRecord]
    @LenientList var spacestations: [LL2NamedRecord]
    @LenientList var expeditions: [LL2NamedRecord]
    @LenientList var program: [LL2NamedRecord]

    enum CodingKeys: String, CodingKey {
        case id, name, type, description, location, date, image, launches, spacestations, expeditions, program
        case datePrecision = "date_precision", webcastLive = "webcast_live", featureImage = "feature_image"
        case videoURL = "video_url", newsURL = "news_url", vidURLs = "vid_urls", infoURLs = "info_urls"
    }
}
