import Foundation
import Synchronization
import Testing
import TminusCore
import TminusRender
import TminusTestSupport
@testable import TminusViewModel

extension FavoritesTests {
    /// Issue 35: what the screen says is saved is what the database holds. A write that fails
    /// changes nothing on screen, is said with its cause and stays marked on every tab, waits,
    /// and goes through by itself once the store takes writes again.
    @Suite("a store that fails")
    struct FavoritesStoreFailureTests {
        /// The status line's message as drawn.
        static func message(_ h: Harness) -> String? { StatusLine.message(h.state)?.text }

        static func tick(_ h: Harness, after seconds: TimeInterval) async {
            h.clock.advance(by: seconds)
            h.viewModel.handle(.tick)
            await h.viewModel.settle()
        }

        @Test func aFailedSaveChangesNothingIsSaidAndWaitsThenGoesThrough() async {
            let rig = FavoritesRig()
            _ = try? await rig.disk.saveRocket(Sample.Rockets.falcon9)
            let h = await Fav.harness(rig)
            let before = h.state.favorites.items
            #expect(before.rockets.count == 1)
            rig.set { $0.failWrites = true }

            await h.press(Fav.f)
            #expect(h.state.favorites.items == before, "no ★ for what the database does not hold")
            #expect(!h.state.isWatched(launch: "mission-1"))
            #expect(h.state.notice?.text.contains("watching") != true, "never \"watching\" before it is saved")
            #expect(Self.message(h) == "could not watch Mission 1: disk I/O error — 1 change waiting, retrying in 5 s")
            #expect(StandingFault.marker(h.state)?.text == "! 1 unsaved")
            #expect(h.state.favorites.waiting.map(\.what) == ["watch Mission 1"])

            // A removal that fails keeps the favorite, on every tab, with the marker.
            await h.press(.character("2"), .down, Fav.f)
            #expect(h.state.isFavorite(rocket: Sample.Rockets.falcon9.id), "a failed remove keeps it")
            #expect(Self.message(h)?.hasPrefix("could not remove Falcon 9 from favorites: disk I/O error — 2 changes waiting") == true, "\(Self.message(h) ?? "")")
            await h.press(.character("3"))
            #expect(h.state.favorites.items == before)
            #expect(StandingFault.marker(h.state)?.text == "! 2 unsaved")
            #expect(await rig.stored() == before, "the database is untouched")

            // Still failing: tried again on time, still waiting, nothing lost.
            await Self.tick(h, after: 5)
            #expect(h.state.favorites.waiting.count == 2)
            #expect(rig.writes >= 4, "both were tried again")

            // It works again: both go through by themselves, and then the words say so.
            rig.set { $0.failWrites = false }
            await Self.tick(h, after: 5)
            #expect(h.state.favorites.waiting.isEmpty)
            #expect(h.state.isWatched(launch: "mission-1"))
            #expect(!h.state.isFavorite(rocket: Sample.Rockets.falcon9.id))
            #expect(StandingFault.marker(h.state) == nil)
            #expect(StatusLine.message(h.state)?.level != .error, "the fault no longer stands")
            let stored = await rig.stored()
            #expect(stored.launchIDs == ["mission-1"] && stored.rockets.isEmpty)
        }

