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
        // Without a rocket column the mission comes first, so a cut takes the rocket (issue 37).
        #expect(LaunchColumns.title(of: launches[0], rocketColumn: false) == "LL2 Mission 1 · Electron")
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
        #expect(wide.name.width == max(TerminalText.width(LaunchColumns.nameTitle), widestTitle))
        #expect(wide.extras.map(\.kind) == [.rocket, .provider, .site])
    }

    @Test func theProviderColumnComesOnlyWhenTheNameKeepsItsRoom() {
        #expect(Self.columns(Sample.ll2Launches(12), width: 60).extras.map(\.kind) == [.rocket])
        #expect(Self.columns(Sample.ll2Launches(12), width: 80).extras.map(\.kind) == [.rocket, .provider], "short names leave it room")
        #expect(Self.columns(Sample.ll2Launches(12), width: 100).extras.map(\.kind) == [.rocket, .provider])
        var long = Sample.ll2Launches(12)
        long[0].name = "Electron | A mission with a name of forty columns"
        #expect(Self.columns(long, width: 80).extras.map(\.kind) == [.rocket], "never at the price of a name")
        // r/SpaceX launches have one provider: no such column, however wide; where they fly
        // from fills the room instead (issue 25: 45 % of 120 columns were blank).
        #expect(Self.columns(Sample.launches(5, upcoming: true), width: 200).extras.map(\.kind) == [.rocket])
        var pads = Sample.launches(5, upcoming: true)
        for i in pads.indices { pads[i].launchpad = .object(Launchpad(id: "slc40", name: "CCSFS SLC 40")) }
        #expect(Self.columns(pads, width: 120).extras.map(\.kind) == [.rocket, .site])
        #expect(Self.columns(pads, width: 80).extras.map(\.kind) == [.rocket, .site], "short names leave room at 80")
        #expect(Self.columns(pads, width: 60).extras.map(\.kind) == [.rocket], "no room for the site at 60")
        // Never at the price of a name: a 46-column name stays whole at 100 columns.
        pads[0].name = "Starlink 4-20 (v1.5) & Sherpa LTC-2/Varuna-TDM"
        let hundred = Self.columns(pads, width: 100)
        #expect(hundred.extras.map(\.kind) == [.rocket] && hundred.name.width >= 46, "\(hundred.name)")
        #expect(Self.columns(pads, width: 160).extras.map(\.kind) == [.rocket, .site])
    }

    /// Issue 37: columns share the free width by need and the names are cut last. At every
    /// width from the narrowest to 250, over lists of short and long names, rockets, providers
    /// and sites: no column is cut while another (or the blank at the right edge) has cells to
    /// spare, and a name is cut only when every other column is down to its floor.
    @Test func noColumnIsCutWhileAnotherHasRoomToSpare() {
        var pads = Sample.launches(8, upcoming: true)
        for i in pads.indices {
            pads[i].launchpad = .object(Launchpad(id: "p\(i)", name: i % 2 == 0 ? "CCSFS SLC 40" : "Kwajalein Atoll Omelek Island"))
        }
        pads[3].name = "Iridium NEXT Mission 8 (Iridium-8 & GRACE-FO)"
        var ll2 = Sample.ll2Launches(12)
        ll2[4].name = "Falcon 9 Block 5 | Transporter 8 (Dedicated SSO Rideshare)"
        ll2[5].provider = "Russian Federal Space Agency (ROSCOSMOS)"
        for (label, launches) in [("r/SpaceX", pads), ("LL2", ll2), ("LL2 short", Sample.ll2Launches(5))] {
            for width in ScreenLayout.minimumWidth...250 {
                let c = Self.columns(launches, width: width)
                func need(_ kind: LaunchColumns.Extra) -> Int {
                    launches.map { TerminalText.width(LaunchColumns.value(kind, of: $0) ?? "-") }.max().map { max($0, TerminalText.width(kind.title)) } ?? 0
                }
                let nameNeed = max(TerminalText.width(LaunchColumns.nameTitle),
                                   launches.map { TerminalText.width(LaunchColumns.title(of: $0, rocketColumn: c.showsRocket)) }.max() ?? 0)
                let columns = [("name", c.name.width, nameNeed)] + c.extras.map { ("\($0.kind)", $0.column.width, need($0.kind)) }
                let cut = columns.filter { $0.1 < $0.2 }.map(\.0)
                let spare = columns.filter { $0.1 > $0.2 }.map(\.0)
                let blank = width - (c.status.x + c.status.width) - 1
                #expect(cut.isEmpty || (spare.isEmpty && blank <= 0),
                        "\(label) at \(width): \(cut) cut while \(spare) spare and \(blank) blank at the edge")
                // Names are cut to the width nine in ten fit in once the rocket and the provider
                // are at their caps; below it only once every other column is at its floor.
                let titles = launches.map { TerminalText.width(LaunchColumns.title(of: $0, rocketColumn: c.showsRocket)) }.sorted()
                let keeps = max(LaunchColumns.minimumName, TerminalText.width(LaunchColumns.nameTitle), titles[(titles.count * 9 + 9) / 10 - 1])
                if cut.contains("name") {
                    #expect(c.extras.allSatisfy { $0.column.width <= $0.kind.cap }, "\(label) at \(width): a name cut before \(c.extras)")
                }
                if c.name.width < min(keeps, nameNeed) {
                    #expect(c.extras.allSatisfy { $0.column.width <= $0.kind.floor }, "\(label) at \(width): a name cut before \(c.extras)")
                }
            }
        }
    }

    /// One long name among many cuts itself, not every row's rocket and provider: at 80
    /// columns `Falcon 9 Block 5` stays whole beside twenty short names and one of 60; at 120
    /// the providers too.
    @Test func oneLongNameIsCutBeforeEveryRowsRocket() {
        var launches = Sample.ll2Launches(20)
        for i in launches.indices {
            launches[i].rocket = .object(Rocket(id: "ll2-config-164", name: "Falcon 9 Block 5"))
            launches[i].provider = i == 2 ? "Russian Federal Space Agency (ROSCOSMOS)" : "United Launch Alliance"
        }
        launches[7].name = "Falcon 9 Block 5 | Bandwagon 1 (Dedicated Mid-Inclination Rideshare) Extra"
        let eighty = Self.columns(launches, width: 80)
        #expect(eighty.extras.map(\.kind) == [.rocket])
        #expect(eighty.extras.first?.column.width == 16, "\(eighty.extras)")
        #expect(eighty.name.width >= 20 && eighty.name.width < 60, "\(eighty.name)")
        let wide = Self.columns(launches, width: 120)
        #expect(wide.extras.map(\.kind) == [.rocket, .provider])
        #expect(wide.extras.map(\.column.width) == [16, 24], "the rocket whole, the provider at its cap: \(wide.extras)")
    }

    @Test func aColumnNobodyHasAValueForIsLeftOut() {
        var launches = Sample.ll2Launches(3)
        for i in launches.indices { launches[i].rocket = nil }
        let c = Self.columns(launches, width: 120)
        #expect(!c.showsRocket)
        #expect(LaunchColumns.title(of: launches[0], rocketColumn: c.showsRocket) == "LL2 Mission 1 · Electron")
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

    /// Issue 37: a name on page two was cut (`Iridium NEXT Missio…`) with 50 columns blank,
    /// since only the first page was measured. Every loaded launch counts: the names grow into
    /// the blank room (and only into it: the date and status stay right of it).
    @Test func aLongerNameOnTheNextPageIsWholeWhereThereIsRoom() {
        let first = Sample.launches(LaunchSource.pageSize, upcoming: true)
        let next = Sample.launches(LaunchSource.pageSize, upcoming: true, prefix: "A much longer mission name on page two")
        let after = Self.columns(first + next, width: 120)
        let longest = (first + next).map { TerminalText.width($0.name) }.max()!
        #expect(after.name.width >= longest, "\(after.name)")
        #expect(after.status.x + after.status.width <= 120)
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
