import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets other threads wake the UI loop out of `poll`. The mailbox's waker closure holds this
/// object, so both ends stay open until the last copy of the closure is gone: a background
/// task that posts late never writes to a closed descriptor (or one the number was reused for).
final class WakePipe: Sendable {
    let readFD: Int32
    let writeFD: Int32

    init() throws {
        (readFD, writeFD) = try makeNonBlockingPipe()
    }

    /// Safe from any thread. A full pipe already guarantees a wake-up, so EAGAIN is fine.
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    func drain() { drainPipe(readFD) { _ in } }

    deinit {
        close(readFD)
        close(writeFD)
    }
}

/// Non-blocking (the writers must never stall, the reader drains until EAGAIN) and close-on-exec
/// (the browser the app launches must not inherit them).
func makeNonBlockingPipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    guard tm_pipe_nonblock_cloexec(&fds) == 0 else { throw TerminalError.system("pipe", errno) }
    return (fds[0], fds[1])
}

/// Reads everything waiting in a non-blocking pipe, handing each byte to `body`.
func drainPipe(_ fd: Int32, _ body: (UInt8) -> Void) {
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n > 0 {
            for byte in buffer[0..<n] { body(byte) }
            continue
        }
        if n < 0, errno == EINTR { continue }
        return // 0: no writers; -1 EAGAIN: empty
    }
}
