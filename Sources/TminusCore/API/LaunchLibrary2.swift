import Foundation

/// Launch Library 2 (The Space Devs, `ll.thespacedevs.com`), API versions 2.0.0, 2.2.0 and
/// 2.3.0: the URLs to ask and the decoding of what comes back into `Launch`.
///
/// `base` is the versioned root, e.g. `https://ll.thespacedevs.com/2.2.0`. Version 2.3.0
/// renamed every endpoint to the plural (`/2.3.0/launches/upcoming/`); a base whose path ends
/// in a version from 2.3.0 on gets `launches`, any other base the `launch` of 2.0.0–2.2.0.
public enum LaunchLibrary2 {
    public static let name = "Launch Library 2"

    /// `{base}/launch/upcoming/?limit=100&offset=0&mode=detailed` (segment .upcoming) or
    /// `/launch/previous/?limit=20&offset=0`. A filtered list adds `search=<text>`; a reversed one
    /// `ordering=-net` (upcoming) or `ordering=net` (previous, which runs newest first by
    /// default); one rocket's `rocket__configuration__id=164`; webcasts only, `mode=detailed`.
    ///
    /// The upcoming list is asked the way that spends least of the hour's 15 requests: as
    /// many launches as a page holds (100, LL2's most), in the detailed mode, which carries
    /// what the detail shows (videos, notes, boosters, timeline), so one request fills the
    /// list, the preview, every detail and `tminus next`. The past list is thousands long and
    /// read from the top: 20 a page, in the detailed mode too, so browsing past launches opens
    /// their details without a request each (a page is about 520 KB instead of 47 KB: on 15
    /// requests an hour the requests are what is short, not the bytes).
    public static func listURL(base: URL, segment: LaunchSegment, query listQuery: ListQuery = .default,
                               limit: Int? = nil, offset: Int = 0) -> URL {
        let list = switch segment {
        case .upcoming: "upcoming"
        case .past: "previous"
        }
        var items = [URLQueryItem(name: "limit", value: String(limit ?? pageSize(segment))),
                     URLQueryItem(name: "offset", value: String(max(0, offset)))]
        if listQuery.isFiltered { items.append(URLQueryItem(name: "search", value: listQuery.text)) }
        if listQuery.reversed { items.append(URLQueryItem(name: "ordering", value: segment == .upcoming ? "-net" : "net")) }
        // `R`: the server filters by the rocket's configuration.
        if let rocket = listQuery.rocket, let configuration = configurationID(ofRocket: rocket.id) {
            items.append(URLQueryItem(name: "rocket__configuration__id", value: configuration))
        }
        // The follow, as far as LL2's ids for its names are known (the rows are checked here too).
        items += listQuery.server.queryItems
        // Every list in the detailed mode: a listed launch's detail then costs no request, and
        // `W` (LL2 cannot filter by webcast; normal rows carry only `webcast_live`) filters by
        // the videos the detailed rows list.
        items.append(URLQueryItem(name: "mode", value: "detailed"))
        return endpoint(base, path: [resource(base), list], query: items)
    }

    /// Launches a page asks for: LL2's most for the upcoming list, the app's page for the past.
    public static func pageSize(_ segment: LaunchSegment) -> Int {
        segment == .upcoming ? upcomingPageSize : LaunchSource.pageSize
    }

    /// LL2's largest page (its `limit` is capped at 100).
    public static let upcomingPageSize = 100

    /// `{base}/launch/{id}/` (the id percent-encoded as a path segment).
    public static func detailURL(base: URL, id: String) -> URL {
        endpoint(base, path: [resource(base), id], query: nil)
    }

    /// The `next` cursor is followed only when it points at the same scheme+host+port as `base`; otherwise the
    /// same page is computed from its offset: returns the URL to request for a cursor.
    ///
    /// "Its offset" is the `offset` (and `limit`) in the cursor's URL when it has them, else
    /// `(page - 1) × limit`. The computed URL has only `limit` and `offset`: a foreign URL's
    /// other parameters are not carried over.
    public static func url(for cursor: PageCursor, base: URL, segment: LaunchSegment) -> URL {
        url(for: cursor, base: base, pageSize: pageSize(segment)) { limit, offset in
            listURL(base: base, segment: segment, query: cursor.query, limit: limit, offset: offset)
        }
    }

