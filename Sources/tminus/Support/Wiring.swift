import Foundation
import Logging
import TminusArchive
import TminusCore
import TminusImage
import TminusRender
import TminusStore
import TminusViewModel

/// Builds the live environment from the resolved settings.
enum Wiring {
    static func environment(_ settings: Settings, logger: Logger) -> AppEnvironment {
        let clock = settings.clock
        let browser = settings.browser
        let governor = RequestGovernor(now: settings.sharedClock.now, ledger: budgetLedger(settings.paths))
        // The app (not the subcommands, which say "nothing to show") falls back on the built-in
        // archive when a source cannot be reached and nothing is cached.
        let cache = DiskCache(directory: settings.paths.responses, limit: CachedFetcher.defaultCacheLimit)
        let live = sources(settings, clock: clock, governor: governor, cache: cache, fillsHistory: true)
        let sources = live.map { $0.fallingBack { BuiltInArchive.shared } }
        var environment = AppEnvironment(
            source: sources[0],
            alternatives: Array(sources.dropFirst()),
            clock: clock,
            time: LaunchTime(zone: settings.timeZone),
            openURL: { url in
                await Browser.open(url, with: browser).mapError { LinkOpenError($0.message) }
            },
            preferences: .file(settings.paths.settingsFile, configUnits: settings.config.units),
            favorites: .sqlite(at: settings.paths.favoritesDatabase),
            pictures: pictures(settings, governor: governor),
            log: { logger.info("\($0)") },
            saveExport: { [downloads = settings.paths.downloads] name, contents in
                Exports.save(contents, as: name, in: downloads)
            },
            startupNotice: settings.offline ? offlineNotice : nil
        )
        environment.offline = settings.offline
        environment.news = news(settings, clock: clock, governor: governor, cache: cache)
        environment.alert = { reminder in await notify(reminder, logger: logger) }
        environment.configProblem = settings.configProblem
        environment.keys = settings.config.keys
        environment.themeFlag = settings.theme
        environment.configTheme = settings.config.theme
        environment.configFollow = settings.config.follow
        environment.colorOverrides = settings.config.colors
        environment.seen = .file(settings.paths.state.appending(path: "seen.json"))
        environment.leftover = Leftover.read(RescueCopy.existing(in: RescueCopy.replayed(settings.paths)))
        environment.removeFile = { url in try? FileManager.default.removeItem(at: url) }
        return environment
    }

    /// The Spaceflight News API: another host, with its own budget below the governor, through
    /// the same response cache. Offline it answers from the cache alone.
    static func news(_ settings: Settings, clock: AppClock, governor: RequestGovernor, cache: DiskCache) -> NewsClient {
        let http = apiClients(settings).any.governed(by: governor, budget: .spaceflightNews)
        let fetcher = CachedFetcher(http: http, cache: cache, sourceName: SpaceflightNews.name, now: { clock.now() })
        return .live(base: settings.newsAPI, fetcher: fetcher)
    }

    /// A reminder as a desktop notification, when `notify-send` is on PATH; problems go to the
    /// log only (the bell and the status line have already said it).
    static func notify(_ reminder: Reminder, logger: Logger) async {
        guard let notifySend = DesktopNotification.notifySend() else {
            logger.info("reminder: notify-send is not on PATH, no desktop notification")
            return
        }
        if case .failure(let failure) = await DesktopNotification.send(title: Reminder.title, body: reminder.body, executable: notifySend) {
            logger.warning("reminder: \(failure.message)")
        }
    }

    /// Pictures come through their own HTTP client (no JSON Accept header, the pictures'
    /// budget per host) and a disk cache under the cache dir; none at all with `--no-images`,
    /// and only from the cache offline.
    static func pictures(_ settings: Settings, governor: RequestGovernor) -> PictureLoader? {
        guard settings.images else { return nil }
        let http = settings.offline
            ? HTTPClient.offline("offline")
            : HTTPClient.live(timeout: settings.timeout, userAgent: "tminus/\(TminusVersion.current)", accept: "image/png, image/jpeg")
                .governed(by: governor, budget: .pictures)
        return .live(http: http, diskCache: .pictures(in: settings.paths.cache))
    }

