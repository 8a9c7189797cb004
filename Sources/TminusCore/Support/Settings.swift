import Foundation

/// Which API the app reads launches from.
public enum SourceKind: String, Sendable, CaseIterable {
    case spacex, ll2
}

/// The command line, resolved: each value from its flag, else its environment variable, else
/// the default. Kept apart from argument parsing so the rules are unit-tested.
public struct Settings: Sendable {
    public var source: SourceKind
    public var spacexAPI: URL
    public var ll2API: URL
    /// A Launch Library 2 API key (`--ll2-token`): sent as `Authorization: Token …` on every
    /// request to it, for a larger hourly budget. Never logged.
    public var ll2Token: String?
    /// The Spaceflight News API (`--news-api`), asked for the articles about a launch or event.
    public var newsAPI: URL = SpaceflightNews.defaultBaseURL
    public var paths: AppPaths
    public var timeZone: Zone
    /// The instant the clock starts at (`--now`), or nil for the real time.
    public var startTime: Date?
    /// For tests only (`TMINUS_CLOCK_FILE`): a file whose ISO 8601 instant is the time, moved
    /// by the test (`AppClock.scripted`), so that an hour can pass in a minute for the app, a
    /// subcommand and the fixture server alike.
    public var clockFile: URL?
    public var offline: Bool
    public var browser: String
    /// How pictures are drawn: `--pictures`, else `TMINUS_PICTURES`, else config.toml's
    /// `pictures`, else auto; `--no-images` is `none`.
    public var pictures: PictureChoice
    /// Whether pictures are fetched at all (not with `--pictures none` or `--no-images`).
    public var images: Bool { pictures != .none }
    /// How long a request may take before it is given up (`--timeout`).
    public var timeout: TimeInterval
    /// The theme `--theme`/`TMINUS_THEME` asked for; nil when neither did (then the app's
    /// saved choice, else config.toml's, else auto).
    public var theme: ThemeChoice?
    /// `config.toml`: its values (defaults when it is missing or has a problem).
    public var config = ConfigFile()
    /// What is wrong with `config.toml`, in one line naming the file and line; nil when fine.
    public var configProblem: String?

    /// What the user typed; nil means "not given".
    public struct Flags: Sendable {
        public var source: String?
        public var spacexAPI: String?
        public var ll2API: String?
        public var ll2Token: String?
        public var newsAPI: String?
        public var dataDir: String?
        public var tz: String?
        public var now: String?
        public var offline = false
        public var browser: String?
        public var noImages = false
        public var timeout: String?
        public var theme: String?
        public var pictures: String?
        public init() {}
    }

    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// Launch Library 2's current version: every endpoint plural (`/launches/upcoming/`), and
    /// `webcast_live` on each launch.
    public static let defaultLL2API = URL(string: "https://ll.thespacedevs.com/2.3.0")!
    /// The default source: Launch Library 2 covers every provider and is kept up to date; the
    /// r/SpaceX API stopped in 2022 and stays a `--source spacex` away.
    public static let defaultSource = SourceKind.ll2
    /// Long enough for a slow mobile link, short enough that a dead server is said soon.
    public static let defaultTimeout: TimeInterval = 15

    /// Flag, else environment variable, else `config.toml` (read from the config dir unless
    /// `config` is given), else the default.
    public static func resolve(_ flags: Flags, environment env: [String: String],
                               config given: ConfigFile.Loaded? = nil) throws -> Settings {
        func pick(_ flag: String?, _ variable: String) -> String? {
            if let flag, !flag.isEmpty { return flag }
            if let value = env[variable], !value.isEmpty { return value }
            return nil
        }
        let dataDir = pick(flags.dataDir, "TMINUS_DATA_DIR")
        let paths = try dataDir.map { try AppPaths.given($0) } ?? AppPaths.xdg(env)
        if let problem = paths.problem() { throw Settings.Invalid(problem) }
        let loaded = given ?? ConfigFile.load(from: paths.configFile)
        let config = loaded.config

        let sourceText = pick(flags.source, "TMINUS_SOURCE") ?? config.source?.rawValue ?? defaultSource.rawValue
        guard let source = SourceKind(rawValue: sourceText.lowercased()) else {
            throw Invalid("unknown source '\(sourceText)': use spacex or ll2")
        }
        let spacex = try apiURL(pick(flags.spacexAPI, "TMINUS_SPACEX_API"), default: SpaceXAPI.defaultBaseURL, flag: "--spacex-api")
        let ll2 = try apiURL(pick(flags.ll2API, "TMINUS_LL2_API"), default: defaultLL2API, flag: "--ll2-api")
        let news = try apiURL(pick(flags.newsAPI, "TMINUS_NEWS_API") ?? config.newsAPI, default: SpaceflightNews.defaultBaseURL,
                              flag: "--news-api")
        let token = pick(flags.ll2Token, "TMINUS_LL2_TOKEN") ?? config.ll2Token
        // It goes into a header line: a line break would let it add headers of its own.
        if let token, token.contains(where: \.isWhitespace) || token.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw Invalid("the Launch Library 2 token must be one word without spaces or control characters")
        }

