import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// The detail body's Timeline section: each launch-day step against the clock.
@Suite("Launch detail: the Timeline section")
struct TimelineDocumentTests {
    static let net = ISO8601.parse("2026-08-26T09:27:00Z")!
    /// A few of Starlink Group 15-22's steps, as decoded.
    static let steps = [
        TimelineEvent(name: "GO for Prop Load", description: "Launch director verifies go for propellant load", offset: -2_280),
        TimelineEvent(name: "Engine Chill", description: "Start of engine chilling", offset: -420),
        TimelineEvent(name: "Startup", description: "The onboard computer takes control", offset: -60),
        TimelineEvent(name: "Tank Press", description: "Fuel tanks are pressurized", offset: -60),
        TimelineEvent(name: "Liftoff", description: "First upwards movement of the rocket", offset: 0),
        TimelineEvent(name: "MECO", description: "Cut-off of the main engine", offset: 145),
    ]

    static func launch(precision: DatePrecision = .hour, timeline: [TimelineEvent] = steps) -> Launch {
        var launch = Launch(origin: .launchLibrary2, id: "sl-15-22", name: "Falcon 9 Block 5 | Starlink Group 15-22",
                            date: net, datePrecision: precision, upcoming: true,
                            sourceStatus: SourceStatus(id: 1, name: "Go for Launch", abbrev: "Go"), provider: "SpaceX")
        launch.timeline = timeline
        return launch
    }

    /// The section's lines (from its heading on, to the next blank), at `now`, in Warsaw (UTC+2 in August).
    static func section(_ launch: Launch, at now: Date, zone: String = "Europe/Warsaw") -> [DetailLine] {
        let lines = LaunchDetailDocument.lines(for: launch, time: LaunchTime(timeZone: TimeZone(identifier: zone)!), now: now,
                                               width: 96)
        guard let start = lines.firstIndex(of: .heading("Timeline")) else { return [] }
        return Array(lines[start...].prefix { $0 != .blank })
    }

    static func step(_ mark: TimelineMark?, _ offset: String, _ time: String?, _ name: String, note: String? = nil) -> DetailLine {
        .timeline(TimelineLine(mark: mark, offset: offset, time: time, name: name, note: note))
    }

