import Foundation
import GRDB
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusStore

/// Sample Launch Library 2 events for the watched-events tests.
enum Events {
    /// A docking with everything filled in, a launch among them.
    static let docking = SpaceEvent(
        id: "1042", name: "Crew-5 Dragon Docking", type: "Docking",
        description: "Endurance docks to the forward port of Harmony.", location: "International Space Station",
        date: Sample.reference.addingTimeInterval(2 * 86_400), datePrecision: .hour, precisionName: "Second",
        webcastLive: false, image: URL(string: "https://example.com/docking.jpg"),
        videos: [ExternalLink(url: URL(string: "https://www.youtube.com/watch?v=dock")!, title: "Docking coverage",
                              publisher: "NASA", kind: "Official Webcast", language: "English")],
        infoLinks: [ExternalLink(url: URL(string: "https://www.nasa.gov/crew-5")!, title: "Crew-5", kind: "Official Page")],
        launches: [Sample.starlinkDetailed], stations: ["International Space Station"],
        expeditions: ["Expedition 68"], programs: ["Commercial Crew Program"])

    static let spacewalk = SpaceEvent(id: "1043", name: "US EVA 83", type: "EVA",
                                      date: Sample.reference.addingTimeInterval(5 * 86_400), datePrecision: .day)

    /// As little as an event can be.
    static let bare = SpaceEvent(id: "1044", name: "Press conference", date: nil, datePrecision: .month)

    /// `count` events `Event 1` … a day apart from `reference` (negative: in the past).
    static func dated(_ days: [Double], prefix: String = "ev") -> [SpaceEvent] {
        days.enumerated().map { i, day in
            SpaceEvent(id: "\(prefix)-\(i + 1)", name: "Event \(i + 1)", type: "Docking",
                       date: Sample.reference.addingTimeInterval(day * 86_400))
        }
    }
}

/// Watched events in the SQLite store: saving, removing, reading back, a snapshot that cannot
/// be read, and the in-memory store that stands in for it.
@Suite struct EventTests {
    let clock = ManualClock(Sample.reference)

    func store(_ dir: TempDir) -> FavoritesStore {
        let store = FavoritesStore.sqlite(at: dir.database, now: clock.now)
        #expect(store.openProblem == nil)
        return store
    }

    @Test func saveRemoveAndReloadAnEvent() async throws {
        let dir = try TempDir("event-toggle"); defer { dir.remove() }
        let store = store(dir)
        let saved = try await store.saveEvent(Events.docking)
        #expect(saved.events.count == 1 && saved.rockets.isEmpty && saved.launches.isEmpty)
        #expect(saved.eventIDs == ["1042"])
        let watched = try #require(saved.events.first)
        #expect(watched.id == "1042" && watched.name == "Crew-5 Dragon Docking")
        #expect(watched.type == "Docking")
        #expect(watched.date == Events.docking.date && watched.datePrecision == .hour)
        #expect(watched.imageURL == URL(string: "https://example.com/docking.jpg"))
        #expect(watched.addedAt == Sample.reference)
        #expect(watched.event == Events.docking, "the whole event, its launch too, comes back")
        #expect(watched == WatchedEvent(Events.docking, addedAt: Sample.reference))
        #expect(try await store.load() == saved)

        // The summary columns, in the file.
        let row = try #require(try rawRead(dir.database) { db in try Row.fetchOne(db, sql: "SELECT * FROM watchedEvent") })
        #expect(row["id"] as String? == "1042")
        #expect(row["name"] as String? == "Crew-5 Dragon Docking")
        #expect(row["type"] as String? == "Docking")
        #expect(row["date"] as Date? == Events.docking.date)
        #expect(row["datePrecision"] as String? == "hour")
        #expect(row["imageURL"] as String? == "https://example.com/docking.jpg")
        #expect(row["addedAt"] as Date? == Sample.reference)
        #expect(row["updatedAt"] as Date? == Sample.reference)

        // Another instance (a new pool) reads the same back from the file.
        clock.advance(by: 60)
        _ = try await store.saveEvent(Events.bare)
        let reloaded = try await FavoritesStore.sqlite(at: dir.database).load()
        #expect(reloaded == (try await store.load()))
        #expect(reloaded.events.map(\.event) == [Events.docking, Events.bare])
        let bare = try #require(reloaded.events.last)
        #expect(bare.type == nil && bare.date == nil && bare.imageURL == nil && bare.datePrecision == .month)

        let removed = try await store.removeEvent("1042")
        #expect(removed.eventIDs == ["1044"])
        #expect(try rawRead(dir.database) { db in try String.fetchAll(db, sql: "SELECT id FROM watchedEvent") } == ["1044"])
        #expect(try await store.removeEvent("1044") == .empty)
        // Removing what is not there is fine.
        #expect(try await store.removeEvent("never-watched") == .empty)
        #expect(try await FavoritesStore.sqlite(at: dir.database).load() == .empty)
    }

