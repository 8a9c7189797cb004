import Foundation
import Testing

/// `c` in the app: the selected launch as an `.ics` file in the download folder
/// (`--data-dir DIR` → `DIR/downloads`), and the status line saying where.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct CalendarTests {
    @Test func cSavesTheSelectedLaunchAndSaysWhere() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-calendar", defaults: AppRig.galaxyEve + ["--no-images"], frozenAt: AppRig.galaxyEveInstant)
        let tmux = try await rig.start()
        try tmux.sendKeys("c")
        let file = rig.dataDir.appending(path: "downloads/tminus-galaxy-33-15r-34-12r-633f71240531.ics")
        // At 100 columns, with the test's long folder, the folder first and then the file's
        // name as far as it fits: both are said (issue 37: a narrow line dropped the folder).
        let screen = try await tmux.waitFor("saved in \(rig.dataDir.path)/downloads: tminus-galaxy-33", timeout: .seconds(15))
        #expect(!screen.contains("calendar event saved: tminus-galaxy-33-15r-34-12r-633f71240531.i…"), "\(screen)")
        let ics = try String(contentsOf: file, encoding: .utf8)
        #expect(ics.contains("UID:633f71240531f07b4fdf59bb@tminus\r\n"))
        #expect(ics.contains("DTSTART:20221008T230500Z\r\nDTEND:20221009T000500Z\r\n"))

        // A launch known only to the month: said, not saved.
        try tmux.sendKeys("j", "j", "j")
        try await tmux.waitUntil("Starlink 4-37 selected") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("›") && $0.contains("Starlink 4-37") }
        }
        try tmux.sendKeys("c")
        try await tmux.waitFor("no day to put in a calendar yet (NET 2022-11)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(saved == [file.lastPathComponent])
    }
}
