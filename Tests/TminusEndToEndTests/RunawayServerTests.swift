import Foundation
import Testing

/// What the list's end says once paging has stopped (the view model's words).
private let endOfListText = "end of list"
/// What a body over its kind's cap (endless, or a gzip bomb inflating past it) is called.
private let tooLargeText = "too large"
/// What a body that never finishes (trickled) or never starts (silent) is called.
private let timedOutText = "timed out"
/// "Idle" for a process: CPU over a few quiet seconds, as % of one core.
private let idleCPUPercent = 3.0
/// How far memory may rise while the server misbehaves.
private let memoryMarginMB = 20.0
/// The app's `--timeout` (seconds): low, so a misbehaving server is given up on quickly.
private let timeoutSeconds = "3"

/// A runaway server, through the real binary (the scenarios): list pages that never
/// end (page 1 again and again, or empty pages, each saying there is more), and bodies that
/// never end, inflate to a gigabyte, or trickle a byte at a time, on every kind of request. The
/// app must stop asking, cut the body off, say so, and stay idle, small and listening.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct RunawayServerTests {
    static let galaxy = "Galaxy 33 (15R) & 34 (12R)"
    /// The first launch of the fixture server's Launch Library 2 upcoming list, and its id.
    static let ll2First = LaunchLibrary2Tests.first
    static let ll2FirstID = "b91a488c-1c12-477c-ab24-cebb7a6b8780"

    // MARK: The app process

    /// What the app process uses: resident memory now and at its peak (KiB), CPU time so far.
    struct Footprint {
        var rss: Int
        var peak: Int
        var cpu: Double

        init(_ pid: pid_t) throws {
            guard let rss = Harness.residentKilobytes(of: pid), let peak = Harness.statusKilobytes("VmHWM", of: pid),
                  let cpu = Harness.cpuSeconds(of: pid) else {
                throw HarnessError.http("tminus (pid \(pid)) is gone")
            }
            (self.rss, self.peak, self.cpu) = (rss, peak, cpu)
        }

        /// How far memory rose above `self` by now (MB): the rise of the peak, or of RSS itself
        /// when the peak was already higher.
        func grownMB(_ pid: pid_t) -> Double {
            guard let now = try? Footprint(pid) else { return 0 }
            return Double(max(now.peak - peak, now.rss - rss)) / 1024
        }
    }

    /// Watches the app for `seconds`: the CPU it used (% of a core) and how far its memory rose
    /// above `baseline` (MB). Stops early once memory is past the margin: a runaway app must not
    /// take the machine's memory with it.
    static func watch(_ pid: pid_t, seconds: Double, from baseline: Footprint) async throws -> (cpu: Double, grownMB: Double) {
        let start = try Footprint(pid)
        let began = ContinuousClock.now
        var grown = baseline.grownMB(pid)
        while ContinuousClock.now - began < .seconds(seconds), grown <= memoryMarginMB {
            try await Task.sleep(for: .milliseconds(50))
            grown = max(grown, baseline.grownMB(pid))
        }
        let elapsed = ContinuousClock.now - began
        let used = (try Footprint(pid)).cpu - start.cpu
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (100 * used / wall, grown)
    }

    /// `?` opens the help and Esc closes it: the app still answers keys.
    static func expectKeysAnswered(_ tmux: TmuxSession, _ what: String) async throws {
        try tmux.sendKeys("?")
        try await tmux.waitFor("Keys:")
        try tmux.sendKeys("Escape")
        try await tmux.waitUntil("\(what): the help closed") { !$0.contains("Keys:") }
    }

    // MARK: 1. Lists that never end

    enum Source: String, CaseIterable, Sendable {
        case spacex, ll2

        var arguments: [String] { self == .ll2 ? ["--source", "ll2"] : [] }
        var ready: String { self == .ll2 ? RunawayServerTests.ll2First : RunawayServerTests.galaxy }
        /// Where the Past list's pages are asked for.
        var pastList: String { self == .ll2 ? "/2.2.0/launch/previous" : "/v5/launches/query" }
    }

    enum PagingLie: String, CaseIterable, Sendable {
        case repeatFirstPage, emptyPages

        func fault(_ path: String) -> Fault {
            self == .repeatFirstPage ? .repeatFirstPage(path: path) : .emptyPages(path: path)
        }
    }

    @Test(arguments: PagingLie.allCases, Source.allCases)
    func aListThatNeverEndsStopsAtTheEndAndGoesQuiet(_ lie: PagingLie, _ source: Source) async throws {
        // Launch Library 2's past list is the replica's: the lie is told to its history, from
        // the first request on. r/SpaceX's past pages are asked as the user pages.
        let rig = try AppRig(prefix: "tminus-e2e-runaway-paging", faults: source == .ll2 ? [lie.fault(source.pastList)] : [],
                             defaults: AppRig.galaxyEve + ["--no-images"])
        // 20 rows: a page (20 launches) is more than a screen, so the list's end has a row of its own.
        let tmux = try await rig.start(source.arguments, height: 20, ready: source.ready)
        let pid = try #require(tmux.pid)
        if source == .spacex { try await rig.server.inject(fault: lie.fault(source.pastList)) }
        try tmux.sendKeys("p")
        try await tmux.waitUntil("the Past list") { $0.contains("Crew-5") && !$0.contains(Self.galaxy) }
        let baseline = try Footprint(pid)

        // To the end, again and again, as a user waiting for more would (the replica's history
        // stopped at the lie's first page: five pages of 20 rows to its end).
        let toTheEnd = source == .ll2 ? Array(repeating: "G", count: 6) : []
        for key in toTheEnd + ["G", "G", "End", "PageDown", "G"] {
            try await rig.server.clearRequests()  // what is left after the last one is what counts
            try tmux.sendKeys(key)
            try await tmux.waitUntil("\(key) taken in") { _ in true }
        }
        let settling = try await Self.watch(pid, seconds: 2, from: baseline)
        let idle = try await Self.watch(pid, seconds: 3, from: baseline)
        let asked = try await rig.requests(under: source.pastList).count
        #expect(asked <= 3, "\(lie) on \(source): \(asked) list requests in the 5 s after the last key")
        #expect(idle.cpu < idleCPUPercent, "\(lie) on \(source): \(idle.cpu) % of a core while idle")
        let grown = max(settling.grownMB, idle.grownMB)
        #expect(grown <= memoryMarginMB, "\(lie) on \(source): memory grew \(grown) MB")
        let screen = try? await tmux.waitFor(endOfListText, timeout: .seconds(2))
        #expect(screen != nil, "\(lie) on \(source): no \(String(reflecting: endOfListText)) on screen:\n\(HarnessError.frame(tmux.capture()))")
        try await Self.expectKeysAnswered(tmux, "\(lie) on \(source)")
    }

    // MARK: 2. Bodies that never end, never finish, or explode

    enum HostileBody: String, CaseIterable, Sendable {
        case endless, trickle, gzipBomb

        func fault(_ path: String) -> Fault {
            switch self {
            case .endless: .endless(path: path)
            case .trickle: .trickle(path: path, interval: 0.5)
            case .gzipBomb: .gzipBomb(path: path)
            }
        }

        /// What the app is expected to call it.
        var words: String { self == .trickle ? timedOutText : tooLargeText }
    }

    /// Every kind of request the app makes: how to get to the point where the next key sends
    /// it, the path the fault goes on, and the key.
    enum Endpoint: String, CaseIterable, Sendable {
        case firstPage, loadMore, detail, rockets, rocketLaunches, pictures

        var arguments: [String] {
            switch self {
            case .detail: ["--source", "ll2", "--no-images"]
            case .pictures: []
            default: ["--no-images"]
            }
        }

        var ready: String { self == .detail ? RunawayServerTests.ll2First : RunawayServerTests.galaxy }

        var path: String {
            switch self {
            case .firstPage, .loadMore, .rocketLaunches: "/v5/launches/query"
            case .detail: "/2.2.0/launch/" + RunawayServerTests.ll2FirstID
            case .rockets: "/v4/rockets"
            case .pictures: "/images/falcon"  // the rocket photos (list rows' patches are patch.png)
            }
        }

        /// Before the fault: the screen from which `key` sends the request.
        func prepare(_ tmux: TmuxSession, _ rig: AppRig) async throws {
            switch self {
            case .loadMore:
                try tmux.sendKeys("p")
                try await tmux.waitUntil("the Past list") { $0.contains("Crew-5") && $0.contains("187 launches") }
            case .rocketLaunches:
                _ = try await RocketsTests.openRocketsTab(tmux)
                try await RocketsTests.openRocket(0, tmux)
            case .detail:
                // The row from the detailed list is the whole record: opening it asks nothing;
                // `r` on the detail asks the server for it again.
                try tmux.sendKeys("Enter")
                try await tmux.waitUntil("the detail") { $0.contains("Provider") }
            case .pictures:
                // The list's patches are in (their decoding is not what is measured).
                try await rig.waitForRequests(under: "/images/patch.png", count: 1)
                try await tmux.waitUntil("the list settled") { $0.contains(RunawayServerTests.galaxy) }
            default:
                break
            }
        }

        var key: String {
            switch self {
            case .firstPage: "r"
            case .loadMore: "G"
            case .detail: "r"
            case .rockets, .pictures: "2"
            case .rocketLaunches: "L"
            }
        }
    }

    /// Endless and gzip-bomb bodies on every kind of request (each kind has a cap of its own);
    /// a trickle on one request of each HTTP client (r/SpaceX, Launch Library 2, pictures), since
    /// a deadline is the client's.
    static let hostileCases: [(HostileBody, Endpoint)] =
        [HostileBody.endless, .gzipBomb].flatMap { body in Endpoint.allCases.map { (body, $0) } }
            + [Endpoint.firstPage, .detail, .pictures].map { (HostileBody.trickle, $0) }

    @Test(arguments: hostileCases)
    func aHostileBodyIsGivenUpOnWhileTheAppStaysSmallIdleAndListening(_ body: HostileBody, _ endpoint: Endpoint) async throws {
        let what = "\(body) on \(endpoint) (\(endpoint.path))"
        let rig = try AppRig(prefix: "tminus-e2e-runaway-body", defaults: AppRig.galaxyEve + ["--timeout", timeoutSeconds])
        let tmux = try await rig.start(endpoint.arguments, ready: endpoint.ready)
        let pid = try #require(tmux.pid)
        try await endpoint.prepare(tmux, rig)
        let baseline = try Footprint(pid)
        try await rig.server.clearRequests()
        try await rig.server.inject(fault: body.fault(endpoint.path))
        try tmux.sendKeys(endpoint.key)
        try await rig.waitForRequests(under: endpoint.path, count: 1)

        // The app says what happened: on screen, or for a picture (which fails quietly) in its log.
        var said: Bool
        if endpoint == .pictures {
            let log = try await tmux.poll(timeout: .seconds(20), "\(what): the log naming the picture", read: { rig.log() },
                                          until: { Self.names($0, body.words) || baseline.grownMB(pid) > memoryMarginMB },
                                          report: { $0 })
            said = Self.names(log, body.words)
        } else {
            let screen = try await tmux.waitUntil(timeout: .seconds(20), "\(what): \(String(reflecting: body.words)) on screen") {
                $0.contains(body.words) || baseline.grownMB(pid) > memoryMarginMB
            }
            said = screen.contains(body.words)
        }
        // A few seconds on, nothing is still going on: little CPU, and memory where it was.
        let idle = try await Self.watch(pid, seconds: 3, from: baseline)
        try #require(idle.grownMB <= memoryMarginMB, "\(what): memory grew \(idle.grownMB) MB")
        #expect(said, "\(what): \(String(reflecting: body.words)) was not said:\n\(HarnessError.frame(tmux.capture()))")
        #expect(idle.cpu < idleCPUPercent, "\(what): \(idle.cpu) % of a core a few seconds on")
        try await Self.expectKeysAnswered(tmux, what)
    }

    /// A log line about a picture (`/images/…`) with `words` in it.
    static func names(_ log: String, _ words: String) -> Bool {
        log.split(separator: "\n").contains { $0.contains("/images/") && $0.contains(words) }
    }

    // MARK: 3. A server that never answers

    @Test func aSilentServerTimesOutAndTheAppStaysIdle() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-runaway-silent", defaults: AppRig.galaxyEve + ["--no-images", "--timeout", timeoutSeconds])
        let tmux = try await rig.start()
        let pid = try #require(tmux.pid)
        try tmux.sendKeys("p")
        try await tmux.waitUntil("the Past list") { $0.contains("Crew-5") && $0.contains("187 launches") }
        let baseline = try Footprint(pid)
        try await rig.server.inject(fault: .silent(path: "/v5/launches/query"))
        try tmux.sendKeys("G")
        let screen = try await tmux.waitFor("Could not load more: the request \(timedOutText)", timeout: .seconds(20))
        #expect(screen.contains("press r to retry"))
        let idle = try await Self.watch(pid, seconds: 3, from: baseline)
        #expect(idle.grownMB <= memoryMarginMB && idle.cpu < idleCPUPercent, "silent: \(idle)")
        try await Self.expectKeysAnswered(tmux, "silent")
    }
}
