import PropertyBased
import TminusTestSupport
import TminusViewModel

/// One random session: a server seed (which lists misbehave and how) and what the user and
/// the clock do. Steps shrink by dropping, so a failure comes down to the few keys that matter.
struct ListScenario: Sendable, CustomStringConvertible {
    enum Step: Sendable, Hashable, CustomStringConvertible {
        /// A key, then everything it set off is answered (held answers let go at random).
        case key(Key)
        /// A key pressed before the network answers: answers wait until a later step.
        case keyInFlight(Key)
        /// The clock moves on and the loop's tick comes (retries fall due).
        case tick(seconds: Int)
        case resize(width: Int, height: Int)
        /// Some of the answers held so far arrive, in random order, and are read.
        case deliver(Int)

        var description: String {
            switch self {
            case .key(let key): Self.name(key)
            case .keyInFlight(let key): Self.name(key) + "~"
            case .tick(let seconds): "+\(seconds)s"
            case .resize(let width, let height): "\(width)x\(height)"
            case .deliver(let count): "deliver \(count)"
            }
        }

        static func name(_ key: Key) -> String {
            switch key {
            case .character(let c): String(c)
            case .control(let c): "^\(c)"
            default: "\(key)"
            }
        }
    }

    var seed: UInt64
    var steps: [Step]

    var description: String { "seed \(seed), steps [\(steps.map(\.description).joined(separator: " "))]" }

    /// The keys that move, load, refresh, switch lists and filter, weighted so scrolling to
    /// the end (where paging happens) is common and the rest all come up.
    static let keys: [(key: Key, weight: Int)] = [
        (.character("G"), 6), (.character("j"), 4), (.character("k"), 2), (.character("g"), 1),
        (.pageDown, 3), (.pageUp, 1), (.enter, 2), (.escape, 2),
        (.character("u"), 2), (.character("p"), 4), (.character("r"), 3),
        (.character("1"), 1), (.character("2"), 1), (.character("3"), 1), (.tab, 1),
        (.character("L"), 1), (.character("S"), 2), (.character("/"), 1), (.character("s"), 1),
        (.character("F"), 1), (.character("W"), 1), (.character("R"), 1),
    ]

    static func randomStep(using rng: inout some RandomNumberGenerator) -> Step {
        let kind = Int.random(in: 0..<100, using: &rng)
        switch kind {
        case ..<50: return .key(randomKey(using: &rng))
        case ..<68: return .keyInFlight(randomKey(using: &rng))
        case ..<82: return .tick(seconds: Int.random(in: 0...600, using: &rng))
        case ..<90: return .resize(width: Int.random(in: 20...200, using: &rng), height: Int.random(in: 3...60, using: &rng))
        default: return .deliver(Int.random(in: 1...3, using: &rng))
        }
    }

    static func randomKey(using rng: inout some RandomNumberGenerator) -> Key {
        var pick = Int.random(in: 0..<keys.map(\.weight).reduce(0, +), using: &rng)
        for (key, weight) in keys {
            if pick < weight { return key }
            pick -= weight
        }
        return keys[0].key
    }

    static func generator(steps: ClosedRange<Int> = 5...30) -> Generator<ListScenario, some Sequence & SendableMetatype> {
        // The seed does not shrink: a smaller seed is no simpler server, only another one.
        let seeds = Generator<UInt64, Shrink.None<UInt64>> { rng in rng.next() }
        let step = Generator<Step, Shrink.None<Step>> { rng in randomStep(using: &rng) }
        return zip(seeds, step.array(of: steps)).map { ListScenario(seed: $0, steps: $1) }
    }
}
