import Foundation
import Testing

/// Issue 38 through the real binary against the fixture server's recorded multi-provider
/// schedules (2.3.0): `P` chooses a provider and a place, the follow holds after a restart,
/// the server is asked for it by id (`lsp__id`, `location__ids`), a server that ignores
/// those still shows only followed rows, and reminders ring only for followed or watched
/// launches.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct FollowingEndToEndTests {
    static let ula = "United Launch Alliance"
    /// ULA's id in the recorded schedules, and the location of its two upcoming launches.
    static let ulaID = "124"

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

    @Test func pChoosesAProviderAndAPlaceTheFollowHoldsAfterARestartAndTheServerIsAskedForIt() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-follow")
        var tmux = try await Self.start(rig)
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
        #expect(screen.contains("following: United Launch Alliance · Cape Canaveral · 30 hidden"), "\(screen)")

        // Saved, with the ids learned from the launches at hand.
        let saved = try Self.settings(rig)
        let follow = try #require(saved["follow"] as? [String: Any])
        #expect(follow["providers"] as? [String] == [Self.ula] && follow["locations"] as? [String] == ["Cape Canaveral"], "\(saved)")

        // Past: asked of the server by the ids (the synthesized past holds SpaceX's launches only).
        try tmux.sendKeys("p")
        screen = try await tmux.waitFor("Nothing here of what you follow")
        let past = try await rig.requests(under: "/2.3.0/launches/previous/").map(\.path)
        #expect(past.contains { $0.contains("lsp__id=\(Self.ulaID)") && $0.contains("location__ids=") }, "\(past)")
        try await FavoritesTests.quit(tmux)

        // After a restart: the same follow, and Upcoming asked for it from the first request.
        tmux = try await Self.start(rig, ready: "NROL-68")
        screen = try await tmux.waitFor("following: United Launch Alliance · Cape Canaveral")
        #expect(Self.rows(screen).count == 2, "\(screen)")
        let upcoming = try await rig.requests(under: "/2.3.0/launches/upcoming/").map(\.path)
        #expect(upcoming.last?.contains("lsp__id=\(Self.ulaID)") == true, "\(upcoming)")

        // E: everything for now (its list kept from the first run's cache), E again: the follow.
        try tmux.sendKeys("E")
        screen = try await tmux.waitUntil("everything") { $0.contains("everything · E follows again") && $0.contains(LaunchLibrary2Tests.first) }
        try tmux.sendKeys("E")
        screen = try await tmux.waitUntil("the follow again") { !$0.contains(LaunchLibrary2Tests.first) && $0.contains("NROL-68") }
        try await FavoritesTests.quit(tmux)
    }

    @Test func aServerThatIgnoresTheFollowStillShowsOnlyFollowedLaunches() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-follow-ignored", serverOptions: ["--ignore-follow-filters"])
        // A follow saved with its ids, as `P` leaves it: the first request asks by them.
        let config = rig.dataDir.appending(path: "config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try #"{"follow": {"providers": ["United Launch Alliance"]}, "follow_ids": {"providers": {"united launch alliance": ["124"]}}}"#
            .write(to: config.appending(path: "settings.json"), atomically: true, encoding: .utf8)
        let tmux = try await Self.start(rig, ready: "NROL-68")
        let screen = try await tmux.waitFor("following: United Launch Alliance · 30 hidden")
        #expect(Self.rows(screen).count == 2 && Self.rows(screen).allSatisfy { $0.contains(Self.ula) }, "\(screen)")
        let asked = try await rig.requests(under: "/2.3.0/launches/upcoming/").map(\.path)
        #expect(asked.allSatisfy { $0.contains("lsp__id=\(Self.ulaID)") }, "\(asked)")
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
