import Foundation
import TminusCore

/// What the view models may reach outside themselves: the data source, the clock, the user's
/// browser, and how dates read. Live values are wired by the executable; tests pass fakes.
public struct AppEnvironment: Sendable {
    public var source: LaunchSource
    public var clock: AppClock
    public var openURL: @Sendable (URL) async -> Result<Void, LinkOpenError>
    public var time: LaunchTime
    /// A note for the status line at start-up (e.g. why `--offline` shows nothing yet).
    public var startupNotice: String?

    public init(source: LaunchSource, clock: AppClock, time: LaunchTime,
                openURL: @escaping @Sendable (URL) async -> Result<Void, LinkOpenError>,
                startupNotice: String? = nil) {
        self.source = source; self.clock = clock; self.time = time; self.openURL = openURL
        self.startupNotice = startupNotice
    }
}
