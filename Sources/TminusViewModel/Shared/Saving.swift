import Foundation
import TminusCore

/// Whether the settings file holds what the user chose: a failed save keeps the choice for
/// this run, says why, and is tried again until it goes through (or reported at exit).
public struct SettingsSaving: Sendable, Hashable {
    /// Why the last save failed; nil once the file holds the settings.
    public var fault: String?
    public var retryAt: Date?
    /// How many changes the user has made this run (each a save asked).
    public var edits = 0
    public init() {}
}

/// What the user asked for that is not on disk, as the app stands: the standing marker on
/// every tab, the status line's first message, and the report at exit. "Saved" is said only
/// once the database or the file holds it; until then this says what waits and why.
public struct UnsavedWork: Sendable, Hashable {
    /// The favorites changes still waiting, oldest first.
    public var favorites: [FavoritesWrite]
    /// The settings, when the file does not hold them.
    public var settings: Preferences?
    /// Why, in words: the last failure.
    public var reason: String?

    /// Copies left by earlier runs whose changes are among these: replaced by the new copy.
    public var carriedFrom: [URL]

    public init(_ state: AppState) {
        favorites = state.favorites.waiting
        settings = state.settingsSaving.fault == nil ? nil : state.preferences
        reason = state.favorites.fault?.reason ?? state.settingsSaving.fault
        carriedFrom = state.session.rescueFiles
    }

    public var isEmpty: Bool { favorites.isEmpty && settings == nil }
    /// How many things wait (the settings count as one).
    public var count: Int { favorites.count + (settings == nil ? 0 : 1) }

    /// `save Falcon 9, stop watching Starlink 4-13, your settings`
    public var list: String {
        (favorites.map(\.what) + (settings == nil ? [] : ["your settings"])).joined(separator: ", ")
    }
}

extension AppReducer {
    mutating func receivedSettingsSaved(_ result: Result<Void, PreferencesStore.SaveError>) {
        switch result {
        case .success:
            state.settingsSaving = SettingsSaving()
            state.settingsFileProblem = false
        case .failure(let error):
            state.settingsSaving.fault = error.message
            state.settingsSaving.retryAt = now.addingTimeInterval(Self.favoritesRetryInterval)
            state.notice = Notice(error.message, level: .error)
            effects.append(.log("settings: \(error.message)"))
        }
    }

    /// Another tminus may have changed the settings file: read it again on a tab switch, after
    /// this app's own writes (unless one is failing: its change must not be read over).
    mutating func noticeSettingsOfAnotherInstance() {
        guard state.settingsSaving.fault == nil else { return }
        effects.append(.reloadPreferences(edits: state.settingsSaving.edits))
    }

    /// The file as another tminus left it: what differs from this app's settings is applied and
    /// said (`settings changed in another tminus: theme, follow`), unless the user changed a
    /// setting since it was asked for, or the run's flags fix it (`--theme`, `--provider`).
    mutating func receivedSettingsReloaded(_ loaded: PreferencesStore.Loaded, edits: Int) {
        guard loaded.problem == nil, edits == state.settingsSaving.edits, state.settingsSaving.fault == nil else { return }
        let new = loaded.preferences, old = state.preferences
        guard new != old else { return }
        var changed: [String] = []
        state.preferences = new
        if new.units != old.units { changed.append("units") }
        if new.reminders != old.reminders { changed.append("reminders") }
        if new.banner != old.banner { changed.append("banner") }
        if new.mouse != old.mouse {
            state.session.lastClick = nil
            effects.append(.setMouse(new.mouse))
            changed.append("mouse")
        }
        if new.theme != old.theme, !context.themeFixed {
            state.theme.choice = new.theme ?? context.configTheme ?? .auto
            changed.append("theme")
        }
        if new.follow != old.follow, !context.followFixed {
            let follow = new.savedFollow(config: context.configFollow)
            changeFollow { state in
                state.follow = follow
                state.followServer = state.preferences.followIDs.server(for: follow)
                state.showsEverything = false
            }
            changed.append("follow")
        }
        guard !changed.isEmpty else { return }
        show(Notice("settings changed in another tminus: " + changed.joined(separator: ", ")))
    }

    /// The settings go again, as they are now, when their time comes.
    mutating func retrySettingsIfDue() {
        guard let at = state.settingsSaving.retryAt, at <= now else { return }
        state.settingsSaving.retryAt = nil
        effects.append(.savePreferences(state.preferences))
    }
}

