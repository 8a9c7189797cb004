import Foundation

/// What the user chose and expects to find next time.
public struct Preferences: Sendable, Hashable, Codable {
    public var units: UnitPreferences

    public init(units: UnitPreferences = UnitPreferences()) { self.units = units }

    enum CodingKeys: String, CodingKey { case units }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        units = try c.decodeIfPresent(UnitPreferences.self, forKey: .units) ?? UnitPreferences()
    }

    public static let defaults = Preferences()
}

/// Reads and writes the preferences file, as a struct of closures: the live value uses
/// `<config>/settings.json`, tests keep them in memory.
public struct PreferencesStore: Sendable {
    public struct Loaded: Sendable {
        public var preferences: Preferences
        /// Why the file could not be used (shown in the status line); nil when all is well.
        public var problem: String?
        public init(preferences: Preferences, problem: String? = nil) { self.preferences = preferences; self.problem = problem }
    }

    public var load: @Sendable () -> Loaded
    public var save: @Sendable (Preferences) async -> Result<Void, SaveError>

    public struct SaveError: Error, Sendable, Hashable {
        public var message: String
        public init(message: String) { self.message = message }
    }

    public init(load: @escaping @Sendable () -> Loaded,
                save: @escaping @Sendable (Preferences) async -> Result<Void, SaveError>) {
        self.load = load; self.save = save
    }

    /// A file of JSON. A missing file is the defaults; an unreadable or corrupt one is the
    /// defaults plus a problem to show, and it is left as it is until the user changes a
    /// setting — then it is moved aside (`settings.json.corrupt`, never deleted) and a fresh
    /// file is written with a temporary file and a rename, so a crash mid-write leaves the old
    /// file or the new one, never half of one.
    public static func file(_ url: URL) -> PreferencesStore {
        PreferencesStore(
            load: { read(url) },
            save: { preferences in
                do {
                    let fm = FileManager.default
                    try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    if fm.fileExists(atPath: url.path), read(url).problem != nil {
                        let aside = url.appendingPathExtension("corrupt")
                        try? fm.removeItem(at: aside)
                        try fm.moveItem(at: url, to: aside)
                    }
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                    try encoder.encode(preferences).write(to: url, options: .atomic)
                    return .success(())
                } catch {
                    return .failure(SaveError(message: "could not save settings to \(url.path): \(error.localizedDescription)"))
                }
            })
    }

    static func read(_ url: URL) -> Loaded {
        guard FileManager.default.fileExists(atPath: url.path) else { return Loaded(preferences: .defaults) }
        guard let data = try? Data(contentsOf: url) else {
            return Loaded(preferences: .defaults, problem: "settings file \(url.lastPathComponent) is unreadable; using defaults")
        }
        do {
            return Loaded(preferences: try JSONDecoder().decode(Preferences.self, from: data))
        } catch {
            return Loaded(preferences: .defaults,
                          problem: "settings file \(url.lastPathComponent) is corrupt (\(data.isEmpty ? "empty file" : JSONProblem.describe(error, byteCount: data.count))); using defaults")
        }
    }

    /// Keeps everything in memory: for tests and `--offline` experiments.
    public static func inMemory(_ initial: Loaded = Loaded(preferences: .defaults)) -> PreferencesStore {
        let box = SavedBox(initial)
        return PreferencesStore(load: { box.value }, save: { p in box.value = Loaded(preferences: p); return .success(()) })
    }

    final class SavedBox: @unchecked Sendable {
        // Guarded by the lock; tests read it from their own task.
        private let lock = NSLock()
        private var stored: Loaded
        init(_ value: Loaded) { stored = value }
        var value: Loaded {
            get { lock.lock(); defer { lock.unlock() }; return stored }
            set { lock.lock(); stored = newValue; lock.unlock() }
        }
    }
}

extension AppPaths {
    public var settingsFile: URL { config.appending(path: "settings.json") }
}
