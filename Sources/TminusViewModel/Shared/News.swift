import Foundation
import TminusCore
import TminusRender

/// A detail's News section (a Launch Library 2 launch's or event's): the Spaceflight News API's
/// articles about it, asked once when the detail opens (and on `r`), from the cache while it is
/// fresh. Its failures stay in the section: the detail never waits for the news.
public struct NewsState: Sendable, Hashable {
    public var articles: [NewsArticle] = []
    public var status = RemoteStatus()
    public init() {}

    /// The links bar's `News` slot: every article, a menu when there are several.
    var slot: LinkSlot {
        LinkSlot(title: "News", targets: articles.map { ExternalLink(url: $0.url, title: $0.title, publisher: $0.site) })
    }
}

extension AppReducer {
    /// Asks for the articles about `subject`, when the app has a news source; every open
    /// detail about it shows them loading.
    mutating func requestNews(_ subject: NewsSubject, mode: FetchMode = .normal) {
        guard context.hasNews else { return }
        effects.append(.fetchNews(subject, mode))
        updateNews(subject) { $0.status.begin(.loadingFirst, mode: mode) }
    }

    mutating func receivedNews(_ subject: NewsSubject, _ result: Result<Fetched<[NewsArticle]>, APIError>) {
        let now = self.now
        updateNews(subject) { news in
            switch result {
            case .success(let fetched):
                news.articles = fetched.value
                let fetchedAt = fetched.fetchedAt ?? now
                news.status.updatedAt = fetchedAt
                _ = news.status.succeeded(fetchedAt: fetchedAt, problem: fetched.problem, mode: .normal, now: now)
            case .failure(let error):
                news.status.failed(error, mode: .normal, now: now)
            }
            // Asked again only when the user presses `r` (or opens the detail again).
            news.status.retryAt = nil
        }
    }

    /// Every open detail about `subject` (on any tab) changed by `change`.
    private mutating func updateNews(_ subject: NewsSubject, _ change: (inout NewsState) -> Void) {
        switch subject {
        case .launch(let id): updateNews(of: { (detail: LaunchDetailState) in detail.launch.id == id }, \.news, Route.launchDetail, change)
        case .event(let id): updateNews(of: { (detail: EventDetailState) in detail.event.id == id }, \.news, Route.eventDetail, change)
        }
    }

    private mutating func updateNews<Detail: Sendable & Hashable>(of matches: (Detail) -> Bool, _ news: WritableKeyPath<Detail, NewsState>,
                                                                  _ route: (Detail) -> Route, _ change: (inout NewsState) -> Void) {
        updateRoutes { (detail: Detail) in
            guard matches(detail) else { return route(detail) }
            var detail = detail
            change(&detail[keyPath: news])
            return route(detail)
        }
    }
}

/// The News section of a detail body: one article a line or more (how old it is, then its site
/// and title, wrapped), or what the section is waiting for or why it is empty.
enum NewsDocument {
    static func lines(_ news: NewsState, now: Date, width: Int) -> [DetailLine] {
        var out: [DetailLine] = [.blank, .heading("News")]
        let valueWidth = max(8, width - LaunchDetailDocument.labelWidth - 1)
        func say(_ text: String, tone: Tone = .muted) { out.append(.field(label: "", value: text, tone: tone)) }
        if news.articles.isEmpty {
            if news.status.isLoading {
                say("Loading the news…")
            } else if let error = news.status.error {
                for line in LaunchDetailDocument.wrap("could not load the news: \(error.message) · r retries", width: valueWidth) {
                    say(line, tone: .failure)
                }
            } else if news.status.hasLoadedOnce {
                say("no articles about it yet")
            } else {
                say("-")
            }
            return out
        }
        // The age as the label (it always fits), then the site and the title, wrapped.
        for article in news.articles {
            let age = article.publishedAt.map { Formatting.age(from: $0, to: now) } ?? "-"
            let text = TerminalText.sanitize((article.site.map { $0 + " — " } ?? "") + article.title)
            for (i, line) in LaunchDetailDocument.wrap(text, width: valueWidth).enumerated() {
                out.append(.field(label: i == 0 ? age : "", value: line, tone: .plain))
            }
        }
        out.append(.field(label: "", value: "select News (← →), then o opens an article", tone: .muted))
        if let error = news.status.error { say("older copy: \(error.message)") }
        return out
    }
}
