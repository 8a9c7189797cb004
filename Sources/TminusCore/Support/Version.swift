import CBuildInfo

public enum TminusVersion {
    public static let current = "0.1.0"
    /// The commit the binary was built from (the Makefile's release build passes it in); empty
    /// for a plain `swift build`.
    public static let commit = String(cString: tm_build_commit())
    /// What `--version` prints: `0.1.0 (commit 1a2b3c4d5e6f)`, or `0.1.0` alone.
    public static var described: String { commit.isEmpty ? current : "\(current) (commit \(commit))" }
}
