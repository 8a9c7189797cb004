import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// The Events tab's paging against a server that misbehaves at random, driven through the pure
/// reducer: random keys and ticks, and each request answered (late, in any order) with a good
/// page, page 1 again, an empty page that says there is more, a 500, a 429, or nothing cached.
/// Over many seeded sessions: never two requests for one list at once, no request a key or a
/// timer did not call for, unique rows, the selection on a row, and quiet after the last key.
@Suite("Events lists against a misbehaving server (properties)")
struct EventsPropertyTests {
    static let sessions = 300

    struct Outstanding { var asked: EventRequest; var cursor: PageCursor }

    static func page(_ asked: EventRequest, _ cursor: PageCursor, _ behaviour: Int, total: Int) -> Result<Fetched<EventPage>, APIError> {
        let all = Sample.events(total, upcoming: asked.segment == .upcoming)
        func slice(_ page: Int) -> [SpaceEvent] {
            let start = (page - 1) * 20
            return start < all.count ? Array(all[start..<min(all.count, start + 20)]) : []
        }
        let more = PageCursor(page: cursor.page + 1, url: URL(string: "https://ll.test/events/\(cursor.page + 1)"))
        switch behaviour {
        case 0: return .failure(.http(status: 500, retryAfter: nil))
        case 1: return .failure(.http(status: 429, retryAfter: 120))
        case 2: return .success(Fetched(EventPage(events: slice(1), page: cursor.page, next: more)))           // page 1 again, "more"
        case 3: return .success(Fetched(EventPage(events: [], page: cursor.page, next: more)))                 // empty, "more"
        case 4 where asked.mode == .cacheOnly: return .failure(.notCached)
        default:
            let events = slice(cursor.page)
            return .success(Fetched(EventPage(events: events, page: cursor.page, next: cursor.page * 20 < all.count ? more : nil)))
        }
    }

    @Test func pagingHoldsItsInvariantsUnderChaos() {
        let keys: [Key] = [.character("j"), .character("k"), .character("G"), .character("g"), .character("r"),
                           .character("u"), .character("p"), .pageDown, .enter, .escape, .character("4")]
        for seed in 0..<UInt64(Self.sessions) {
            var random = SeededGenerator(seed: seed)
            let clock = TestClock()
            let source = ScriptedSource(upcoming: Sample.ll2Launches(2), name: "Launch Library 2",
                                        events: [.upcoming: [], .past: []])
            let environment = AppEnvironment(source: source.source, clock: clock.clock, time: LaunchTime(timeZone: .gmt),
                                             openURL: { _ in .success(()) })
            var state = AppState.initial(environment)
            state.size = Size(width: 80, height: 24)
            let total = Int.random(in: 0...70, using: &random)
            var outstanding: [Outstanding] = []
            var log: [String] = []

            func send(_ event: AppEvent, prompted: Bool) {
                let (next, effects) = AppViewModel.reduce(state, event, environment: environment, now: clock.clock.now())
                let asked = effects.compactMap { effect -> Outstanding? in
                    if case let .fetchEvents(request, cursor) = effect { return Outstanding(asked: request, cursor: cursor) }
                    return nil
                }
                for new in asked {
                    let busy = outstanding.contains { $0.asked.segment == new.asked.segment }
                    #expect(!busy, "seed \(seed): a second request for \(new.asked.segment) while one is out; \(log.suffix(6))")
                }
                if !prompted && !asked.isEmpty {
                    // Only a due retry or the hourly refresh may ask by itself on a tick.
                    let list = state.events.list(asked[0].asked.segment)
                    let due = list.status.retryIsDue(now: clock.clock.now())
                        || EventsPlan.due(asked[0].asked.segment, state).map { $0 <= clock.clock.now() } ?? false
                    #expect(due || list.status.activity == .idle, "seed \(seed): a request nobody asked for; \(log.suffix(6))")
                }
                outstanding += asked
                state = next
                for segment in LaunchSegment.allCases {
                    let list = state.events.list(segment)
                    #expect(Set(list.events.map(\.id)).count == list.events.count, "seed \(seed): a row twice")
                    #expect(list.events.isEmpty || list.events.indices.contains(list.selection), "seed \(seed): selection off the rows")
                }
            }

            send(.started, prompted: true)
            send(.key(.character("4")), prompted: true)
            for _ in 0..<60 {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5:
                    let key = keys.randomElement(using: &random)!
                    log.append("key \(key)")
                    send(.key(key), prompted: true)
                case 5..<7:
                    clock.advance(by: Double(Int.random(in: 1...900, using: &random)))
                    log.append("tick")
                    send(.tick, prompted: false)
                default:
                    guard !outstanding.isEmpty else { continue }
                    let answered = outstanding.remove(at: Int.random(in: 0..<outstanding.count, using: &random))
                    let behaviour = Int.random(in: 0..<9, using: &random)
                    log.append("answer \(answered.asked.segment) p\(answered.cursor.page) with \(behaviour)")
                    send(.eventsLoaded(answered.asked, Self.page(answered.asked, answered.cursor, behaviour, total: total)), prompted: true)
                }
            }
            // The user leaves: every answer comes in good, and two quiet hours pass in minutes.
            while let answered = outstanding.first {
                outstanding.removeFirst()
                send(.eventsLoaded(answered.asked, Self.page(answered.asked, answered.cursor, 8, total: total)), prompted: true)
            }
            var asked = 0
            for _ in 0..<120 {
                clock.advance(by: 60)
                let before = outstanding.count
                send(.tick, prompted: false)
                asked += outstanding.count - before
                while let answered = outstanding.first {
                    outstanding.removeFirst()
                    send(.eventsLoaded(answered.asked, Self.page(answered.asked, answered.cursor, 8, total: total)), prompted: true)
                }
            }
            // Retries back off and the hourly refresh is hourly: a handful in two hours, per list.
            #expect(asked <= 8, "seed \(seed): \(asked) requests in two quiet hours")
        }
    }
}
