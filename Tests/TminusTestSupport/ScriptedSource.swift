import Foundation
import Synchronization
import TminusCore
import TminusViewModel

/// A launch source that pages through in-memory lists the way the API does, records every
/// request, and can be told to fail the next ones.
public final class ScriptedSource: Sendable {
    public struct Request: Sendable, Hashable {
        public var segment: LaunchSegment
        public var page: Int
        public init(segment: LaunchSegment, page: Int) { self.segment = segment; self.page = page }
    }

    private struct Script {
        var upcoming: [Launch]
        var past: [Launch]
        var failures: [APIError] = []
        var requests: [Request] = []
    }

    private let script: Mutex<Script>
    public let pageSize: Int

    public init(upcoming: [Launch] = [], past: [Launch] = [], pageSize: Int = LaunchSource.pageSize) {
        script = Mutex(Script(upcoming: upcoming, past: past))
        self.pageSize = pageSize
    }

    /// The next `count` requests fail with `error`.
    public func fail(with error: APIError, times count: Int = 1) {
        script.withLock { $0.failures += Array(repeating: error, count: count) }
    }

    public func replace(upcoming: [Launch]? = nil, past: [Launch]? = nil) {
        script.withLock {
            if let upcoming { $0.upcoming = upcoming }
            if let past { $0.past = past }
        }
    }

    public var requests: [Request] { script.withLock { $0.requests } }

    public var source: LaunchSource {
        LaunchSource(name: "Scripted") { (segment, page) async throws(APIError) -> LaunchPage in
            try self.answer(segment, page)
        }
    }

    private func answer(_ segment: LaunchSegment, _ page: Int) throws(APIError) -> LaunchPage {
        let outcome: Result<LaunchPage, APIError> = script.withLock { s in
            s.requests.append(Request(segment: segment, page: page))
            if !s.failures.isEmpty { return .failure(s.failures.removeFirst()) }
            let all = segment == .upcoming ? s.upcoming : s.past
            let start = (page - 1) * pageSize
            let docs = start < all.count ? Array(all[start..<min(all.count, start + pageSize)]) : []
            let next = start + pageSize < all.count ? page + 1 : nil
            return .success(LaunchPage(launches: docs, page: page, totalDocs: all.count, nextPage: next))
        }
        return try outcome.get()
    }
}

/// A clock that stands still until a test moves it.
public final class TestClock: Sendable {
    private let current: Mutex<Date>
    public init(_ start: Date = Sample.reference) { current = Mutex(start) }
    public func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
    public func set(_ date: Date) { current.withLock { $0 = date } }
    public var clock: AppClock { AppClock { self.current.withLock { $0 } } }
}

/// Records the links the app asked the browser to open.
public final class BrowserSpy: Sendable {
    private let opened = Mutex<[URL]>([])
    public init() {}
    public var urls: [URL] { opened.withLock { $0 } }
    public var open: @Sendable (URL) async -> Result<Void, LinkOpenError> {
        { url in
            self.opened.withLock { $0.append(url) }
            return .success(())
        }
    }
}

/// A view model over a scripted source, a test clock and a browser spy, at 80x24 in UTC.
public struct Harness {
    public let viewModel: AppViewModel
    public let source: ScriptedSource
    public let clock: TestClock
    public let browser: BrowserSpy

    public init(source: ScriptedSource, clock: TestClock = TestClock(), width: Int = 80, height: Int = 24,
                timeZone: TimeZone = .gmt) {
        self.source = source
        self.clock = clock
        browser = BrowserSpy()
        let environment = AppEnvironment(source: source.source, clock: clock.clock,
                                         time: LaunchTime(timeZone: timeZone), openURL: browser.open)
        viewModel = AppViewModel(environment: environment, mailbox: Mailbox())
        viewModel.handle(.resized(width: width, height: height))
    }

    public var state: AppState { viewModel.state }

    /// Starts and waits for the first page.
    public func started() async -> Harness {
        viewModel.start()
        await viewModel.settle()
        return self
    }

    public func press(_ keys: Key...) async {
        for key in keys {
            viewModel.handle(.key(key))
            await viewModel.settle()
        }
    }
}
