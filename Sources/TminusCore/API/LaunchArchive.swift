import Foundation

/// The r/SpaceX data set as it stood when the API froze (launches, rockets), shipped inside the
/// app: a source's answer of last resort when the network fails and the cache holds nothing, so
/// a newcomer without network sees launches at once. `Scripts/build_archive.py` writes it from
/// the recorded API data, in the shape the app's own query brings back, so the same decoders
/// read it. Its lists are asked as Launch Library 2's are: through the replica's query
/// (`ArchiveLists`), over a replica of the archive's own.
public struct LaunchArchive: Sendable {
    /// Every launch, each with its rocket object in place.
    public let launches: [Launch]
    public let rockets: [Rocket]
    /// The month the data runs to, as the screen says it: `2022-10`.
    public let dataTo: String
    /// When the data was taken (the last launch flown): the age archive answers carry.
    public let snapshot: Date
    /// Where its lists are asked.
    public let lists: ArchiveLists

    /// What the status line says while archive data is on screen.
    public var label: String { Self.label(dataTo: dataTo) }
    public static func label(dataTo: String) -> String { "built-in archive, data to \(dataTo)" }
    /// What the header calls the source while the archive's rows are on screen: never the live
    /// source's name (issue 24: the archive is never live).
    public static let headerName = "r/SpaceX archive"

    private struct File: Decodable {
        let data_to: String
        let snapshot: String
        let rockets: [LenientElement<Rocket>]
        let launches: [LenientElement<Launch>]
    }

    /// - Parameter lists: what answers the lists of these launches (`ArchiveLists.replica(of:)`
    ///   in TminusStore).
    public static func decode(_ data: Data, lists: ([Launch]) -> ArchiveLists) throws(APIError) -> LaunchArchive {
        let file = try JSONProblem.decode(File.self, from: data)
        let rockets = file.rockets.compactMap(\.value)
        let byID = Dictionary(rockets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // The file names each launch's rocket by id (four rockets copied into every launch
        // would be most of it); the rows and the detail want the object, as the API populates it.
        let launches = SharedReferences.share(file.launches.compactMap(\.value).map { launch in
            var launch = launch
            if case .id(let id)? = launch.rocket, let rocket = byID[id] { launch.rocket = .object(rocket) }
            return launch
        })
        return LaunchArchive(launches: launches, rockets: rockets, dataTo: file.data_to,
                             snapshot: ISO8601.parse(file.snapshot) ?? Date(timeIntervalSince1970: 0), lists: lists(launches))
    }

    public init(launches: [Launch], rockets: [Rocket], dataTo: String, snapshot: Date, lists: ArchiveLists) {
        self.launches = launches; self.rockets = rockets; self.dataTo = dataTo; self.snapshot = snapshot; self.lists = lists
    }

    // MARK: - Paging, as the r/SpaceX API pages

    /// Upcoming soonest first, past newest first (reversed on request), 20 a page.
    public func page(_ segment: LaunchSegment, _ cursor: PageCursor) -> LaunchPage {
        lists.page(.segment(segment), cursor)
    }

    /// The rocket with its launches and landings counted from the archive, which holds every
    /// r/SpaceX launch (the API has no such counts; issue 37: `Launches -` where the data has
    /// them). Launches the data still calls upcoming are not counted: they are history without
    /// an outcome. A rocket the archive does not fly, or one with counts, is as it was.
    public func withRecords(_ rocket: Rocket) -> Rocket {
        guard rocket.launchRecord == nil, rocket.landingRecord == nil else { return rocket }
        let flown = launches.filter { $0.rocket?.id == rocket.id && !$0.upcoming }
        guard !flown.isEmpty else { return rocket }
        var rocket = rocket
        rocket.launchRecord = Rocket.LaunchRecord(total: flown.count, successful: flown.filter { $0.success == true }.count,
                                                  failed: flown.filter { $0.success == false }.count)
        let attempts = flown.flatMap(\.cores).filter { $0.landingAttempt == true }
        rocket.landingRecord = Rocket.LandingRecord(attempted: attempts.count,
                                                    successful: attempts.filter { $0.landingSuccess == true }.count,
                                                    failed: attempts.filter { $0.landingSuccess == false }.count)
        return rocket
    }

    /// One rocket's launches, newest first (reversed on request).
    public func rocketPage(_ rocketID: String, _ cursor: PageCursor) -> LaunchPage {
        lists.page(.rocket(rocketID), cursor)
    }

    /// A value answered from the archive: as old as the archive, with why the live source was
    /// not used.
    func answer<T>(_ value: T, problem: APIError?) -> Fetched<T> {
        Fetched(value, fetchedAt: snapshot, problem: problem, archive: dataTo)
    }
}


/// How the archive's lists are asked: one page of a segment, or of one rocket's launches, under
/// the cursor's filters and follow, 20 a page, its next page the archive's own
/// (`PageCursor.archive`). The replica's query answers it (`ArchiveLists.replica(of:)`, in
/// TminusStore), so the archive's lists and Launch Library 2's take one query path.
public struct ArchiveLists: Sendable {
    public enum List: Sendable, Hashable {
        case segment(LaunchSegment)
        case rocket(String)
    }

    public var page: @Sendable (_ list: List, _ cursor: PageCursor) -> LaunchPage

    public init(page: @escaping @Sendable (_ list: List, _ cursor: PageCursor) -> LaunchPage) { self.page = page }
}
