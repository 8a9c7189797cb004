import Foundation
import Synchronization
import Testing
@testable import TminusCore

/// `/api-throttle/`: where it is, what it says, and that asking it spends its own budget.
@Suite struct LaunchLibrary2ThrottleTests {
    static let body = Data(#"{"your_request_limit": 15, "limit_frequency_secs": 3600, "current_use": 3, "next_use_secs": 0, "ident": "192.0.2.1"}"#.utf8)

    @Test func theURLIsUnderTheVersionedBase() {
        #expect(LaunchLibrary2.throttleURL(base: URL(string: "https://ll.thespacedevs.com/2.3.0")!).absoluteString
                == "https://ll.thespacedevs.com/2.3.0/api-throttle/")
        #expect(LaunchLibrary2.throttleURL(base: URL(string: "http://127.0.0.1:8080/2.2.0/")!).absoluteString
                == "http://127.0.0.1:8080/2.2.0/api-throttle/")
    }

    @Test func theAnswerDecodesToCallsLeft() throws {
        let allowance = try LaunchLibrary2.decodeThrottle(Self.body)
        #expect(allowance == RequestAllowance(limit: 15, used: 3, period: 3600, nextUse: 0))
        #expect(allowance.left == 12)
        let over = try LaunchLibrary2.decodeThrottle(Data(#"{"your_request_limit": 15, "current_use": 17, "next_use_secs": 600}"#.utf8))
        #expect(over.left == 0, "more used than allowed is none left, not a negative count")
        #expect(over.nextUse == 600)
        #expect(throws: APIError.self) { try LaunchLibrary2.decodeThrottle(Data(#"{"detail": "Not found."}"#.utf8)) }
    }

    @Test func askingSpendsTheThrottleBudgetNotTheListOne() async throws {
        let sent = Mutex<[URL]>([])
        let http = HTTPClient { (request: HTTPClient.Request) async throws(APIError) -> HTTPClient.Response in
            sent.withLock { $0.append(request.url) }
            return HTTPClient.Response(status: 200, body: Self.body)
        }
        let governor = RequestGovernor()
        let base = URL(string: "https://ll.thespacedevs.com/2.3.0")!
        let ask = LaunchLibrary2.allowance(base: base, http: http.governed(by: governor, budget: .launchLibrary2Throttle))
        for _ in 0..<RequestBudget.launchLibrary2Throttle.burst { _ = try await ask() }
        await #expect(throws: APIError.self, "past its own small budget") { _ = try await ask() }
        #expect(sent.withLock { $0.count } == RequestBudget.launchLibrary2Throttle.burst)
        #expect(governor.take(from: .launchLibrary2, for: base) == nil, "the list budget is untouched")
    }

    @Test func aTokenBuysALargerButStillBoundedBudget() {
        let free = RequestBudget.launchLibrary2, keyed = RequestBudget.launchLibrary2WithToken
        #expect(keyed.burst > free.burst && keyed.interval < free.interval)
        // Never more than 120 in any hour: the burst plus an hour's refills.
        #expect(Double(keyed.burst) + 3600 / keyed.interval <= 120.5)
    }
}
