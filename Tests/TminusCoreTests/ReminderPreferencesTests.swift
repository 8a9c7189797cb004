import Foundation
import Testing
import TminusCore

/// The `reminders` preference: minutes before a watched launch's NET, [60, 10] unless the
/// settings file says otherwise.
struct ReminderPreferencesTests {
    /// Writes `json` to a fresh settings file and loads it.
    func load(_ json: String) throws -> PreferencesStore.Loaded {
        let root = FileManager.default.temporaryDirectory.appending(path: "tminus-reminders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appending(path: "settings.json")
        try Data(json.utf8).write(to: file)
        return PreferencesStore.file(file).load()
    }

    @Test func theDefaultsAreAnHourAndTenMinutes() {
        #expect(Preferences.defaults.reminders == [60, 10])
    }

    @Test func aFileFromBeforeRemindersReadsAsTheDefault() throws {
        let loaded = try load(#"{"units": {"height": "imperial", "diameter": "metric", "mass": "metric", "payload": "metric"}}"#)
        #expect(loaded.problem == nil)
        #expect(loaded.preferences.reminders == [60, 10])
        #expect(loaded.preferences.units.height == .imperial, "the rest of the file still counts")
    }

    @Test func chosenLeadTimesAreRead() throws {
        let loaded = try load(#"{"reminders": [120, 30, 5]}"#)
        #expect(loaded.problem == nil)
        #expect(loaded.preferences.reminders == [120, 30, 5])
    }

    @Test func anEmptyListTurnsRemindersOff() throws {
        let loaded = try load(#"{"reminders": []}"#)
        #expect(loaded.problem == nil)
        #expect(loaded.preferences.reminders == [])
    }

    @Test(arguments: [0, -5, 10_081])
    func aLeadOutOfRangeIsAProblemAndTheDefaults(minutes: Int) throws {
        let loaded = try load(#"{"reminders": [60, \#(minutes)]}"#)
        #expect(loaded.preferences == .defaults)
        #expect(loaded.problem == "settings file settings.json is corrupt (reminders must be whole minutes from 1 to 10080, not \(minutes)); using defaults")
    }

    @Test func aFractionOfAMinuteIsAProblem() throws {
        let loaded = try load(#"{"reminders": [1.5]}"#)
        #expect(loaded.preferences == .defaults)
        #expect(loaded.problem == "settings file settings.json is corrupt (reminders must be whole minutes from 1 to 10080, not 1.5); using defaults")
    }

    @Test func aLeadThatIsNotANumberIsAProblem() throws {
        for json in [#"{"reminders": ["ten"]}"#, #"{"reminders": 10}"#, #"{"reminders": [1e300]}"#] {
            let loaded = try load(json)
            #expect(loaded.preferences == .defaults, "\(json)")
            let problem = try #require(loaded.problem, "\(json)")
            #expect(problem.hasPrefix("settings file settings.json is corrupt (") && problem.contains("reminders"), "\(json): \(problem)")
        }
    }

    @Test func remindersSurviveASave() async throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "tminus-reminders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appending(path: "settings.json")
        var preferences = Preferences.defaults
        preferences.reminders = [15]
        #expect(try await PreferencesStore.file(file).save(preferences).get() == ())
        let loaded = PreferencesStore.file(file).load()
        #expect(loaded.problem == nil)
        #expect(loaded.preferences.reminders == [15])
    }
}
