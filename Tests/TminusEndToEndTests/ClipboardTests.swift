import Foundation
import Testing

/// `y` (issue 25): the link goes to the clipboard with OSC 52, which tmux (with
/// `set-clipboard on`) keeps as a buffer, and the status line says what was copied (the
/// app's clock stands still, so those passing words wait for the capture: `AppRig.clock`).
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct ClipboardTests {
    @Test func yCopiesTheSelectedLaunchsLinkAndARocketsPage() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-clipboard", defaults: AppRig.galaxyEve + ["--no-images"],
                             frozenAt: AppRig.galaxyEveInstant)
        let tmux = try await rig.start(width: 120, height: 30)
        try tmux.acceptClipboard()
        #expect(tmux.clipboard == nil, "nothing copied yet")

        // A past launch with a webcast: its first link.
        try tmux.sendKeys("p")
        try await tmux.waitFor("Crew-5")
        try await tmux.waitUntil("Crew-5 selected") { $0.split(separator: "\n").contains { $0.contains("› ") && $0.contains("Crew-5") } }
        try tmux.sendKeys("y")
        let said = try await tmux.waitFor("copied https://")
        let copied = try #require(tmux.clipboard, "no buffer:\n\(said)")
        #expect(copied.hasPrefix("https://"), "\(copied)")
        #expect(said.contains("copied \(copied)"), "the status line says what: \(said)")

        // A rocket's page: its Wikipedia page.
        try tmux.sendKeys("2")
        try await tmux.waitFor("Falcon 1")
        try tmux.sendKeys("Enter")
        try await tmux.waitFor("image 1/")
        try tmux.sendKeys("y")
        try await tmux.waitFor("copied https://en.wikipedia.org/")
        #expect(tmux.clipboard?.hasPrefix("https://en.wikipedia.org/") == true, "\(tmux.clipboard ?? "none")")
    }
}
