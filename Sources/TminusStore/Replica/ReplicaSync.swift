import Foundation
import TminusCore

/// Keeps the replica current with Launch Library 2 by asking only what changed.
///
/// - The first sync reads the upcoming list (one request: what the app shows first) and
///   remembers the newest `last_updated` in it.
/// - Every later sync asks for the launches changed from that mark on, oldest change first,
///   100 a request: a sync where nothing changed costs one request. (A launch LL2 deletes
///   leaves no change behind: it stays as it was last sent.)
/// - History comes a page of 100 at a time, newest first (`fillHistory`), asked in the
///   background only with requests to spare (`RequestOrigin.background`), and goes on where
///   it stopped after a restart (the offset is kept in the file).
///
/// One process syncs at a time: the others read what it writes (a file lock beside the
/// replica; a process that finds it taken answers from what is held).
public actor ReplicaSync {
    public let base: URL
    let fetcher: CachedFetcher
    let now: @Sendable () -> Date
    private let opener: @Sendable () -> LaunchReplica
    private var opened: LaunchReplica?
    let lock: ReplicaLock?
    /// Whether spare requests go to history (the app); a subcommand spends none but its answer's.
    let fillsHistoryInBackground: Bool

    /// A replica younger than this is not synced again (unless the user asks, `r`): the
    /// cadence of the app's refreshes, which spend the hour's 15 requests.
    public static let freshFor = LaunchSource.freshFor
    /// Change pages one sync reads at most (each a request); the rest waits for the next.
    public static let changePagesMax = 3

    public init(base: URL, fetcher: CachedFetcher, lockFile: URL?, fillsHistoryInBackground: Bool = true,
                now: @escaping @Sendable () -> Date, replica: @escaping @Sendable () -> LaunchReplica) {
        self.base = base
        self.fillsHistoryInBackground = fillsHistoryInBackground
        self.fetcher = fetcher
        self.now = now
        self.opener = replica
        self.lock = lockFile.map(ReplicaLock.init)
    }

    /// The replica, opened on first use (never on the way to the first frame's thread). One
    /// built from another server (another `--ll2-api`) is emptied first: its marks mean
    /// nothing here.
    public var replica: LaunchReplica {
        if let opened { return opened }
        let replica = opener()
        if replica.state.base != base.absoluteString { try? replica.reset(base: base.absoluteString) }
        opened = replica
        return replica
    }

    /// History in the background, a page after another while there are requests to spare
    /// (the governor refuses a background request that would spend one kept for the user or
    /// for a launch near T-0: that ends the run, and the next sync starts another), unless a
    /// run is under way already or the history is in.
    public func fillInBackground() {
        guard fillsHistoryInBackground, historyTask == nil, !replica.state.historyComplete else { return }
        historyTask = Task { [weak self] in
            await RequestOrigin.$current.withValue(.background) {
                for _ in 0..<Self.backgroundPagesMax {
                    guard let self, !Task.isCancelled, let complete = try? await self.fillHistory(), !complete else { break }
                }
            }
            await self?.historyDone()
        }
    }

    /// History pages one background run reads at most: with a token's budget, 20 a run (2,000
    /// launches), the next run after the next sync.
    static let backgroundPagesMax = 20

    private var historyTask: Task<Void, Never>?
    private func historyDone() { historyTask = nil }

    /// Waits for the background history page under way, if any (tests, and a subcommand that
    /// must not exit in the middle of a write).
    public func settle() async { await historyTask?.value }

    /// Brings the replica up to date unless it is fresh (`force`: the user's `r`). Throws why
    /// it could not (offline, the budget, the server); what is held stays.
    /// - Returns: whether a sync ran (false: fresh, or another process is syncing).
    @discardableResult
    public func sync(force: Bool) async throws(APIError) -> Bool {
        let replica = replica
        var state = replica.state
        let now = now()
        // Fresh either way round: another tminus started with `--now` a moment later may
        // have synced "after" this one's clock.
        if !force, let at = state.syncedAt, abs(now.timeIntervalSince(at)) < Self.freshFor {
            return false
        }
        guard lock?.tryLock() ?? true else { return false }
        defer { lock?.unlock() }
        // Another process may have synced while this one waited.
        state = replica.state
        if let mark = state.changesMark {
            var since = mark
            for _ in 0..<Self.changePagesMax {
                let page = try await read(LaunchLibrary2.changesURL(base: base, since: since))
                try keep(page.launches, in: replica, state: &state)
                guard page.launches.count >= LaunchLibrary2.syncPageSize, let newer = state.changesMark, newer > since else { break }
                since = newer
            }
        } else {
            // The app's own upcoming list (100, detailed): what it shows first, before history.
            let page = try await read(LaunchLibrary2.listURL(base: base, segment: .upcoming))
            try keep(page.launches, in: replica, state: &state)
            // Nothing changed is ever older than what was just read: a first sync starts there.
            if state.changesMark == nil { state.changesMark = page.launches.compactMap(\.lastUpdated).max() ?? now }
        }
        state.syncedAt = now
        try save(state, in: replica)
        return true
    }

    /// Reads the next page of history (100 past launches, newest first) into the replica.
    /// - Returns: whether the history is complete now.
    @discardableResult
    public func fillHistory() async throws(APIError) -> Bool {
        let replica = replica
        var state = replica.state
        if state.historyComplete { return true }
        guard lock?.tryLock() ?? true else { return false }
        defer { lock?.unlock() }
        state = replica.state
        let page = try await read(LaunchLibrary2.historyURL(base: base, offset: state.historyOffset))
        // Past the first page, one that brings nothing new is a server repeating itself: read
        // on, it would be read forever.
        let repeated = state.historyOffset > 0 && replica.held(page.launches.map(\.id)) == page.launches.count
        try keep(page.launches, in: replica, state: &state)
        state.historyOffset += page.launches.count + page.unreadable
        // An empty page is the end, whatever the count said; so is a repeated one.
        state.historyTotal = (page.launches.isEmpty && page.unreadable == 0) || repeated ? state.historyOffset : page.totalDocs
        try save(state, in: replica)
        return state.historyComplete
    }

    private func read(_ url: URL) async throws(APIError) -> LaunchPage {
        try await fetcher.fetchFresh(.init(url: url, kind: .apiList)) { (data) throws(APIError) in
            try LaunchLibrary2.decodeList(data, page: 1)
        }
    }

    private func keep(_ launches: [Launch], in replica: LaunchReplica, state: inout ReplicaState) throws(APIError) {
        do {
            try replica.upsert(launches)
        } catch {
            throw .unreached("could not keep launches in the replica: \(LaunchReplica.describe(error))")
        }
        if let newest = launches.compactMap(\.lastUpdated).max(), newest > (state.changesMark ?? .distantPast) {
            state.changesMark = newest
        }
    }

    private func save(_ state: ReplicaState, in replica: LaunchReplica) throws(APIError) {
        do {
            try replica.save(state)
        } catch {
            throw .unreached("could not keep the replica's place: \(LaunchReplica.describe(error))")
        }
    }
}

/// An advisory lock on a file (`flock`), taken without waiting: one syncing process at a time.
public final class ReplicaLock: @unchecked Sendable {
    let url: URL
    private var descriptor: Int32 = -1

    public init(_ url: URL) { self.url = url }

    /// Takes the lock; false when another process holds it (or the file cannot be opened,
    /// when syncing unguarded is better than never syncing).
    public func tryLock() -> Bool {
        let fd = PrivateFiles.open(url, O_RDWR | O_CREAT)
        guard fd >= 0 else { return true }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            close(fd)
            return false
        }
        descriptor = fd
        return true
    }

    public func unlock() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }
}
