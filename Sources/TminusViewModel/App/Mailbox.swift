import Synchronization

/// Where background work (network responses, link openers) leaves its results for the UI
/// thread. Posting wakes the terminal loop (through a pipe it polls), so the loop sleeps in
/// `poll` instead of spinning, and every state change happens on the UI thread.
public final class Mailbox: Sendable {
    private let queue = Mutex<[AppEvent]>([])
    /// In a struct, not as a bare closure: a `Mutex<(@Sendable () -> Void)?>` wraps the closure
    /// in two more reabstraction thunks on every `withLock` (the generic value is read and
    /// written back through `inout`), so each post called through all the earlier ones, one
    /// stack frame pair and 32 bytes of heap more per post, for good (issue 23).
    private struct Waker { var wake: (@Sendable () -> Void)? }
    private let waker = Mutex(Waker())

    public init() {}

    /// Called from any thread.
    public func post(_ event: AppEvent) {
        queue.withLock { $0.append(event) }
        let wake = waker.withLock { $0.wake }
        wake?()
    }

    /// Takes every waiting event, oldest first.
    public func drain() -> [AppEvent] {
        queue.withLock { events in
            defer { events.removeAll(keepingCapacity: true) }
            return events
        }
    }

    /// The terminal loop installs how to wake it; tests leave it unset.
    public func setWaker(_ wake: (@Sendable () -> Void)?) {
        waker.withLock { $0.wake = wake }
    }
}
