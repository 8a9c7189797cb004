import Foundation
import TminusCore

/// The Favorites tab: what the database holds, and where the selection is.
public struct FavoritesState: Sendable, Hashable {
    public var items = Favorites.empty
    /// One selection across the sections: rockets, then launches, then events.
    public var selection = 0
    public var isLoading = false
    public var hasLoadedOnce = false
    public var error: StoreError?
    /// What puts back the last row `x` removed (`u`).
    public var undo: Removal?
    /// Changes the user asked for that the database could not take yet, oldest first, one per
    /// favorite: tried again every few seconds, reported at exit if still here.
    public var waiting: [FavoritesWrite] = []
    /// The last change the user asked for that failed, standing until one goes through.
    public var fault: FavoritesFault?
    /// Why every write is refused now (a read-only database), from the store.
    public var readOnly: String?
    /// When the waiting changes (or a failed first read) are tried again.
    public var retryAt: Date?
    public init() {}

    /// Why the favorites could not be read, standing until a call to the store goes through
    /// (the last failed read's `error`).
    public var loadFault: StoreError? { error }

    /// A removal's way back: the store change that saves the row again, and its name.
    public struct Removal: Sendable, Hashable {
        var change: FavoritesChange
        var name: String
    }

    public enum Row: Sendable, Hashable {
        case rocket(FavoriteRocket)
        case launch(WatchedLaunch)
        case event(WatchedEvent)
    }

    public var rows: [Row] { items.rockets.map(Row.rocket) + items.launches.map(Row.launch) + items.events.map(Row.event) }

    public var selectedRow: Row? {
        let rows = rows
        return rows.indices.contains(selection) ? rows[selection] : nil
    }
}

/// A write that failed, in words: `could not save Falcon 9: disk full`.
public struct FavoritesFault: Sendable, Hashable {
    /// `save Falcon 9`
    public var what: String
    /// `disk full`
    public var reason: String
    public var words: String { "could not \(what): \(reason)" }
}