    @Test func savingTwiceKeepsTheFirstAddedAtAndTheNewerSnapshot() async throws {
        let dir = try TempDir("event-twice"); defer { dir.remove() }
        let store = store(dir)
        _ = try await store.saveEvent(Events.spacewalk)

        clock.advance(by: 3_600)
        var moved = Events.spacewalk
        moved.date = Sample.reference.addingTimeInterval(6 * 86_400)
        moved.datePrecision = .hour
        moved.name = "US EVA 83 (rescheduled)"
        moved.webcastLive = true
        moved.image = URL(string: "https://example.com/eva.jpg")
        let now = try await store.saveEvent(moved)

        #expect(now.events.count == 1)
        let watched = try #require(now.events.first)
        #expect(watched.event == moved)
        #expect(watched.name == "US EVA 83 (rescheduled)" && watched.date == moved.date && watched.datePrecision == .hour)
        #expect(watched.imageURL == URL(string: "https://example.com/eva.jpg"))
        #expect(watched.addedAt == Sample.reference)
        #expect(try await FavoritesStore.sqlite(at: dir.database).load() == now)

        let rows = try rawRead(dir.database) { db in try Row.fetchAll(db, sql: "SELECT * FROM watchedEvent") }
        #expect(rows.count == 1)
        #expect(rows[0]["addedAt"] as Date? == Sample.reference)
        #expect(rows[0]["updatedAt"] as Date? == Sample.reference.addingTimeInterval(3_600))
        #expect(rows[0]["date"] as Date? == moved.date)
        #expect(rows[0]["datePrecision"] as String? == "hour")
        let snapshot = try #require(rows[0]["snapshot"] as Data?)
        #expect(try JSONDecoder().decode(SpaceEvent.self, from: snapshot) == moved)
    }

