import Foundation
import Synchronization
import Testing
import TminusArchive
@testable import TminusCore

/// The built-in r/SpaceX archive: what it holds, how it pages, and when a source answers from it
/// (cache → network → archive).
@Suite("Built-in archive")
struct ArchiveTests {
    static var archive: LaunchArchive {
        get throws { try #require(BuiltInArchive.shared, "the archive resource is missing or does not decode") }
    }

    // How fast it decodes is the benchmark's business (`make bench`: "decode the built-in archive").
    @Test("the resource decodes to every launch and rocket, rockets in place")
    func contents() throws {
        let data = try #require(BuiltInArchive.data())
        let archive = try BuiltInArchive.decode(data)
        #expect(archive.launches.count == 205)
        #expect(archive.rockets.count == 4)
        #expect(archive.dataTo == "2022-10")
        #expect(archive.label == "built-in archive, data to 2022-10")
        #expect(archive.launches.allSatisfy { $0.rocket?.object != nil })
        let starlink = try #require(archive.launches.first { $0.name == "Starlink 4-36 (v1.5)" })
        #expect(starlink.launchpad?.object?.name == "CCSFS SLC 40")
        #expect(starlink.payloads.first?.object?.name == "Starlink 4-36 (v1.5)")
    }

    @Test("upcoming soonest first, past newest first, 20 a page, every launch once")
    func paging() throws {
        let archive = try Self.archive
        let upcoming = archive.page(.upcoming, .first)
        #expect(upcoming.launches.count == 18)
        #expect(upcoming.launches.first?.name == "Galaxy 33 (15R) & 34 (12R)")
        #expect(upcoming.next == nil)
        var past: [Launch] = []
        var cursor: PageCursor? = .first
        while let current = cursor {
            let page = archive.page(.past, current)
            #expect(page.launches.count <= LaunchSource.pageSize)
            #expect(page.totalDocs == 187)
            past += page.launches
            cursor = page.next
            #expect(cursor.map(\.archive) ?? true)
        }
        #expect(past.count == 187)
        #expect(Set(past.map(\.id)).count == 187)
        #expect(past.map { $0.date! } == past.map { $0.date! }.sorted(by: >))
        let oldestFirst = archive.page(.past, PageCursor(page: 1, query: ListQuery(reversed: true)))
        #expect(oldestFirst.launches.first?.name == "FalconSat")
    }

    @Test("a rocket's launches newest first; the filters apply")
    func rocketPagesAndFilters() throws {
        let archive = try Self.archive
        let falcon1 = try #require(archive.rockets.first { $0.name == "Falcon 1" })
        let page = archive.rocketPage(falcon1.id, .first)
        #expect(page.launches.map(\.name) == ["RazakSat", "RatSat", "Trailblazer", "DemoSat", "FalconSat"])
        let failures = archive.page(.past, PageCursor(page: 1, query: ListQuery(outcome: .failure)))
        #expect(failures.launches.allSatisfy { $0.success == false })
        let crew = archive.page(.past, PageCursor(page: 1, query: ListQuery(text: "crew-")))
        #expect(!crew.launches.isEmpty && crew.launches.allSatisfy { $0.name.lowercased().contains("crew-") })
    }

    /// The archive's lists are asked of a replica of its own (`ArchiveLists.replica`), through
    /// the query Launch Library 2's lists take: whatever the filters, follow and order, every
    /// page together is exactly the launches `ListQuery.matches` keeps, in the r/SpaceX API's
    /// order (date, then flight number), counted right.
    @Test("every filter, follow and order over the archive is ListQuery.matches over its launches")
    func listsAreTheFiltersOverEveryLaunch() throws {
        let archive = try Self.archive
        let falcon9 = try #require(archive.rockets.first { $0.name == "Falcon 9" })
        var asked = 0
        for text in ["", "starlink", "CRS", "crew-", "ó", "100%"] {
            for outcome in ListQuery.Outcome.allCases {
                for follow in [Follow(), Follow(providers: ["SpaceX"]), Follow(locations: ["Vandenberg"]), Follow(hide: ["starlink"])] {
                    for (reversed, rocket) in [(false, ListQuery.RocketChoice?.none), (true, nil), (false, ListQuery.RocketChoice(id: falcon9.id, name: falcon9.name))] {
                        var query = ListQuery(text: text, reversed: reversed, outcome: outcome)
                        query.rocket = rocket
                        query.follow = follow
                        for segment in LaunchSegment.allCases {
                            let ascending = (segment == .upcoming) != reversed
                            let expected = archive.launches.filter { $0.upcoming == (segment == .upcoming) && query.matches($0) }
                                .sorted { a, b in
                                    let left = (a.date!, a.flightNumber!), right = (b.date!, b.flightNumber!)
                                    return ascending ? left < right : left > right
                                }
                            var answered: [Launch] = []
                            var cursor: PageCursor? = PageCursor(page: 1, query: query)
                            while let current = cursor {
                                let page = archive.page(segment, current)
                                #expect(page.totalDocs == expected.count)
                                answered += page.launches
                                cursor = page.next
                            }
                            #expect(answered.map { $0.id } == expected.map { $0.id }, "\(segment) \(query)")
                            asked += 1
                        }
                    }
                }
            }
        }
        #expect(asked == 6 * 3 * 4 * 3 * 2)
    }

    /// A r/SpaceX source over a server that answers or fails as told, with a real disk cache.
    final class Rig: Sendable {
        let directory = FileManager.default.temporaryDirectory.appending(path: "tminus-archive-\(UUID().uuidString)")
        private let answer = Mutex<Result<String, APIError>>(.failure(.transport("host not found")))
        deinit { try? FileManager.default.removeItem(at: directory) }

        func respond(_ result: Result<String, APIError>) { answer.withLock { $0 = result } }

        var source: LaunchSource {
            let http = HTTPClient { (_: HTTPClient.Request) async throws(APIError) -> HTTPClient.Response in
                let body = try self.answer.withLock { $0 }.get()
                return HTTPClient.Response(status: 200, headers: [:], body: Data(body.utf8))
            }
            let fetcher = CachedFetcher(http: http, cache: DiskCache(directory: directory), sourceName: SpaceXAPI.name,
                                        now: { Date() })
            return SpaceXAPI.launchSource(baseURL: URL(string: "http://127.0.0.1:9")!, fetcher: fetcher)
                .fallingBack { BuiltInArchive.shared }
        }
    }

    static let livePage = """
        {"docs": [{"id": "live1", "name": "Live launch", "upcoming": true, "date_utc": "2022-10-08T23:05:00.000Z"}],
         "totalDocs": 1, "page": 1, "hasNextPage": false, "nextPage": null}
        """

    @Test("no cache and no network: the archive answers, with the reason and its label")
    func fallsBackOnArchive() async throws {
        let rig = Rig()
        let fetched = try await rig.source.launches(.upcoming, .first, .normal)
        #expect(fetched.archive == "2022-10")
        #expect(fetched.problem == .transport("host not found"))
        #expect(fetched.value.launches.count == 18)
        let rockets = try await rig.source.rockets(.normal)
        #expect(rockets.archive == "2022-10" && rockets.value.count == 4)
        // The archive's own next page comes from the archive too.
        let second = try await rig.source.launches(.past, PageCursor(page: 2, archive: true), .reload)
        #expect(second.archive != nil && second.value.launches.count == 20)
    }

    @Test("the archive answers only when the cache and the network both fail")
    func onlyAsLastResort() async throws {
        let rig = Rig()
        // A start-up cache read finds nothing: the network is asked next, not the archive.
        await #expect(throws: APIError.notCached) { try await rig.source.launches(.upcoming, .first, .cacheOnly) }
        // A live list's next page that fails is a failed page, not archive rows in a live list.
        await #expect(throws: APIError.transport("host not found")) {
            try await rig.source.launches(.upcoming, PageCursor(page: 2), .normal)
        }
        // The network answers: live data, no archive.
        rig.respond(.success(Self.livePage))
        let live = try await rig.source.launches(.upcoming, .first, .normal)
        #expect(live.archive == nil && live.value.launches.map(\.id) == ["live1"])
        // It fails again: the cache answers, still no archive.
        rig.respond(.failure(.timedOut))
        let cached = try await rig.source.launches(.upcoming, .first, .reload)
        #expect(cached.archive == nil && cached.problem == .timedOut && cached.value.launches.map(\.id) == ["live1"])
    }

