import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// The launch list's columns: sized to what they hold, packed from the left, the rocket never
/// said twice on a row.
@Suite("Launch list columns")
struct LaunchColumnsTests {
    static func list(_ launches: [Launch]) -> LaunchListState {
        var list = LaunchListState()
        list.launches = launches
        return list
    }

    static func columns(_ launches: [Launch], width: Int, nameX: Int = 4, now: Date = Sample.reference) -> LaunchColumns {
        LaunchColumns(width: width, nameX: nameX, outcome: .word, list: list(launches), changes: [:], watched: [], now: now)
    }

    @Test func aLaunchLibrary2NameShowsItsMissionPartBesideARocketColumn() {
        let launches = Sample.ll2Launches(3)
        let c = Self.columns(launches, width: 80)
        #expect(c.showsRocket)
        #expect(LaunchColumns.title(of: launches[0], rocketColumn: true) == "LL2 Mission 1")
        #expect(LaunchColumns.title(of: launches[0], rocketColumn: false) == "Electron | LL2 Mission 1")
        // An r/SpaceX name has no rocket part to drop.
        #expect(LaunchColumns.title(of: Sample.crs26, rocketColumn: true) == Sample.crs26.name)
    }

    @Test func columnsArePackedFromTheLeftAndNeverOverlap() {
        for width in [50, 80, 100, 120, 200] {
            let c = Self.columns(Sample.ll2Launches(12), width: width)
            var x = c.name.x + c.name.width
            for (_, column) in c.extras {
                #expect(column.x >= x + LaunchColumns.gap, "\(width)")
                x = column.x + column.width
            }
            #expect(c.date.x >= x + LaunchColumns.gap)
            #expect(c.status.x == c.date.x + c.date.width + LaunchColumns.gap)
            #expect(c.status.x + c.status.width <= width, "the status fits at \(width)")
        }
        // Wide enough for everything: no blank stretch between a name and its rocket.
        let wide = Self.columns(Sample.ll2Launches(12), width: 200)
        let widestTitle = Sample.ll2Launches(12).map { TerminalText.width(LaunchColumns.title(of: $0, rocketColumn: true)) }.max()!
        #expect(wide.name.width == max(LaunchColumns.minimumName, widestTitle))
        #expect(wide.extras.map(\.kind) == [.rocket, .provider, .site])
    }

    @Test func theProviderColumnComesOnlyWhenTheNameKeepsItsRoom() {
        #expect(Self.columns(Sample.ll2Launches(12), width: 80).extras.map(\.kind) == [.rocket])
        #expect(Self.columns(Sample.ll2Launches(12), width: 100).extras.map(\.kind) == [.rocket, .provider])
        // r/SpaceX launches have one provider: no such column, however wide; where they fly
        // from fills the room instead (issue 25: 45 % of 120 columns were blank).
        #expect(Self.columns(Sample.launches(5, upcoming: true), width: 200).extras.map(\.kind) == [.rocket])
        var pads = Sample.launches(5, upcoming: true)
        for i in pads.indices { pads[i].launchpad = .object(Launchpad(id: "slc40", name: "CCSFS SLC 40")) }
        #expect(Self.columns(pads, width: 120).extras.map(\.kind) == [.rocket, .site])
        #expect(Self.columns(pads, width: 80).extras.map(\.kind) == [.rocket], "no room at 80")
        // Never at the price of a name: a 46-column name stays whole at 100 columns.
        pads[0].name = "Starlink 4-20 (v1.5) & Sherpa LTC-2/Varuna-TDM"
        let hundred = Self.columns(pads, width: 100)
        #expect(hundred.extras.map(\.kind) == [.rocket] && hundred.name.width >= 46, "\(hundred.name)")
        #expect(Self.columns(pads, width: 160).extras.map(\.kind) == [.rocket, .site])
    }

    @Test func aColumnNobodyHasAValueForIsLeftOut() {
        var launches = Sample.ll2Launches(3)
        for i in launches.indices { launches[i].rocket = nil }
        let c = Self.columns(launches, width: 120)
        #expect(!c.showsRocket)
        #expect(LaunchColumns.title(of: launches[0], rocketColumn: c.showsRocket) == "Electron | LL2 Mission 1")
    }

    @Test func theSecondLineNeverRepeatsAColumn() {
        let launch = Sample.ll2Launches(1)[0]
        let withProvider = Self.columns([launch], width: 120)
        #expect(withProvider.showsProvider)
        #expect(!withProvider.placeLine(launch).contains(launch.provider!), "\(withProvider.placeLine(launch))")
        let narrow = Self.columns([launch], width: 60)
        #expect(!narrow.showsProvider)
        #expect(narrow.placeLine(launch).hasPrefix(launch.provider!), "the provider moves to the second line")
        #expect(!narrow.placeLine(launch).contains("Electron"))
    }

    @Test func aWatchedLaunchsStarAndItsChangeFitInTheNameColumn() {
        let launch = Sample.launches(1, upcoming: true, prefix: "Galaxy 33 (15R) & 34 (12R)")[0]
        let plain = Self.columns([launch], width: 120)
        let marked = LaunchColumns(width: 120, nameX: 4, outcome: .word, list: Self.list([launch]),
                                   changes: [launch.id: .netMoved(2 * 86_400)], watched: [launch.id], now: Sample.reference)
        let extra = TerminalText.width(" ★") + TerminalText.width(" " + LaunchChange.netMoved(2 * 86_400).text)
        #expect(marked.name.width == plain.name.width + extra)
    }

    @Test func widthsComeFromTheFirstLaunchesSoAFrameCostsTheSameWhateverTheListsLength() {
        var launches = Sample.launches(LaunchListMeasure.sampleSize, upcoming: true)
        let short = Self.columns(launches, width: 200)
        launches.append(Sample.launches(1, upcoming: true, prefix: String(repeating: "Long name ", count: 8))[0])
        #expect(Self.columns(launches, width: 200).name == short.name, "a launch past the sample does not move the columns")
        #expect(short.date.width == LaunchListView.dateWidth, "every date form fits: a date is never cut")
    }

    /// Issue 25: a page coming in does not move the columns (MISSION widened with each).
    @Test func theNextPageDoesNotMoveTheColumns() {
        let first = Sample.launches(LaunchSource.pageSize, upcoming: true)
        let next = Sample.launches(LaunchSource.pageSize, upcoming: true, prefix: "A much longer mission name on page two")
        let before = Self.columns(first, width: 120)
        let after = Self.columns(first + next, width: 120)
        #expect(after.name == before.name && after.date == before.date && after.status == before.status)
    }

    @Test func theMeasureIsTakenWhenTheListChangesNotPerFrame() {
        var list = LaunchListState()
        #expect(list.measure == LaunchListMeasure())
        list.launches = Sample.ll2Launches(3)
        #expect(list.measure.fullTitle == TerminalText.width("Electron | LL2 Mission 1"))
        #expect(list.measure.missionTitle == TerminalText.width("LL2 Mission 1"))
        #expect(list.measure.rocket == TerminalText.width("Electron") && list.measure.launchLibrary2)
        list.launches[1].name = "Electron | A much longer mission name"
        #expect(list.measure.missionTitle == TerminalText.width("A much longer mission name"), "an edit in place is measured too")
    }
}
