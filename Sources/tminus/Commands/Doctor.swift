import ArgumentParser
import Foundation
import TminusCore
import TminusImage
import TminusStore
import TminusTerminal

/// `tminus doctor`: what the app would find at start-up, on one screen of plain text — the
/// terminal, the files it keeps, and whether each API answers what the app asks it (Launch
/// Library 2: the first upcoming launch, as the Launches tab asks for it, then its free
/// `/api-throttle/` for the requests left this hour). Exit 1 when something is broken; the
/// last line says what.
struct Doctor: ScriptCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the terminal, the files and the APIs; exit 1 when something is broken.",
        discussion: "One request to each resource of each API the app reads, as the app makes it (Launch Library 2's launches, rockets and events: three of its hourly requests; the budget it then reads costs nothing); none with --offline.")

    @OptionGroup var follow: FollowOptions

    @OptionGroup var options: CommonOptions

    /// A check says little: the APIs either answer at once or are not worth waiting for.
    static let requestTimeout: TimeInterval = 5

    func work() async throws {
        var settings = try options.settings()
        settings.timeout = min(settings.timeout, Self.requestTimeout)
        let environment = ProcessInfo.processInfo.environment
        var report = Report()

        report.line("tminus \(TminusVersion.current) doctor")
        report.line("Terminal")
        Self.terminal(environment, settings, options, into: &report)
        report.line("Files")
        Self.files(settings, into: &report)
        report.line("APIs (source: \(settings.source.rawValue))")
        await Self.apis(settings, into: &report)
        report.line("Requests in the last hour (every tminus with this cache)")
        Self.spending(settings, into: &report)

        report.line(report.problems.isEmpty
            ? "All fine."
            : "Broken: " + report.problems.joined(separator: "; "))
        ScriptContext.write(report.text)
        if !report.problems.isEmpty { throw ExitCode(1) }
    }

    /// Lines, and what is broken (said again on the last line).
    struct Report {
        var text = ""
        var problems: [String] = []
        mutating func line(_ line: String) { text += line + "\n" }
        /// "  label       value", labels in one column.
        mutating func item(_ label: String, _ value: String) {
            line("  " + label.padding(toLength: 18, withPad: " ", startingAt: 0) + value)
        }
        mutating func problem(_ what: String) { problems.append(what) }
    }

    // MARK: - Terminal

    static func terminal(_ environment: [String: String], _ settings: Settings, _ flags: CommonOptions, into report: inout Report) {
        let term = environment["TERM"] ?? ""
        let colors = Terminfo.colors(term: term)
        let colorWords = colors.map { "\($0) colours (terminfo)" } ?? (term.isEmpty ? "no TERM" : "not in terminfo")
        let colorTerm = environment["COLORTERM"].map { ", COLORTERM=\($0)" } ?? ""
        report.item("TERM", "\(term.isEmpty ? "(unset)" : term): \(colorWords)\(colorTerm)")
        // What keeps the full-screen app from starting (see TerminalError); the subcommands still work.
        if term.isEmpty || term == "dumb" || colors == nil {
            report.problem(term.isEmpty ? "TERM is not set: the app cannot start"
                : "TERM=\(term) \(colors == nil ? "is not in terminfo" : "cannot move the cursor"): the app cannot start")
        }
        report.item("tmux", GraphicsCapabilities.isInsideTmux(environment: environment) ? "inside tmux (or screen)" : "no")

        // The app's own start-up questions, asked here outside curses (TerminalInterview),
        // so these lines say what the app would choose on this terminal, and why.
        let findings = TerminalInterview.ask(choice: settings.pictures, environment: environment)
        if let findings, let name = findings.answers.version { report.item("terminal says", name + " (XTVERSION)") }
        let picturesFrom = origin(flag: flags.pictures != nil || flags.noImages, env: "TMINUS_PICTURES", environment,
                                  config: settings.config.pictures != nil)
        report.item("pictures", settings.pictures.rawValue + picturesFrom + ": " + pictureWords(settings.pictures, findings))

        let saved = PreferencesStore.file(settings.paths.settingsFile).load().preferences.theme
        let theme: (choice: ThemeChoice, from: String) =
            settings.theme.map { ($0, origin(flag: flags.theme != nil, env: "TMINUS_THEME", environment, config: false)) }
            ?? saved.map { ($0, " (chosen with t)") }
            ?? settings.config.theme.map { ($0, " (config.toml)") }
            ?? (.auto, " (default)")
        report.item("theme", theme.choice.rawValue + theme.from + themeWords(theme.choice, findings, colors: colors ?? 0))
    }

    /// What `--pictures` comes to on this terminal, and why.
    static func pictureWords(_ choice: PictureChoice, _ findings: TerminalInterview.Findings?) -> String {
        if choice == .none { return "no pictures" }
        if choice == .symbols { return "chafa symbols, not asked" }
        guard let findings else { return "not asked (doctor's input or output is not a terminal); the app asks at start-up" }
        let graphics = findings.graphics
        let cell = "cell \(graphics.cellWidth)x\(graphics.cellHeight) px (\(findings.cellFrom))"
        guard choice == .auto else { return "\(cell); the protocol is not asked" }
        guard findings.asked else { return "symbols (this terminal is not asked)" }
        guard findings.answered else {
            return "symbols: no answer in \(Int(TerminalInterview.patience)) s (the app waits 150 ms, then draws symbols)"
        }
        let answers = findings.answers
        let da1 = "DA1 ?" + (answers.deviceAttributes ?? []).map(String.init).joined(separator: ";")
        switch graphics.pictureProtocol {
        case .kitty: return "kitty (it answered the kitty graphics query), \(cell)"
        case .iterm2: return "iterm (\(answers.version ?? "iTerm2")), \(cell)"
        case .sixel: return "sixel (\(da1) lists 4), \(cell)"
        case .symbols: return "symbols (no kitty graphics, iTerm2 or sixel; \(da1))"
        }
    }

    /// The palette `choice` comes to, and why (auto: the background the terminal said).
    static func themeWords(_ choice: ThemeChoice, _ findings: TerminalInterview.Findings?, colors: Int) -> String {
        guard choice == .auto else { return "" }
        let palette = ThemeChoice.auto.resolved(background: findings?.background, colors: colors)
        if palette == .ansi16 { return ": ansi16 (fewer than 256 colours)" }
        guard let findings else { return ": dark or light, as the background (asked at start-up)" }
        if let color = findings.backgroundColor { return ": \(palette.rawValue) (the background is \(color))" }
        return ": \(palette.rawValue) (the terminal did not say its background; COLORFGBG, else dark)"
    }

    /// " (--flag)", " (TMINUS_X)", " (config.toml)" or " (default)": where a setting came from.
    static func origin(flag: Bool, env: String, _ environment: [String: String], config: Bool) -> String {
        if flag { return " (flag)" }
        if environment[env] != nil { return " (\(env))" }
        return config ? " (config.toml)" : " (default)"
    }

    // MARK: - Files

    static func files(_ settings: Settings, into report: inout Report) {
        let paths = settings.paths
        let configFile = paths.configFile
        if let problem = settings.configProblem {
            report.item("config", "\(configFile.path): \(problem)")
            report.problem("config.toml: \(problem)")
        } else {
            report.item("config", configFile.path + (exists(configFile) ? ": ok" : ": none (defaults)"))
        }
        report.item("data", describe(paths.data))
        let database = paths.favoritesDatabase
        do {
            if let found = try FavoritesDatabase.inspect(database) {
                let counts = "\(counted(found.rockets, "rocket")), \(counted(found.launches, "launch"))"
                if let unwritable = found.unwritable {
                    report.item("favorites", "\(database.lastPathComponent): readable, \(counts); changes cannot be saved: \(unwritable)")
                    report.problem("favorites database: changes cannot be saved (\(unwritable))")
                } else {
                    report.item("favorites", "\(database.lastPathComponent): ok, \(counts)")
                }
            } else {
                report.item("favorites", "\(database.lastPathComponent): none yet")
            }
        } catch {
            report.item("favorites", "\(database.lastPathComponent): cannot be read (\(error))")
            report.problem("favorites database: cannot be read")
        }
        report.item("cache", describe(paths.cache) + (exists(paths.cache)
            ? " (responses \(size(paths.responses).bytes), images \(size(paths.cache.appending(path: "images")).bytes))" : ""))
        report.item("log", describe(paths.logFile))
    }

    /// "1 rocket", "2 rockets", "1 launch", "3 launches".
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)" + (count == 1 ? "" : noun.hasSuffix("ch") || noun.hasSuffix("s") ? "es" : "s")
    }

    static func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    /// "PATH: N files, SIZE", or "PATH: none yet".
    static func describe(_ url: URL) -> String {
        guard exists(url) else { return url.path + ": none yet" }
        let (files, bytes) = size(url)
        return url.path + ": " + (files == 1 && !url.hasDirectoryPath ? bytes : "\(files) file\(files == 1 ? "" : "s"), \(bytes)")
    }

    /// The files under `url` (or the file itself) and their summed size, in words.
    static func size(_ url: URL) -> (files: Int, bytes: String) {
        let keys: [URLResourceKey] = [.fileSizeKey, .isRegularFileKey]
        func bytes(of file: URL) -> Int {
            guard let values = try? file.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { return 0 }
            return values.fileSize ?? 0
        }
        var files = 0, total = 0
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            files = 1; total = bytes(of: url)
        } else if let walk = FileManager.default.enumerator(at: url, includingPropertiesForKeys: keys) {
            for case let file as URL in walk {
                let size = bytes(of: file)
                if (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files += 1 }
                total += size
            }
        }
        return (files, byteWords(total))
    }

    static func byteWords(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return String(format: "%.1f KB", Double(bytes) / 1024) }
        return String(format: "%.1f MB", Double(bytes) / (1024 * 1024))
    }

    // MARK: - Spending

    /// Per host, the requests of the last hour by what they were for, from the ledger every
    /// tminus shares: `ll.thespacedevs.com  7 (refresh 4, list 2, detail 1)`; then what is kept
    /// for a launch near T-0: `kept  1 request for Starlink 12-3 (ll.thespacedevs.com) until 14:36`.
    static func spending(_ settings: Settings, into report: inout Report) {
        let ledger = Wiring.budgetLedger(settings.paths), now = settings.sharedClock.now()
        let counts = ledger.lastHour(at: now)
        if counts.isEmpty { report.item("requests", "none") }
        for (host, purposes) in counts.sorted(by: { $0.key < $1.key }) {
            let total = purposes.values.reduce(0, +)
            let parts = purposes.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
            report.item(host, "\(total) (\(parts.joined(separator: ", ")))")
        }
        let time = LaunchTime(zone: settings.timeZone), reservations = ledger.reservations(at: now)
        for kept in reservations {
            let count = kept.count == 1 ? "1 request" : "\(kept.count) requests"
            report.item("kept", "\(count) for \(kept.launch) near T-0 (\(kept.host)) until \(time.listDate(kept.until, precision: .hour))")
        }
        if reservations.isEmpty { report.item("kept", "nothing (no launch near T-0)") }
        // Why a request can wait while the hour has requests left: they are paced.
        report.item("pace", "\(LaunchLibrary2.name): \(Wiring.ll2Budget(settings).pace)")
    }

    // MARK: - APIs

    /// One request to each API, at once, through the app's own clients and governor: the URL
    /// the app asks first (a base the app reads is a base the doctor passes, issue 25: it
    /// once probed only `/api-throttle/`, which a mirror of the API may not have).
    static func apis(_ settings: Settings, into report: inout Report) async {
        let ll2Name = LaunchLibrary2.name, spacexName = SpaceXAPI.name, newsName = SpaceflightNews.name
        if settings.offline {
            for name in [ll2Name, spacexName, newsName] { report.item(name, "not asked (--offline)") }
            return
        }
        // The same shared budgets as the app: the doctor's requests count in them too.
        let governor = RequestGovernor(now: settings.sharedClock.now, ledger: Wiring.budgetLedger(settings.paths))
        let clients = Wiring.apiClients(settings)
        let ll2 = clients.ll2.governed(by: governor, budget: Wiring.ll2Budget(settings))
        let allowance = LaunchLibrary2.allowance(base: settings.ll2API,
                                                 http: clients.ll2.governed(by: governor, budget: .launchLibrary2Throttle))
        let spacex = clients.any.governed(by: governor, budget: .spaceX)
        let upcoming = HTTPClient.Request(url: LaunchLibrary2.listURL(base: settings.ll2API, segment: .upcoming, limit: 1),
                                          kind: .apiList)
        let latest = HTTPClient.Request(url: settings.spacexAPI.appending(path: "v5/launches/latest"), kind: .apiDetail)

        // Every Launch Library 2 resource the app reads, one row each (a server may serve its
        // launches and 404 its rockets: the Rockets and Events tabs would fail while the
        // launches were "ok"). Each costs one of the hour's requests.
        let rockets = HTTPClient.Request(url: oneItem(LaunchLibrary2.rocketsURL(base: settings.ll2API, active: true)), kind: .apiList)
        let events = HTTPClient.Request(url: LaunchLibrary2.eventsURL(base: settings.ll2API, segment: .upcoming, limit: 1), kind: .apiList)
        async let ll2Answer = Result(catching: { () async throws(APIError) in
            try LaunchLibrary2.decodeList(try await ask(ll2, upcoming, ll2Name), page: 1)
        })
        async let rocketsAnswer = Result(catching: { () async throws(APIError) in
            _ = try LaunchLibrary2.decodeRockets(try await ask(ll2, rockets, ll2Name))
        })
        async let eventsAnswer = Result(catching: { () async throws(APIError) in
            _ = try LaunchLibrary2.decodeEvents(try await ask(ll2, events, ll2Name), page: 1)
        })
        async let spacexAnswer = Result(catching: { () async throws(APIError) in try await ask(spacex, latest, spacexName) })
        // The r/SpaceX rockets the Rockets tab reads (its launches answered `latest`).
        let spacexRockets = HTTPClient.Request(url: settings.spacexAPI.appending(path: "v4/rockets"), kind: .apiList)
        async let spacexRocketsAnswer = Result(catching: { () async throws(APIError) in
            _ = try SpaceXAPI.decodeRockets(try await ask(spacex, spacexRockets, spacexName))
        })
        // The articles endpoint a detail's News section reads (one article).
        let news = clients.any.governed(by: governor, budget: .spaceflightNews)
        let articles = HTTPClient.Request(url: SpaceflightNews.probeURL(base: settings.newsAPI), kind: .apiList)
        async let newsAnswer = Result(catching: { () async throws(APIError) in try SpaceflightNews.decodeArticles(try await ask(news, articles, newsName)) })

        // The budget after the requests were asked, so it counts the doctor's own.
        let list = await ll2Answer
        let more = [("  rockets", await rocketsAnswer), ("  events", await eventsAnswer)]
        let budget = await Result(catching: { () async throws(APIError) in try await allowance() })
        report.item(ll2Name, "\(settings.ll2API.absoluteString): " + ll2Words(list, budget))
        if case .failure(let error) = list, !heldBack(error) { report.problem(problem(ll2Name, error)) }
        resources(more, of: ll2Name, reachable: list, into: &report)
        if case .success(let budget) = budget, budget.left == 0 {
            report.problem("\(ll2Name): no requests left " + hourWords(budget))
        }
        let spacexList = await spacexAnswer.map { _ in () }
        switch await spacexAnswer {
        case .success(let body):
            report.item(spacexName, "\(settings.spacexAPI.absoluteString): ok (\(byteWords(body.count)))")
        case .failure(let error):
            report.item(spacexName, "\(settings.spacexAPI.absoluteString): \(failure(error))")
            report.problem(problem(spacexName, error))
        }
        resources([("  rockets", await spacexRocketsAnswer)], of: spacexName, reachable: spacexList, into: &report)
        switch await newsAnswer {
        case .success: report.item(newsName, "\(settings.newsAPI.absoluteString): ok")
        case .failure(let error):
            report.item(newsName, "\(settings.newsAPI.absoluteString): \(failure(error))")
            report.problem(problem(newsName, error))
        }
    }

    /// One row per further resource of an API (`  rockets  not found (HTTP 404)`), each broken
    /// one a problem named by what it is (`Launch Library 2 rockets: not found (HTTP 404)`).
    /// When the API's first request found no server, the rest say so once, there.
    static func resources<T>(_ answers: [(String, Result<Void, APIError>)], of api: String, reachable first: Result<T, APIError>,
                             into report: inout Report) {
        if case .failure(let error) = first, unreachable(error) { return }
        for (label, answer) in answers {
            switch answer {
            case .success: report.item(label, "ok")
            case .failure(let error):
                report.item(label, failure(error))
                if heldBack(error) { continue }
                report.problem(problem(api + " " + label.trimmingCharacters(in: .whitespaces) + ":", error))
            }
        }
    }

    /// The request's answer; a refusal says what was refused, as the app says it
    /// (`Launch Library 2 has no /2.2.0/config/launcher/ (HTTP 404)`).
    static func ask(_ client: HTTPClient, _ request: HTTPClient.Request, _ source: String) async throws(APIError) -> Data {
        do { return try await client.data(request) } catch { throw error.naming(source: source, url: request.url) }
    }

    /// What the last line says of a failure: a refusal names its source and path itself.
    static func problem(_ what: String, _ error: APIError) -> String {
        if case .refused = error { return error.message }
        return "\(what) \(failure(error))"
    }

    /// `url` asking for one item (`limit=1`): a check needs no more.
    static func oneItem(_ url: URL) -> URL {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        parts.queryItems = parts.queryItems?.map { $0.name == "limit" ? URLQueryItem(name: "limit", value: "1") : $0 }
        return parts.url ?? url
    }

    /// "ok, 32 upcoming launches; 13 of 15 requests left this hour": the list the app reads
    /// first, then the budget, which is only said when the throttle answers (not a problem
    /// when it does not: the app reads the list without it).
    static func ll2Words(_ list: Result<LaunchPage, APIError>, _ budget: Result<RequestAllowance, APIError>) -> String {
        var words: String
        switch list {
        case .success(let page):
            words = "ok, " + counted(page.totalDocs ?? page.launches.count, "upcoming launch")
        case .failure(let error):
            words = failure(error)
        }
        switch budget {
        case .success(let budget):
            words += "; \(budget.left) of \(budget.limit) requests left " + hourWords(budget)
            if budget.nextUse > 0 { words += ", next in \(Int(budget.nextUse)) s" }
        case .failure(let error):
            // Unreachable is said once, by the list.
            if case .success = list { words += "; requests left: not said (/api-throttle/: \(failure(error)))" }
        }
        return words
    }

    static func hourWords(_ budget: RequestAllowance) -> String {
        budget.period == 3600 ? "this hour" : "per \(Int(budget.period)) s"
    }

    /// "unreachable (...)" when no answer came, else what the server answered.
    static func failure(_ error: APIError) -> String {
        unreachable(error) ? "unreachable (\(error.message))" : error.message
    }

    /// The app's own budget kept the request (another doctor a minute ago spent the burst): not
    /// asked, so nothing is known broken; the line says when it may be asked.
    static func heldBack(_ error: APIError) -> Bool {
        if case .heldBack = error { return true }
        return false
    }

    /// No server answered (as opposed to one that answered an error).
    static func unreachable(_ error: APIError) -> Bool {
        switch error {
        case .transport, .unreached, .timedOut: true
        default: false
        }
    }
}

extension Result where Failure == APIError {
    /// The result of typed-throwing async work.
    init(catching body: () async throws(APIError) -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