    /// A snapshot this version cannot read (a newer version's, a damaged one) costs that one
    /// event, not the others nor the rockets and launches.
    @Test func anUnreadableEventSnapshotIsSkipped() async throws {
        let dir = try TempDir("event-unreadable"); defer { dir.remove() }
        do {
            let store = store(dir)
            _ = try await store.saveEvent(Events.docking)
            _ = try await store.saveEvent(Events.spacewalk)
            _ = try await store.saveLaunch(Sample.crs26)
            _ = try await store.saveRocket(Sample.Rockets.falcon9)
        }
        let writer = try DatabaseQueue(path: dir.database.path)
        try await writer.write { db in
            try db.execute(sql: "UPDATE watchedEvent SET snapshot = ? WHERE id = ?",
                           arguments: [Data(#"{"id": 1042, "what": "a newer shape"}"#.utf8), "1042"])
        }
        try writer.close()

        let store = store(dir)
        let loaded = try await store.load()
        #expect(loaded.eventIDs == ["1043"])
        #expect(loaded.launchIDs == ["crs-26"])
        #expect(loaded.rocketIDs == [Sample.Rockets.falcon9.id])
        // The row is left alone (a newer version can still read it) …
        #expect(try rawRead(dir.database) { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM watchedEvent") } == 2)
        // … and watching the event again writes a readable copy over it.
        clock.advance(by: 60)
        let again = try await store.saveEvent(Events.docking)
        #expect(again.eventIDs == ["1042", "1043"])
        #expect(again.events.first { $0.id == "1042" }?.event == Events.docking)
    }

    @Test func rocketAndLaunchChangesLeaveEventsAlone() async throws {
        let dir = try TempDir("event-others"); defer { dir.remove() }
        let store = store(dir)
        _ = try await store.saveEvent(Events.docking)
        var now = try await store.saveLaunch(Sample.crs26)
        #expect(now.eventIDs == ["1042"])
        now = try await store.saveRocket(Sample.Rockets.falcon9)
        #expect(now.eventIDs == ["1042"])
        now = try await store.refresh([Sample.crs26], [Sample.Rockets.falcon9])
        #expect(now.eventIDs == ["1042"])
        now = try await store.removeLaunch("crs-26")
        now = try await store.removeRocket(Sample.Rockets.falcon9.id)
        #expect(now == Favorites(events: [WatchedEvent(Events.docking, addedAt: Sample.reference)]))
        // And event changes leave rockets and launches alone.
        _ = try await store.saveLaunch(Sample.falconSat)
        now = try await store.removeEvent("1042")
        #expect(now.launchIDs == ["falconsat"] && now.events.isEmpty)
    }

    @Test func eventsComeInDateOrderFromTheDatabase() async throws {
        let dir = try TempDir("event-order"); defer { dir.remove() }
        let store = store(dir)
        var events = Events.dated([3, -2, 1, -5, 1], prefix: "ev") + [Events.bare,
            SpaceEvent(id: "1000", name: "Undated too", date: nil)]
        var random = SeededGenerator(seed: 11)
        events.shuffle(using: &random)
        for event in events { _ = try await store.saveEvent(event) }
        let expected = ["ev-4", "ev-2", "ev-3", "ev-5", "ev-1", "1000", "1044"]
        #expect(try await store.load().events.map(\.id) == expected)
        #expect(try await FavoritesStore.sqlite(at: dir.database).load().events.map(\.id) == expected)
    }

    /// The same random event changes made to the in-memory store and to the database end the same.
    @Test func theDatabaseAgreesWithTheInMemoryStoreOnEvents() async throws {
        let dir = try TempDir("event-model"); defer { dir.remove() }
        let sqlite = store(dir)
        let memory = FavoritesStore.inMemory(now: clock.now)
        let events = Events.dated([4, -1, 2, 2, -3, 0]) + [Events.docking, Events.spacewalk, Events.bare]
        var random = SeededGenerator(seed: 5)
        for step in 0..<80 {
            clock.advance(by: 60)
            let a: Favorites, b: Favorites
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                var event = events.randomElement(using: &random)!
                event.description = "step \(step)"
                a = try await sqlite.saveEvent(event); b = try await memory.saveEvent(event)
            case 5..<8:
                let id = events.randomElement(using: &random)!.id
                a = try await sqlite.removeEvent(id); b = try await memory.removeEvent(id)
            case 8:
                let launch = Sample.launches(3, upcoming: true).randomElement(using: &random)!
                a = try await sqlite.saveLaunch(launch); b = try await memory.saveLaunch(launch)
            default:
                let rocket = Sample.Rockets.all.randomElement(using: &random)!
                a = try await sqlite.saveRocket(rocket); b = try await memory.saveRocket(rocket)
            }
            #expect(a.events.map(\.id) == b.events.map(\.id), "step \(step)")
            #expect(a.events.map(\.addedAt) == b.events.map(\.addedAt), "step \(step)")
            if a != b {
                Issue.record("step \(step): the database and the in-memory store differ")
                break
            }
        }
        #expect(try await sqlite.load() == (try await memory.load()))
    }
}

/// Watched events kept in memory, and `Favorites`' own order; no file.
@Suite struct InMemoryEventTests {
    @Test func theInMemoryStoreKeepsEventsThroughRocketAndLaunchChanges() async throws {
        let clock = ManualClock(Sample.reference)
        let store = FavoritesStore.inMemory(now: clock.now)
        _ = try await store.saveEvent(Events.docking)
        clock.advance(by: 60)
        _ = try await store.saveEvent(Events.spacewalk)
        let watched = [WatchedEvent(Events.docking, addedAt: Sample.reference),
                       WatchedEvent(Events.spacewalk, addedAt: Sample.reference.addingTimeInterval(60))]

        clock.advance(by: 60)
        var launched = Sample.crs26
        launched.upcoming = false
        let steps: [(String, () async throws -> Favorites)] = [
            ("saveRocket", { try await store.saveRocket(Sample.Rockets.falcon9) }),
            ("saveLaunch", { try await store.saveLaunch(Sample.crs26) }),
            ("saveLaunch again", { try await store.saveLaunch(Sample.falconSat) }),
            ("refresh", { try await store.refresh([launched], [Sample.Rockets.falcon9]) }),
            ("removeLaunch", { try await store.removeLaunch("crs-26") }),
            ("removeRocket", { try await store.removeRocket(Sample.Rockets.falcon9.id) }),
            ("load", { try await store.load() }),
        ]
        for (name, step) in steps {
            #expect(try await step().events == watched, "after \(name)")
        }

        // Saving again keeps when it was first added and takes the new copy.
        clock.advance(by: 60)
        var moved = Events.docking
        moved.date = Sample.reference.addingTimeInterval(10 * 86_400)
        let now = try await store.saveEvent(moved)
        #expect(now.events.map(\.id) == ["1043", "1042"], "the docking now comes after the spacewalk")
        #expect(now.events.last?.event == moved && now.events.last?.addedAt == Sample.reference)
        #expect(now.launchIDs == ["falconsat"])

        #expect(try await store.removeEvent("1042").eventIDs == ["1043"])
        #expect(try await store.removeEvent("nothing").eventIDs == ["1043"])
        #expect(try await store.load().launchIDs == ["falconsat"])
    }

    @Test func anInitialValueKeepsItsEvents() async throws {
        let initial = Favorites(launches: [WatchedLaunch(Sample.crs26, addedAt: Sample.reference)],
                                events: [WatchedEvent(Events.bare, addedAt: Sample.reference)])
        let store = FavoritesStore.inMemory(initial)
        #expect(try await store.load() == initial)
        #expect(try await store.removeLaunch("crs-26").eventIDs == ["1044"])
    }

    /// A store built without event closures (a test double, say) says so when asked to keep one.
    @Test func aStoreWithoutEventsSaysSo() async throws {
        let memory = FavoritesStore.inMemory()
        let store = FavoritesStore(load: memory.load, saveRocket: memory.saveRocket, removeRocket: memory.removeRocket,
                                   saveLaunch: memory.saveLaunch, removeLaunch: memory.removeLaunch, refresh: memory.refresh)
        await #expect(throws: StoreError("this store keeps no events")) { try await store.saveEvent(Events.docking) }
        await #expect(throws: FavoritesStore.keepsNoEvents) { try await store.removeEvent("1042") }
        #expect(try await store.load() == .empty)
    }

    @Test func eventsAreOrderedByDateUndatedLastTiesByID() {
        let day = { (n: Double) in Sample.reference.addingTimeInterval(n * 86_400) }
        let events = [
            SpaceEvent(id: "b", name: "B", date: day(2)),
            SpaceEvent(id: "undated-2", name: "U2", date: nil),
            SpaceEvent(id: "a", name: "A", date: day(2)),        // same time as b: by id
            SpaceEvent(id: "past", name: "Past", date: day(-3)),
            SpaceEvent(id: "undated-1", name: "U1", date: nil),
            SpaceEvent(id: "soon", name: "Soon", date: day(0.5)),
            SpaceEvent(id: "later", name: "Later", date: day(30)),
        ]
        let expected = ["past", "soon", "a", "b", "later", "undated-1", "undated-2"]
        var random = SeededGenerator(seed: 3)
        for _ in 0..<20 {
            let favorites = Favorites(events: events.shuffled(using: &random).map { WatchedEvent($0, addedAt: Sample.reference) })
            #expect(favorites.events.map(\.id) == expected)
            #expect(favorites.eventIDs == Set(expected))
        }
        // Existing callers that name no events get none.
        #expect(Favorites(rockets: [], launches: []).events.isEmpty)
        #expect(Favorites.empty.eventIDs.isEmpty)
    }
}