        /// At every width from 50 to 250 columns the cause (`disk I/O error`) is whole on the
        /// status line, and how many changes wait is on screen: in the tab bar's marker where
        /// it fits, else in the status line.
        @Test func theFaultIsSaidWholeAtEveryWidth() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            rig.set { $0.failWrites = true }
            await h.press(Fav.f)
            for width in 50...250 {
                h.viewModel.handle(.resized(width: width, height: 24))
                let lines = h.viewModel.render().text.split(separator: "\n", omittingEmptySubsequences: false)
                let tabBar = String(lines.first ?? ""), status = String(lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "")
                #expect(status.contains("disk I/O error") && !status.contains("…"), "\(width) columns: \(status)")
                #expect(tabBar.contains("! 1 unsaved") || status.contains("1 waiting") || status.contains("1 change waiting"),
                        "\(width) columns: neither says how many wait:\n\(tabBar)\n\(status)")
            }
        }

        /// While a waiting change is with the store again (a lock's wait can take a second or
        /// two), it is still not saved: the marker and the status line keep counting it.
        @Test func aChangeBeingRetriedStillCountsAsUnsaved() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            rig.set { $0.failWrites = true }
            await h.press(Fav.f)
            h.clock.advance(by: 5)
            // The retry goes out; its answer is not in yet.
            let effects = h.viewModel.handle(.tick)
            #expect(effects.contains { if case .favorites(.write) = $0 { true } else { false } }, "\(effects)")
            #expect(StandingFault.marker(h.state)?.text == "! 1 unsaved")
            #expect(UnsavedWork(h.state).count == 1)
            await h.viewModel.settle()
            #expect(h.state.favorites.waiting.count == 1, "failed again: still one, not two")
            rig.set { $0.failWrites = false }
            await Self.tick(h, after: 5)
            #expect(h.state.favorites.waiting.isEmpty && h.state.isWatched(launch: "mission-1"))
        }

        @Test func aNewerChoiceReplacesAWaitingOne() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            rig.set { $0.failWrites = true }
            await h.press(Fav.f)                      // watch: fails, waits
            #expect(h.state.favorites.waiting.count == 1)
            await h.press(Fav.f)                      // the row still shows unwatched: watch again
            #expect(h.state.favorites.waiting.map(\.what) == ["watch Mission 1"], "one per favorite")
            rig.set { $0.failWrites = false }
            await Self.tick(h, after: 5)
            #expect(await rig.stored().launchIDs == ["mission-1"])
        }

        @Test func theStandingFaultOutranksPassingNoticesAndTheDataError() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            rig.set { $0.failWrites = true }
            await h.press(Fav.f)
            // A passing notice (the theme) does not hide it.
            await h.press(.character("t"))
            #expect(Self.message(h)?.hasPrefix("could not watch Mission 1") == true)
            // Nor does a list that cannot load (offline).
            h.source.fail(with: .offline("offline: nothing cached for this yet — run tminus without --offline to fill the cache"))
            await h.press(.character("r"))
            #expect(Self.message(h)?.hasPrefix("could not watch Mission 1") == true, "\(Self.message(h) ?? "")")
        }

        @Test func aFailedLoadIsSaidKeepsWhatWasShownAndIsTriedAgain() async {
            let rig = FavoritesRig()
            _ = try? await rig.disk.saveLaunch(Fav.upcoming[0])
            let h = await Fav.harness(rig)
            rig.set { $0.failLoads = true }
            await h.press(.character("3"))
            #expect(Self.message(h) == "could not read your favorites: the database is locked by another program — retrying in 5 s")
            #expect(h.state.favorites.items.launches.map(\.id) == ["mission-1"], "the rows already read stay")
            #expect(!h.state.favorites.isLoading)

            rig.set { $0.failLoads = false }
            await Self.tick(h, after: 5)
            #expect(h.state.favorites.error == nil)
            #expect(h.state.favorites.loadFault == nil)
            #expect(h.state.favorites.items.launches.map(\.id) == ["mission-1"])
        }

        @Test func aStoreThatCannotLoadAtStartSaysSoAndShowsThemOnceItCan() async {
            let rig = FavoritesRig()
            _ = try? await rig.disk.saveLaunch(Fav.upcoming[0])
            rig.set { $0.failLoads = true }
            let h = await Fav.harness(rig)
            #expect(Self.message(h)?.hasPrefix("could not read your favorites") == true)
            #expect(StandingFault.marker(h.state)?.text == "! favorites unreadable")
            #expect(!h.state.favorites.hasLoadedOnce)
            // The lock goes: the favorites appear by themselves (issue 35: `r` did not recover).
            rig.set { $0.failLoads = false }
            await Self.tick(h, after: 5)
            #expect(h.state.favorites.hasLoadedOnce)
            #expect(h.state.isWatched(launch: "mission-1"))
            #expect(StandingFault.marker(h.state) == nil)
        }

        @Test func anOpenProblemIsSaidOnceAtItsFirstAnswer() async {
            let problem = "nothing could be read from the damaged favorites database; kept it as favorites.sqlite.corrupt-20221001-120000 and started a new one — file is not a database"
            let rig = FavoritesRig(openProblem: problem)
            let h = Harness(source: Fav.source(), favorites: rig.store)
            #expect(h.state.notice == nil, "the database is not opened before the first frame")
            h.viewModel.start()
            await h.viewModel.settle()
            #expect(h.state.notice?.text == problem && h.state.notice?.level == .error, "said with the first answer")
            // Favoriting still works, and the notice is not said again.
            await h.press(Fav.f)
            #expect(h.state.isWatched(launch: "mission-1"))
            #expect(h.state.notice?.text == "watching Mission 1 · in Favorites (key 3)")
            #expect(await rig.stored().launches.count == 1)
        }

        /// Offline with nothing cached, the data's error stands on tabs 1 and 2: a "saved" still
        /// gets through for its few seconds (issue 35: it never did).
        @Test func aConfirmationIsSeenOverTheOfflineLine() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            h.source.fail(with: .offline("offline: nothing cached for this yet — run tminus without --offline to fill the cache"), times: 10)
            await h.press(.character("r"))
            #expect(Self.message(h)?.hasPrefix("offline: nothing cached") == true, "\(Self.message(h) ?? "")")
            await h.press(Fav.f)
            #expect(Self.message(h) == "watching Mission 1 · in Favorites (key 3)")
            await Self.tick(h, after: Notice.lifetime + 1)
            #expect(Self.message(h)?.hasPrefix("offline: nothing cached") == true, "then the data's error again")
        }

        @Test func aReadOnlyStoreIsMarkedAndShown() async {
            let rig = FavoritesRig(Favorites(launches: [WatchedLaunch(Fav.upcoming[0], addedAt: Sample.reference)]),
                                   readOnly: "read-only file system")
            let h = await Fav.harness(rig)
            #expect(h.state.isWatched(launch: "mission-1"), "read what can be read")
            #expect(StandingFault.marker(h.state)?.text == "favorites read-only")
            #expect(StandingFault.marker(h.state)?.isError == false)
        }

        @Test func settingsThatCannotBeSavedWaitAndAreTriedAgain() async {
            let saves = Mutex(0)
            let failing = Mutex(true)
            let store = PreferencesStore(load: { .init(preferences: .defaults) }, save: { _ in
                saves.withLock { $0 += 1 }
                return failing.withLock { $0 } ? .failure(.init(message: "could not save settings to /data/settings.json: disk full")) : .success(())
            })
            let h = await Harness(source: Fav.source(), preferences: store).started()
            await h.press(.character("b"))
            #expect(Self.message(h) == "could not save settings to /data/settings.json: disk full — 1 change waiting, retrying in 5 s")
            #expect(UnsavedWork(h.state).list == "your settings")
            failing.withLock { $0 = false }
            await Self.tick(h, after: 5)
            #expect(UnsavedWork(h.state).isEmpty)
            #expect(saves.withLock { $0 } == 2)
        }

        /// The copy left at exit is read by the next run: its changes wait first, go with the
        /// first load, and once all are saved the copy is removed.
        @Test func theNextRunSavesWhatTheLastOneCouldNot() async throws {
            let rig = FavoritesRig()
            let first = await Fav.harness(rig)
            rig.set { $0.failWrites = true }
            await first.press(Fav.f, .character("2"), Fav.f)
            let unsaved = first.viewModel.finishWrites(within: 1)
            #expect(unsaved.favorites.map(\.what) == ["watch Mission 1", "save Falcon 1"])
            let dir = FileManager.default.temporaryDirectory.appending(path: "tminus-rescue-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: dir) }
            let copy = try #require(RescueCopy.write(unsaved.json, named: "unsaved-1.json", candidates: [dir]))

            let leftover = Leftover.read([copy])
            #expect(leftover.writes == unsaved.favorites, "the copy reads back whole")
            rig.set { $0.failWrites = false }
            let removed = Mutex<[URL]>([])
            var environment = AppEnvironment(source: Fav.source().source, clock: TestClock().clock, time: LaunchTime(timeZone: .gmt),
                                             openURL: { _ in .success(()) }, favorites: rig.store)
            environment.leftover = leftover
            environment.removeFile = { url in removed.withLock { $0.append(url) } }
            let vm = AppViewModel(environment: environment, mailbox: Mailbox())
            #expect(vm.state.notice?.text == "saving 2 changes the last run could not save (watch Mission 1, save Falcon 1)")
            vm.start()
            await vm.settle()
            #expect(vm.state.isWatched(launch: "mission-1") && vm.state.isFavorite(rocket: Sample.Rockets.falcon1.id))
            #expect(vm.state.favorites.waiting.isEmpty)
            #expect(removed.withLock { $0 } == [copy], "the copy goes once all is saved")
            let stored = await rig.stored()
            #expect(stored.launchIDs == ["mission-1"] && stored.rocketIDs == [Sample.Rockets.falcon1.id])
        }

        @Test func theExitReportNamesWhatWaitsAndTheCopy() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            rig.set { $0.failWrites = true }
            await h.press(Fav.f)
            let unsaved = h.viewModel.finishWrites(within: 1)
            #expect(unsaved.count == 1)
            #expect(unsaved.report(copy: URL(fileURLWithPath: "/tmp/unsaved-1.json"))
                == "tminus: 1 change was not saved (disk I/O error): watch Mission 1\ntminus: a copy is in /tmp/unsaved-1.json\n")
            let copy = try? JSONSerialization.jsonObject(with: unsaved.json) as? [String: Any]
            let favorites = copy?["favorites"] as? [[String: Any]]
            #expect(favorites?.first?["what"] as? String == "watch Mission 1")
        }
    }
}
