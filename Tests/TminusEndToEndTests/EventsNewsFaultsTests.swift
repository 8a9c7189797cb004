import Foundation
import Testing

/// How far memory may rise while a body never ends (as RunawayServerTests allows).
private let memoryMarginMB = 20.0

/// The two new endpoints of issue 27 failing, through the real binary: Launch Library 2's
/// events (`/2.3.0/events/`) and the Spaceflight News API's articles (`/v4/articles/`), each
/// with a server error, a 429 with Retry-After, a malformed body and a body that never ends.
/// The failure is said where it belongs (the Events tab; a detail's News section) and nothing
/// else is hurt: the launches stay, the detail's other fields stay, keys answer, `q` quits.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct EventsNewsFaultsTests {
    enum Endpoint: String, CaseIterable, Sendable {
        case events, news

        var path: String { self == .events ? "/2.3.0/events/" : "/v4/articles/" }
        var api: String { self == .events ? "Launch Library 2" : "Spaceflight News" }
    }

    enum Kind: String, CaseIterable, Sendable {
        case serverError, rateLimited, malformed, endless

        func fault(_ path: String) -> Fault {
            switch self {
            case .serverError: .status(500, path: path)
            case .rateLimited: .rateLimited(path: path, retryAfter: 240)
            case .malformed: .malformed(path: path)
            case .endless: .endless(path: path)
            }
        }

        /// What the app calls it.
        func words(_ endpoint: Endpoint) -> String {
            switch self {
            case .serverError: "server error (HTTP 500)"
            case .rateLimited: "rate limited by \(endpoint.api), retry in 4 min"
            case .malformed: "bad data from the server"
            case .endless: "too large"
            }
        }
    }

    static let cases: [(Endpoint, Kind)] = Endpoint.allCases.flatMap { endpoint in Kind.allCases.map { (endpoint, $0) } }

    /// The News section's text, its lines trimmed and joined (a long message wraps).
    static func newsText(_ screen: String) -> String {
        NewsTests.newsSection(screen).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    @Test(arguments: cases)
    func aFailureIsSaidInItsPlaceAndTheRestOfTheAppIsUnhurt(_ endpoint: Endpoint, _ kind: Kind) async throws {
        let what = "\(kind) on \(endpoint) (\(endpoint.path))"
        let upcoming = try EventFixtures.upcoming()
        let rig = try EventsTests.rig("tminus-e2e-events-news-faults")
        let tmux = try await EventsTests.startLL2(rig, ["--timeout", "3"])
        let pid = try #require(tmux.pid)
        let baseline = try RunawayServerTests.Footprint(pid)

        switch endpoint {
        case .events:
            try await rig.server.inject(fault: kind.fault(endpoint.path))
            try tmux.sendKeys("4")
            let screen = try await tmux.waitUntil(timeout: .seconds(20), "\(what): the Events tab's error") {
                $0.contains("Could not load upcoming events: ") && $0.contains(kind.words(endpoint))
                    || baseline.grownMB(pid) > memoryMarginMB
            }
            #expect(EventsTests.line(screen, containing: "Could not load upcoming events: ")?.contains(kind.words(endpoint)) == true,
                    "\(what): \(screen)")
            #expect(screen.contains("press r to retry"), "\(what): \(screen)")
            try await Self.expectSmallAndListening(tmux, pid, baseline, what, endless: kind == .endless)
            // The launches are where they were.
            try tmux.sendKeys("1")
            try await tmux.waitUntil("\(what): the launches") { EventsTests.selectedRow($0)?.contains(LaunchLibrary2Tests.first) == true }
            if kind != .rateLimited {
                // Fixed: the events come (`r`, or the retry it was waiting for; a 429's wait is
                // minutes: not here).
                try await rig.server.reset()
                try tmux.sendKeys("4", "r")
                try await tmux.waitUntil("\(what): the events after r") {
                    $0.contains("\(upcoming.count) events · times in UTC") && $0.contains(upcoming[0].name)
                }
            }

        case .news:
            let index = try #require(upcoming.firstIndex { $0.id == NewsTests.osirisEvent })
            let event = upcoming[index]
            let launch = try #require(event.launches.first)
            try await EventsTests.openEventsTab(tmux, count: upcoming.count, first: upcoming[0].name)
            try await EventsTests.select(event, at: index, tmux)
            try await rig.server.inject(fault: kind.fault(endpoint.path))
            try tmux.sendKeys("Enter")
            var screen = try await tmux.waitUntil(timeout: .seconds(20), "\(what): the News section's error") {
                Self.newsText($0).contains("could not load the news: ") || baseline.grownMB(pid) > memoryMarginMB
            }
            let news = Self.newsText(screen)
            #expect(news.contains("could not load the news: ") && news.contains(kind.words(endpoint)) && news.contains("r retries"),
                    "\(what): \(news)")
            // The rest of the detail is all there.
            #expect(ScreenText.lines(screen)[1].contains(event.name), "\(what): \(screen)")
            #expect(EventsTests.line(screen, containing: "Type ")?.hasSuffix(event.type ?? "?") == true, "\(what): \(screen)")
            #expect(EventsTests.line(screen, containing: "Location ")?.hasSuffix(event.location ?? "?") == true, "\(what): \(screen)")
            #expect(screen.contains("› \(launch.name)"), "\(what): \(screen)")
            #expect(!screen.contains("Loading"), "\(what): \(screen)")
            try await Self.expectSmallAndListening(tmux, pid, baseline, what, endless: kind == .endless)

            // Its launch opens, with its own fields, and its news fails in its own section.
            try tmux.sendKeys("Enter")
            screen = try await tmux.waitUntil(timeout: .seconds(20), "\(what): the launch's detail") {
                ScreenText.lines($0)[1].contains(launch.name) && $0.contains("Provider")
                    && Self.newsText($0).contains("could not load the news: ")
            }
            #expect(Self.newsText(screen).contains(kind.words(endpoint)), "\(what): \(screen)")
            try tmux.sendKeys("Escape")
            try await tmux.waitFor("› \(launch.name)")

            if kind == .rateLimited {
                // Spaceflight News's wait is its own: Launch Library 2 is still asked (what
                // changed since the replica's last sync).
                let before = try await rig.requests(under: "/2.3.0/launches/?last_updated__gte=").count
                try tmux.sendKeys("1", "r")
                try await rig.waitForRequests(under: "/2.3.0/launches/?last_updated__gte=", count: before + 1)
                try await tmux.waitFor(LaunchLibrary2Tests.first)
            } else {
                // Fixed: `r` on the detail brings the articles.
                let articles = try FixtureArticle.all().filter { $0.eventIDs.contains(NewsTests.osirisEvent) }
                try await rig.server.reset()
                try tmux.sendKeys("r")
                try await tmux.waitUntil("\(what): the articles after r") { screen in
                    articles.allSatisfy { screen.contains($0.title) }
                }
            }
        }

        try tmux.sendKeys("q")
        let exit = try await tmux.waitForExit()
        #expect(exit.status == 0, "\(what): tminus \(exit)")
    }

    /// For a body that never ends: memory where it was a few seconds on. Always: `?` still
    /// opens the help and Esc closes it.
    static func expectSmallAndListening(_ tmux: TmuxSession, _ pid: pid_t, _ baseline: RunawayServerTests.Footprint,
                                        _ what: String, endless: Bool) async throws {
        if endless {
            let idle = try await RunawayServerTests.watch(pid, seconds: 3, from: baseline)
            try #require(idle.grownMB <= memoryMarginMB, "\(what): memory grew \(idle.grownMB) MB")
        }
        try await RunawayServerTests.expectKeysAnswered(tmux, what)
    }
}
