import Foundation

/// Something that happens in spaceflight besides a launch: a docking, a spacewalk, a static
/// fire, a landing, a flyby, a press conference (Launch Library 2's events).
public struct SpaceEvent: Sendable, Hashable, Identifiable, Codable {
    /// Launch Library 2's id (a number), as text.
    public var id: String
    public var name: String
    /// `Docking`, `EVA`, `Static Fire`, `Landing`, `Flyby`, `Press Event`…
    public var type: String?
    public var description: String?
    /// Where: `International Space Station`, `Starbase, TX`.
    public var location: String?
    public var date: Date?
    /// How much of `date` is known (LL2's `date_precision`; 2.0.0 has none: to the minute).
    public var datePrecision: DatePrecision
    /// The source's word for it (`Month`, `Day`); nil when it sends none.
    public var precisionName: String?
    /// The webcast is on now (`webcast_live`).
    public var webcastLive: Bool
    public var image: URL?
    /// Videos first (webcasts), then pages to read.
    public var videos: [ExternalLink]
    public var infoLinks: [ExternalLink]
    /// The launches it is about (a docking's launch, a landing's mission), as list rows.
    public var launches: [Launch]
    /// The space stations and expeditions it names, by name.
    public var stations: [String]
    public var expeditions: [String]
    public var programs: [String]

    public init(id: String, name: String, type: String? = nil, description: String? = nil, location: String? = nil,
                date: Date?, datePrecision: DatePrecision = .hour, precisionName: String? = nil, webcastLive: Bool = false,
                image: URL? = nil, videos: [ExternalLink] = [], infoLinks: [ExternalLink] = [], launches: [Launch] = [],
                stations: [String] = [], expeditions: [String] = [], programs: [String] = []) {
        self.id = id; self.name = name; self.type = type; self.description = description; self.location = location
        self.date = date; self.datePrecision = datePrecision; self.precisionName = precisionName
        self.webcastLive = webcastLive; self.image = image; self.videos = videos; self.infoLinks = infoLinks
        self.launches = launches; self.stations = stations; self.expeditions = expeditions; self.programs = programs
    }

    /// Whether the event may still be to come: its date, or the end of the day, month or
    /// quarter it is known to; false without a date (nothing says it is to come).
    public func isToCome(at now: Date) -> Bool {
        guard let date else { return false }
        return Countdown.periodEnd(date, datePrecision) > now
    }

    /// Whether a countdown says more than the date: an event still to come whose time is known.
    public func countsDown(at now: Date) -> Bool {
        guard let date, datePrecision == .hour else { return false }
        return date > now
    }
}

/// One page of an event list.
public struct EventPage: Sendable, Hashable {
    public var events: [SpaceEvent]
    public var page: Int
    public var totalDocs: Int?
    /// Where the next page is, or nil on the last page.
    public var next: PageCursor?
    /// Records that could not be read (no id, not an object): skipped, counted.
    public var unreadable: Int

    public init(events: [SpaceEvent], page: Int, totalDocs: Int? = nil, next: PageCursor?, unreadable: Int = 0) {
        self.events = events; self.page = page; self.totalDocs = totalDocs; self.next = next; self.unreadable = unreadable
    }
}