        let zone: Zone
        if let name = pick(flags.tz, "TMINUS_TZ") ?? config.tz {
            guard let z = Zone(identifier: name) else {
                throw Invalid("unknown time zone '\(name)': use an IANA name such as UTC or Europe/Warsaw")
            }
            zone = z
        } else {
            zone = .current
        }

        var start: Date?
        if let text = pick(flags.now, "TMINUS_NOW") {
            guard let date = ISO8601.parse(text) else {
                throw Invalid("--now '\(text)' is not an ISO 8601 instant such as 2022-10-08T20:00:00Z")
            }
            start = date
        }

        var timeout = defaultTimeout
        if let text = pick(flags.timeout, "TMINUS_TIMEOUT") {
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 600 else {
                throw Invalid("--timeout '\(text)' is not a number of seconds between 0 and 600")
            }
            timeout = seconds
        }

        var theme: ThemeChoice?
        if let text = pick(flags.theme, "TMINUS_THEME") {
            guard let chosen = ThemeChoice(word: text) else {
                throw Invalid("unknown theme '\(text)': use \(ThemeChoice.wordList)")
            }
            theme = chosen
        }

        var pictures = config.pictures ?? .auto
        if let text = pick(flags.pictures, "TMINUS_PICTURES") {
            guard let chosen = PictureChoice(rawValue: text) else {
                throw Invalid("unknown pictures '\(text)': use \(PictureChoice.wordList)")
            }
            pictures = chosen
        }
        if flags.noImages { pictures = .none }

        var settings = Settings(
            source: source, spacexAPI: spacex, ll2API: ll2, ll2Token: token,
            paths: paths,
            timeZone: zone, startTime: start, offline: flags.offline,
            browser: pick(flags.browser, "BROWSER") ?? "xdg-open",
            pictures: pictures, timeout: timeout, theme: theme,
            config: config, configProblem: loaded.problem
        )
        settings.newsAPI = news
        settings.clockFile = pick(nil, "TMINUS_CLOCK_FILE").map { URL(fileURLWithPath: $0) }
        return settings
    }

    static func apiURL(_ text: String?, default value: URL, flag: String) throws -> URL {
        guard let text else { return value }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil else {
            throw Invalid("\(flag) '\(text)' is not an http(s) URL")
        }
        return url
    }
}

/// Where the app writes. With `--data-dir DIR` all of it is under DIR; otherwise the XDG
/// base directories (data, cache, config, state) each get a `tminus` folder.
public struct AppPaths: Sendable, Equatable {
    public var data: URL
    public var cache: URL
    public var config: URL
    public var state: URL
    /// Where exports for the user go (`.ics` files): their download folder.
    public var downloads: URL

    /// The folders tminus writes in (not the downloads, which are the user's to share).
    public var own: [URL] { [data, cache, config, state] }

    /// Why one of tminus's folders must not be used (`PrivateFiles.problem`), or nil.
    public func problem() -> String? { own.lazy.compactMap(PrivateFiles.problem).first }

    public init(root: URL) {
        data = root.appending(path: "data", directoryHint: .isDirectory)
        cache = root.appending(path: "cache", directoryHint: .isDirectory)
        config = root.appending(path: "config", directoryHint: .isDirectory)
        state = root.appending(path: "state", directoryHint: .isDirectory)
        downloads = root.appending(path: "downloads", directoryHint: .isDirectory)
    }

    /// `--data-dir DIR`: everything under DIR (a relative DIR from the current folder, said
    /// whole in every message); a DIR that is a file is an error, not a silent fallback.
    static func given(_ dir: String) throws -> AppPaths {
        let url = URL(fileURLWithPath: dir, isDirectory: true).standardizedFileURL
        if isFile(url.path) { throw Settings.Invalid("--data-dir \(url.path) is a file, not a folder") }
        if let problem = PrivateFiles.problem(with: url) { throw Settings.Invalid("--data-dir " + problem) }
        return AppPaths(root: url)
    }

