import Foundation

/// What the user chose and expects to find next time.
public struct Preferences: Sendable, Hashable, Codable {
    public var units: UnitPreferences
    /// Whether the app takes the mouse (`m`). Off by default: while an app has the mouse, the
    /// terminal can neither select text nor open the links it shows, which tminus is full of
    /// (webcasts, press kits), and everything the mouse does has a key. A saved choice is kept.
    public var mouse: Bool
    /// How long before a watched launch's NET the app alerts, in minutes (empty: none).
    public var reminders: [Int] = Preferences.defaultReminders
    /// Whether the one-line next-launch banner is pinned under the tab bar (`b`).
    public var banner = false
    /// The theme chosen with `t`; nil until the user chooses one (then config.toml's applies).
    public var theme: ThemeChoice?
    /// What the user follows, as chosen with `P`; nil until chosen (then config.toml's
    /// `[follow]` applies). The subcommands read it too.
    public var follow: Follow?
    /// What Launch Library 2 calls the followed names (learned from the launches seen).
    public var followIDs = FollowIDs()

    public init(units: UnitPreferences = UnitPreferences(), mouse: Bool = false, theme: ThemeChoice? = nil) {
        self.units = units; self.mouse = mouse; self.theme = theme
    }

    enum CodingKeys: String, CodingKey { case units, mouse, reminders, banner, theme, follow, followIDs = "follow_ids" }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        units = try c.decodeIfPresent(UnitPreferences.self, forKey: .units) ?? UnitPreferences()
        // A file without it has no choice to keep (it is from before the mouse): the default.
        mouse = try c.decodeIfPresent(Bool.self, forKey: .mouse) ?? Preferences.defaults.mouse
        // Files from before the banner: off.
        banner = try c.decodeIfPresent(Bool.self, forKey: .banner) ?? false
        // Files from before reminders: the default lead times.
        // Read as numbers first, so `1.5` or `0` is named as what is wrong with it.
        let minutes = try c.decodeIfPresent([Double].self, forKey: .reminders) ?? Self.defaultReminders.map(Double.init)
        if let bad = minutes.first(where: { $0.rounded() != $0 || !(Double(Self.reminderRange.lowerBound)...Double(Self.reminderRange.upperBound)).contains($0) }) {
            let shown = bad.rounded() == bad && abs(bad) < 1e15 ? String(Int(bad)) : String(bad)
            throw InvalidValue(message: "reminders must be whole minutes from \(Self.reminderRange.lowerBound) to \(Self.reminderRange.upperBound), not \(shown)")
        }
        reminders = minutes.map { Int($0) }
        // Files from before themes: none chosen. A word this version does not know (a newer
        // version's theme) is no choice either, rather than a corrupt file.
        theme = (try? c.decodeIfPresent(String.self, forKey: .theme)).flatMap { $0 }.flatMap(ThemeChoice.init(word:))
        // Files from before following: nothing chosen, nothing learned.
        follow = try c.decodeIfPresent(Follow.self, forKey: .follow)
        followIDs = (try? c.decodeIfPresent(FollowIDs.self, forKey: .followIDs)).flatMap { $0 } ?? FollowIDs()
    }

    // `encode(to:)` is the synthesized one: every field under its key, the theme as its word
    // (`ThemeChoice` encodes its raw value) and left out while none is chosen. Only reading
    // needs rules of its own, for files from older versions.

    /// An hour and ten minutes before NET.
    public static let defaultReminders = [60, 10]
    /// A minute to a week.
    public static let reminderRange = 1...10_080

    /// A value that decodes but makes no sense (the file's problem, like a corrupt one).
    public struct InvalidValue: Error, Sendable { public var message: String }

    public static let defaults = Preferences()

    /// The follow a run starts from: the one chosen with `P`, else config.toml's.
    public func savedFollow(config: Follow) -> Follow { follow ?? config }

    /// `ours` written over `disk` as git writes a config: only what this process changed since
    /// it last loaded or saved (`base`) is taken from it; every other setting stays as
    /// the file has it, so two instances each changing one setting keep both.
    public static func merging(_ ours: Preferences, since base: Preferences, onto disk: Preferences) -> Preferences {
        var out = disk
        func take<T: Equatable>(_ key: WritableKeyPath<Preferences, T>) {
            if ours[keyPath: key] != base[keyPath: key] { out[keyPath: key] = ours[keyPath: key] }
        }
        take(\.units.height); take(\.units.diameter); take(\.units.mass); take(\.units.payload)
        take(\.mouse); take(\.reminders); take(\.banner); take(\.theme); take(\.follow); take(\.followIDs)
        return out
    }
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
    ///
    /// Another tminus may share the file. A save holds a lock (on the folder), reads the
    /// file again and writes only the settings this process changed since it last read or
    /// wrote it (`Preferences.merging`), as git writes its config: A's follow and B's theme,
    /// chosen in two instances, are both there after.
    public static func file(_ url: URL) -> PreferencesStore {
        let base = Base()
        return PreferencesStore(
            load: {
                let loaded = read(url)
                base.value = loaded.preferences
                return loaded
            },
            save: { preferences in
                do {
                    let fm = FileManager.default
                    try PrivateFiles.makeFolder(url.deletingLastPathComponent())
                    // The folder is the lock (flock on its descriptor): no file of its own.
                    let lock = PrivateFiles.open(url.deletingLastPathComponent(), O_RDONLY | O_DIRECTORY)
                    if lock >= 0 { flock(lock, LOCK_EX) }
                    defer { if lock >= 0 { flock(lock, LOCK_UN); close(lock) } }
                    let disk = read(url)
                    if fm.fileExists(atPath: url.path), disk.problem != nil {
                        let aside = url.appendingPathExtension("corrupt")
                        try? fm.removeItem(at: aside)
                        try fm.moveItem(at: url, to: aside)
                    }
                    let merged = Preferences.merging(preferences, since: base.value ?? disk.preferences, onto: disk.preferences)
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                    try encoder.encode(merged).write(to: url, options: .atomic)
                    // What this process holds now: its next save writes what changes after this.
                    base.value = preferences
                    return .success(())
                } catch {
                    return .failure(SaveError(message: "could not save settings to \(url.path): \(error.localizedDescription)"))
                }
            })
    }

    /// The settings as this process last loaded or saved them: what it has changed since is
    /// what differs from them.
    final class Base: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Preferences?
        var value: Preferences? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    static func read(_ url: URL) -> Loaded {
        guard FileManager.default.fileExists(atPath: url.path) else { return Loaded(preferences: .defaults) }
        guard let data = try? Data(contentsOf: url) else {
            return Loaded(preferences: .defaults, problem: "settings file \(url.lastPathComponent) is unreadable; using defaults")
        }
        do {
            return Loaded(preferences: try JSONDecoder().decode(Preferences.self, from: data))
        } catch let invalid as Preferences.InvalidValue {
            return Loaded(preferences: .defaults, problem: "settings file \(url.lastPathComponent) is corrupt (\(invalid.message)); using defaults")
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
