import Foundation
import Testing

/// The Spaceflight News API's recorded articles (`$TMINUS_FIXTURES/snapi/v4/*.json`), read here
/// from the files the fixture server serves.
struct FixtureArticle: Sendable {
    let id: Int
    let title: String
    let url: String
    let site: String
    let publishedAt: Date
    let launchIDs: [String]
    let eventIDs: [Int]

    static func all() throws -> [FixtureArticle] {
        let directory = try #require(Fixtures.directory).appending(path: "snapi/v4")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        var byID: [Int: FixtureArticle] = [:]
        for file in files {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appending(path: file))) as? [String: Any])
            for record in try #require(json["results"] as? [[String: Any]]) {
                let article = try FixtureArticle(record)
                byID[article.id] = article
            }
        }
        return byID.values.sorted { $0.id < $1.id }
    }

    init(_ json: [String: Any]) throws {
        id = try #require(json["id"] as? Int)
        title = try #require(json["title"] as? String)
        url = try #require(json["url"] as? String)
        site = try #require(json["news_site"] as? String)
        let published = try #require(json["published_at"] as? String)
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        publishedAt = try #require(ISO8601DateFormatter().date(from: published) ?? fractional.date(from: published), "\(published)")
        launchIDs = ((json["launches"] as? [[String: Any]]) ?? []).compactMap { $0["launch_id"] as? String }
        eventIDs = ((json["events"] as? [[String: Any]]) ?? []).compactMap { $0["event_id"] as? Int }
    }

    /// Its age at `now` as the News section says it: whole days (every recorded article is
    /// years old at the suites' clocks).
    func age(at now: Date) -> String {
        let days = Int(now.timeIntervalSince(publishedAt) / 86_400)
        return "\(days) day\(days == 1 ? "" : "s") ago"
    }
}

