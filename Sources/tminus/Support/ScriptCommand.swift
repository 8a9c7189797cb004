import ArgumentParser
import Foundation
import Logging
import TminusArchive
import TminusCore
import TminusStore

/// What the subcommands share: the settings, the same sources and cache as the app, the clock,
/// and one way to fail (a message on stderr, exit 1).
///
/// As in the app, a frozen source (the r/SpaceX API) that cannot be reached, with nothing
/// cached, answers from the built-in archive, with a note on stderr. A live source (Launch
/// Library 2) never does: a script must not take 2022's launches for today's, so with no
/// network and no cache it fails with the reason.
struct ScriptContext {
    let settings: Settings
    let source: LaunchSource
    let clock: AppClock

    init(_ options: CommonOptions) throws {
        settings = try options.settings()
        FileLogHandler.bootstrap(file: settings.paths.logFile)
        if let problem = settings.configProblem {
            // Said once: some problems say it themselves (a file that is not UTF-8).
            let words = problem.hasSuffix("using defaults") ? problem : problem + "; using defaults"
            FileHandle.standardError.write(Data("tminus: \(words)\n".utf8))
        }
        clock = settings.clock
        preferences = PreferencesStore.file(settings.paths.settingsFile).load().preferences
        let cache = DiskCache(directory: settings.paths.responses, limit: CachedFetcher.defaultCacheLimit)
        let governor = RequestGovernor(now: settings.sharedClock.now, ledger: Wiring.budgetLedger(settings.paths))
        let chosen = Wiring.sources(settings, clock: clock, governor: governor, cache: cache, fillsHistory: false)[0]
        source = chosen.isFrozen ? chosen.fallingBack { BuiltInArchive.shared } : chosen
    }

    var time: LaunchTime { LaunchTime(zone: settings.timeZone) }
    /// The units the user chose in the app (the settings file), for rocket figures.
    var units: UnitPreferences { preferences.units }
    /// The settings file, read once for the run (the units, the saved follow and its ids).
    let preferences: Preferences

    /// What this run follows: the flags over the saved follow (chosen in the app with `P`,
    /// else config.toml's `[follow]`).
    func follow(_ options: FollowOptions) -> Follow {
        options.follow(saved: preferences.savedFollow(config: settings.config.follow))
    }

    /// How many pages a followed list reads at most for its `limit` (a rare provider on a list
    /// thousands long must not page through the hour's budget).
    static let followedPagesMax = 5

    /// Up to `limit` launches of a list, following the pages; with a follow, only the followed
    /// ones (every launch read is checked against the follow's names: one that matches none of
    /// them is a usage error, exit 64).
    func launches(_ segment: LaunchSegment, limit: Int, follow: Follow = .everything) async throws -> [Launch] {
        var all: [Launch] = [], read: [Launch] = []
        // The server asked for the followed launches by the ids the app learned for the names
        // (Launch Library 2); the rows are checked here too.
        let known = follow.isEmpty ? FollowIDs() : preferences.followIDs
        var cursor: PageCursor? = PageCursor(page: 1, query: ListQuery(follow: follow, server: known.server(for: follow)))
        var pages = 0
        while let next = cursor, all.count < limit, follow.isEmpty || pages < Self.followedPagesMax {
            pages += 1
            // The cache's first upcoming page, read once, when it is fresh enough; else the source.
            let cached = next.page == 1 && segment == .upcoming ? await freshEnoughUpcoming(next) : nil
            let fetched: Fetched<LaunchPage>
            if let cached {
                fetched = cached
            } else {
                fetched = try await fetchAll { () async throws(APIError) in try await source.launches(segment, next, .normal) }
            }
            // Frozen data never calls a passed date upcoming (the archive's 2022 launches).
            let page = fetched.frozen(at: clock.now(), sourceIsFrozen: source.isFrozen).value
            read += page.launches
            all += page.launches.filter { launch in follow.follows(launch) && !all.contains { $0.id == launch.id } }
            cursor = page.next
        }
        try await checkFollowedNames(follow, segment, read: read, followed: all, known: known)
        return await withCachedDetails(Array(all.prefix(limit)))
    }

