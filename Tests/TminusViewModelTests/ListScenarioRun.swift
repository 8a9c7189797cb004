import Foundation
import Synchronization
import Testing
import TminusCore
import TminusTestSupport
import TminusViewModel

/// Plays a `ListScenario` on the real `AppViewModel` against a `MisbehavingServer`, checking
/// every `Invariant` after every step, then lets only the clock run (the tail) to see the
/// app go quiet. Keeps the first violation of each invariant.
///
/// Answers never land on their own: outside `settle` the server holds every answer, so what
/// the app has read between steps depends on the steps alone; only the order in which one
/// `settle`'s answers land can vary with the threads.
final class ListScenarioRun {
    /// Requests one prompt (a key, a resize, a due retry or filter) may cost a list: the page
    /// itself and a few more for a short page that leaves the screen unfilled.
    static let followUps = 4
    /// The clock after the last key: past every back-off (5 s doubling to 5 min) and 429 wait.
    static let tail = [5, 10, 20, 40, 80, 160, 300, 300, 600, 600]

    let scenario: ListScenario
    let clock = TestClock()
    let server: MisbehavingServer
    let viewModel: AppViewModel
    private let styles: [PagingStyle] = [.numbered, .linked]
    private let posts = PostCounter()
    private var rng: SeededGenerator
    private var prompts: [MisbehavingServer.ListKey: Int] = [:]
    private var overlapsSeen = 0
    /// Keys were pressed or answers read since the last `settle`: requests may be on their way
    /// to the shut gate.
    private var answersOut = false
    private(set) var violations: [Invariant: Violation] = [:]

    init(_ scenario: ListScenario, temperament: Temperament = .chaotic) {
        self.scenario = scenario
        rng = SeededGenerator(seed: scenario.seed, label: "test")
        server = MisbehavingServer(seed: scenario.seed, temperament: temperament, clock: clock.clock)
        let mailbox = Mailbox()
        let posts = posts
        mailbox.setWaker { posts.add() }
        viewModel = server.app(styles: styles, clock: clock, mailbox: mailbox)
        server.held.shut()
    }

    /// Records an issue for each of these invariants that was broken.
    func expect(_ invariants: Invariant..., sourceLocation: SourceLocation = #_sourceLocation) {
        for invariant in invariants {
            if let violation = violations[invariant] { Issue.record("\(violation)", sourceLocation: sourceLocation) }
        }
    }

    func run() async -> ListScenarioRun {
        server.beginStep()
        viewModel.start()
        prompt(activeList)
        await settle()
        check(after: "start", settled: true)
        for (index, step) in scenario.steps.enumerated() {
            server.beginStep()
            let settles = await play(step)
            check(after: "step \(index + 1) (\(step))", settled: settles)
        }
        server.beginStep()
        await settle()
        check(after: "the answers still out after the last step", settled: true)
        for seconds in Self.tail {
            server.beginStep()
            clock.advance(by: TimeInterval(seconds))
            let due = dueLists()
            for list in due { prompt(list) }
            viewModel.handle(.tick)
            await settle()
            checkQuiet(due: due, after: "a tick \(seconds) s after the last key")
            check(after: "a tick \(seconds) s after the last key", settled: true)
        }
        return self
    }

    /// Plays one step; returns whether everything it set off has been answered.
    private func play(_ step: ListScenario.Step) async -> Bool {
        let before = activeList
        switch step {
        case .key(let key), .keyInFlight(let key):
            viewModel.handle(.key(key))
            prompt(before, activeList)
            if case .keyInFlight = step {
                answersOut = true
                return false
            }
        case .tick(let seconds):
            clock.advance(by: TimeInterval(seconds))
            for list in dueLists() { prompt(list) }
            viewModel.handle(.tick)
        case .resize(let width, let height):
            viewModel.handle(.resized(width: width, height: height))
            prompt(before)
        case .deliver(let count):
            await deliver(count)
            answersOut = true
            return false
        }
        await settle()
        return true
    }

    // MARK: - Answers

    /// Runs the view model's `settle()` with the server's gate open and held answers let go
    /// at random beside it (`settle` waits for every request, held ones too). It ends even
    /// on an app that asks again after every answer: past `runawayLimit` requests for a list
    /// in one step the server refuses with a failure the app does not retry by itself.
    private func settle() async {
        // A request is caught overlapping another only if it reaches the server while the
        // other is still held there: let every request asked so far arrive before any goes.
        if answersOut { await waitForArrivals() }
        answersOut = false
        server.held.open()
        let held = server.held
        let seed = rng.next()
        let releaser = Task { await held.releaseUntilCancelled(seed: seed) }
        await viewModel.settle()
        releaser.cancel()
        await releaser.value
        server.held.shut()
    }

    /// Until no new request has reached the server for a millisecond (or 50 ms in all): the
    /// app's requests run in tasks of their own, a moment after the key that asked.
    private func waitForArrivals() async {
        var last = -1, still = 0
        for _ in 0..<250 where still < 5 {
            let now = server.records.count
            still = now == last ? still + 1 : 0
            last = now
            try? await Task.sleep(for: .microseconds(200))
        }
    }