    static let offlineNotice = "offline: showing what the cache holds"

    /// The budgets every tminus with this cache shares (the app, the subcommands, `doctor`).
    static func budgetLedger(_ paths: AppPaths) -> BudgetLedger {
        BudgetLedger(file: paths.cache.appending(path: "budget.json"))
    }

    /// The APIs' HTTP clients (ungoverned): one for the r/SpaceX API, and Launch Library 2's,
    /// which is the same one unless there is a token: the token goes to Launch Library 2 only,
    /// on a client of its own. Offline, both refuse every request.
    static func apiClients(_ settings: Settings) -> (any: HTTPClient, ll2: HTTPClient) {
        let http = settings.offline
            ? HTTPClient.offline("offline")
            : HTTPClient.live(timeout: settings.timeout, userAgent: "tminus/\(TminusVersion.current)")
        let ll2HTTP = settings.offline ? http : settings.ll2Token.map { token in
            HTTPClient.live(timeout: settings.timeout, userAgent: "tminus/\(TminusVersion.current)",
                            extraHeaders: ["Authorization: Token \(token)"])
        } ?? http
        return (http, ll2HTTP)
    }

    /// Launch Library 2's budget: the free tier's, or a token's.
    static func ll2Budget(_ settings: Settings) -> RequestBudget {
        settings.ll2Token == nil ? .launchLibrary2 : .launchLibrary2WithToken
    }

    /// The local replica of Launch Library 2 (`replica.sqlite` in the cache folder: it can
    /// always be built again) and its sync, shared by the app and every subcommand. Only the
    /// app fills history with its spare requests: a subcommand spends none but its answer's.
    static func replicaSync(_ settings: Settings, clock: AppClock, fetcher: CachedFetcher, fillsHistory: Bool) -> ReplicaSync {
        let file = settings.paths.cache.appending(path: "replica.sqlite")
        return ReplicaSync(base: settings.ll2API, fetcher: fetcher, lockFile: settings.paths.cache.appending(path: "replica.lock"),
                           fillsHistoryInBackground: fillsHistory,
                           now: { clock.now() }, replica: { LaunchReplica.open(at: file, now: clock.now()) })
    }

    /// Both APIs, each through the one response cache and below the governor with its own
    /// budget: the chosen source first (`S` cycles). Offline, the network refuses every
    /// request and the fetcher answers from the cache alone.
    static func sources(_ settings: Settings, clock: AppClock,
                        governor: RequestGovernor, cache: DiskCache, fillsHistory: Bool) -> [LaunchSource] {
        let (http, ll2HTTP) = apiClients(settings)
        func fetcher(_ name: String, _ budget: RequestBudget, via client: HTTPClient) -> CachedFetcher {
            CachedFetcher(http: client.governed(by: governor, budget: budget), cache: cache, sourceName: name,
                          now: { clock.now() })
        }
        let spacex = SpaceXAPI.launchSource(baseURL: settings.spacexAPI, fetcher: fetcher(SpaceXAPI.name, .spaceX, via: http))
        let ll2Fetcher = fetcher(LaunchLibrary2.name, ll2Budget(settings), via: ll2HTTP)
        var ll2 = LaunchSource.replicated(LaunchLibrary2.launchSource(baseURL: settings.ll2API, fetcher: ll2Fetcher),
                                          by: replicaSync(settings, clock: clock, fetcher: ll2Fetcher, fillsHistory: fillsHistory))
        ll2.allowance = LaunchLibrary2.allowance(base: settings.ll2API,
                                                 http: ll2HTTP.governed(by: governor, budget: .launchLibrary2Throttle))
        let budget = ll2Budget(settings), base = settings.ll2API
        ll2.ownAllowance = { governor.ownAllowance(budget, for: base) }
        switch settings.source {
        case .spacex: return [spacex, ll2]
        case .ll2: return [ll2, spacex]
        }
    }
}