    /// A followed name that matches none of the launches read is a usage error (exit 64). A
    /// source that follows by itself (the replica) sends only followed launches: when none
    /// came, the names are checked against the list's own first page, from what is held.
    func checkFollowedNames(_ follow: Follow, _ segment: LaunchSegment, read: [Launch], followed: [Launch],
                            known: FollowIDs) async throws {
        guard !follow.isEmpty else { return }
        var read = read
        if followed.isEmpty, let whole = try? await source.launches(segment, .first, .cacheOnly) {
            read += whole.value.launches
        }
        try UnknownFollowName.check(follow, against: read, known: known)
    }

    /// The cached first page of upcoming launches when it will do for a script (`tminus next`
    /// in a status bar every 15 s must not spend the hour's budget): up to 30 min old, or 12
    /// while its next launch is within the hour of NET (twice the app's cadences, so that a
    /// running app's refreshes keep it fresh and the script never asks in its stead).
    /// A followed list's own page first (the app caches it under the same query), else the
    /// whole list's (its rows are filtered here).
    func freshEnoughUpcoming(_ cursor: PageCursor = .first) async -> Fetched<LaunchPage>? {
        if cursor != .first, let own = await freshEnough(cursor) { return own }
        return await freshEnough(.first)
    }

    private func freshEnough(_ cursor: PageCursor) async -> Fetched<LaunchPage>? {
        guard let cached = try? await source.launches(.upcoming, cursor, .cacheOnly), let at = cached.fetchedAt else { return nil }
        let now = clock.now(), age = now.timeIntervalSince(at)
        let next = Launch.next(in: cached.value.launches, now: now)
        let near = next?.date.map { $0.timeIntervalSince(now) < 3600 } ?? false
        return age >= 0 && age < (near ? Self.nearScriptFreshness : Self.scriptFreshness) ? cached : nil
    }

    /// The launches that can be next under `follow`, from a source that holds all it knows
    /// (the replica: `LaunchSource.nextLaunches`), so `next` decodes a few records, not the
    /// whole upcoming list: what is held while it is fresh enough for a script (as
    /// `freshEnoughUpcoming`), else after a sync. Nil from any other source.
    func nextCandidates(follow: Follow) async throws -> [Launch]? {
        guard let ask = source.nextLaunches else { return nil }
        let now = clock.now(), query = ListQuery(follow: follow)
        if let held = try? await ask(query, now, .cacheOnly), let at = held.fetchedAt {
            let age = now.timeIntervalSince(at)
            let near = Launch.next(in: held.value, now: now)?.date.map { $0.timeIntervalSince(now) < 3600 } ?? false
            if age >= 0, age < (near ? Self.nearScriptFreshness : Self.scriptFreshness) { return held.value }
        }
        return try await fetch { () async throws(APIError) in try await ask(query, now, .normal) }
    }

    /// The upcoming launches held under `follow`, asking nothing of the network (the replica
    /// synced a moment ago): what `next` counts when none of them can be next. A followed name
    /// that matches none of the launches held is a usage error, as on the other path.
    func heldUpcoming(follow: Follow) async throws -> [Launch] {
        let cursor = PageCursor(page: 1, query: ListQuery(follow: follow))
        let held = (try? await source.launches(.upcoming, cursor, .cacheOnly))?.value.launches ?? []
        try await checkFollowedNames(follow, .upcoming, read: held, followed: held, known: preferences.followIDs)
        return held
    }

    static let scriptFreshness: TimeInterval = 30 * 60
    static let nearScriptFreshness: TimeInterval = 12 * 60

    /// The rows with what their details in the cache add (videos, links, the precision word),
    /// so the JSON says what the app's detail says; nothing is asked of the network for it.
    func withCachedDetails(_ launches: [Launch]) async -> [Launch] {
        guard let detail = source.launchDetail else { return launches }
        var filled: [Launch] = []
        for launch in launches {
            let cached = try? await detail(launch.id, .cacheOnly)
            filled.append(cached.map { launch.filledIn(from: $0.value) } ?? launch)
        }
        return filled
    }

