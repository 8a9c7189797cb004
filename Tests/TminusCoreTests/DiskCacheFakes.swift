import Foundation
import Synchronization
import Testing
@testable import TminusCore

/// A fresh directory under the system's temporary one; the test removes it.
func makeTemporaryDirectory(_ function: String = #function) -> URL {
    let name = "tminus-\(function.prefix { $0.isLetter || $0.isNumber })-\(UUID().uuidString)"
    let url = FileManager.default.temporaryDirectory.appending(path: name, directoryHint: .isDirectory)
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A clock that moves one second forward every time it is read: every access time differs.
final class SteppingClock: Sendable {
    private let seconds = Mutex<Double>(1_700_000_000)
    func callAsFunction() -> Date {
        seconds.withLock { s in
            s += 1
            return Date(timeIntervalSince1970: s)
        }
    }
}

typealias Entry = DiskCache.Entry

/// A count many tasks can bump.
final class Tally: Sendable {
    private let value = Mutex(0)
    func bump() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

func url(_ name: String) -> URL { URL(string: "https://pictures.test/\(name)")! }

/// The file names in `directory`, sorted.
func listing(_ directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}
