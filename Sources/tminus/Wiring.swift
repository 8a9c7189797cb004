import Foundation
import Logging
import TminusCore
import TminusImage
import TminusStore
import TminusViewModel

/// Builds the live environment from the resolved settings.
enum Wiring {
    static func environment(_ settings: Settings, logger: Logger) -> AppEnvironment {
        let clock = settings.startTime.map(AppClock.starting(at:)) ?? .system
        let browser = settings.browser
        return AppEnvironment(
            source: source(settings),
            clock: clock,
            time: LaunchTime(timeZone: settings.timeZone),
            openURL: { url in
                await Browser.open(url, with: browser).mapError { LinkOpenError($0.message) }
            },
            preferences: .file(settings.paths.settingsFile),
            favorites: .sqlite(at: settings.paths.favoritesDatabase),
            pictures: pictures(settings),
            log: { logger.info("\($0)") },
            startupNotice: settings.offline ? offlineNotice : nil
        )
    }

    /// Pictures come through their own HTTP client (no JSON Accept header) and a disk cache
    /// under the cache dir; none at all with `--no-images`, and only from the cache offline.
    static func pictures(_ settings: Settings) -> PictureLoader? {
        guard settings.images else { return nil }
        let http = settings.offline
            ? HTTPClient.offline("offline")
            : HTTPClient.live(userAgent: "tminus/\(TminusVersion.current)", accept: "image/png, image/jpeg")
        return .live(http: http, cacheDirectory: settings.paths.cache)
    }

    static let offlineNotice = "offline: no cache yet, so lists are empty (favorites still show) — run without --offline to fetch"

    static func source(_ settings: Settings) -> LaunchSource {
        if settings.offline {
            return .failing(name: "offline", .offline(offlineNotice))
        }
        switch settings.source {
        case .spacex:
            let http = HTTPClient.live(userAgent: "tminus/\(TminusVersion.current)")
            return SpaceXAPI.launchSource(baseURL: settings.spacexAPI, http: http)
        case .ll2:
            return .failing(name: "Launch Library 2",
                            .notAvailable("Launch Library 2 is not available yet in this version — use --source spacex"))
        }
    }
}
