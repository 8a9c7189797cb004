import Foundation
import TminusCore

/// How one list of a `MisbehavingServer` pages, for the whole run: a server that repeats
/// itself does so every time, which is what makes an app that follows it blindly loop.
public enum ListHabit: String, Sendable, CaseIterable, CustomStringConvertible {
    case honest
    /// Pages are right, but single answers slip (see `Slip`).
    case flaky
    /// Every page past the first answers the first page's launches again and says there is more
    /// (the r/SpaceX API behind a broken cache).
    case repeatsFirstPage
    /// Every page past the first is empty and still says there is more.
    case emptyPagesForever
    /// Past the real last page: empty pages, a huge `totalDocs`, and always a next page
    /// (Launch Library 2's `next` pointing on forever).
    case neverEnds
    /// `next` points at the page just asked (a URL already asked, or the same page number).
    case repeatsNextURL

    public var description: String { rawValue }
}

/// How one answer goes wrong, whatever its list's habit.
public enum Slip: Sendable, Hashable, CustomStringConvertible {
    case none
    /// Some launches twice on one page.
    case duplicatesWithin
    /// The page starts with the end of the one before it (ids again across pages).
    case overlapsPrevious
    /// This once, a huge `totalDocs` and a next page even past the end.
    case lyingTotal
    /// Right data from the cache, old, because the network failed.
    case staleFallback
    case failure(APIError)

    public var description: String {
        switch self {
        case .none: "as asked"
        case .duplicatesWithin: "duplicates within the page"
        case .overlapsPrevious: "overlaps the page before"
        case .lyingTotal: "a lying total"
        case .staleFallback: "a stale fallback"
        case .failure(let error): "fails: \(error)"
        }
    }

    /// One of the ways an answer slips, each as likely: half of them bad pages, half failures
    /// (with and without a Retry-After).
    static func pick(using rng: inout SeededGenerator, source: String) -> Slip {
        let slips: [Slip] = [
            .duplicatesWithin, .duplicatesWithin, .overlapsPrevious, .overlapsPrevious, .lyingTotal, .lyingTotal,
            .staleFallback, .staleFallback,
            .failure(.http(status: 500, retryAfter: nil)), .failure(.http(status: 503, retryAfter: nil)),
            .failure(.http(status: 429, retryAfter: 30)), .failure(.http(status: 429, retryAfter: nil)),
            .failure(.rateLimited(source: source, retryAfter: 90)), .failure(.rateLimited(source: source, retryAfter: nil)),
            .failure(.timedOut), .failure(.transport("connection reset")),
        ]
        return slips.randomElement(using: &rng)!
    }
}

/// What a `MisbehavingServer` is like: which habits its lists may have, and how often an
/// answer is slow or slips.
public struct Temperament: Sendable {
    /// Drawn from for each list (repeat a habit to make it likelier).
    public var habits: [ListHabit]
    /// Of every answer: how often it is held until the test lets it go.
    public var slowRate: Double
    /// Of every answer from a list that is not `.honest`: how often it slips (a flaky list
    /// slips at `max(slipRate, 0.5)`).
    public var slipRate: Double

    public init(habits: [ListHabit], slowRate: Double = 0, slipRate: Double = 0) {
        self.habits = habits; self.slowRate = slowRate; self.slipRate = slipRate
    }

    /// Every list the same way, every answer at once and never slipping: one scripted fault.
    public static func always(_ habit: ListHabit) -> Temperament { Temperament(habits: [habit]) }

    /// For random tests: a third of the lists honest, the rest one fault each; a fifth of
    /// the answers slow, a tenth slipping.
    public static let chaotic = Temperament(
        habits: [.honest, .honest, .honest, .flaky, .flaky, .repeatsFirstPage, .emptyPagesForever, .neverEnds, .repeatsNextURL],
        slowRate: 0.2, slipRate: 0.1)
}
