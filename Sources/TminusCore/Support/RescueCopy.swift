import Foundation

/// Writes what could not be saved where it can: the first of the candidate folders that takes
/// the file (the data folder, the state folder, the cache, the temporary folder), so a full or
/// read-only data disk still leaves a copy somewhere.
public enum RescueCopy {
    public static func write(_ data: Data, named name: String, candidates: [URL]) -> URL? {
        let fm = FileManager.default
        for folder in candidates {
            let file = folder.appending(path: name)
            do {
                try PrivateFiles.makeFolder(folder)
                try data.write(to: file, options: .atomic)
                return file
            } catch {
                continue
            }
        }
        return nil
    }

    /// Where to try, in order.
    public static func candidates(_ paths: AppPaths) -> [URL] {
        [paths.data, paths.state, paths.cache, FileManager.default.temporaryDirectory, URL(fileURLWithPath: "/tmp")]
    }

    /// Where the next run looks for copies to save: the app's own folders (a copy in the
    /// shared temporary folder is the user's to find, as the exit message says).
    public static func replayed(_ paths: AppPaths) -> [URL] { [paths.data, paths.state, paths.cache] }

    /// The copies in these folders.
    public static func existing(in folders: [URL]) -> [URL] {
        folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasPrefix("unsaved-") && $0.hasSuffix(".json") }
                .map { folder.appending(path: $0) }
        }
    }

    /// The copy's name: when it was made, so a second exit does not overwrite the first.
    public static func name(at date: Date) -> String {
        "unsaved-\(Int(date.timeIntervalSince1970)).json"
    }
}
