import CFaultyVFS
import Foundation
import Synchronization
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusStore
@testable import TminusViewModel

/// Issue 35, as SQLite tests itself: the app (its view model, over the real SQLite store and a
/// settings file) runs a sequence of favorite, unfavorite and settings changes while a VFS under
/// the database fails the 1st, 2nd, … Nth write in turn (as a full disk does); then seeded random
/// sessions fail writes at random moments. After each run, the database as a new process would
/// open it holds exactly what the screen last confirmed, and whatever was not saved is said.
@Suite(.serialized) struct FaultInjectionTests {
    init() { #expect(tm_faulty_register() == 0) }

    /// One app over a fresh folder: the database and the settings file both fail on the VFS's word.
    struct Run {
        let dir: TempDir
        let harness: Harness
        var prefix: String { dir.url.path }
        var settingsFile: URL { dir.file("settings.json") }

        init(_ label: String) throws {
            dir = try TempDir(label)
            let prefix = dir.url.path
            let file = PreferencesStore.file(dir.file("settings.json"))
            // The settings are a JSON file, not SQLite: its write asks the same countdown.
            let settings = PreferencesStore(load: file.load, save: { preferences in
                if prefix.withCString({ tm_faulty_check($0) }) != 0 {
                    return .failure(.init(message: "could not save settings to \(prefix)/settings.json: disk full"))
                }
                return await file.save(preferences)
            })
            let source = ScriptedSource(upcoming: Sample.launches(5, upcoming: true), rockets: Sample.Rockets.all)
            harness = Harness(source: source, preferences: settings,
                              favorites: .sqlite(at: dir.database, now: { Sample.reference }))
        }

        /// What a new process finds: the database opened afresh (read only, so the check
        /// itself writes nothing the countdown would count), the settings file read.
        func afterRestart() throws -> (Favorites, Preferences) {
            let favorites = try FavoritesDatabase(url: dir.database, readOnly: true).load()
            return (favorites, PreferencesStore.file(settingsFile).load().preferences)
        }

        /// The screen's last word on the favorites equals the database's, and anything not
        /// saved is both kept and said.
        func check(_ context: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let (stored, settings) = try afterRestart()
            let state = harness.state
            #expect(stored == state.favorites.items, "\(context): the database is not what the screen confirmed",
                    sourceLocation: sourceLocation)
            let unsaved = UnsavedWork(state)
            if unsaved.isEmpty {
                #expect(settings == state.preferences, "\(context): settings said saved but the file differs", sourceLocation: sourceLocation)
            } else {
                let message = StatusLine.message(state)?.text ?? ""
                #expect(message.contains("waiting"), "\(context): \(unsaved.count) unsaved, the status line says \(message)",
                        sourceLocation: sourceLocation)
                #expect(StandingFault.marker(state)?.text == "! \(unsaved.count) unsaved", sourceLocation: sourceLocation)
            }
        }
    }

    /// The sequence: watch two launches, unwatch one, the banner on (a settings write), save two
    /// rockets, remove one on the Favorites tab and put it back, the banner off.
    static let sequence: [Key] = [
        .character("f"), .character("j"), .character("f"), .character("f"), .character("b"),
        .character("2"), .character("f"), .character("j"), .character("f"),
        .character("3"), .character("x"), .character("u"), .character("b"),
    ]

    @Test(.timeLimit(.minutes(5)))
    func failingEachWriteInTurnLosesNothingTheScreenConfirmed() async throws {
        var n = 0
        var runsWithAFailure = 0
        while true {
            let run = try Run("fault-\(n)")
            defer { run.dir.remove() }
            let h = await run.harness.started()
            tm_faulty_arm(run.prefix, Int32(n), 1)  // the (n+1)th write from here fails, once
            for (step, key) in Self.sequence.enumerated() {
                await h.press(key)
                try await run.check("write \(n + 1) failed, step \(step + 1)")
            }
            let failed = Int(tm_faulty_failures(run.prefix))
            tm_faulty_disarm(run.prefix)
            if failed == 0 { break }  // the sequence has fewer writes than that: done
            runsWithAFailure += 1
            // Then the disk has room again: the waiting change goes by itself, and all is saved.
            run.harness.clock.advance(by: AppReducer.favoritesRetryInterval)
            h.viewModel.handle(.tick)
            await h.viewModel.settle()
            #expect(UnsavedWork(h.state).isEmpty, "write \(n + 1): still unsaved after the retry")
            try await run.check("write \(n + 1) failed, then retried")
            n += 1
        }
        #expect(runsWithAFailure >= 13, "each change is at least one write: \(runsWithAFailure)")
        print("fault injection: the sequence makes \(n) writes; each failed in turn, nothing confirmed was lost")
    }

    static let sessions = 150

    @Test(.timeLimit(.minutes(5)))
    func randomSessionsWithRandomFailuresLoseNothingTheScreenConfirmed() async throws {
        let keys: [Key] = [.character("f"), .character("j"), .character("k"), .character("1"), .character("2"),
                           .character("3"), .character("x"), .character("u"), .character("b"), .character("r")]
        for seed in 0..<UInt64(Self.sessions) {
            var random = SeededGenerator(seed: seed)
            let run = try Run("random-\(seed)")
            defer { run.dir.remove() }
            let h = await run.harness.started()
            var log: [String] = []
            for _ in 0..<Int.random(in: 10...40, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0:
                    let pass = Int.random(in: 0...20, using: &random)
                    let once = Bool.random(using: &random)
                    tm_faulty_arm(run.prefix, Int32(pass), once ? 1 : 0)
                    log.append("fail after \(pass)\(once ? " once" : "")")
                case 1:
                    tm_faulty_disarm(run.prefix)
                    log.append("room again")
                case 2:
                    run.harness.clock.advance(by: Double(Int.random(in: 1...8, using: &random)))
                    h.viewModel.handle(.tick)
                    await h.viewModel.settle()
                    log.append("tick")
                default:
                    let key = keys.randomElement(using: &random)!
                    await h.press(key)
                    log.append("\(key)")
                }
                try await run.check("seed \(seed): \(log.suffix(12))")
            }
        }
    }
}
