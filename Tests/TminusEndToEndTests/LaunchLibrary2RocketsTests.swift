import Foundation
import Testing

/// The Rockets tab on Launch Library 2 (issue 24), through the real binary against the
/// fixture server's 2.3.0 `/launcher_configurations/`: every provider's rockets, `/` over them,
/// a non-SpaceX rocket's page with its figures, favorited and still there after a restart, a
/// rocket's launches by configuration id; and `R` / `W` on the Launches tab.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct LaunchLibrary2RocketsTests {
    static let configurations = "/2.3.0/launcher_configurations/"

    static func start(_ rig: AppRig, _ extra: [String] = [], width: Int = 120, height: Int = 40) async throws -> TmuxSession {
        try await rig.start(["--source", "ll2", "--tz", "UTC", "--no-images"] + extra, ll2Version: "2.3.0",
                            width: width, height: height, ready: LaunchLibrary2Tests.first)
    }

    static func line(_ screen: String, containing text: String) -> String? {
        screen.split(separator: "\n").map(String.init).first { $0.contains(text) }
    }

    /// `/` + text on the rocket list, then Enter: the top match's page.
    static func openByFilter(_ text: String, _ tmux: TmuxSession, page: String) async throws -> String {
        try tmux.sendKeys("/")
        try tmux.type(text)
        try await tmux.waitUntil("the list narrowed") { $0.contains("/ " + text + "▏") }
        try tmux.sendKeys("Enter")
        return try await tmux.waitUntil("\(page)'s page") { $0.contains(page) && $0.contains("Overview") && $0.contains("HEIGHT") }
    }

    @Test func aNonSpaceXRocketsPageItsFiguresAndAFavoriteThatSurvivesARestart() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-ll2-rockets")
        var tmux = try await Self.start(rig)
        try tmux.sendKeys("2")
        var screen = try await tmux.waitUntil("every provider's rockets") {
            $0.contains("Falcon Heavy · SpaceX") && $0.contains("Ariane 62 · ArianeGroup")
        }
        #expect(!screen.contains("4 rockets"), "not the r/SpaceX API's catalogue: \(screen)")
        let asked = try await rig.requests(under: Self.configurations).map(\.path)
        #expect(asked == [Self.configurations + "?active=true&limit=100&mode=detailed&offset=0"], "\(asked)")
        #expect(try await rig.requests(under: "/v4/rockets").isEmpty)

        screen = try await Self.openByFilter("shep", tmux, page: "New Shepard")
        #expect(screen.contains("Blue Origin"), "\(screen)")
        #expect(Self.line(screen, containing: "HEIGHT")?.contains("PAYLOAD TO LEO") == true)
        let figures = try #require(screen.split(separator: "\n").map(String.init).first { $0.contains("15 m") })
        #expect(figures.contains("3.7 m") && figures.contains("75,000 kg"), "\(figures)")
        #expect(Self.line(screen, containing: "Provider")?.contains("Blue Origin") == true, "\(screen)")
        try tmux.sendKeys("j", "j", "j", "j")
        screen = try await tmux.waitFor("Landings")
        #expect(Self.line(screen, containing: "12 launches:")?.contains("Launches       12 launches: 12 successful, 0 failed · 1 to come") == true, "\(screen)")

        // Looking for "shep" read on into the retired rockets (one more page, cached too).
        let pages = try await rig.requests(under: Self.configurations).map(\.path)
        #expect(pages.last == Self.configurations + "?active=false&limit=100&mode=detailed&offset=0", "\(pages)")
        try tmux.sendKeys("f")
        _ = try await tmux.waitFor("★ favorite")
        try await FavoritesTests.quit(tmux)

        tmux = try await Self.start(rig)
        try tmux.sendKeys("3")
        screen = try await tmux.waitFor("New Shepard")
        try tmux.sendKeys("2")
        screen = try await tmux.waitUntil("the list with its star") { Self.line($0, containing: "New Shepard")?.contains("★") == true }
        #expect(try await rig.requests(under: Self.configurations).count == pages.count, "the catalogue came from the cache: \(screen)")
    }

    /// Once the replica holds all of history (two pages here, read at start with a token's
    /// spare requests), a rocket's launches are its answer: no request.
    @Test func aRocketsLaunchesAreTheReplicasOnceHistoryIsIn() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-ll2-rocket-launches")
        let tmux = try await Self.start(rig, LaunchLibrary2Tests.token)
        try await rig.waitForRequests(under: "/2.3.0/launches/previous/", count: 2)
        try tmux.sendKeys("2")
        // The rocket list's row, not the banner's or a launch row's mention of the rocket:
        // Enter before the catalogue has come opens nothing (CI under load, stop 42).
        _ = try await tmux.waitFor("Falcon 9 Block 5 · SpaceX")
        _ = try await Self.openByFilter("block 5", tmux, page: "Falcon 9 Block 5")
        try tmux.sendKeys("L")
        let screen = try await tmux.waitUntil("its launches") { $0.contains("Falcon 9 Block 5 launches") && $0.contains("Starlink") }
        #expect(!screen.contains("PSLV"), "\(screen)")
        let asked = try await rig.requests(under: "/2.3.0/launches/?").map(\.path)
        #expect(asked.isEmpty, "\(asked)")
    }

    /// `R` and `W` over the replica's upcoming launches: counted among all of them, with no
    /// request for either.
    @Test func rAndWFilterLaunchLibrary2ListsAndEscClearsBoth() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-ll2-filters")
        let tmux = try await Self.start(rig)
        let before = try await rig.requests(under: "/2.3.0/launches/upcoming/").count
        // R: the rocket the rows at hand fly most: Falcon 9 Block 5, 17 of the 30 upcoming
        // (the list's two flown ones are on Past).
        try tmux.sendKeys("R")
        var screen = try await tmux.waitUntil("filtered by rocket") { $0.contains("filter: Falcon 9 Block 5 · 17 launches") }
        #expect(!screen.contains("TeLEOS-2"), "\(screen)")
        // W: the detailed rows carry the listed videos; one of them has one.
        try tmux.sendKeys("W")
        screen = try await tmux.waitUntil("webcasts only") { $0.contains("webcast · 1 launch") }
        #expect(screen.contains(LaunchLibrary2Tests.starlink), "\(screen)")
        try tmux.sendKeys("Escape")
        screen = try await tmux.waitUntil("every filter cleared") { !$0.contains("filter:") && $0.contains("TeLEOS-2") }
        let asked = try await rig.requests(under: "/2.3.0/launches/upcoming/").map(\.path)
        #expect(asked.count == before && !asked.contains { $0.contains("rocket__configuration__id") }, "\(asked)")
    }
}