    @Test func anHourBeforeEveryStepIsAheadAndTheFirstIsNext() {
        #expect(Self.section(Self.launch(), at: Self.net.addingTimeInterval(-3_600)) == [
            .heading("Timeline"),
            Self.step(.next, "T-00:38:00", "10:49:00", "GO for Prop Load", note: "Launch director verifies go for propellant load"),
            Self.step(.later, "T-00:07:00", "11:20:00", "Engine Chill"),
            Self.step(.later, "T-00:01:00", "11:26:00", "Startup"),
            Self.step(.later, "T-00:01:00", "11:26:00", "Tank Press"),
            Self.step(.later, "T-00:00:00", "11:27:00", "Liftoff"),
            Self.step(.later, "T+00:02:25", "11:29:25", "MECO"),
        ])
    }

    @Test func betweenStepsTheDoneOnesAreTickedAndTheNextIsMarked() {
        // T-10 min: prop load is done, engine chill comes next.
        #expect(Self.section(Self.launch(), at: Self.net.addingTimeInterval(-600)) == [
            .heading("Timeline"),
            Self.step(.done, "T-00:38:00", "10:49:00", "GO for Prop Load"),
            Self.step(.next, "T-00:07:00", "11:20:00", "Engine Chill", note: "Start of engine chilling"),
            Self.step(.later, "T-00:01:00", "11:26:00", "Startup"),
            Self.step(.later, "T-00:01:00", "11:26:00", "Tank Press"),
            Self.step(.later, "T-00:00:00", "11:27:00", "Liftoff"),
            Self.step(.later, "T+00:02:25", "11:29:25", "MECO"),
        ])
    }

    @Test func stepsOnTheSameMomentAreNextTogetherAndAStepIsDoneOnItsSecond() {
        let marks = { (now: Date) in Self.section(Self.launch(), at: now).compactMap { line -> TimelineMark? in
            if case .timeline(let step) = line { return step.mark } else { return nil }
        } }
        #expect(marks(Self.net.addingTimeInterval(-120)) == [.done, .done, .next, .next, .later, .later])
        #expect(marks(Self.net.addingTimeInterval(-60.001)) == [.done, .done, .next, .next, .later, .later])
        #expect(marks(Self.net.addingTimeInterval(-60)) == [.done, .done, .done, .done, .next, .later])
        #expect(marks(Self.net) == [.done, .done, .done, .done, .done, .next])
    }

    @Test func afterTheLastStepEveryOneIsDone() {
        let section = Self.section(Self.launch(), at: Self.net.addingTimeInterval(3_600))
        #expect(section.count == 7)
        #expect(section.last == Self.step(.done, "T+00:02:25", "11:29:25", "MECO"))
        for case .timeline(let step) in section {
            #expect(step.mark == .done && step.note == nil)
        }
    }

    @Test func theClockTimesAreInTheUsersZone() {
        let utc = Self.section(Self.launch(), at: Self.net, zone: "UTC")
        #expect(utc[1] == Self.step(.done, "T-00:38:00", "08:49:00", "GO for Prop Load"))
        let newYork = Self.section(Self.launch(), at: Self.net, zone: "America/New_York")
        #expect(newYork[1] == Self.step(.done, "T-00:38:00", "04:49:00", "GO for Prop Load"))
    }

    @Test(arguments: [DatePrecision.day, .month, .quarter])
    func withoutAnExactNETOnlyTheOffsets(_ precision: DatePrecision) {
        let section = Self.section(Self.launch(precision: precision), at: Self.net.addingTimeInterval(-600))
        #expect(section == [
            .heading("Timeline"),
            .field(label: "", value: "times once NET is exact", tone: .muted),
            Self.step(nil, "T-00:38:00", nil, "GO for Prop Load"),
            Self.step(nil, "T-00:07:00", nil, "Engine Chill"),
            Self.step(nil, "T-00:01:00", nil, "Startup"),
            Self.step(nil, "T-00:01:00", nil, "Tank Press"),
            Self.step(nil, "T-00:00:00", nil, "Liftoff"),
            Self.step(nil, "T+00:02:25", nil, "MECO"),
        ])
    }

    @Test func noStepsNoSection() {
        #expect(Self.section(Self.launch(timeline: []), at: Self.net).isEmpty)
        let lines = LaunchDetailDocument.lines(for: Self.launch(timeline: []), time: LaunchTime(timeZone: .gmt), now: Self.net, width: 96)
        #expect(!lines.contains(.heading("Timeline")))
    }

    @Test func theSectionFollowsTheMissionFieldsAndComesBeforeThePictureAndTheLinks() {
        var launch = Self.launch()
        launch.image = URL(string: "https://example.com/f9.jpg")
        let lines = LaunchDetailDocument.lines(for: launch, time: LaunchTime(timeZone: .gmt), now: Self.net, width: 96,
                                               imageBox: ScreenLayout(Size(width: 100, height: 30), banner: false).detailImageBox)
        let timeline = lines.firstIndex(of: .heading("Timeline"))!
        let picture = lines.firstIndex { if case .picture = $0 { true } else { false } }!
        let links = lines.firstIndex(of: .heading("Links"))!
        #expect(lines[timeline - 2] == .field(label: "Description", value: "-", tone: .muted))
        #expect(timeline < picture && picture < links)
    }

    @Test func theBodyIsAsLongWhateverTheClockSays() {
        // Scrolling is clamped by the body's length: a tick must not change it.
        let counts = [-3_600.0, -600, -60, 0, 3_600].map { offset in
            LaunchDetailDocument.lines(for: Self.launch(), time: LaunchTime(timeZone: .gmt), now: Self.net.addingTimeInterval(offset), width: 96).count
        }
        #expect(Set(counts).count == 1)
    }

    @Test(arguments: [
        (-2_280.0, "T-00:38:00"), (151, "T+00:02:31"), (0, "T-00:00:00"), (-0.4, "T-00:00:00"), (0.4, "T-00:00:00"),
        (-3.5, "T-00:00:03"), (3_719, "T+01:01:59"), (93_784, "T+1d 02:03:04"), (-86_400, "T-1d 00:00:00"),
    ] as [(Double, String)])
    func offsets(_ seconds: Double, text: String) {
        #expect(TimelineProgress.offsetText(seconds) == text)
    }

    @Test func theDetailOnScreenMarksAgainstTheAppsClock() async {
        let clock = TestClock()
        clock.set(Self.net.addingTimeInterval(-600))
        let h = await Harness(source: ScriptedSource(upcoming: [Self.launch()]), clock: clock, width: 100, height: 40).started()
        await h.press(.enter)
        func next() -> String? {
            h.state.detailBody(Self.launch()).lazy.compactMap { line -> String? in
                if case .timeline(let step) = line, step.mark == .next { step.name } else { nil }
            }.first
        }
        #expect(next() == "Engine Chill")
        clock.advance(by: 530)  // T-1 min 10 s
        h.viewModel.handle(.tick)
        #expect(next() == "Startup")
    }
}
