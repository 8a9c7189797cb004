import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// While the UI is up, anything a library or the runtime writes to stderr would scribble over
/// the screen (and desynchronise ncurses' idea of it). So stderr goes to an unlinked temporary
/// file, and whatever landed there is replayed once the terminal is restored. Only done when
/// stderr is the terminal: a redirected stderr harms nothing and may be someone's log.
final class StderrCapture {
    private var savedFD: Int32 = -1
    private var captureFD: Int32 = -1

    init() {
        guard isatty(STDERR_FILENO) == 1 else { return }
        var template = Array((NSTemporaryDirectory() + "/tminus-stderr-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let saved = dup(STDERR_FILENO)
        guard saved >= 0, dup2(fd, STDERR_FILENO) >= 0 else {
            close(fd)
            if saved >= 0 { close(saved) }
            return
        }
        _ = fcntl(saved, F_SETFD, FD_CLOEXEC)
        savedFD = saved
        captureFD = fd
        SignalHandling.setHiddenStderr(saved: saved, capture: fd)
    }

    /// Gives stderr back and replays what was captured. Idempotent.
    func restore() {
        guard savedFD >= 0 else { return }
        fflush(nil)
        _ = dup2(savedFD, STDERR_FILENO)
        SignalHandling.setHiddenStderr(saved: -1, capture: -1)
        close(savedFD)
        savedFD = -1
        if lseek(captureFD, 0, SEEK_SET) == 0 {
            var buffer = [UInt8](repeating: 0, count: 8192)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(captureFD, $0.baseAddress, $0.count) }
                guard n > 0 else { break }
                var offset = 0
                while offset < n {
                    let w = buffer[offset..<n].withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
                    if w <= 0 { break }
                    offset += w
                }
            }
        }
        close(captureFD)
        captureFD = -1
    }

    deinit { restore() }
}
