import Foundation

/// A saved rocket: what the Favorites tab draws without the network, and the last full copy
/// seen, for opening its page offline.
public struct FavoriteRocket: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var description: String?
    public var imageURL: URL?
    public var active: Bool?
    public var addedAt: Date
    /// The whole rocket as last fetched.
    public var rocket: Rocket

    public init(_ rocket: Rocket, addedAt: Date) {
        id = rocket.id; name = rocket.name; description = rocket.description
        imageURL = rocket.flickrImages.first; active = rocket.active
        self.addedAt = addedAt; self.rocket = rocket
    }
}

/// A watched launch, likewise.
public struct WatchedLaunch: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var date: Date?
    public var datePrecision: DatePrecision
    public var status: LaunchStatus
    public var rocketName: String?
    public var patchURL: URL?
    public var addedAt: Date
    public var launch: Launch

    public init(_ launch: Launch, addedAt: Date) {
        id = launch.id; name = launch.name; date = launch.date; datePrecision = launch.datePrecision
        status = launch.status; rocketName = launch.rocket?.object?.name
        patchURL = launch.links.patchSmall ?? launch.links.patchLarge
        self.addedAt = addedAt; self.launch = launch
    }
}

/// A watched event (a docking, a spacewalk: Launch Library 2's events), likewise.
public struct WatchedEvent: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    /// `Docking`, `EVA`, `Static Fire`…
    public var type: String?
    public var date: Date?
    public var datePrecision: DatePrecision
    public var imageURL: URL?
    public var addedAt: Date
    /// The whole event as last fetched.
    public var event: SpaceEvent

    public init(_ event: SpaceEvent, addedAt: Date) {
        id = event.id; name = event.name; type = event.type; date = event.date; datePrecision = event.datePrecision
        imageURL = event.image
        self.addedAt = addedAt; self.event = event
    }
}

/// Everything saved, in display order: rockets by name; launches upcoming first (soonest
/// first, undated last), then past ones newest first; events by date, earliest first, undated
/// last, ties by id. (An event has no upcoming flag and this value no clock, so events still to
/// come are not put before past ones here: a screen that wants that splits the list at its now,
/// which this order keeps contiguous, past ones first.)
public struct Favorites: Sendable, Hashable {
    public var rockets: [FavoriteRocket]
    public var launches: [WatchedLaunch]
    public var events: [WatchedEvent]

    public init(rockets: [FavoriteRocket] = [], launches: [WatchedLaunch] = [], events: [WatchedEvent] = []) {
        self.rockets = rockets.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
        self.launches = launches.sorted(by: Self.displayOrder)
        self.events = events.sorted(by: Self.displayOrder)
    }

    public static let empty = Favorites()

    public var rocketIDs: Set<String> { Set(rockets.map(\.id)) }
    public var launchIDs: Set<String> { Set(launches.map(\.id)) }
    public var eventIDs: Set<String> { Set(events.map(\.id)) }

    /// Events: dated ones earliest first, then undated ones; ties (and undated ones) by id.
    static func displayOrder(_ a: WatchedEvent, _ b: WatchedEvent) -> Bool {
        switch (a.date, b.date) {
        case let (x?, y?) where x != y: return x < y
        case (nil, _?): return false
        case (_?, nil): return true
        default: return a.id < b.id
        }
    }

    static func displayOrder(_ a: WatchedLaunch, _ b: WatchedLaunch) -> Bool {
        let aUp = a.status == .upcoming, bUp = b.status == .upcoming
        if aUp != bUp { return aUp }
        switch (a.date, b.date) {
        case let (x?, y?) where x != y: return aUp ? x < y : x > y
        case (nil, _?): return false
        case (_?, nil): return true
        default: return a.id < b.id
        }
    }
}

/// Why the favorites database could not do what was asked. `reason` is the cause in a few
/// words for the status line (`disk full`, `the database is locked by another program`),
/// `message` the whole of it for the log; `lasts` says whether trying again later can work
/// (a full disk, a lock, a read-only mount can go away; a path that names a folder in the
/// database's place does not go away by itself either, but the user can fix it, so it is
/// tried again too, and only a store that can never write says otherwise).
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var reason: String
    public var lasts: Bool
    public init(_ message: String, reason: String? = nil, lasts: Bool = false) {
        self.message = message; self.reason = reason ?? message; self.lasts = lasts
    }
    public var description: String { message }
}

/// What the favorites store can say about itself beside an answer: what happened opening the
/// database (a damaged file set aside, what was recovered from it), and why writes are
/// refused while they are. The effect runner reads it after every call and hands it to the
/// reducer with the answer, so the screen says it.
public struct StoreStatus: Sendable, Hashable {
    /// Something to say once, at start: `favorites database was damaged …; recovered 7 of 7`.
    public var notice: String?
    /// Whether `notice` reports a loss (an error) or only what was done (set aside, all kept).
    public var noticeIsError: Bool
    /// Why every write is refused now (`the database is read-only: /media/…`), nil when
    /// writes can be tried. Reads still work.
    public var readOnly: String?
    public init(notice: String? = nil, noticeIsError: Bool = true, readOnly: String? = nil) {
        self.notice = notice; self.noticeIsError = noticeIsError; self.readOnly = readOnly
    }
}

