import Foundation
import Testing
import TminusCore

/// `PreferencesStore.file` against real files in a fresh temporary directory.
struct PreferencesStoreTests {
    /// A directory of its own, removed (permissions restored first) when the test ends.
    final class Scratch {
        let root: URL
        init() throws {
            root = FileManager.default.temporaryDirectory.appending(path: "tminus-prefs-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }
        deinit {
            if let items = FileManager.default.enumerator(atPath: root.path) {
                for case let item as String in items {
                    try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.appending(path: item).path)
                }
            }
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
            try? FileManager.default.removeItem(at: root)
        }
        var settings: URL { root.appending(path: "settings.json") }
        var aside: URL { root.appending(path: "settings.json.corrupt") }
        func contents() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        }
    }

    static let isRoot = getuid() == 0
    static let imperialHeightAndMass = Preferences(units: UnitPreferences(height: .imperial, mass: .imperial))

    func decoded(_ url: URL) throws -> Preferences {
        try JSONDecoder().decode(Preferences.self, from: Data(contentsOf: url))
    }

    @Test func aMissingFileIsTheDefaultsWithoutAProblem() throws {
        let dir = try Scratch()
        let loaded = PreferencesStore.file(dir.settings).load()
        #expect(loaded.preferences == .defaults)
        #expect(loaded.preferences.units == UnitPreferences(height: .metric, diameter: .metric, mass: .metric, payload: .metric))
        #expect(loaded.problem == nil)
        #expect(try dir.contents() == [], "loading creates nothing")
    }

    @Test func saveThenLoadInAFreshStore() async throws {
        let dir = try Scratch()
        let saved = await PreferencesStore.file(dir.settings).save(Self.imperialHeightAndMass)
        #expect(saved.failureMessage == nil)

        let loaded = PreferencesStore.file(dir.settings).load()
        #expect(loaded.preferences == Self.imperialHeightAndMass)
        #expect(loaded.preferences.units.diameter == .metric)
        #expect(loaded.problem == nil)
        #expect(try dir.contents() == ["settings.json"], "no temporary file left behind, nothing moved aside")

        let text = String(decoding: try Data(contentsOf: dir.settings), as: UTF8.self)
        #expect(text.contains(#""height" : "imperial""#))
        #expect(text.contains(#""diameter" : "metric""#))
    }

    /// Two instances on one settings file, each changing one setting: both are kept, as git
    /// keeps two `git config` writes. A's follow, B's theme, then A's units: nothing of B's lost.
    @Test func twoInstancesKeepEachOthersChoices() async throws {
        let dir = try Scratch()
        let a = PreferencesStore.file(dir.settings), b = PreferencesStore.file(dir.settings)
        var ours = a.load().preferences, theirs = b.load().preferences
        ours.follow = Follow(providers: ["SpaceX"])
        #expect(await a.save(ours).failureMessage == nil)
        theirs.theme = .light
        #expect(await b.save(theirs).failureMessage == nil)
        var both = try decoded(dir.settings)
        #expect(both.follow == Follow(providers: ["SpaceX"]) && both.theme == .light, "\(both)")
        ours.units.height = .imperial
        #expect(await a.save(ours).failureMessage == nil)
        both = try decoded(dir.settings)
        #expect(both.follow == Follow(providers: ["SpaceX"]) && both.theme == .light && both.units.height == .imperial, "\(both)")
        #expect(try dir.contents() == ["settings.json"])
        // What an instance changes back is changed back.
        theirs.theme = nil
        #expect(await b.save(theirs).failureMessage == nil)
        #expect(try decoded(dir.settings).theme == nil)
        #expect(try decoded(dir.settings).follow == Follow(providers: ["SpaceX"]))
    }

    @Test func savingAgainReplacesTheFile() async throws {
        let dir = try Scratch()
        let store = PreferencesStore.file(dir.settings)
        _ = await store.save(Self.imperialHeightAndMass)
        let second = Preferences(units: UnitPreferences(payload: .imperial))
        #expect(await store.save(second).failureMessage == nil)
        #expect(store.load().preferences == second)
        #expect(try dir.contents() == ["settings.json"], "a good file is replaced, not moved aside")
    }

