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
