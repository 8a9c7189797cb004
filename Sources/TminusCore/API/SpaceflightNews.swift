import Foundation

/// An article of the Spaceflight News API (`/v4/articles/`), with the Launch Library 2 launches
/// and events it is about: what a launch's or an event's News section lists.
public struct NewsArticle: Sendable, Hashable, Codable {
    public var id: Int
    public var title: String
    public var url: URL
    /// Who published it: `NASA`, `SpaceNews`.
    public var site: String?
    public var summary: String?
    public var publishedAt: Date?
    /// The Launch Library 2 launches (UUIDs) and events (numbers) it names.
    public var launchIDs: [String]
    public var eventIDs: [Int]

    public init(id: Int, title: String, url: URL, site: String? = nil, summary: String? = nil, publishedAt: Date? = nil,
                launchIDs: [String] = [], eventIDs: [Int] = []) {
        self.id = id; self.title = title; self.url = url; self.site = site; self.summary = summary
        self.publishedAt = publishedAt; self.launchIDs = launchIDs; self.eventIDs = eventIDs
    }
}

public enum SpaceflightNews {
    public static let name = "Spaceflight News"

    /// The API's current version (`--news-api` changes it).
    public static let defaultBaseURL = URL(string: "https://api.spaceflightnewsapi.net/v4")!

    /// `{base}/articles/?launch=<LL2 launch id>`: the articles about one launch.
    public static func articlesURL(base: URL, launchID: String) -> URL {
        articles(base, URLQueryItem(name: "launch", value: launchID))
    }

    /// `{base}/articles/?event=<LL2 event id>`: the articles about one event.
    public static func articlesURL(base: URL, eventID: String) -> URL {
        articles(base, URLQueryItem(name: "event", value: eventID))
    }

    /// `{base}/articles/?limit=1`: one article, what `tminus doctor` asks to see the API answer.
    public static func probeURL(base: URL) -> URL {
        articles(base, URLQueryItem(name: "limit", value: "1"))
    }

    /// The articles about `subject`: `{base}/articles/?launch=` or `?event=`.
    public static func articlesURL(base: URL, about subject: NewsSubject) -> URL {
        switch subject {
        case .launch(let id): articlesURL(base: base, launchID: id)
        case .event(let id): articlesURL(base: base, eventID: id)
        }
    }

    private static func articles(_ base: URL, _ item: URLQueryItem) -> URL {
        LaunchLibrary2.endpoint(base, path: ["articles"], query: [item])
    }

    /// The articles of an answer, newest first. The page must be `{results: [...]}`; an article
    /// that cannot be read, or has no title or no http(s) link to open, is left out, never
    /// the page.
    public static func decodeArticles(_ data: Data) throws(APIError) -> [NewsArticle] {
        let page = try JSONProblem.decode(SNAPIPageRecord.self, from: data)
        return page.results.compactMap(\.value).compactMap(article)
            .sorted { ($0.publishedAt ?? .distantPast) > ($1.publishedAt ?? .distantPast) }
    }

    static func article(_ record: SNAPIArticleRecord) -> NewsArticle? {
        guard let id = record.id, let title = record.title, let url = WebURL.parse(record.url) else { return nil }
        return NewsArticle(id: id, title: title, url: url, site: record.newsSite, summary: record.summary,
                           publishedAt: record.publishedAt,
                           launchIDs: record.launches.compactMap(\.launchID), eventIDs: record.events.compactMap(\.eventID))
    }
}

/// `{count, next, previous, results}`: `results` must be an array.
struct SNAPIPageRecord: Decodable {
    let results: [LenientElement<SNAPIArticleRecord>]
}

/// One article as it arrives; every field lenient.
struct SNAPIArticleRecord: Decodable {
    @WholeNumber var id: Int?
    @NonBlank var title: String?
    @NonBlank var url: String?
    @NonBlank var newsSite: String?
    @NonBlank var summary: String?
    @LenientDate var publishedAt: Date?
    @LenientList var launches: [Launch]
    @LenientList var events: [Event]

    struct Launch: Decodable {
        @NonBlank var launchID: String?
        enum CodingKeys: String, CodingKey { case launchID = "launch_id" }
    }

    struct Event: Decodable {
        @WholeNumber var eventID: Int?
        enum CodingKeys: String, CodingKey { case eventID = "event_id" }
    }

    enum CodingKeys: String, CodingKey {
        case id, title, url, summary, launches, events
        case newsSite = "news_site", publishedAt = "published_at"
    }
}

/// What a News section is about: a Launch Library 2 launch or event, by its id.
public enum NewsSubject: Sendable, Hashable {
    case launch(String)
    case event(String)
}

/// The news, as the view models see it: a struct of closures like `LaunchSource`, so tests
/// answer from memory.
public struct NewsClient: Sendable {
    public var articles: @Sendable (_ subject: NewsSubject, _ mode: FetchMode) async throws(APIError) -> Fetched<[NewsArticle]>

    public init(articles: @escaping @Sendable (NewsSubject, FetchMode) async throws(APIError) -> Fetched<[NewsArticle]>) {
        self.articles = articles
    }

    /// Articles about a launch come out over days: an answer is good for half an hour.
    public static let freshFor: TimeInterval = 30 * 60

    /// The Spaceflight News API at `base`, through `fetcher` (its cache, and a budget of its own
    /// below the governor: another host with its own limits).
    public static func live(base: URL, fetcher: CachedFetcher) -> NewsClient {
        NewsClient { (subject, mode) async throws(APIError) -> Fetched<[NewsArticle]> in
            try await fetcher.fetch(.init(url: SpaceflightNews.articlesURL(base: base, about: subject), kind: .apiList),
                                    maxAge: freshFor, mode: mode, decode: SpaceflightNews.decodeArticles)
        }
    }
}