    enum Corruption: String, CaseIterable, CustomTestStringConvertible {
        case garbageBytes, truncatedJSON, wrongTypes, unknownUnit, topLevelArray, emptyFile, thousandsOfFollowedNames

        var bytes: Data {
            switch self {
            case .garbageBytes: Data([0xFF, 0xFE, 0x00, 0x1B, 0x5B, 0x32, 0x4A, 0x80, 0x81])
            case .truncatedJSON: Data(#"{"units": {"height": "imper"#.utf8)
            case .wrongTypes: Data(#"{"units": {"height": 5, "diameter": true, "mass": null, "payload": []}}"#.utf8)
            case .unknownUnit: Data(#"{"units": {"height": "furlongs", "diameter": "metric", "mass": "metric", "payload": "metric"}}"#.utf8)
            case .topLevelArray: Data(#"["metric"]"#.utf8)
            case .emptyFile: Data()
            case .thousandsOfFollowedNames:
                Data(("{\"follow\": {\"providers\": [" + (0..<10_000).map { "\"Provider \($0)\"" }.joined(separator: ",") + "]}}").utf8)
            }
        }

        /// The phrase in parentheses after "is corrupt".
        var reason: String {
            switch self {
            case .garbageBytes, .truncatedJSON: "malformed or truncated JSON"
            case .wrongTypes: "unexpected value at units.height"
            case .unknownUnit: "unreadable field units.height"
            case .topLevelArray: "unexpected value at top level"
            case .emptyFile: "empty file"
            case .thousandsOfFollowedNames: "follow.providers lists 10000 names; at most 100"
            }
        }

        var testDescription: String { rawValue }
    }

    @Test(arguments: Corruption.allCases)
    func aCorruptFileIsTheDefaultsPlusAProblemAndIsLeftAlone(corruption: Corruption) throws {
        let dir = try Scratch()
        try corruption.bytes.write(to: dir.settings)

        let loaded = PreferencesStore.file(dir.settings).load()
        #expect(loaded.preferences == .defaults)
        #expect(loaded.problem == "settings file settings.json is corrupt (\(corruption.reason)); using defaults")
        #expect(try Data(contentsOf: dir.settings) == corruption.bytes, "loading never rewrites the file")
        #expect(try dir.contents() == ["settings.json"], "loading moves nothing aside")
    }

    @Test(arguments: Corruption.allCases)
    func savingMovesTheCorruptFileAsideWithItsBytes(corruption: Corruption) async throws {
        let dir = try Scratch()
        try corruption.bytes.write(to: dir.settings)
        let store = PreferencesStore.file(dir.settings)
        #expect(store.load().problem != nil)

        let result = await store.save(Self.imperialHeightAndMass)
        #expect(result.failureMessage == nil)
        #expect(try dir.contents() == ["settings.json", "settings.json.corrupt"])
        #expect(try Data(contentsOf: dir.aside) == corruption.bytes, "the old file is kept byte for byte")
        #expect(try decoded(dir.settings) == Self.imperialHeightAndMass)
        let reloaded = PreferencesStore.file(dir.settings).load()
        #expect(reloaded.problem == nil)
        #expect(reloaded.preferences == Self.imperialHeightAndMass)
    }

    @Test func aNewerCorruptFileReplacesAnOlderOneAside() async throws {
        let dir = try Scratch()
        try Data("old junk".utf8).write(to: dir.aside)
        try Data("new junk".utf8).write(to: dir.settings)
        #expect(await PreferencesStore.file(dir.settings).save(.defaults).failureMessage == nil)
        #expect(try Data(contentsOf: dir.aside) == Data("new junk".utf8))
        #expect(try decoded(dir.settings) == .defaults)
    }

    @Test func aDirectoryInThePlaceOfTheFile() async throws {
        let dir = try Scratch()
        try FileManager.default.createDirectory(at: dir.settings, withIntermediateDirectories: false)
        try Data("inside".utf8).write(to: dir.settings.appending(path: "note.txt"))

        let loaded = PreferencesStore.file(dir.settings).load()
        #expect(loaded.preferences == .defaults)
        #expect(loaded.problem == "settings file settings.json is unreadable; using defaults")

        let result = await PreferencesStore.file(dir.settings).save(Self.imperialHeightAndMass)
        #expect(result.failureMessage == nil)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: dir.aside.path, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue, "the directory itself is moved aside, with what it held")
        #expect(try Data(contentsOf: dir.aside.appending(path: "note.txt")) == Data("inside".utf8))
        #expect(try decoded(dir.settings) == Self.imperialHeightAndMass)
    }

    @Test(.disabled(if: isRoot, "root reads any file"))
    func anUnreadableFile() async throws {
        let dir = try Scratch()
        let good = try JSONEncoder().encode(Self.imperialHeightAndMass)
        try good.write(to: dir.settings)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: dir.settings.path)

        let loaded = PreferencesStore.file(dir.settings).load()
        #expect(loaded.preferences == .defaults)
        #expect(loaded.problem == "settings file settings.json is unreadable; using defaults")
        let attributes = try FileManager.default.attributesOfItem(atPath: dir.settings.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0, "load leaves the file as it was")

        let result = await PreferencesStore.file(dir.settings).save(.defaults)
        #expect(result.failureMessage == nil)
        #expect(try dir.contents() == ["settings.json", "settings.json.corrupt"])
        #expect(try decoded(dir.settings) == .defaults)
    }

    @Test func savingIntoAMissingDirectoryCreatesIt() async throws {
        let dir = try Scratch()
        let nested = dir.root.appending(path: "config/tminus/settings.json")
        let result = await PreferencesStore.file(nested).save(Self.imperialHeightAndMass)
        #expect(result.failureMessage == nil)
        #expect(try decoded(nested) == Self.imperialHeightAndMass)
        #expect(PreferencesStore.file(nested).load().preferences == Self.imperialHeightAndMass)
    }

    @Test func savingWhereTheDirectoryIsAFileFails() async throws {
        let dir = try Scratch()
        let blocker = dir.root.appending(path: "config")
        try Data("a file, not a directory".utf8).write(to: blocker)
        let target = blocker.appending(path: "settings.json")

        let result = await PreferencesStore.file(target).save(Self.imperialHeightAndMass)
        guard case .failure(let error) = result else {
            Issue.record("saving under a regular file succeeded")
            return
        }
        #expect(error.message.hasPrefix("could not save settings to \(target.path): "))
        #expect(error.message.count > "could not save settings to \(target.path): ".count, "says why")
        #expect(try Data(contentsOf: blocker) == Data("a file, not a directory".utf8))
    }

    @Test(.disabled(if: isRoot, "root writes anywhere"))
    func savingIntoAReadOnlyDirectoryFails() async throws {
        let dir = try Scratch()
        let locked = dir.root.appending(path: "locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
        let target = locked.appending(path: "settings.json")

        let result = await PreferencesStore.file(target).save(Self.imperialHeightAndMass)
        guard case .failure(let error) = result else {
            Issue.record("saving into a read-only directory succeeded")
            return
        }
        #expect(error.message.hasPrefix("could not save settings to \(target.path): "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path) == [])
    }

    @Test func theInMemoryStoreKeepsWhatWasSaved() async {
        let store = PreferencesStore.inMemory(.init(preferences: .defaults, problem: "settings file settings.json is unreadable; using defaults"))
        #expect(store.load().problem == "settings file settings.json is unreadable; using defaults")
        #expect(await store.save(Self.imperialHeightAndMass).failureMessage == nil)
        #expect(store.load().preferences == Self.imperialHeightAndMass)
        #expect(store.load().problem == nil, "a save replaces the problem")
    }

    @Test func theSettingsFileLivesInTheConfigDirectory() throws {
        let paths = AppPaths(root: URL(fileURLWithPath: "/tmp/tminus-data"))
        #expect(paths.settingsFile.path == "/tmp/tminus-data/config/settings.json")
    }
}

extension Result where Success == Void, Failure == PreferencesStore.SaveError {
    /// Nil for a successful save, else what the app would show.
    var failureMessage: String? {
        if case .failure(let error) = self { return error.message }
        return nil
    }
}
