import Foundation

/// What the reducer remembers between events that the screen does not show. It is state like
/// the rest (so every behaviour stays a function of state and event), kept apart from what
/// the renderer reads.
public struct SessionMemory: Sendable, Hashable {
    /// Favorites as they will be once the queued store calls are through (see `toggleWatch`).
    var pendingFavorites = PendingFavorites()
    /// Reminders already set off this run (see `checkReminders`).
    var firedReminders: Set<ReminderKey> = []
    /// The last click, to tell a double-click.
    var lastClick: Click?
    /// Copies of unsaved changes left by earlier runs, whose changes are waiting now.
    var rescueFiles: [URL] = []
    /// The favorites store's notice already shown (said once, however often the store repeats it).
    var storeNoticeShown: String?
    /// When each source was last asked for its request budget (see `askAllowanceIfDue`).
    var allowanceAskedAt: [Int: Date] = [:]

    public init() {}
}

/// The ids the favorites will hold once every store call queued so far is through. `f`
/// decides from these, not from the screen: two quick presses (both read before the store
/// answers the first) must cancel out, not save twice.
struct PendingFavorites: Sendable, Hashable {
    /// Store calls queued and not answered yet (each posts one `.favoritesLoaded`).
    var count = 0
    var rockets: Set<String> = []
    var launches: Set<String> = []
    var events: Set<String> = []
}

struct ReminderKey: Sendable, Hashable {
    var launchID: String
    var lead: TimeInterval
    var net: Date
}

/// The last click: when, and on which row of which screen.
struct Click: Sendable, Hashable {
    var at: Date
    var screen: ScreenKind
    var row: Int
}