    /// The XDG folders. `HOME` empty or relative is not a place to write (it would put the
    /// favorites under whatever folder tminus was started in): the account's home from the
    /// password database is used instead, and with none, it is an error. An XDG variable that
    /// names a file is an error naming the variable; a relative one is ignored (the spec says so).
    public static func xdg(_ env: [String: String], accountHome: () -> String? = AppPaths.accountHome) throws -> AppPaths {
        let home: URL
        if let value = env["HOME"], value.hasPrefix("/") {
            home = URL(fileURLWithPath: value, isDirectory: true)
        } else if let account = accountHome(), account.hasPrefix("/") {
            home = URL(fileURLWithPath: account, isDirectory: true)
        } else {
            let said = env["HOME"].map { $0.isEmpty ? "empty" : "'\($0)', not an absolute path" } ?? "not set"
            throw Settings.Invalid("HOME is \(said) and the account has no home folder: set HOME or use --data-dir")
        }
        func base(_ variable: String, _ fallback: String) throws -> URL {
            // The XDG spec says relative paths are invalid and must be ignored.
            if let value = env[variable], value.hasPrefix("/") {
                if isFile(value) {
                    throw Settings.Invalid("\(variable) is \(value), which is a file, not a folder: point it at a folder, unset it or use --data-dir")
                }
                return URL(fileURLWithPath: value, isDirectory: true)
            }
            return home.appending(path: fallback, directoryHint: .isDirectory)
        }
        var paths = AppPaths(root: home)
        paths.data = try base("XDG_DATA_HOME", ".local/share").appending(path: "tminus", directoryHint: .isDirectory)
        paths.cache = try base("XDG_CACHE_HOME", ".cache").appending(path: "tminus", directoryHint: .isDirectory)
        paths.config = try base("XDG_CONFIG_HOME", ".config").appending(path: "tminus", directoryHint: .isDirectory)
        paths.state = try base("XDG_STATE_HOME", ".local/state").appending(path: "tminus", directoryHint: .isDirectory)
        paths.downloads = downloadFolder(env, home: home, config: try base("XDG_CONFIG_HOME", ".config"))
        return paths
    }

    /// The account's home folder from the password database (`getpwuid`), if it has one.
    public static func accountHome() -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        let path = String(cString: dir)
        return path.isEmpty ? nil : path
    }

    static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// `$XDG_DOWNLOAD_DIR`, else the `XDG_DOWNLOAD_DIR` line of `user-dirs.dirs` (what desktop
    /// file managers write: `XDG_DOWNLOAD_DIR="$HOME/Downloads"`), else `~/Downloads`.
    static func downloadFolder(_ env: [String: String], home: URL, config: URL) -> URL {
        if let value = env["XDG_DOWNLOAD_DIR"], value.hasPrefix("/") { return URL(fileURLWithPath: value, isDirectory: true) }
        let file = config.appending(path: "user-dirs.dirs")
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            for line in text.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("XDG_DOWNLOAD_DIR=") else { continue }
                var value = String(trimmed.dropFirst("XDG_DOWNLOAD_DIR=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                if value.hasPrefix("$HOME") { value = home.path + value.dropFirst("$HOME".count) }
                if value.hasPrefix("/") { return URL(fileURLWithPath: value, isDirectory: true) }
            }
        }
        return home.appending(path: "Downloads", directoryHint: .isDirectory)
    }

    public var logFile: URL { state.appending(path: "tminus.log") }
    /// The user's `config.toml` (see ConfigFile).
    public var configFile: URL { config.appending(path: ConfigFile.fileName) }
    /// API responses kept by `CachedFetcher` (pictures live next to it, in `cache/images`,
    /// which `PictureLoader` names): separate folders, so each keeps its own size limit.
    public var responses: URL { cache.appending(path: "responses", directoryHint: .isDirectory) }
}

extension Settings {
    /// The one clock of a run: the scripted one a test gives, else `--now` running on, else
    /// the real time.
    public var clock: AppClock {
        if let clockFile { return .scripted(file: clockFile, fallback: startTime.map(AppClock.starting(at:)) ?? .system) }
        return startTime.map(AppClock.starting(at:)) ?? .system
    }

    /// The clock of what every tminus on the machine shares, the request ledger: the real
    /// time, or a test's scripted clock (every process of the test reads the same one), never
    /// `--now`, which moves one run's clock only: `tminus next --now 2031-01-01T00:00:00Z`
    /// must not write 2031 into the hour every later run counts by. Buckets refill at the
    /// same pace on either clock (`--now` runs on from its start at the real rate).
    public var sharedClock: AppClock { clockFile == nil ? .system : clock }
}
