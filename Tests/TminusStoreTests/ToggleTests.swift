import Foundation
import GRDB
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusStore

/// Saving and removing favorites, refreshing their stored copies, the display order and the
/// snapshots, all on a real file.
@Suite struct ToggleTests {
    let clock = ManualClock(Sample.reference)

    func store(_ dir: TempDir) -> FavoritesStore {
        let store = FavoritesStore.sqlite(at: dir.database, now: clock.now)
        #expect(store.openProblem == nil)
        return store
    }

    @Test func saveAndRemoveARocket() async throws {
        let dir = try TempDir("toggle-rocket"); defer { dir.remove() }
        let store = store(dir)
        let saved = try await store.saveRocket(Sample.Rockets.falcon9)
        #expect(saved.rockets.map(\.id) == [Sample.Rockets.falcon9.id])
        #expect(saved.launches.isEmpty)
        let rocket = try #require(saved.rockets.first)
        #expect(rocket.name == "Falcon 9")
        #expect(rocket.addedAt == Sample.reference)
        #expect(rocket.imageURL == Sample.Rockets.falcon9.flickrImages.first)
        #expect(rocket.active == true)
        #expect(rocket.rocket == Sample.Rockets.falcon9)
        // What a change returns is what is committed.
        #expect(try await store.load() == saved)

        let removed = try await store.removeRocket(Sample.Rockets.falcon9.id)
        #expect(removed == .empty)
        #expect(try await store.load() == .empty)
        #expect(try rawRead(dir.database) { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM favoriteRocket") } == 0)
        // Removing what is not there is fine.
        #expect(try await store.removeRocket("no-such-rocket") == .empty)
    }

    @Test func saveAndRemoveALaunch() async throws {
        let dir = try TempDir("toggle-launch"); defer { dir.remove() }
        let store = store(dir)
        let saved = try await store.saveLaunch(Sample.crs26)
        let watched = try #require(saved.launches.first)
        #expect(saved.launches.count == 1 && saved.rockets.isEmpty)
        #expect(watched.id == "crs-26" && watched.name == "CRS-26")
        #expect(watched.date == Sample.crs26.date && watched.datePrecision == .hour)
        #expect(watched.status == .upcoming)
        #expect(watched.rocketName == "Falcon 9")
        #expect(watched.patchURL == URL(string: "https://example.com/p.png"))
        #expect(watched.addedAt == Sample.reference)
        #expect(try await store.load() == saved)

        _ = try await store.saveLaunch(Sample.falconSat)
        let afterRemove = try await store.removeLaunch("crs-26")
        #expect(afterRemove.launchIDs == ["falconsat"])
        #expect(try launchIDs(dir.database) == ["falconsat"])
        #expect(try await store.removeLaunch("falconsat") == .empty)
        #expect(try await store.removeLaunch("never-saved") == .empty)
    }

    @Test func savingTwiceKeepsOneRowAndTheFirstAddedAtButTheNewSnapshot() async throws {
        let dir = try TempDir("toggle-twice"); defer { dir.remove() }
        let store = store(dir)
        let first = Sample.reference
        _ = try await store.saveLaunch(Sample.crs26)
        _ = try await store.saveRocket(Sample.Rockets.falcon9)

        clock.advance(by: 3_600)
        var moved = Sample.crs26
        moved.date = ISO8601.parse("2022-11-26T19:20:00Z")
        moved.details = "Scrubbed, then rescheduled."
        var renamed = Sample.Rockets.falcon9
        renamed.name = "Falcon 9 Block 5"
        renamed.active = false
        _ = try await store.saveLaunch(moved)
        let now = try await store.saveRocket(renamed)

        #expect(now.launches.count == 1 && now.rockets.count == 1)
        #expect(now.launches[0].launch == moved)
        #expect(now.launches[0].date == moved.date)
        #expect(now.launches[0].addedAt == first)
        #expect(now.rockets[0].rocket == renamed)
        #expect(now.rockets[0].name == "Falcon 9 Block 5" && now.rockets[0].active == false)
        #expect(now.rockets[0].addedAt == first)

        // In the file: one row each, the summary columns follow the snapshot, updatedAt moved.
        let rows = try rawRead(dir.database) { db in
            (launches: try Row.fetchAll(db, sql: "SELECT * FROM watchedLaunch"),
             rockets: try Row.fetchAll(db, sql: "SELECT * FROM favoriteRocket"))
        }
        #expect(rows.launches.count == 1 && rows.rockets.count == 1)
        #expect(rows.launches[0]["addedAt"] as Date? == first)
        #expect(rows.launches[0]["updatedAt"] as Date? == first.addingTimeInterval(3_600))
        #expect(rows.launches[0]["date"] as Date? == moved.date)
        #expect(rows.rockets[0]["name"] as String? == "Falcon 9 Block 5")
        #expect(rows.rockets[0]["updatedAt"] as Date? == first.addingTimeInterval(3_600))
        // The snapshot is the launch in the API's own JSON shape.
        let snapshot = try #require(rows.launches[0]["snapshot"] as Data?)
        let json = try #require(try JSONSerialization.jsonObject(with: snapshot) as? [String: Any])
        #expect(json["date_utc"] as? String == "2022-11-26T19:20:00.000Z")
        #expect(json["flight_number"] as? Int == 194)
        #expect((json["rocket"] as? [String: Any])?["name"] as? String == "Falcon 9")
    }

