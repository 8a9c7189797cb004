import Foundation

public enum LaunchSegment: String, Sendable, Hashable, CaseIterable {
    case upcoming, past
}

/// One page of a launch list, whatever the source.
public struct LaunchPage: Sendable, Hashable {
    public var launches: [Launch]
    public var page: Int
    public var totalDocs: Int?
    /// The next page's number, or nil on the last page.
    public var nextPage: Int?

    public init(launches: [Launch], page: Int, totalDocs: Int? = nil, nextPage: Int?) {
        self.launches = launches; self.page = page; self.totalDocs = totalDocs; self.nextPage = nextPage
    }
}

/// Where launches come from. Each source (the r/SpaceX API, Launch Library 2) is a value of
/// this struct of closures; view models only ever talk to this, and tests build one from
/// in-memory data.
public struct LaunchSource: Sendable {
    /// Short name for the status line, e.g. "r/SpaceX API".
    public var name: String
    public var launches: @Sendable (_ segment: LaunchSegment, _ page: Int) async throws(APIError) -> LaunchPage
    public var rockets: @Sendable () async throws(APIError) -> [Rocket]
    /// One rocket's launches, newest first.
    public var rocketLaunches: @Sendable (_ rocketID: String, _ page: Int) async throws(APIError) -> LaunchPage

    public init(name: String,
                launches: @escaping @Sendable (LaunchSegment, Int) async throws(APIError) -> LaunchPage,
                rockets: @escaping @Sendable () async throws(APIError) -> [Rocket] = { () throws(APIError) in
                    throw .notAvailable("this source has no rockets")
                },
                rocketLaunches: @escaping @Sendable (String, Int) async throws(APIError) -> LaunchPage = { (_, _) throws(APIError) in
                    throw .notAvailable("this source has no rocket launches")
                }) {
        self.name = name
        self.launches = launches
        self.rockets = rockets
        self.rocketLaunches = rocketLaunches
    }

    /// A source whose every request fails the same way (offline, not available yet).
    public static func failing(name: String, _ error: APIError) -> LaunchSource {
        LaunchSource(name: name,
                     launches: { (_, _) throws(APIError) in throw error },
                     rockets: { () throws(APIError) in throw error },
                     rocketLaunches: { (_, _) throws(APIError) in throw error })
    }

    public static let pageSize = 20
}
