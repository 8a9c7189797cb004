import Foundation
import Testing

/// `/`, `s`, `F` and `R` on the Past list of the real binary against the fixture server.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct FilterTests {
    static func isCrew(_ name: String) -> Bool { name.range(of: "crew", options: .caseInsensitive) != nil }

    @Test func slashFiltersThePastListOnTheServerAndSReversesIt() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-filter", defaults: AppRig.galaxyEve + ["--no-images"])
        let tmux = try await rig.start()
        try tmux.sendKeys("p")
        try await tmux.waitFor("20 of 187 launches")
        let all = try LaunchBrowsingTests.expectedNames(upcoming: false)
        let crew = all.filter(Self.isCrew)
        #expect(crew.count > 1)

        try tmux.sendKeys("/")
        try tmux.type("crew")
        try await tmux.waitFor("/ crew▏")
        try await tmux.waitUntil("only Crew launches") { screen in
            let rows = LaunchBrowsingTests.rowNames(screen)
            return !rows.isEmpty && rows == Array(crew.prefix(rows.count))
        }
        // After the pause the server is asked with the filter.
        let deadline = ContinuousClock.now + .seconds(10)
        var regexes: [String] = []
        while regexes.isEmpty, ContinuousClock.now < deadline {
            regexes = try await rig.requests(under: "/v5/launches/query").compactMap { request in
                let query = (request.bodyJSON as? [String: Any])?["query"] as? [String: Any]
                let name = query?["name"] as? [String: Any]
                return (name?["$options"] as? String) == "i" ? name?["$regex"] as? String : nil
            }
            if regexes.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(regexes.contains("crew"), "a query with the $regex was sent")
        var screen = try await tmux.waitFor("\(crew.count) launches")
        #expect(LaunchBrowsingTests.rowNames(screen).allSatisfy(Self.isCrew))

        // Enter keeps the filter; the list keys work again.
        try tmux.sendKeys("Enter")
        screen = try await tmux.waitFor("filter: crew")
        #expect(!screen.contains("/ crew▏"))

        // Esc in the input clears the filter: the whole list, as it was.
        try tmux.sendKeys("/")
        try await tmux.waitFor("/ crew▏")
        try tmux.sendKeys("Escape")
        screen = try await tmux.waitFor("20 of 187 launches")
        #expect(LaunchBrowsingTests.rowNames(screen) == Array(all.prefix(LaunchBrowsingTests.rowNames(screen).count)))
        #expect(!screen.contains("filter:"))

        // `s`: oldest first, asked of the server.
        try tmux.sendKeys("s")
        screen = try await tmux.waitFor("sorted: oldest first")
        try await tmux.waitUntil("oldest first") { LaunchBrowsingTests.rowNames($0).first == all.last }
        let rows = LaunchBrowsingTests.rowNames(tmux.capture())
        #expect(rows == Array(all.reversed().prefix(rows.count)))
        let sorts = try await rig.requests(under: "/v5/launches/query")
            .compactMap { ($0.queryOptions?["sort"] as? [String: String])?["date_utc"] }
        #expect(sorts.contains("asc"))
    }

    /// `F` twice: failures only, asked of the server (`success: false`); then `R` to Falcon 1
    /// (the rockets are loaded by the first `R`): the three failed Falcon 1 flights.
    @Test func fShowsTheFailuresAndRNarrowsThemToFalcon1() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-filter-outcome", defaults: AppRig.galaxyEve + ["--no-images"])
        let tmux = try await rig.start()
        try tmux.sendKeys("p")
        try await tmux.waitFor("20 of 187 launches")
        try tmux.sendKeys("F")
        try await tmux.waitFor("filter: success")
        try tmux.sendKeys("F")
        // The recorded data's failures: three Falcon 1 flights, CRS-7 and Amos-6, newest first.
        var screen = try await tmux.waitFor("filter: failure · 5 launches")
        #expect(LaunchBrowsingTests.rowNames(screen) == ["Amos-6", "CRS-7", "Trailblazer", "DemoSat", "FalconSat"])
        let successes = try await rig.requests(under: "/v5/launches/query").compactMap { request -> Bool? in
            let query = (request.bodyJSON as? [String: Any])?["query"] as? [String: Any]
            return query?["success"] as? Bool
        }
        #expect(successes.contains(false), "a query with success: false was sent")

        // The first `R` asks for the rockets; once they are in, `R` picks Falcon 1.
        let deadline = ContinuousClock.now + .seconds(10)
        while !tmux.capture().contains("filter: failure · Falcon 1"), ContinuousClock.now < deadline {
            try tmux.sendKeys("R")
            try? await Task.sleep(for: .milliseconds(400))
        }
        screen = try await tmux.waitFor("filter: failure · Falcon 1 · 3 launches")
        #expect(LaunchBrowsingTests.rowNames(screen) == ["Trailblazer", "DemoSat", "FalconSat"])
        let rockets = try await rig.requests(under: "/v5/launches/query").compactMap { request -> String? in
            let query = (request.bodyJSON as? [String: Any])?["query"] as? [String: Any]
            return query?["success"] as? Bool == false ? query?["rocket"] as? String : nil
        }
        #expect(rockets.contains("5e9d0d95eda69955f709d1eb"), "Falcon 1's id was sent with success: false")
    }

    /// Launch Library 2 is answered by the local replica: `/` and `s` over all it holds, and
    /// no request goes out for either.
    @Test func launchLibrary2FiltersAndSortsFromTheReplicaWithNoRequest() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-filter-ll2")
        let tmux = try await LaunchLibrary2Tests.startLL2(rig, LaunchLibrary2Tests.token)
        try await rig.waitForRequests(under: LaunchLibrary2Tests.history, count: 2)
        let before = try await rig.requests(under: LaunchLibrary2Tests.ll2Lists).count
        try tmux.sendKeys("/")
        try tmux.type("starlink")
        try tmux.sendKeys("Enter")
        try await tmux.waitFor("filter: starlink")
        var screen = try await tmux.waitUntil("only Starlink rows") { screen in
            screen.contains(LaunchLibrary2Tests.starlink) && !screen.contains(LaunchLibrary2Tests.first)
        }
        let soonest = LaunchBrowsingTests.rowNames(screen)
        #expect(soonest.count > 2 && soonest.allSatisfy { $0.contains("Starlink") }, "\(screen)")

        try tmux.sendKeys("s")
        screen = try await tmux.waitFor("sorted: latest first")
        screen = try await tmux.waitUntil("the latest first") { LaunchBrowsingTests.rowNames($0).first == soonest.last }
        #expect(LaunchBrowsingTests.rowNames(screen) == soonest.reversed(), "\(screen)")
        let paths = try await rig.requests(under: LaunchLibrary2Tests.ll2Lists).map(\.path)
        #expect(paths.count == before, "\(paths)")
        #expect(!paths.contains { $0.contains("search=") || $0.contains("ordering=-net") }, "\(paths)")
    }
}
