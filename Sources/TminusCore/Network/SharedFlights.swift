import Synchronization

/// One piece of work per key at a time: callers asking for a key that is already being worked
/// on wait for the same result. A caller that is cancelled leaves at once with `cancelled`;
/// when the last caller of a key leaves, the work is cancelled too.
public final class SharedFlights<Value: Sendable>: Sendable {
    private struct Flight {
        var generation: UInt64
        var task: Task<Void, Never>?
        var waiters: [UInt64: CheckedContinuation<Value, Never>]
    }

    private struct State {
        var nextID: UInt64 = 0
        var flights: [String: Flight] = [:]
    }

    private let state = Mutex(State())
    private let cancelled: Value

    public init(cancelled: Value) { self.cancelled = cancelled }

    public func value(for key: String, work: @escaping @Sendable () async -> Value) async -> Value {
        let id = state.withLock { s in
            s.nextID += 1
            return s.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
                // Under the lock: a cancellation either happened before (seen here) or its
                // handler runs after the waiter is registered (and finds it).
                let joined = state.withLock { s -> Bool in
                    if Task.isCancelled { return false }
                    if s.flights[key] != nil {
                        s.flights[key]!.waiters[id] = continuation
                        return true
                    }
                    let task = Task { [self] in
                        let value = await work()
                        finish(key, generation: id, with: value)
                    }
                    s.flights[key] = Flight(generation: id, task: task, waiters: [id: continuation])
                    return true
                }
                if !joined { continuation.resume(returning: cancelled) }
            }
        } onCancel: {
            let (continuation, orphaned) = state.withLock { s -> (CheckedContinuation<Value, Never>?, Task<Void, Never>?) in
                guard var flight = s.flights[key], let continuation = flight.waiters.removeValue(forKey: id) else {
                    return (nil, nil)
                }
                if flight.waiters.isEmpty {
                    s.flights[key] = nil
                    return (continuation, flight.task)
                }
                s.flights[key] = flight
                return (continuation, nil)
            }
            orphaned?.cancel()
            continuation?.resume(returning: cancelled)
        }
    }

    private func finish(_ key: String, generation: UInt64, with value: Value) {
        let waiters = state.withLock { s -> [CheckedContinuation<Value, Never>] in
            guard let flight = s.flights[key], flight.generation == generation else { return [] }
            s.flights[key] = nil
            return Array(flight.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }

    /// Keys being worked on now.
    public var inFlight: Int { state.withLock { $0.flights.count } }

    /// Callers waiting, every key together.
    public var waiting: Int { state.withLock { $0.flights.values.reduce(0) { $0 + $1.waiters.count } } }
}