    @Test func refreshUpdatesStoredCopiesOfFavoritesOnly() async throws {
        let dir = try TempDir("toggle-refresh"); defer { dir.remove() }
        let store = store(dir)
        _ = try await store.saveLaunch(Sample.crs26)
        _ = try await store.saveRocket(Sample.Rockets.falcon9)

        clock.advance(by: 86_400)
        var launched = Sample.crs26
        launched.upcoming = false
        launched.success = true
        var retired = Sample.Rockets.falcon9
        retired.active = false
        let refreshed = try await store.refresh(
            [Sample.falconSat, launched] + Sample.launches(3, upcoming: true),
            [Sample.Rockets.falcon1, retired, Sample.Rockets.starship])

        #expect(refreshed.launchIDs == ["crs-26"])
        #expect(refreshed.rocketIDs == [Sample.Rockets.falcon9.id])
        #expect(refreshed.launches[0].launch == launched)
        #expect(refreshed.launches[0].status == .success)
        #expect(refreshed.launches[0].addedAt == Sample.reference)
        #expect(refreshed.rockets[0].rocket == retired)
        #expect(refreshed.rockets[0].addedAt == Sample.reference)
        #expect(try await store.load() == refreshed)
        #expect(try launchIDs(dir.database) == ["crs-26"])

        // Fresh data without our favorites in it changes nothing; nothing to refresh is fine.
        #expect(try await store.refresh(Sample.launches(5, upcoming: false), []) == refreshed)
        #expect(try await store.refresh([], []) == refreshed)
        let empty = FavoritesStore.sqlite(at: dir.file("other.sqlite"), now: clock.now)
        #expect(try await empty.refresh([Sample.crs26], [Sample.Rockets.falcon9]) == .empty)
    }

    @Test func listsComeInDisplayOrder() async throws {
        let dir = try TempDir("toggle-order"); defer { dir.remove() }
        let store = store(dir)
        var rockets = [
            Rocket(id: "r-b", name: "starship"), Rocket(id: "r-a", name: "Falcon 9"),
            Rocket(id: "r-c", name: "falcon 1"), Rocket(id: "r-d", name: "Electron"), Rocket(id: "r-e", name: "Falcon Heavy"),
        ]
        let upcoming = Sample.launches(3, upcoming: true, prefix: "Up")  // reference +1, +2, +3 days
        let past = Sample.launches(3, upcoming: false, prefix: "Past")   // reference -1, -2, -3 days
        let undatedUpcoming = Launch(id: "up-undated", name: "Someday", date: nil, upcoming: true)
        let undatedPast = Sample.bare
        var launches = upcoming + past + [undatedUpcoming, undatedPast]
        var random = SeededGenerator(seed: 7)
        rockets.shuffle(using: &random)
        launches.shuffle(using: &random)
        for rocket in rockets { _ = try await store.saveRocket(rocket) }
        for launch in launches { _ = try await store.saveLaunch(launch) }

        let expectedRockets = ["Electron", "falcon 1", "Falcon 9", "Falcon Heavy", "starship"]
        let expectedLaunches = ["up-1", "up-2", "up-3", "up-undated", "past-1", "past-2", "past-3", "bare"]
        let fromAnotherInstance = try await FavoritesStore.sqlite(at: dir.database).load()
        for favorites in [try await store.load(), fromAnotherInstance] {
            #expect(favorites.rockets.map(\.name) == expectedRockets)
            #expect(favorites.launches.map(\.id) == expectedLaunches)
        }
    }

