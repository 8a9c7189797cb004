import Foundation
import TminusCore

/// What the view models may reach outside themselves: the data source, the clock, the user's
/// browser, the preferences file and how dates read. Live values are wired by the executable;
/// tests pass fakes.
public struct AppEnvironment: Sendable {
    public var source: LaunchSource
    public var clock: AppClock
    public var openURL: @Sendable (URL) async -> Result<Void, LinkOpenError>
    public var time: LaunchTime
    public var preferences: PreferencesStore
    public var favorites: FavoritesStore
    /// Picks an index below the given count: which rocket image a visit shows.
    public var randomIndex: @Sendable (Int) -> Int
    /// A note for the status line at start-up (e.g. why `--offline` shows nothing yet).
    public var startupNotice: String?

    public init(source: LaunchSource, clock: AppClock, time: LaunchTime,
                openURL: @escaping @Sendable (URL) async -> Result<Void, LinkOpenError>,
                preferences: PreferencesStore = .inMemory(),
                favorites: FavoritesStore = .inMemory(),
                randomIndex: @escaping @Sendable (Int) -> Int = { $0 > 0 ? Int.random(in: 0..<$0) : 0 },
                startupNotice: String? = nil) {
        self.source = source; self.clock = clock; self.time = time; self.openURL = openURL
        self.preferences = preferences; self.favorites = favorites; self.randomIndex = randomIndex; self.startupNotice = startupNotice
    }
}