    /// `url(for:base:segment:)` for any list: `page` builds the list's URL at a limit and offset.
    static func url(for cursor: PageCursor, base: URL, pageSize: Int = LaunchSource.pageSize,
                    page: (_ limit: Int, _ offset: Int) -> URL) -> URL {
        // A `next` link carries the query's `search` and `ordering` as the server echoed them.
        if let next = cursor.url, sameOrigin(next, base) { return next }
        let items = cursor.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true)?.queryItems } ?? []
        func number(_ name: String) -> Int? { items.last { $0.name == name }?.value.flatMap { Int($0) } }
        let limit = number("limit").flatMap { (1...100).contains($0) ? $0 : nil } ?? pageSize
        let offset = number("offset").flatMap { $0 >= 0 ? $0 : nil } ?? max(0, cursor.page - 1) * limit
        return page(limit, offset)
    }

    /// A list envelope `{count, next, previous, results}` → LaunchPage(page:, totalDocs: count, next: PageCursor(page: page+1, url: next) or nil when next is null).
    ///
    /// A record that cannot be read (no `id`, not an object) is skipped; `results` null or
    /// missing is bad data, not an empty page.
    public static func decodeList(_ data: Data, page: Int) throws(APIError) -> LaunchPage {
        let read = try JSONProblem.decode(LL2ListRecord<LL2LaunchRecord>.self, from: data).items(page: page, launch(from:))
        return LaunchPage(launches: SharedReferences.share(read.items), page: page, totalDocs: read.totalDocs, next: read.next,
                          unreadable: read.unreadable)
    }

    /// One launch record (the detail endpoint).
    public static func decodeLaunch(_ data: Data) throws(APIError) -> Launch {
        launch(from: try JSONProblem.decode(LL2LaunchRecord.self, from: data))
    }

    // MARK: - Mapping

    static func launch(from record: LL2LaunchRecord) -> Launch {
        let status = record.status
        let statusID = status?.id.flatMap { Int($0) }
        let sourceStatus = status.flatMap { s in (s.name ?? s.abbrev).map { SourceStatus(id: statusID, name: $0, abbrev: s.abbrev) } }
        // What the status means, also for a status that has an id but no words.
        let meaning = status.map { SourceStatus(id: statusID, name: $0.name ?? $0.abbrev ?? "", abbrev: $0.abbrev).meaning }
        // Hold (5) is still to come; In Flight (6) and 2.3.0's Payload Deployed (9) are not.
        let upcoming = meaning == .upcoming || (meaning == .other && statusID == 5)
        let success: Bool? = switch meaning {
        case .success?: true
        case .failure?: false
        default: nil
        }

        let videos = externalLinks(record.videos)
        let patch = record.missionPatches.lazy.compactMap(\.image).first { $0.best != nil }
        let links = LaunchLinks(patchSmall: patch.flatMap { $0.thumbnail ?? $0.full },
                                patchLarge: patch.flatMap { $0.full ?? $0.thumbnail },
                                webcast: videos.first?.url)

        let rocket = record.rocket?.configuration.flatMap { config -> Ref<Rocket>? in
            guard let name = config.fullName ?? config.name else { return nil }
            var rocket = Rocket(id: rocketIDPrefix + (config.id ?? name), name: name)
            rocket.origin = .launchLibrary2
            return .object(rocket)
        }
        let launchpad = record.pad.flatMap { pad -> Ref<Launchpad>? in
            let locality = pad.location?.name
            guard let key = pad.id ?? pad.name ?? locality else { return nil }
            return .object(Launchpad(id: "ll2-pad-" + key, name: pad.name, fullName: nil, locality: locality, region: nil,
                                     locationID: pad.location?.id))
        }

        let date = record.net ?? record.windowStart
        var launch = Launch(
            origin: .launchLibrary2, id: record.id, name: record.name ?? "Unnamed launch", flightNumber: nil,
            date: date,
            datePrecision: datePrecision(record.netPrecision, tbdTime: record.tbdTime, tbdDate: record.tbdDate,
                                         net: date, status: status),
            upcoming: upcoming, success: success, details: record.mission?.description,
            rocket: rocket, launchpad: launchpad, links: links, window: nil,
            sourceStatus: sourceStatus, provider: record.provider?.name, image: record.image?.best,
            videos: videos, infoLinks: externalLinks(record.infoLinks),
            probability: record.probability.flatMap { (0...100).contains($0) ? $0 : nil },
            missionType: record.mission?.type, orbit: record.mission?.orbit?.name)
        launch.webcastLive = record.webcastLive ?? false
        // Newest first; a note without words says nothing.
        launch.updates = record.updates.compactMap { update in
            update.comment.map { LaunchUpdate(comment: $0, author: update.createdBy, postedAt: update.createdOn, infoURL: update.infoURL) }
        }.sorted { ($0.postedAt ?? .distantPast) > ($1.postedAt ?? .distantPast) }
        launch.timeline = timeline(record.timeline)
        launch.cores = record.rocket?.launcherStage.map(core) ?? []
        launch.providerAbbrev = record.provider?.abbrev
        launch.providerID = record.provider?.id
        launch.precisionName = record.netPrecision.flatMap { $0.name ?? $0.abbrev }
        launch.carriesDetail = record.isDetailed
        launch.lastUpdated = record.lastUpdated
        return launch
    }

    /// A stage as a core: the booster (`B1082`), this flight of it, and its landing, the
    /// place and type as LL2 abbreviates them (`OCISLY`, `ASDS`; `ATL`, `EXP` when expended).
    static func core(_ stage: LL2StageRecord) -> LaunchCore {
        let launcher = stage.launcher
        let record = launcher.map { CoreRecord(id: $0.id.map { "ll2-launcher-" + $0 }, serial: $0.serialNumber) }
        let location = stage.landing?.location
        let landpad = location.flatMap { place in
            (place.abbrev ?? place.name).map { Landpad(id: place.id, name: $0, fullName: place.name) }
        }
        return LaunchCore(core: record.map { .object($0) }, flight: stage.launcherFlightNumber, reused: stage.reused,
                          landingAttempt: stage.landing?.attempt, landingSuccess: stage.landing?.success,
                          landingType: stage.landing?.type.flatMap { $0.abbrev ?? $0.name },
                          landpad: landpad.map { .object($0) }, stage: stage.type, flightsSoFar: launcher?.flights,
                          daysSincePreviousFlight: stage.turnAroundTimeDays)
    }

    /// The steps in time order (the source's order among equals). A step without words or
    /// without a time that reads as an ISO 8601 duration is left out, not the launch.
    static func timeline(_ records: [LL2TimelineRecord]) -> [TimelineEvent] {
        let events = records.compactMap { record -> TimelineEvent? in
            guard let name = record.type?.abbrev ?? record.type?.name ?? record.type?.description,
                  let offset = record.relativeTime.flatMap(ISODuration.seconds) else { return nil }
            let description = record.type?.description
            return TimelineEvent(name: name, description: description == name ? nil : description, offset: offset)
        }
        return events.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
    }

    /// Lowest `priority` first (the source's order among equals; no priority last); entries
    /// without an http(s) URL are left out.
    static func externalLinks(_ records: [LL2LinkRecord]) -> [ExternalLink] {
        records.enumerated()
            .compactMap { index, record in record.url.map { (record.priority ?? .max, index, record, $0) } }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
            .map { _, _, record, url in
                ExternalLink(url: url, title: record.title, publisher: record.publisher ?? record.source,
                             kind: record.type?.name, language: record.language?.name)
            }
    }

    // MARK: - Date precision

    /// `net_precision` (2.2.0+) by its name or abbreviation, then capped by the 2.0.0 flags:
    /// `tbdtime` → at most a day, `tbddate` → at most a month. A precision it does not know is
    /// an hour, unless a flag says less.
    ///
    /// And a placeholder time is no time: LL2 parks a launch whose day is known but whose time
    /// is not at 00:00:00Z, often with the flags false (April 2023's six Starlink and NROL
    /// launches "2023-04-30 00:00 TBD"). A NET at exactly midnight UTC, with the status TBD or
    /// TBC, and no `net_precision` finer than a day saying otherwise, is known to the day only.
    /// A midnight NET that is Go, or whose `net_precision` is Minute, stays exact: launches do
    /// leave at midnight.
    static func datePrecision(_ netPrecision: LL2NamedRecord?, tbdTime: Bool?, tbdDate: Bool?,
                              net: Date?, status: LL2NamedRecord?) -> DatePrecision {
        let stated = netPrecision.flatMap(precision(of:))
        var precision = stated ?? .hour
        if tbdTime == true { precision = coarser(precision, .day) }
        if tbdDate == true { precision = coarser(precision, .month) }
        if stated != .hour, let net, isMidnightUTC(net), isUndecided(status) { precision = coarser(precision, .day) }
        return precision
    }

    /// 00:00:00.000 UTC exactly (a placeholder carries no seconds or fraction).
    static func isMidnightUTC(_ date: Date) -> Bool {
        date.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) == 0
    }

    /// Status TBD (id 2) or TBC (id 8), or, without an id, words that say so.
    static func isUndecided(_ status: LL2NamedRecord?) -> Bool {
        guard let status else { return false }
        if let id = status.id.flatMap({ Int($0) }) { return id == 2 || id == 8 }
        let words = [status.abbrev, status.name].compactMap { $0?.trimmingCharacters(in: .whitespaces).lowercased() }
        return words.contains { ["tbd", "tbc", "to be determined", "to be confirmed"].contains($0) }
    }

    /// LL2's precisions: Second/Minute/Hour (SEC/MIN/HR), Morning/Afternoon (AM/PM), Day (DAY),
    /// Week (W), Month (M), Quarter 1–4 (Q1–Q4), Half 1–2 (H1/H2), Year (Y), Fiscal Year (FY),
    /// Decade. Names and abbreviations, any case; the name first.
    static func precision(of record: LL2NamedRecord) -> DatePrecision? {
        for text in [record.name, record.abbrev] {
            guard let word = text?.trimmingCharacters(in: .whitespaces).lowercased(), !word.isEmpty else { continue }
            switch word {
            case "second", "minute", "hour", "sec", "min", "hr": return .hour
            case "morning", "afternoon", "day", "week", "am", "pm", "w": return .day
            case "month", "m": return .month
            case "quarter", "q", "q1", "q2", "q3", "q4": return .quarter
            case "half", "h", "h1", "h2": return .half
            case "year", "fiscal year", "y", "fy": return .year
            default: break
            }
            if word.hasPrefix("quarter") { return .quarter }  // "Quarter 1"
            if word.hasPrefix("half") { return .half }        // "Half 2"
            // "Fiscal Year 2026"; a decade is coarser than anything shown, so it reads as a year.
            if word.contains("year") || word.contains("decade") { return .year }
        }
        return nil
    }

    /// Finest first.
    private static let fineToCoarse: [DatePrecision] = [.hour, .day, .month, .quarter, .half, .year]

    static func coarser(_ a: DatePrecision, _ b: DatePrecision) -> DatePrecision {
        (fineToCoarse.firstIndex(of: a) ?? 0) >= (fineToCoarse.firstIndex(of: b) ?? 0) ? a : b
    }

    // MARK: - URLs

    /// `launches` from 2.3.0 on (its endpoints are plural), `launch` before and for a base
    /// that names no version.
    static func resource(_ base: URL) -> String {
        let version = base.path.split(separator: "/").reversed().lazy.compactMap { component -> [Int]? in
            let parts = component.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 3, parts.allSatisfy({ $0 != nil }) else { return nil }
            return parts.map { $0! }
        }.first
        guard let version else { return "launch" }
        return version.lexicographicallyPrecedes([2, 3, 0]) ? "launch" : "launches"
    }

    /// `base`'s path (without trailing slashes) + each segment percent-encoded + `/`.
    static func endpoint(_ base: URL, path segments: [String], query: [URLQueryItem]?) -> URL {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true) else { return base }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        for segment in segments {
            var encoded = segment.addingPercentEncoding(withAllowedCharacters: segmentAllowed) ?? ""
            // `.` and `..` would be read as "this / the parent folder".
            if encoded.allSatisfy({ $0 == "." }) { encoded = encoded.replacingOccurrences(of: ".", with: "%2E") }
            path += "/" + encoded
        }
        components.percentEncodedPath = path + "/"
        components.queryItems = query
        components.fragment = nil
        return components.url ?? base
    }

    /// RFC 3986 unreserved characters: everything else in an id is percent-encoded, so a `/`,
    /// `?` or `#` in it cannot leave its path segment.
    private static let segmentAllowed = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Same scheme, host and port (an absent port is the scheme's default).
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        guard let schemeA = a.scheme?.lowercased(), let schemeB = b.scheme?.lowercased(), schemeA == schemeB,
              let hostA = a.host?.lowercased(), let hostB = b.host?.lowercased(), hostA == hostB else { return false }
        func port(_ url: URL, _ scheme: String) -> Int? { url.port ?? ["https": 443, "http": 80][scheme] }
        return port(a, schemeA) == port(b, schemeB)
    }
}
