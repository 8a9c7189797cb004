import Foundation
import Logging

/// A swift-log handler that appends to a file. While the UI owns the terminal nothing may be
/// printed, so diagnostics go here (`<state dir>/tminus.log`).
public struct FileLogHandler: LogHandler {
    private let sink: Sink
    private let label: String
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info

    final class Sink: @unchecked Sendable {
        // FileHandle writes are serialised by this lock; the handle is only touched under it.
        private let lock = NSLock()
        private let handle: FileHandle?
        init(url: URL) {
            try? PrivateFiles.makeFolder(url.deletingLastPathComponent())
            // Appended to, never through a link (`PrivateFiles`).
            let fd = PrivateFiles.open(url, O_WRONLY | O_CREAT | O_APPEND)
            handle = fd >= 0 ? FileHandle(fileDescriptor: fd, closeOnDealloc: true) : nil
        }
        func write(_ line: String) {
            lock.lock(); defer { lock.unlock() }
            try? handle?.write(contentsOf: Data(line.utf8))
        }
    }

    public init(label: String, file: URL) {
        self.label = label
        sink = Sink(url: file)
    }

    /// One sink shared by every logger of the process.
    public static func bootstrap(file: URL, level: Logger.Level = .info) {
        let sink = Sink(url: file)
        LoggingSystem.bootstrap { label in
            var handler = FileLogHandler(label: label, sink: sink)
            handler.logLevel = level
            return handler
        }
    }

    private init(label: String, sink: Sink) { self.label = label; self.sink = sink }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let stamp = ISO8601.wholeSeconds(Date())
        sink.write("\(stamp) \(event.level) \(label): \(event.message)\n")
    }
}
