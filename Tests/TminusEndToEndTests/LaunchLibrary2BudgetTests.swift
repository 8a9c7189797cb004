import Foundation
import Testing

/// Launch Library 2's budget through the real binary: the API key sent as LL2 documents it,
/// and `/api-throttle/`'s count on the status line.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct LaunchLibrary2BudgetTests {
    static func start(_ rig: AppRig, _ extra: [String] = [], environment: [String: String] = [:]) async throws -> TmuxSession {
        try await rig.start(["--source", "ll2", "--tz", "UTC", "--no-images"] + extra, ll2Version: "2.3.0",
                            width: 160, height: 40, environment: environment, ready: LaunchLibrary2Tests.first)
    }

    @Test func withoutAKeyTheStatusLineShowsTheFreeTiersCallsLeft() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-ll2-budget")
        let tmux = try await Self.start(rig)
        // Start-up asks for the list and the budget at once: whether the list was counted first
        // is a race (15/15 or 14/15 left), the free tier's limit is not. Before it, tminus's
        // own pace: the free burst of 5 less the list (and the history page it may have read).
        let figures = #"LL2 [34] now · server 1[45]/15 left"#
        _ = try await tmux.waitUntil("the calls left") { $0.range(of: figures, options: .regularExpression) != nil }
        let throttle = try await rig.requests(under: "/2.3.0/api-throttle/")
        #expect(throttle.count == 1, "asked once at start-up, not again within 5 minutes")
        #expect(throttle.allSatisfy { $0.headers.keys.allSatisfy { $0.lowercased() != "authorization" } })
        #expect(!rig.log().contains("Authorization"))
    }

    @Test func aKeyGoesOnEveryLaunchLibrary2RequestAndNowhereElse() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-ll2-token")
        let tmux = try await Self.start(rig, environment: ["TMINUS_LL2_TOKEN": "s3cret-key"])
        _ = try await tmux.waitUntil("the keyed limit") { $0.contains("/210 left") }
        try tmux.sendKeys("2")
        try await rig.waitForRequests(under: "/2.3.0/launcher_configurations/", count: 1)
        let all = try await rig.server.requests()
        let ll2 = all.filter { $0.path.hasPrefix("/2.3.0/") }
        #expect(ll2.count >= 2, "\(all.map(\.path))")
        for request in all {
            let token = request.headers.first { $0.key.lowercased() == "authorization" }?.value
            #expect(token == (request.path.hasPrefix("/2.3.0/") ? "Token s3cret-key" : nil), "\(request.path)")
        }
        #expect(!rig.log().contains("s3cret-key"), "the key is never logged")
    }
}
