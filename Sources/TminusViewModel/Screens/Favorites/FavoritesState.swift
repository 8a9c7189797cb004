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
    public init() {}

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
