import Foundation

/// A fresh directory under the system's temporary one; the test removes it.
func makeTemporaryDirectory(_ function: String = #function) -> URL {
    let name = "tminus-\(function.prefix { $0.isLetter || $0.isNumber })-\(UUID().uuidString)"
    let url = FileManager.default.temporaryDirectory.appending(path: name, directoryHint: .isDirectory)
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
