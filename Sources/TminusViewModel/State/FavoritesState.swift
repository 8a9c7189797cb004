import Foundation
import TminusCore

/// The Favorites tab: what the database holds, and where the selection is.
public struct FavoritesState: Sendable, Hashable {
    public var items = Favorites.empty
    /// One selection across both sections: rockets first, then launches.
    public var selection = 0
    public var isLoading = false
    public var hasLoadedOnce = false
    public var error: StoreError?
    public init() {}

    public enum Row: Sendable, Hashable {
        case rocket(FavoriteRocket)
        case launch(WatchedLaunch)
    }

    public var rows: [Row] { items.rockets.map(Row.rocket) + items.launches.map(Row.launch) }

    public var selectedRow: Row? {
        let rows = rows
        return rows.indices.contains(selection) ? rows[selection] : nil
    }
}
