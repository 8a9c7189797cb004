// Tests only: the benchmarks link this module too, into the release build, which carries the
// Swift runtime inside it (`-static-stdlib`, see the Makefile) and has no Testing to link.
#if canImport(Testing)
import Foundation
import Testing
import TminusCore
import TminusViewModel

/// Dependencies that fail the test when called (the isowords way): a test states which
/// outside effects it expects by replacing just those, and any other call is a failure
/// with the dependency's name rather than a silent no-op.
extension AppEnvironment {
    /// An environment whose every door to the outside records an issue. Tests replace the
    /// ones they expect to be used.
    public static func unimplemented(source: LaunchSource = .unimplemented(), clock: AppClock) -> AppEnvironment {
        var environment = AppEnvironment(
            source: source, clock: clock, time: LaunchTime(timeZone: .gmt),
            openURL: { url in
                Issue.record("AppEnvironment.openURL(\(url)) was called unexpectedly")
                return .failure(LinkOpenError("unimplemented"))
            },
            saveExport: { name, _ in
                Issue.record("AppEnvironment.saveExport(\(name)) was called unexpectedly")
                return .failure(ExportError("unimplemented"))
            })
        environment.alert = { reminder in Issue.record("AppEnvironment.alert(\(reminder.name)) was called unexpectedly") }
        return environment
    }
}

extension LaunchSource {
    /// A source whose every request records an issue (and fails).
    public static func unimplemented(name: String = "Unimplemented") -> LaunchSource {
        @Sendable func fail(_ what: String) -> APIError {
            Issue.record("LaunchSource.\(what) was called unexpectedly")
            return .notAvailable("unimplemented")
        }
        return LaunchSource(name: name,
                            launches: { (segment, _, _) throws(APIError) in throw fail("launches(\(segment))") },
                            rockets: { (_) throws(APIError) in throw fail("rockets") },
                            rocketLaunches: { (id, _, _) throws(APIError) in throw fail("rocketLaunches(\(id))") },
                            launchDetail: { (id, _) throws(APIError) in throw fail("launchDetail(\(id))") })
    }
}
#endif