/// News (issue 27) through the real binary: an event's and a Launch Library 2 launch's News
/// section from the fixture server's Spaceflight News API, an article opened from the links
/// bar's menu, the API given by the environment, and no news asked for an r/SpaceX launch.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct NewsTests {
    static let now = ISO8601DateFormatter().date(from: EventsTests.now)!
    static let osirisEvent = 36

    /// The News section of a detail: from its heading to the end of the screen.
    static func newsSection(_ screen: String) -> [String] {
        let rows = ScreenText.lines(screen)
        guard let heading = rows.lastIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "News" }) else { return [] }
        return Array(rows[heading...])
    }

    /// Every article on screen, in the News section, with its site and its age.
    static func showsArticles(_ articles: [FixtureArticle], _ screen: String) -> Bool {
        let section = newsSection(screen).joined(separator: "\n")
        return articles.allSatisfy { section.contains($0.title) && section.contains($0.age(at: now)) && section.contains($0.site) }
    }

    /// The requests for articles about `subject` (`event=36`, `launch=<uuid>`).
    static func newsRequests(_ rig: AppRig, _ subject: String) async throws -> [String] {
        try await rig.requests(under: "/v4/articles/").map(\.path).filter { $0 == "/v4/articles/?\(subject)" }
    }

    @Test func anEventsNewsThenItsLaunchsNewsThenAnArticleOpensFromTheMenu() async throws {
        let upcoming = try EventFixtures.upcoming()
        let index = try #require(upcoming.firstIndex { $0.id == Self.osirisEvent })
        let event = upcoming[index]
        let launch = try #require(event.launches.first)
        let articles = try FixtureArticle.all().filter { $0.eventIDs.contains(Self.osirisEvent) }
        try #require(articles.count == 2)
        #expect(Set(try FixtureArticle.all().filter { $0.launchIDs.contains(launch.id) }.map(\.id)) == Set(articles.map(\.id)),
                "the launch has the same two articles")

        let rig = try EventsTests.rig("tminus-e2e-news")
        let tmux = try await EventsTests.startLL2(rig)
        try await EventsTests.openEventsTab(tmux, count: upcoming.count, first: upcoming[0].name)
        #expect(try await rig.requests(under: "/v4/").isEmpty, "no news before a detail opens")
        try await EventsTests.select(event, at: index, tmux)
        try tmux.sendKeys("Enter")
        try await tmux.waitFor("› \(launch.name)")
        try tmux.sendKeys("G")
        var screen = try await tmux.waitUntil("the event's two articles") { Self.showsArticles(articles, $0) }
        #expect(EventsTests.line(screen, containing: "Links")?.contains("News (2)") == true, "\(screen)")
        #expect(try await Self.newsRequests(rig, "event=\(Self.osirisEvent)").count == 1)

        // Its launch: the same two articles, asked by the launch's id.
        try tmux.sendKeys("Enter")
        try await rig.waitForRequests(under: "/v4/articles/?launch=\(launch.id)", count: 1)
        try await tmux.waitUntil("the launch's detail") { ScreenText.lines($0)[1].contains(launch.name) }
        try tmux.sendKeys("G")
        screen = try await tmux.waitUntil("the launch's two articles") { Self.showsArticles(articles, $0) }
        #expect(EventsTests.line(screen, containing: "Links")?.contains("News (2)") == true, "\(screen)")

        // News selected (its only links), `o`: a menu of both; Enter opens the first; 2, Enter the second.
        try tmux.sendKeys("l", "o")
        screen = try await tmux.waitFor("Open News")
        let first = try #require(EventsTests.line(screen, containing: "› 1"), "\(screen)")
        let chosen = try #require(articles.first { first.contains($0.title) }, "\(first)")
        let other = try #require(articles.first { $0.id != chosen.id })
        #expect(EventsTests.line(screen, containing: " 2  ")?.contains(other.title) == true, "\(screen)")
        try tmux.sendKeys("Enter")
        #expect(try await rig.browser.waitForURL() == chosen.url)
        try await tmux.waitUntil("the menu closed") { !$0.contains("Open News") }
        try tmux.sendKeys("o")
        try await tmux.waitFor("Open News")
        try tmux.sendKeys("2")
        try await tmux.waitUntil("the second article chosen") { EventsTests.line($0, containing: "› 2")?.contains(other.title) == true }
        try tmux.sendKeys("Enter")
        #expect(try await rig.browser.waitForURL(count: 2) == other.url)
    }

    /// `TMINUS_NEWS_API` instead of `--news-api`: the first Launch Library 2 launch's news is
    /// asked of the fixture server, which has no article about it.
    @Test func theNewsAPIFromTheEnvironment() async throws {
        let launchID = RunawayServerTests.ll2FirstID
        #expect(try FixtureArticle.all().allSatisfy { !$0.launchIDs.contains(launchID) })
        let rig = try EventsTests.rig("tminus-e2e-news-env")
        let base = rig.server.baseURL.absoluteString
        let arguments = ["--source", "ll2", "--spacex-api", base, "--ll2-api", base + "/2.3.0",
                         "--data-dir", rig.dataDir.path, "--browser", rig.browser.executable.path] + rig.defaults
        #expect(!arguments.contains("--news-api"))
        let tmux = try TmuxSession.tminus(arguments, width: 120, height: 40, environment: ["TMINUS_NEWS_API": rig.server.newsBase])
        defer { tmux.kill() }
        try await tmux.waitFor(LaunchLibrary2Tests.first)
        try tmux.sendKeys("Enter")
        try await rig.waitForRequests(under: "/v4/articles/?launch=\(launchID)", count: 1)
        try tmux.sendKeys("G")
        let screen = try await tmux.waitUntil("the empty News section") {
            Self.newsSection($0).contains { $0.contains("no articles about it yet") }
        }
        #expect(EventsTests.line(screen, containing: "Links")?.contains("News (") == false, "no count: \(screen)")
    }

    /// An r/SpaceX launch has no news: its detail asks for none. (`S`, then a Launch Library 2
    /// launch's detail, whose news is asked at once: the r/SpaceX one would have come first.)
    @Test func anRSpaceXLaunchAsksForNoNews() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-news-spacex", defaults: AppRig.galaxyEve + ["--no-images"])
        let tmux = try await rig.start(width: 120, height: 40)
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("Galaxy 33's detail") { $0.contains("Launchpad") && ScreenText.lines($0)[1].contains("Galaxy 33") }
        try tmux.sendKeys("Escape")
        try await tmux.waitUntil("the list") { !$0.contains("Launchpad") }
        try tmux.sendKeys("S")
        try await tmux.waitFor(LaunchLibrary2Tests.first)
        try tmux.sendKeys("Enter")
        try await rig.waitForRequests(under: "/v4/articles/", count: 1)
        let asked = try await rig.requests(under: "/v4/").map(\.path)
        #expect(asked == ["/v4/articles/?launch=\(RunawayServerTests.ll2FirstID)"], "\(asked)")
    }
}
