import Foundation
import TminusCore
import TminusStore
import TminusViewModel

/// Builds the live environment from the resolved settings.
enum Wiring {
    static func environment(_ settings: Settings) -> AppEnvironment {
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
            startupNotice: settings.offline ? offlineNotice : nil
        )
    }

    static let offlineNotice = "offline: no cache yet, so nothing to show — run without --offline"

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