    /// Issue 37: with Launch Library 2's rockets failing, the Rockets tab shows the archive's,
    /// and `L` on one asked Launch Library 2 for an r/SpaceX rocket's launches. The archive
    /// answers for its own rockets, labelled; the live source is not asked.
    @Test("a live source is not asked for the archive's rockets' launches")
    func archiveRocketsLaunchesComeFromTheArchive() async throws {
        let asked = Mutex<[String]>([])
        var live = LaunchSource(name: LaunchLibrary2.name, launches: { _, _, _ async throws(APIError) in throw .timedOut },
                                rockets: { _ async throws(APIError) in throw .timedOut })
        live.rocketLaunches = { id, _, _ async throws(APIError) in
            asked.withLock { $0.append(id) }
            throw .timedOut
        }
        let source = live.fallingBack { BuiltInArchive.shared }
        let rockets = try await source.rockets(.normal)
        #expect(rockets.archive == "2022-10")
        let falcon1 = try #require(rockets.value.first { $0.name == "Falcon 1" })
        let page = try await source.rocketLaunches(falcon1.id, .first, .normal)
        #expect(asked.withLock { $0 }.isEmpty, "Launch Library 2 was asked for an r/SpaceX rocket")
        #expect(page.archive == "2022-10" && page.value.launches.count == 5)
        _ = try? await source.rocketLaunches("ll2-config-164", .first, .normal)
        #expect(asked.withLock { $0 } == ["ll2-config-164"], "its own rockets are still asked")
    }

    @Test("the committed archive is what Scripts/build_archive.py writes from the fixtures")
    func matchesTheScript() throws {
        guard let fixtures = ProcessInfo.processInfo.environment["TMINUS_FIXTURES"], !fixtures.isEmpty else { return }
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let output = FileManager.default.temporaryDirectory.appending(path: "tminus-archive-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = ["python3", root.appending(path: "Scripts/build_archive.py").path,
                             URL(filePath: fixtures).appending(path: "spacex").path, output.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let committed = try Data(contentsOf: root.appending(path: "Resources/spacex-archive.json"))
        #expect(try Data(contentsOf: output) == committed, "run `make archive` and commit Resources/spacex-archive.json")
        #expect(BuiltInArchive.data() == committed, "the built resource is not the committed file")
    }
}