    /// The answer, or (when the network failed and the cache answered) the answer and a note
    /// on stderr; no answer at all is a failure with the reason.
    func fetch<T>(_ body: () async throws(APIError) -> Fetched<T>) async throws -> T {
        try await fetchAll(body).value
    }

    /// `fetch`, keeping what the answer says of itself (the archive's, how old).
    func fetchAll<T>(_ body: () async throws(APIError) -> Fetched<T>) async throws -> Fetched<T> {
        do {
            let fetched = try await body()
            if let archive = fetched.archive {
                let why = fetched.problem.map { "\($0.message) — " } ?? ""
                Self.warn("\(source.name): \(why)showing the \(LaunchArchive.label(dataTo: archive))")
            } else if let problem = fetched.problem {
                let age = fetched.fetchedAt.map { " from " + time.listDate($0, precision: .hour) } ?? ""
                Self.warn("\(problem.message) — showing cached data\(age)")
            }
            return fetched
        } catch {
            throw ScriptFailure("\(source.name): \(error.message)")
        }
    }

    static func warn(_ text: String) {
        FileHandle.standardError.write(Data("tminus: \(text)\n".utf8))
    }

    /// Colour only for a person: stdout a terminal and `NO_COLOR` unset.
    static var colorOutput: Bool {
        isatty(STDOUT_FILENO) == 1 && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    }

    static func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    static func write(_ data: Data) { FileHandle.standardOutput.write(data) }
}

/// A subcommand: its work is async (requests), its `run` waits for it (see `blocking`).
protocol ScriptCommand: ParsableCommand, Sendable {
    var options: CommonOptions { get }
    /// The subcommand's own checks of its values, after the common options'.
    func check() throws
    func work() async throws
}

extension ScriptCommand {
    func check() throws {}

    /// Bad values (flags or environment variables) are refused while the command line is
    /// parsed: the error then belongs to the subcommand and prints its usage, where one thrown
    /// from `run` would print the top-level usage. `work` resolves the settings again, which is
    /// cheap (the environment and a small config file). Not in CommonOptions' own `validate`:
    /// the root command parses the subcommand's flags too, and would refuse them as its own.
    func validate() throws {
        _ = try options.settings()
        try check()
    }

    /// A failure is said as every other line on stderr is (`tminus: …`), not as the argument
    /// parser's `Error: …`, which stays for what was wrong with the command line.
    func run() throws {
        do {
            try blocking { try await self.work() }
        } catch let failure as ScriptFailure {
            ScriptContext.warn(failure.description)
            throw ExitCode.failure
        }
    }
}

/// Runs async work to its end from a synchronous command (the subcommands are quick, one-shot
/// jobs; keeping every command synchronous keeps the app itself on the main thread).
///
/// Every wait has a bound. The work runs on the concurrency runtime's threads: where none can
/// be started (an address-space limit, `ulimit -v`, leaves no room for a thread's stack; a
/// thread limit), it never begins, and the command says so instead of waiting for ever. Begun,
/// it has `finishWithin` (each request has its own timeout well inside it).
func blocking(startWithin: TimeInterval = 15, finishWithin: TimeInterval = 600,
              _ body: @escaping @Sendable () async throws -> Void) throws {
    final class Outcome: @unchecked Sendable { var error: Error? }
    let outcome = Outcome()
    let started = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
    Task.detached {
        started.signal()
        do { try await body() } catch { outcome.error = error }
        done.signal()
    }
    if started.wait(timeout: .now() + startWithin) == .timedOut {
        throw ScriptFailure("cannot start threads: the work did not begin within \(Int(startWithin)) s "
                            + "(a limit on memory or threads, `ulimit -v` or `ulimit -u`, leaves no room for one)")
    }
    if done.wait(timeout: .now() + finishWithin) == .timedOut {
        throw ScriptFailure("gave up after \(Int(finishWithin / 60)) minutes without an answer")
    }
    if let error = outcome.error { throw error }
}

/// A subcommand that could not do its job: one line on stderr, exit 1.
struct ScriptFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
