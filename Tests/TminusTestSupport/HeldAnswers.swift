import Synchronization

/// Answers a test server keeps back: slow ones, and every one while the gate is shut (the
/// test pressing keys faster than the network answers). The test lets them go one at a time,
/// picked at random, so they land out of order.
///
/// Which one goes is picked from the held answers sorted by their labels, so the same
/// requests held under the same seed go in the same order, however threads ran.
public final class HeldAnswers: Sendable {
    private struct Held {
        var ticket: Int
        var label: String
        var resume: CheckedContinuation<Void, Never>
    }
    private struct Gate {
        var open = true
        var held: [Held] = []
        var tickets = 0
    }
    private let gate = Mutex(Gate())

    public init() {}

    /// Waits while `slow`, or while the gate is shut, until the test lets this answer go or
    /// the app cancels the request (as a real connection would end).
    func pass(_ label: String, slow: Bool) async {
        let ticket = gate.withLock { gate in
            gate.tickets += 1
            return gate.tickets
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
                let waits = gate.withLock { gate in
                    // Checked under the lock: a cancellation after this finds the answer held.
                    guard (slow || !gate.open), !Task.isCancelled else { return false }
                    gate.held.append(Held(ticket: ticket, label: label, resume: resume))
                    return true
                }
                if !waits { resume.resume() }
            }
        } onCancel: {
            let cancelled = gate.withLock { gate in
                gate.held.firstIndex { $0.ticket == ticket }.map { gate.held.remove(at: $0) }
            }
            cancelled?.resume.resume()
        }
    }

    /// Shut: every answer waits until let go. Open: only slow ones do.
    public func shut() { gate.withLock { $0.open = false } }
    public func open() { gate.withLock { $0.open = true } }

    public var count: Int { gate.withLock { $0.held.count } }

    /// Lets up to `limit` held answers go, picked at random; returns how many went.
    @discardableResult
    public func release(upTo limit: Int, using rng: inout SeededGenerator) -> Int {
        var going: [CheckedContinuation<Void, Never>] = []
        gate.withLock { gate in
            gate.held.sort { $0.label < $1.label }
            while going.count < limit, !gate.held.isEmpty {
                going.append(gate.held.remove(at: Int.random(in: 0..<gate.held.count, using: &rng)).resume)
            }
        }
        for resume in going { resume.resume() }
        return going.count
    }

    /// Lets held answers go, at random, as they come, until cancelled: run beside the view
    /// model's `settle()`, which waits for every request and so would wait for these forever.
    public func releaseUntilCancelled(seed: UInt64) async {
        var rng = SeededGenerator(seed: seed)
        while !Task.isCancelled {
            if release(upTo: 1, using: &rng) == 0 { try? await Task.sleep(for: .microseconds(200)) }
        }
    }
}