    @Test func snapshotsRoundTripToEqualValues() async throws {
        let dir = try TempDir("toggle-snapshots"); defer { dir.remove() }
        do {
            let store = store(dir)
            for launch in [Sample.crs26, Sample.falconSat, Sample.bare] { _ = try await store.saveLaunch(launch) }
            for rocket in Sample.Rockets.all + [Sample.Rockets.bare] { _ = try await store.saveRocket(rocket) }
        }
        // A new instance reads everything back from the file.
        let loaded = try await FavoritesStore.sqlite(at: dir.database).load()
        let launches = Dictionary(uniqueKeysWithValues: loaded.launches.map { ($0.id, $0.launch) })
        #expect(launches["crs-26"] == Sample.crs26)
        #expect(launches["falconsat"] == Sample.falconSat)
        #expect(launches["bare"] == Sample.bare)
        let crs26 = try #require(launches["crs-26"])
        #expect(crs26.rocket?.object == Sample.falcon9)
        #expect(crs26.launchpad?.object?.fullName == "Kennedy Space Center Historic Launch Complex 39A")
        #expect(crs26.payloads.first?.object?.orbit == "ISS")
        #expect(crs26.payloads.first?.object?.massKg == 2_500)
        #expect(crs26.cores.first?.landingType == "ASDS")
        #expect(crs26.window == 0)

        let rockets = Dictionary(uniqueKeysWithValues: loaded.rockets.map { ($0.id, $0.rocket) })
        for rocket in Sample.Rockets.all + [Sample.Rockets.bare] {
            #expect(rockets[rocket.id] == rocket, "\(rocket.name)")
        }
        // The summary fields come from the snapshot, so they agree with it.
        for watched in loaded.launches {
            #expect(watched == WatchedLaunch(watched.launch, addedAt: watched.addedAt))
        }
    }

    /// The same random changes made to the in-memory store and to the database end the same.
    @Test func theDatabaseAgreesWithTheInMemoryStore() async throws {
        let dir = try TempDir("toggle-model"); defer { dir.remove() }
        let sqlite = store(dir)
        let memory = FavoritesStore.inMemory(now: clock.now)
        let launches = Sample.launches(6, upcoming: true, prefix: "Up") + Sample.launches(6, upcoming: false, prefix: "Past")
            + [Sample.crs26, Sample.falconSat, Sample.bare]
        let rockets = Sample.Rockets.all + [Sample.Rockets.bare, Sample.falcon9]
        var random = SeededGenerator(seed: 42)
        for step in 0..<150 {
            clock.advance(by: 60)
            let a: Favorites, b: Favorites
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                var launch = launches.randomElement(using: &random)!
                launch.details = "step \(step)"
                a = try await sqlite.saveLaunch(launch); b = try await memory.saveLaunch(launch)
            case 4..<6:
                let id = launches.randomElement(using: &random)!.id
                a = try await sqlite.removeLaunch(id); b = try await memory.removeLaunch(id)
            case 6..<8:
                var rocket = rockets.randomElement(using: &random)!
                rocket.description = "step \(step)"
                a = try await sqlite.saveRocket(rocket); b = try await memory.saveRocket(rocket)
            case 8:
                let id = rockets.randomElement(using: &random)!.id
                a = try await sqlite.removeRocket(id); b = try await memory.removeRocket(id)
            default:
                var fresh = Array(launches.shuffled(using: &random).prefix(5))
                for i in fresh.indices { fresh[i].name += " (fresh \(step))" }
                let freshRockets = Array(rockets.shuffled(using: &random).prefix(2))
                a = try await sqlite.refresh(fresh, freshRockets); b = try await memory.refresh(fresh, freshRockets)
            }
            // (Compared by parts, so a failure names what differs rather than printing it all.)
            #expect(a.launches.map(\.id) == b.launches.map(\.id), "step \(step)")
            #expect(a.rockets.map(\.id) == b.rockets.map(\.id), "step \(step)")
            #expect(a.launches.map(\.addedAt) == b.launches.map(\.addedAt), "step \(step)")
            #expect(a.launches.map(\.name) == b.launches.map(\.name), "step \(step)")
            #expect(a.rockets.map(\.rocket.description) == b.rockets.map(\.rocket.description), "step \(step)")
            if a != b {
                Issue.record("step \(step): the database and the in-memory store differ")
                break
            }
        }
        let final = try await sqlite.load()
        #expect(final == (try await memory.load()))
        #expect(!final.launches.isEmpty && !final.rockets.isEmpty)
    }
}
