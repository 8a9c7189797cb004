import Foundation
import TminusCore

/// The widest value of each list column over the loaded launches, measured when the list
/// changes (a page arrives, a filter applies) rather than on every frame: the renderer sizes the
/// columns from it, so a frame's cost does not grow with the list. Every loaded launch counts
/// (issue 37: measuring the first page only cut `Iridium NEXT Missio…` further down with 50
/// columns blank); a page with a wider value moves the columns only into blank room.
public struct LaunchListMeasure: Sendable, Hashable {
    /// How many of the loaded launches are measured at most (a bound on the work of a list
    /// that pages on and on; far more than anyone scrolls).
    public static let sampleSize = 2_000

    public private(set) var status = 0
    /// Nil when no measured launch has one (the column would be all `-`).
    public private(set) var rocket: Int?, provider: Int?, site: Int?
    /// The names as they are, and with their mission part only (`Rocket | Mission` → `Mission`).
    public private(set) var fullTitle = 0, missionTitle = 0
    /// The width nine names in ten fit in, as they are and with their mission part only: the
    /// name column gives up the rest (a few long names cut) before the rocket and the provider
    /// are cut on every row.
    public private(set) var typicalFullTitle = 0, typicalMissionTitle = 0
    public private(set) var launchLibrary2 = false
    /// The measured launches by id, so what follows a few names on screen (a ★, what changed)
    /// can be added without measuring every name again.
    public private(set) var indexByID: [String: Int] = [:]
    /// The earliest moment a launch without an outcome becomes overdue (`Launch.overdueFrom`):
    /// from then a row says `NO OUTCOME` and the status column makes room for it (decided at
    /// draw time, from the clock).
    public private(set) var earliestOverdue: Date?
    /// The measured launches with a live webcast (their name is followed by `● LIVE`).
    public private(set) var live: [Int] = []

    public init(_ launches: [Launch] = []) {
        var fullTitles: [Int] = [], missionTitles: [Int] = []
        for i in launches.indices.prefix(Self.sampleSize) {
            // Fields read in place: a `Launch` is large, and copying each one would cost.
            indexByID[launches[i].id] = i
            if launches[i].webcastLive { live.append(i) }
            fullTitles.append(TerminalText.width(launches[i].missionFirstTitle))
            missionTitles.append(TerminalText.width(launches[i].missionTitle))
            status = max(status, TerminalText.width(launches[i].statusWord))
            if launches[i].origin != .spacex, let overdue = launches[i].overdueFrom {
                earliestOverdue = min(earliestOverdue ?? overdue, overdue)
            }
            if let name = launches[i].rocket?.object?.name { rocket = max(rocket ?? 1, TerminalText.width(name)) }
            if let name = launches[i].provider { provider = max(provider ?? 1, TerminalText.width(name)) }
            if let name = launches[i].site { site = max(site ?? 1, TerminalText.width(name)) }
            if launches[i].origin == .launchLibrary2 { launchLibrary2 = true }
        }
        (fullTitle, typicalFullTitle) = Self.widestAndNineInTen(fullTitles)
        (missionTitle, typicalMissionTitle) = Self.widestAndNineInTen(missionTitles)
    }

    /// The widest of `widths`, and the width that nine in ten of them fit in (all of them when
    /// there are fewer than ten).
    static func widestAndNineInTen(_ widths: [Int]) -> (widest: Int, nineInTen: Int) {
        guard !widths.isEmpty else { return (0, 0) }
        let sorted = widths.sorted()
        return (sorted[sorted.count - 1], sorted[(sorted.count * 9 + 9) / 10 - 1])
    }
}
