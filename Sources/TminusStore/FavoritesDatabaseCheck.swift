import Foundation
import GRDB

extension FavoritesDatabase {
    /// How many favorite rockets and watched launches the file at `url` holds, read only (it
    /// writes nothing, unlike opening the database): nil when there is no file yet; throws
    /// when the file is damaged or is not a favorites database. For `tminus doctor`.
    public static func inspect(_ url: URL) throws -> (rockets: Int, launches: Int)? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        try checkExisting(url)
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(5)
        return try DatabaseQueue(path: url.path, configuration: config).read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM favoriteRocket") ?? 0,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM watchedLaunch") ?? 0)
        }
    }
}
