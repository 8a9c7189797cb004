import Foundation
import TminusCore
import TminusStore

/// The r/SpaceX archive shipped with the app (`spacex-archive.json`, written by
/// `Scripts/build_archive.py`): a SwiftPM resource of this target, whose directory is the
/// package's top-level `Resources/`. On Linux SwiftPM puts it in
/// `tminus_TminusArchive.resources` beside the binary; `make install` puts the file in
/// PREFIX/share/tminus.
public enum BuiltInArchive {
    /// Read and decoded on first use only (a start from the cache never pays for it), once.
    public static let shared: LaunchArchive? = load()

    static func load() -> LaunchArchive? {
        guard let data = data() else { return nil }
        return try? decode(data)
    }

    /// The archive in these bytes, its lists asked through a replica of its own.
    public static func decode(_ data: Data) throws(APIError) -> LaunchArchive {
        try LaunchArchive.decode(data, lists: ArchiveLists.replica(of:))
    }

    /// The file's bytes; nil when the binary was copied somewhere without them. Two places,
    /// the first found wins: SwiftPM's resource bundle beside the binary (what `swift build`
    /// leaves), and `../share/tminus/` from the binary's directory (what `make install` puts
    /// there: PREFIX/bin/tminus reads PREFIX/share/tminus/spacex-archive.json).
    /// `Bundle.module` stops the process when it finds no bundle, so it is touched only once
    /// the bundle is known to be where it looks first.
    public static func data() -> Data? {
        let binaryDirectory = Bundle.main.bundleURL
        let beside = binaryDirectory.appendingPathComponent("tminus_TminusArchive.resources").path
        if FileManager.default.fileExists(atPath: beside),
           let url = Bundle.module.url(forResource: "spacex-archive", withExtension: "json") {
            return try? Data(contentsOf: url)
        }
        let installed = binaryDirectory.deletingLastPathComponent()
            .appendingPathComponent("share/tminus/spacex-archive.json")
        return try? Data(contentsOf: installed)
    }
}
