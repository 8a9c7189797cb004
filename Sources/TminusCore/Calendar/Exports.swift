import Foundation

/// Files the user asked for (calendar events), written into their download folder.
public enum Exports {
    /// Writes `contents` as `folder/fileName` (the folder made if missing), atomically: a
    /// half-written event never sits where a calendar might import it. The same launch saved
    /// again replaces its file (its UID is the same, so calendars update the event).
    public static func save(_ contents: Data, as fileName: String, in folder: URL) -> Result<URL, ExportError> {
        let name = (fileName as NSString).lastPathComponent
        guard !name.isEmpty, name != ".", name != ".." else { return .failure(ExportError("bad file name")) }
        let file = folder.appending(path: name)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try contents.write(to: file, options: .atomic)
            return .success(file)
        } catch {
            return .failure(ExportError("\(folder.path): \((error as NSError).localizedDescription)"))
        }
    }
}

public struct ExportError: Error, Sendable, Hashable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