/// The favorites database, as a struct of closures (the live value is SQLite through GRDB in
/// `TminusStore`; tests keep favorites in memory). Every change returns what is now committed,
/// so the screen shows what is on disk, never what is hoped to be.
public struct FavoritesStore: Sendable {
    public var load: @Sendable () async throws(StoreError) -> Favorites
    public var saveRocket: @Sendable (Rocket) async throws(StoreError) -> Favorites
    public var removeRocket: @Sendable (String) async throws(StoreError) -> Favorites
    public var saveLaunch: @Sendable (Launch) async throws(StoreError) -> Favorites
    public var removeLaunch: @Sendable (String) async throws(StoreError) -> Favorites
    /// Fresh data arrived: the stored copies of any of these that are favorites are updated.
    public var refresh: @Sendable (_ launches: [Launch], _ rockets: [Rocket]) async throws(StoreError) -> Favorites
    /// Watches an event (or writes its stored copy again), keeping when it was first added.
    public var saveEvent: @Sendable (SpaceEvent) async throws(StoreError) -> Favorites
    public var removeEvent: @Sendable (String) async throws(StoreError) -> Favorites
    /// What the store can say about itself now (see `StoreStatus`). The live store opens its
    /// database lazily, on the first call: asking this first opens it (and may wait up to a
    /// lock's bounded timeout), so the app asks it only from background work.
    public var status: @Sendable () -> StoreStatus

    public init(load: @escaping @Sendable () async throws(StoreError) -> Favorites,
                saveRocket: @escaping @Sendable (Rocket) async throws(StoreError) -> Favorites,
                removeRocket: @escaping @Sendable (String) async throws(StoreError) -> Favorites,
                saveLaunch: @escaping @Sendable (Launch) async throws(StoreError) -> Favorites,
                removeLaunch: @escaping @Sendable (String) async throws(StoreError) -> Favorites,
                refresh: @escaping @Sendable ([Launch], [Rocket]) async throws(StoreError) -> Favorites,
                saveEvent: @escaping @Sendable (SpaceEvent) async throws(StoreError) -> Favorites = { _ async throws(StoreError) in
                    throw FavoritesStore.keepsNoEvents
                },
                removeEvent: @escaping @Sendable (String) async throws(StoreError) -> Favorites = { _ async throws(StoreError) in
                    throw FavoritesStore.keepsNoEvents
                },
                status: @escaping @Sendable () -> StoreStatus = { StoreStatus() }) {
        self.load = load; self.saveRocket = saveRocket; self.removeRocket = removeRocket
        self.saveLaunch = saveLaunch; self.removeLaunch = removeLaunch; self.refresh = refresh
        self.saveEvent = saveEvent; self.removeEvent = removeEvent
        self.status = status
    }

    /// What went wrong opening the database, if anything (the status's notice).
    public var openProblem: String? { status().notice }

    /// What `saveEvent` and `removeEvent` throw in a store made without them.
    public static let keepsNoEvents = StoreError("this store keeps no events")

    /// Favorites in memory only: for tests, and the fallback when no database can be opened.
    public static func inMemory(_ initial: Favorites = .empty, now: @escaping @Sendable () -> Date = Date.init) -> FavoritesStore {
        let box = MemoryBox(initial)
        return FavoritesStore(
            load: { box.value },
            saveRocket: { rocket in
                box.update { f in
                    let added = f.rockets.first { $0.id == rocket.id }?.addedAt ?? now()
                    f = Favorites(rockets: f.rockets.filter { $0.id != rocket.id } + [FavoriteRocket(rocket, addedAt: added)],
                                  launches: f.launches, events: f.events)
                }
            },
            removeRocket: { id in
                box.update { f in f = Favorites(rockets: f.rockets.filter { $0.id != id }, launches: f.launches, events: f.events) }
            },
            saveLaunch: { launch in
                box.update { f in
                    let added = f.launches.first { $0.id == launch.id }?.addedAt ?? now()
                    f = Favorites(rockets: f.rockets, launches: f.launches.filter { $0.id != launch.id } + [WatchedLaunch(launch, addedAt: added)],
                                  events: f.events)
                }
            },
            removeLaunch: { id in
                box.update { f in f = Favorites(rockets: f.rockets, launches: f.launches.filter { $0.id != id }, events: f.events) }
            },
            refresh: { launches, rockets in
                box.update { f in
                    let freshLaunches = Dictionary(launches.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
                    let freshRockets = Dictionary(rockets.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
                    f = Favorites(
                        rockets: f.rockets.map { r in freshRockets[r.id].map { FavoriteRocket($0, addedAt: r.addedAt) } ?? r },
                        launches: f.launches.map { l in freshLaunches[l.id].map { WatchedLaunch($0, addedAt: l.addedAt) } ?? l },
                        events: f.events)
                }
            },
            saveEvent: { event in
                box.update { f in
                    let added = f.events.first { $0.id == event.id }?.addedAt ?? now()
                    f = Favorites(rockets: f.rockets, launches: f.launches,
                                  events: f.events.filter { $0.id != event.id } + [WatchedEvent(event, addedAt: added)])
                }
            },
            removeEvent: { id in
                box.update { f in f = Favorites(rockets: f.rockets, launches: f.launches, events: f.events.filter { $0.id != id }) }
            })
    }

    final class MemoryBox: @unchecked Sendable {
        // Every access holds the lock.
        private let lock = NSLock()
        private var stored: Favorites
        init(_ value: Favorites) { stored = value }
        var value: Favorites { lock.lock(); defer { lock.unlock() }; return stored }
        func update(_ change: (inout Favorites) -> Void) -> Favorites {
            lock.lock(); defer { lock.unlock() }
            change(&stored)
            return stored
        }
    }
}
