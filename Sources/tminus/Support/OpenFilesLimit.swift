import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process's limit on open files, checked before anything else runs. A shell's
/// `ulimit -n 20` left tminus failing on sockets it could not make ("connection refused" while
/// the server answered), and at 12 the concurrency runtime stopped the process with nothing
/// said. So the soft limit is raised to the hard one (as far as `wanted`), and below `needed`
/// tminus says what is short and stops, before the terminal or a thread is touched.
enum OpenFilesLimit {
    /// Files tminus may hold at once: the databases and their WAL and shm, the log, the ledger,
    /// sockets, the runtime's own, a picture or two.
    static let needed: rlim_t = 64
    /// As far as the soft limit is raised (the hard one may be a million).
    static let wanted: rlim_t = 4096

    /// Nil when the limit is (now) enough, else the words to stop with.
    static func ensure() -> String? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        let target = min(limit.rlim_max, max(limit.rlim_cur, wanted))
        if target > limit.rlim_cur {
            var raised = limit
            raised.rlim_cur = target
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        guard limit.rlim_cur < needed else { return nil }
        return "tminus: too many open files would be needed: the limit is \(limit.rlim_cur) (ulimit -n), "
            + "tminus needs \(needed); raise it with `ulimit -n \(needed)` or more"
    }
}

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
