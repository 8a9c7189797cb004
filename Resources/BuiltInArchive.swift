import Foundation
import TminusCore

/// The r/SpaceX archive shipped with the app (`spacex-archive.json`, written by
/// `Scripts/build_archive.py`): a SwiftPM resource of this target, whose directory is the
/// package's top-level `Resources/`. On Linux SwiftPM puts it in
/// `tminus_TminusArchive.resources` beside the binary.
public enum BuiltInArchive {
    /// Read and decoded on first use only (a start from the cache never pays for it), once.
    public static let shared: LaunchArchive? = load()

    static func load() -> LaunchArchive? {
        guard let data = data() else { return nil }
        return try? LaunchArchive.decode(data)
    }

    /// The file's bytes; nil when the binary was copied somewhere without its resource bundle.
    /// `Bundle.module` stops the process when it finds no bundle, so it is touched only once
    /// the bundle is known to be where it looks first.
    public static func data() -> Data? {
        let beside = Bundle.main.bundleURL.appendingPathComponent("tminus_TminusArchive.resources").path
        guard FileManager.default.fileExists(atPath: beside),
              let url = Bundle.module.url(forResource: "spacex-archive", withExtension: "json") else { return nil }
        return try? Data(contentsOf: url)
    }
}
