import Synchronization

/// The tasks the effect runner started that have not ended yet. Each task takes itself out as
/// it ends, so the set holds work in flight only: an app left open for days starts tens of
/// thousands of tasks (every picture scrolled past is one), and a finished task kept by its
/// handle keeps its memory (its object and its allocator's slabs, about 6 KB each; measured
/// with heaptrack, issue 23).
final class RunningTasks: Sendable {
    private struct State {
        var nextID: UInt64 = 0
        var tasks: [UInt64: Task<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// Starts `work` off the calling thread and keeps its task until `work` returns.
    @discardableResult
    func start(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        // Created under the lock: a task that ends at once waits here for its own entry, so
        // it never takes itself out before it is in.
        state.withLock { s in
            s.nextID += 1
            let id = s.nextID
            let task = Task.detached { [self] in
                await work()
                ended(id)
            }
            s.tasks[id] = task
            return task
        }
    }

    private func ended(_ id: UInt64) {
        _ = state.withLock { $0.tasks.removeValue(forKey: id) }
    }

    /// Tasks running now.
    var count: Int { state.withLock { $0.tasks.count } }

    /// The tasks running now (tests wait for them; they stay until they end).
    var running: [Task<Void, Never>] { state.withLock { Array($0.tasks.values) } }
}
