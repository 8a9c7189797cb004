import Foundation
import Testing

/// Issue 38 through the real binary against the fixture server's recorded multi-provider
/// schedules (2.3.0): `P` chooses a provider and a place, the follow holds after a restart,
/// the local replica answers it (the server is asked for whole lists, never by follow) and
/// counts what it hides among all it holds, and reminders ring only for followed or watched
/// launches.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct FollowingEndToEndTests {
    static let ula = "United Launch Alliance"

    static func start(_ rig: AppRig, _ arguments: [String] = [], ready: String = LaunchLibrary2Tests.first) async throws -> TmuxSession {
        try await rig.start(["--source", "ll2", "--tz", "UTC", "--no-images"] + arguments, ll2Version: "2.3.0",
                            width: 120, height: 40, ready: ready)
    }

    static func rows(_ screen: String) -> [String] {
        screen.split(separator: "\n").map(String.init).filter { $0.contains(" ○ ") || $0.contains(" ◉ ") }
    }

    /// The settings file as the app writes it (the rig's data dir).
    static func settings(_ rig: AppRig) throws -> [String: Any] {
        let data = try Data(contentsOf: rig.dataDir.appending(path: "config/settings.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func pChoosesAProviderAndAPlaceTheFollowHoldsAfterARestartAndTheReplicaAnswersIt() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-follow")
        var tmux = try await Self.start(rig, LaunchLibrary2Tests.token)
        // History first (two pages, read with spare requests at start): it brings one more
        // launch with no outcome (r/SpaceX's Starlink 3-1), so the replica holds 31 to come.
        try await rig.waitForRequests(under: "/2.3.0/launches/previous/", count: 2)
        try tmux.sendKeys("P")
        _ = try await tmux.waitFor("Space tick")
        // `/united` then Space: the provider; `/` again, the search cleared, `cape canaveral`: the place.
        try tmux.sendKeys("/")
        try tmux.type("united")
        try tmux.sendKeys("Enter", "Space", "/")
        for _ in 0..<6 { try tmux.sendKeys("BSpace") }
        try tmux.type("cape canaveral")
        try tmux.sendKeys("Enter", "Space")
        var screen = try await tmux.waitFor("following: United Launch Alliance · Cape Canaveral")
        try tmux.sendKeys("Enter")
        screen = try await tmux.waitUntil("the followed list") { !$0.contains("Space tick") && $0.contains("NROL-68") }
        #expect(Self.rows(screen).count == 2 && Self.rows(screen).allSatisfy { $0.contains(Self.ula) }, "\(screen)")
        // The 31 launches the replica holds with no outcome yet, less ULA's two.
        #expect(screen.contains("following: United Launch Alliance · Cape Canaveral · 29 hidden"), "\(screen)")

        // Saved, with the ids learned from the launches at hand.
        let saved = try Self.settings(rig)
        let follow = try #require(saved["follow"] as? [String: Any])
        #expect(follow["providers"] as? [String] == [Self.ula] && follow["locations"] as? [String] == ["Cape Canaveral"], "\(saved)")

        // Past, from the whole history the replica holds (the synthesized past is SpaceX's only):
        // none, and it is all of it.
        try tmux.sendKeys("p")
        screen = try await tmux.waitFor("Nothing here of what you follow")
        #expect(!screen.contains("filling"), "\(screen)")
        let asked = try await rig.requests(under: "/2.3.0/launches/").map(\.path)
        #expect(!asked.contains { $0.contains("lsp__id=") || $0.contains("location__ids=") }, "\(asked)")
        try await FavoritesTests.quit(tmux)

        // After a restart: the same follow, from the replica synced a moment ago (no request).
        let before = asked.count
        tmux = try await Self.start(rig, LaunchLibrary2Tests.token, ready: "NROL-68")
        screen = try await tmux.waitFor("following: United Launch Alliance · Cape Canaveral · 29 hidden")
        #expect(Self.rows(screen).count == 2, "\(screen)")
        #expect(try await rig.requests(under: "/2.3.0/launches/").count == before)

        // E: everything for now (its list kept from the first run's cache), E again: the follow.
        try tmux.sendKeys("E")
        screen = try await tmux.waitUntil("everything") { $0.contains("everything · E follows again") && $0.contains(LaunchLibrary2Tests.first) }
        try tmux.sendKeys("E")
        screen = try await tmux.waitUntil("the follow again") { !$0.contains(LaunchLibrary2Tests.first) && $0.contains("NROL-68") }
        try await FavoritesTests.quit(tmux)
    }

    /// A follow saved with its ids, as `P` leaves it: the server is asked for the whole list
    /// (the replica holds everything; a server's own follow filters are not trusted), and the
    /// header counts what the follow hides among all of it, from the first frame on.
    @Test func aSavedFollowIsAnsweredFromTheReplicaAndCountsWhatItHides() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-follow-saved", serverOptions: ["--ignore-follow-filters"])
        let config = rig.dataDir.appending(path: "config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try #"{"follow": {"providers": ["United Launch Alliance"]}, "follow_ids": {"providers": {"united launch alliance": ["124"]}}}"#
            .write(to: config.appending(path: "settings.json"), atomically: true, encoding: .utf8)
        let tmux = try await Self.start(rig, ready: "NROL-68")
        // The 30 upcoming less ULA's two; 29 if the history's launch with no outcome came first.
        let screen = try await tmux.waitUntil("the whole count hidden") {
            $0.contains("following: United Launch Alliance · 28 hidden") || $0.contains("following: United Launch Alliance · 29 hidden")
        }
        #expect(Self.rows(screen).count == 2 && Self.rows(screen).allSatisfy { $0.contains(Self.ula) }, "\(screen)")
        let asked = try await rig.requests(under: "/2.3.0/launches/upcoming/").map(\.path)
        #expect(asked == ["/2.3.0/launches/upcoming/?limit=100&offset=0&mode=detailed"], "\(asked)")
        try await FavoritesTests.quit(tmux)
    }

    /// The r/SpaceX archive eleven minutes before Galaxy 33 (Cape Canaveral): followed, it
    /// rings without being watched; following Vandenberg, it does not.
    @Test func remindersRingForFollowedLaunchesOnly() async throws {
        let notify = try RemindersTests.FakeNotifySend()
        let rig = try AppRig(prefix: "tminus-e2e-follow-reminders", defaults: ["--tz", "UTC", "--now", "2022-10-08T22:54:00Z"])
        var tmux = try await rig.start(["--location", "Vandenberg"], environment: ["PATH": notify.path], ready: "TTL-1")
        _ = try await tmux.waitFor("following: Vandenberg")
        // Two seconds of ticks inside Galaxy 33's hour: nothing rings for a launch not followed.
        try await Task.sleep(for: .seconds(2))
        #expect(notify.calls.isEmpty, "\(notify.calls)")
        try await FavoritesTests.quit(tmux)

        tmux = try await rig.start(["--location", "Cape Canaveral"], environment: ["PATH": notify.path])
        try await notify.waitFor(RemindersTests.galaxy33)
        _ = try await tmux.waitFor("⏰ \(RemindersTests.galaxy33) in 1")
        try await FavoritesTests.quit(tmux)
    }
}