    /// A few held answers arrive (in random order) and the app reads them; what they set off
    /// waits at the shut gate.
    private func deliver(_ count: Int) async {
        let before = posts.count
        let released = server.held.release(upTo: count, using: &rng)
        // Each answer let go is posted by its task a moment later; a bounded wait for them.
        for _ in 0..<5_000 where posts.count < before + released {
            try? await Task.sleep(for: .microseconds(200))
        }
        viewModel.receiveMail()
    }

    // MARK: - Prompts: what may make a list ask

    private var activeList: MisbehavingServer.ListKey? { viewModel.state.activeListID.map(listKey) }

    /// A list of the screen as the server knows it: by the source it comes from.
    private func listKey(_ id: ListID) -> MisbehavingServer.ListKey {
        switch id {
        case .segment: .init(styles[viewModel.state.sourceIndex], id)
        // A rocket's launches come from the rockets' source, the numbered one.
        case .rocket: .init(.numbered, id)
        }
    }

    private func prompt(_ lists: MisbehavingServer.ListKey?...) {
        for list in Set(lists.compactMap { $0 }) { prompts[list, default: 0] += 1 }
    }

    /// The lists a tick at the clock's time may make ask: a retry due, a scheduled refresh due
    /// (`RefreshPlan`), or a filter typed and left for its pause.
    private func dueLists() -> Set<MisbehavingServer.ListKey> {
        let state = viewModel.state
        let now = clock.clock.now()
        var due = Set<MisbehavingServer.ListKey>()
        for (id, list) in state.lists where list.status.retryAt.map({ $0 <= now }) ?? false { due.insert(listKey(id)) }
        if let input = state.filterInput, let at = input.askAt, at <= now { due.insert(listKey(input.list)) }
        for refresh in RefreshPlan.schedule(state) where refresh.at <= now { due.insert(listKey(refresh.list)) }
        return due
    }

    // MARK: - Checks

    private func violate(_ invariant: Invariant, _ message: String) {
        if violations[invariant] == nil { violations[invariant] = Violation(invariant: invariant, message: message) }
    }

    private func check(after moment: String, settled: Bool) {
        let state = viewModel.state
        if let problem = StateChecks.uniqueRows(state) { violate(.uniqueRows, "after \(moment): \(problem)") }
        if let problem = StateChecks.selectionInRange(state) { violate(.selectionInRange, "after \(moment): \(problem)") }
        if settled, let problem = StateChecks.settled(state) { violate(.settles, "after \(moment): \(problem)") }
        let overlaps = server.overlaps
        if overlaps.count > overlapsSeen {
            violate(.oneRequestPerListAtATime, "after \(moment): \(overlaps[overlapsSeen])")
            overlapsSeen = overlaps.count
        }
        checkBudget(after: moment)
        if let problem = probeKeys() { violate(.answersKeys, "after \(moment): \(problem)") }
    }

    /// In all, a list asks at most `followUps` times per prompt (plus once more as many for
    /// its first load), and never runs away within one step.
    private func checkBudget(after moment: String) {
        let records = server.networkRecords
        for (list, asked) in Dictionary(grouping: records.filter { $0.list != nil }, by: { $0.list! }) {
            let thisStep = asked.filter { $0.step == server.step }
            if thisStep.count > server.runawayLimit {
                violate(.requestsFollowPrompts, "after \(moment): \(list) kept requesting without a key: \(thisStep.count) requests in one step, e.g. \(thisStep.last!)")
            }
            let allowed = Self.followUps * (prompts[list, default: 0] + 1)
            if asked.count > allowed {
                violate(.requestsFollowPrompts, "after \(moment): \(list) made \(asked.count) requests for \(prompts[list, default: 0]) prompts (keys on it, due retries): at most \(allowed); the last: \(asked.suffix(3).map(\.description).joined(separator: "; "))")
            }
        }
    }

    /// After the last key: a list asks at a tick only if a retry (or filter) was due, and
    /// then only a few times.
    private func checkQuiet(due: Set<MisbehavingServer.ListKey>, after moment: String) {
        let thisStep = server.networkRecords.filter { $0.step == server.step && $0.list != nil }
        for (list, asked) in Dictionary(grouping: thisStep, by: { $0.list! }) {
            let allowed = due.contains(list) ? Self.followUps : 0
            guard asked.count > allowed else { continue }
            let why = asked.count > server.runawayLimit ? "kept requesting without a key: \(asked.count) requests"
                : due.contains(list) ? "asked \(asked.count) times for one due retry" : "asked \(asked.count) times with no retry due"
            violate(.quietAfterTheLastKey, "\(moment): \(list) \(why); e.g. \(asked.last!)")
        }
    }

    /// The app still answers keys: `?` opens the help and closes it again (not while the `/`
    /// input or another box takes the keys).
    private func probeKeys() -> String? {
        let state = viewModel.state
        guard state.overlay == nil, state.filterInput == nil, !state.isTypingFilter else { return nil }
        viewModel.handle(.key(.character("?")))
        guard viewModel.state.overlay == .help else { return "? did not open the help on \(state.screen)" }
        viewModel.handle(.key(.character("?")))
        guard viewModel.state.overlay == nil else { return "? did not close the help on \(state.screen)" }
        return nil
    }
}

/// Counts the events posted to the app's mailbox (its waker runs once per post).
private final class PostCounter: Sendable {
    private let value = Mutex(0)
    func add() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
