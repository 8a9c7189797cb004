import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether a thread can be started, tried once before the concurrency runtime is: where none
/// can (an address-space limit, `ulimit -v`, leaves no room for a thread's 8 MB stack; a
/// thread limit), libdispatch retries once a second for ever, on the thread that asked, so
/// `tminus next` in a status bar would hang without a word. Probed with the same default
/// attributes its workers get, joined at once.
enum ThreadProbe {
    /// Threads tminus runs at once at the least: the runtime's manager and a worker, and a
    /// transfer's own.
    static let needed = 3

    static func problem() -> String? {
        var threads: [pthread_t] = []
        var failure: Int32 = 0
        for _ in 0..<needed {
            var thread = pthread_t()
            let status = pthread_create(&thread, nil, { _ in nil }, nil)
            guard status == 0 else { failure = status; break }
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
        guard failure != 0 else { return nil }
        return "tminus: cannot start threads (\(String(cString: strerror(failure)))): a limit on memory or threads "
            + "(ulimit -v, ulimit -u) leaves no room for them"
    }
}
