import Foundation
import Testing
import TminusCore

/// The real recorded API responses (`/work/shared/fixtures`), found through `TMINUS_FIXTURES`.
/// They are never copied into the project, so tests that need them are skipped without it.
enum Fixtures {
    static let root: URL? = {
        guard let path = ProcessInfo.processInfo.environment["TMINUS_FIXTURES"], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path, isDirectory: true)
    }()

    static var available: Bool { root != nil }

    static let skipMessage: Comment = "TMINUS_FIXTURES is not set; real API fixtures skipped"

    /// The bytes of `relative` under the fixtures root, e.g. `spacex/v5/launches.json`.
    static func data(_ relative: String) throws -> Data {
        let root = try #require(root, "TMINUS_FIXTURES is not set")
        let url = root.appending(path: relative)
        do {
            return try Data(contentsOf: url)
        } catch {
            Issue.record("cannot read fixture \(url.path): \(error)")
            throw error
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, _ relative: String) throws -> T {
        try JSONDecoder().decode(T.self, from: data(relative))
    }
}

/// Small hand-written fixtures in this target's `Fixtures/` folder (a `.copy` resource, so the
/// folder keeps its name inside the bundle).
enum LocalFixture {
    static func data(_ name: String) throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"),
            "missing test fixture Fixtures/\(name).json"
        )
        return try Data(contentsOf: url)
    }
}

/// Decodes a JSON literal written in a test.
func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
}

/// A fixed instant from an ISO-8601 literal.
func instant(_ text: String) throws -> Date {
    try #require(ISO8601.parse(text), "not an ISO 8601 instant: \(text)")
}