/// The words of a standing fault: on the tab bar (short) and first in the status line.
enum StandingFault {
    /// The tab bar's marker, on every tab: `! 2 unsaved`, `! favorites unreadable`,
    /// `favorites read-only`; nil when all is well. (`isError` draws it in the failure colour.)
    static func marker(_ state: AppState) -> (text: String, isError: Bool)? {
        let unsaved = UnsavedWork(state)
        if !unsaved.isEmpty { return ("! \(unsaved.count) unsaved", true) }
        if state.favorites.loadFault != nil { return ("! favorites unreadable", true) }
        if let reason = state.favorites.readOnly { return (refusalWords(reason), false) }
        return nil
    }

    /// The tab bar's short words for why writes are refused.
    static func refusalWords(_ reason: String) -> String {
        if reason.contains("read-only") { return "favorites read-only" }
        if reason.contains("disk full") { return "favorites: disk full" }
        if reason.contains("locked") { return "favorites locked" }
        return "favorites not writable"
    }

    /// The status line's message while something the user asked for is at risk: it outranks
    /// passing notices, a data error and the offline line, on every tab.
    static func message(_ state: AppState) -> Notice? {
        variants(state).first.map { Notice($0, level: .error) }
    }

    /// The message's words, longest first, for a narrow status line: the cause (`disk full`)
    /// is in every one of them, so a narrow terminal shortens the rest, never the cause.
    /// `countFirst` (the tab bar has no room for the marker): the words that say how many wait
    /// go before the ones that name what failed.
    static func variants(_ state: AppState, countFirst: Bool = false) -> [String] {
        let unsaved = UnsavedWork(state)
        let retry = retryWords(state)
        if !unsaved.isEmpty {
            let cause = state.favorites.fault?.words ?? state.settingsSaving.fault ?? "could not save"
            let reason = state.favorites.fault?.reason ?? "the settings file cannot be written"
            let waiting = unsaved.count == 1 ? "1 change waiting" : "\(unsaved.count) changes waiting"
            let counted = "could not save: \(reason) · \(unsaved.count) waiting"
            return ["\(cause) — \(waiting), \(retry)", "\(cause) — \(waiting)"]
                + (countFirst ? [counted, cause] : [cause, counted]) + ["not saved: \(reason)"]
        }
        if let fault = state.favorites.loadFault {
            return ["could not read your favorites: \(fault.reason) — \(retry)", "could not read your favorites: \(fault.reason)",
                    "favorites unreadable: \(fault.reason)"]
        }
        return []
    }

    /// `retrying in 4 s`, or `retried when it can be written` while the database is read-only.
    static func retryWords(_ state: AppState) -> String {
        let at = [state.favorites.retryAt, state.settingsSaving.retryAt].compactMap { $0 }.min()
        guard let at else { return "retrying" }
        return "retrying in \(Formatting.duration(max(0, at.timeIntervalSince(state.now))))"
    }
}

/// What earlier runs left unsaved, as read at start.
public struct Leftover: Sendable, Hashable {
    public var writes: [FavoritesWrite]
    public var files: [URL]
    public init(writes: [FavoritesWrite] = [], files: [URL] = []) { self.writes = writes; self.files = files }

    /// The favorites changes in the copies at `files` (oldest first: a later change to the same
    /// favorite wins); a file that cannot be read is left alone and not counted.
    public static func read(_ files: [URL]) -> Leftover {
        struct Copy: Decodable { var favorites: [FavoritesWrite] }
        var leftover = Leftover()
        for file in files.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            guard let data = try? Data(contentsOf: file),
                  let copy = try? JSONDecoder.rescue.decode(Copy.self, from: data) else { continue }
            for write in copy.favorites {
                leftover.writes.removeAll { $0.change.key == write.change.key }
                leftover.writes.append(write)
            }
            leftover.files.append(file)
        }
        return leftover
    }
}

extension JSONDecoder {
    static var rescue: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

extension UnsavedWork {
    /// The copy written at exit: each waiting change whole (the rocket, launch or event as the
    /// database would have kept it) and the settings, as JSON a person or a later tminus can read.
    public var json: Data {
        struct Copy: Encodable {
            var note = "tminus could not save these; they are kept here so nothing is lost"
            var reason: String?
            var favorites: [FavoritesWrite]
            var settings: Preferences?
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(Copy(reason: reason, favorites: favorites, settings: settings))) ?? Data("{}".utf8)
    }

    /// What stderr says at exit: what was not saved, why, and where the copy is.
    public func report(copy: URL?) -> String {
        var lines = ["tminus: \(count == 1 ? "1 change was" : "\(count) changes were") not saved\(reason.map { " (\($0))" } ?? ""): \(list)"]
        if let copy {
            lines.append("tminus: a copy is in \(copy.path)")
        } else {
            lines.append("tminus: no copy could be written anywhere")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
