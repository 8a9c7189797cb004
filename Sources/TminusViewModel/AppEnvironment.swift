import Foundation
import TminusCore
import TminusImage

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
    /// Fetches, decodes and fits pictures; nil draws glyph art only (`--no-images`).
    public var pictures: PictureLoader?
    /// Picks an index below the given count: which rocket image a visit shows.
    public var randomIndex: @Sendable (Int) -> Int
    /// Writes a line to the log file (never the screen); tests leave it silent.
    public var log: @Sendable (String) -> Void
    /// A note for the status line at start-up (e.g. why `--offline` shows nothing yet).
    public var startupNotice: String?

    public init(source: LaunchSource, clock: AppClock, time: LaunchTime,
                openURL: @escaping @Sendable (URL) async -> Result<Void, LinkOpenError>,
                preferences: PreferencesStore = .inMemory(),
                favorites: FavoritesStore = .inMemory(),
                pictures: PictureLoader? = nil,
                randomIndex: @escaping @Sendable (Int) -> Int = { $0 > 0 ? Int.random(in: 0..<$0) : 0 },
                log: @escaping @Sendable (String) -> Void = { _ in },
                startupNotice: String? = nil) {
        self.source = source; self.clock = clock; self.time = time; self.openURL = openURL
        self.preferences = preferences; self.favorites = favorites; self.pictures = pictures; self.randomIndex = randomIndex; self.log = log; self.startupNotice = startupNotice
    }
}
