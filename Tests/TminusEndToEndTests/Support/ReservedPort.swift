import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback port held bound and not listening: a connection to it is refused at once, and no
/// other server of the test run (they bind port 0 in parallel) can take it while it is held.
/// "A port that was just free" is not enough: a fixture server of another test took it once,
/// and the app under test listed that server's launches instead of saying "refused".
final class ReservedPort: @unchecked Sendable {
    let port: Int
    private let lock = NSLock()
    private var descriptor: Int32?

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HarnessError.serverDidNotStart("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else {
            close(fd)
            throw HarnessError.serverDidNotStart("bind 127.0.0.1:0: errno \(errno)")
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        descriptor = fd
    }

    /// `http://127.0.0.1:PORT`.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Lets the port go, for a server to listen on it next.
    func release() {
        lock.withLock {
            if let descriptor { close(descriptor) }
            descriptor = nil
        }
    }

    deinit { release() }
}
