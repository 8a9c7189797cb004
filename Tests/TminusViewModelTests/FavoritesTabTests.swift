import Foundation
import Synchronization
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

extension FavoritesTests {
    @Suite("the tab")
    struct FavoritesTabTests {
        /// Saved in a scrambled order, straight into the store.
        static func seeded() async -> FavoritesRig {
            let rig = FavoritesRig()
            let disk = rig.disk
            _ = try? await disk.saveLaunch(Fav.past[2])       // old-3, 3 days before
            _ = try? await disk.saveRocket(Sample.Rockets.starship)
            _ = try? await disk.saveLaunch(Fav.upcoming[2])   // mission-3, in 3 days
            _ = try? await disk.saveLaunch(Sample.falconSat)  // 2006
            _ = try? await disk.saveLaunch(Fav.undated)
            _ = try? await disk.saveRocket(Sample.Rockets.falcon9)
            _ = try? await disk.saveLaunch(Fav.past[0])       // old-1, a day before
            _ = try? await disk.saveLaunch(Fav.upcoming[0])   // mission-1, tomorrow
            _ = try? await disk.saveRocket(Sample.Rockets.falcon1)
            return rig
        }

        static let order = ["Falcon 1", "Falcon 9", "Starship",
                            "Mission 1", "Mission 3", "TBD mission",
                            "Old 1", "Old 3", "FalconSat"]

        static func names(_ state: AppState) -> [String] {
            state.favorites.rows.map { row in
                switch row {
                case .rocket(let r): r.name
                case .launch(let l): l.name
                case .event(let e): e.name
                }
            }
        }

        @Test func rowsAreRocketsByNameThenUpcomingSoonestFirstThenPastNewestFirst() async {
            let h = await Fav.harness(await Self.seeded())
            await h.press(.character("3"))
            #expect(h.state.tab == .favorites)
            #expect(h.state.screen == .favorites)
            #expect(Self.names(h.state) == Self.order)
            #expect(h.state.favorites.selection == 0)
            #expect(h.state.favorites.selectedRow == .rocket(h.state.favorites.items.rockets[0]))
            #expect(h.state.favorites.error == nil)
            #expect(!h.state.favorites.isLoading)
        }

        @Test func selectionMovesAndStopsAtBothEnds() async {
            let h = await Fav.harness(await Self.seeded())
            await h.press(.character("3"), .down, .character("j"))
            #expect(h.state.favorites.selection == 2)
            await h.press(.character("G"))
            #expect(h.state.favorites.selection == 8)
            await h.press(.down, .character("j"))
            #expect(h.state.favorites.selection == 8, "stops on the last row")
            await h.press(.up, .character("k"))
            #expect(h.state.favorites.selection == 6)
            await h.press(.home)
            #expect(h.state.favorites.selection == 0)
            await h.press(.up, .character("k"))
            #expect(h.state.favorites.selection == 0, "stops on the first")
            await h.press(.end)
            #expect(h.state.favorites.selection == 8)
            await h.press(.character("g"))
            #expect(h.state.favorites.selection == 0)
            // The selection stays with the tab.
            await h.press(.down, .character("1"), .character("3"))
            #expect(h.state.favorites.selection == 1)
        }

        @Test func enterOnARocketOpensThePagerOverTheFavoriteRocketsOnly() async {
            let rig = FavoritesRig()
            _ = try? await rig.disk.saveRocket(Sample.Rockets.starship)
            _ = try? await rig.disk.saveRocket(Sample.Rockets.falcon1)
            let source = Fav.source()
            let h = await Fav.harness(rig, source: source)
            await h.press(.character("3"), .down, .enter)
            #expect(h.state.screen == .rocketPage)
            #expect(h.state.rocketPage == RocketPageState(index: 1, imageIndex: 0, collection: .favorites))
            #expect(h.state.rocketPage.flatMap(h.state.rocket(at:)) == Sample.Rockets.starship)
            #expect(!source.requests.contains(.rockets), "the stored copies, no request")

            await h.press(.right)
            #expect(h.state.rocketPage?.index == 1, "Starship is the last favorite: Falcon 9 is not on this pager")
            await h.press(.left)
            #expect(h.state.rocketPage?.index == 0)
            #expect(h.state.rocketPage.flatMap(h.state.rocket(at:))?.name == "Falcon 1")
            await h.press(.character("h"), .left)
            #expect(h.state.rocketPage?.index == 0, "stops at the first")
            await h.press(.character("l"))
            #expect(h.state.rocketPage.flatMap(h.state.rocket(at:))?.name == "Starship")

            // The Rockets tab's own list does not move, and Esc goes back to the Favorites tab.
            await h.press(.escape)
            #expect(h.state.screen == .favorites)
            #expect(h.state.routes.isEmpty)
            #expect(h.state.rockets.selection == 0)
            #expect(h.state.stacks[.rockets] ?? [] == [])
        }

        @Test func enterOnALaunchOpensItsDetailFromTheStoredCopy() async {
            let rig = FavoritesRig()
            // A launch the source does not have at all: only the stored copy can show it.
            _ = try? await rig.disk.saveLaunch(Sample.crs26)
            let source = ScriptedSource(upcoming: Fav.upcoming)
            let h = await Fav.harness(rig, source: source)
            h.clock.advance(by: 90)
            await h.press(.character("3"), .enter)
            #expect(h.state.screen == .launchDetail)
            #expect(h.state.detail?.launch == Sample.crs26)
            #expect(h.state.detail?.linkIndex == 0, "webcast")
            #expect(h.state.now == Sample.reference.addingTimeInterval(90), "the countdown starts from now")
            #expect(h.viewModel.tickInterval == .seconds(1))
            #expect(source.requests == [.init(segment: .upcoming, page: 1)], "nothing asked of the source")

            // f there unwatches it; Esc back to the tab, where it is gone.
            await h.press(Fav.f)
            #expect(!h.state.isWatched(launch: "crs-26"))
            #expect(h.state.detail?.launch == Sample.crs26, "the detail stays up")
            await h.press(.escape)
            #expect(h.state.screen == .favorites)
            #expect(h.state.favorites.rows.isEmpty)
        }

        @Test func xAndFRemoveTheSelectedRowAndTheSelectionClamps() async {
            let rig = await Self.seeded()
            let h = await Fav.harness(rig)
            await h.press(.character("3"), .end)
            #expect(h.state.favorites.selection == 8)

            await h.press(Fav.x)
            #expect(Self.names(h.state) == Array(Self.order.dropLast()))
            #expect(h.state.favorites.selection == 7, "clamped to the new last row")
            #expect(await rig.stored().launches.map(\.id).contains("falconsat") == false)

            await h.press(Fav.f)
            #expect(Self.names(h.state) == Array(Self.order.dropLast(2)))
            #expect(h.state.favorites.selection == 6)

            // A row in the middle: the selection stays put, on the row that moved up.
            await h.press(.home, .down)
            await h.press(Fav.x)
            #expect(Self.names(h.state) == ["Falcon 1", "Starship", "Mission 1", "Mission 3", "TBD mission", "Old 1"])
            #expect(h.state.favorites.selection == 1)
            #expect(h.state.favorites.selectedRow.map { if case .rocket(let r) = $0 { r.name } else { "" } } == "Starship")
            #expect(!h.state.isFavorite(rocket: Sample.Rockets.falcon9.id))
            #expect(await rig.stored().rockets.map(\.name) == ["Falcon 1", "Starship"])
            #expect(h.state.screen == .favorites)
            #expect(h.state.notice?.text == "removed Falcon 9 · u puts it back", "said, with the way back (issue 25)")

            // Everything: the tab is empty, the selection 0.
            for _ in 0..<6 { await h.press(Fav.x) }
            #expect(h.state.favorites.rows.isEmpty)
            #expect(h.state.favorites.selection == 0)
            #expect(await rig.stored() == .empty)
        }

        /// `u` puts back what `x` last removed, as it was stored (issue 25: `x` removed at once
        /// and for good).
        @Test func uPutsBackTheLastRemoval() async {
            let rig = await Self.seeded()
            let h = await Fav.harness(rig)
            await h.press(.character("3"), .down)
            let before = await rig.stored()
            await h.press(Fav.x)
            #expect(!h.state.isFavorite(rocket: Sample.Rockets.falcon9.id))
            await h.press(.character("u"))
            #expect(h.state.isFavorite(rocket: Sample.Rockets.falcon9.id))
            #expect(h.state.notice?.text == "put back Falcon 9")
            #expect(Self.names(h.state) == Self.order)
            #expect(await rig.stored() == before, "the stored copy back as it was")
            // Once: a second `u` has nothing left to undo.
            let writes = rig.writes
            await h.press(.character("u"))
            #expect(rig.writes == writes)
            #expect(h.state.notice?.text == "nothing to undo")
            // A watched launch too.
            await h.press(.end, Fav.x, .character("u"))
            #expect(Self.names(h.state) == Self.order)
        }

        /// `f` elsewhere says what it did (issue 25: it said nothing).
        @Test func fSaysWhatItDid() async {
            let h = await Fav.harness()
            await h.press(Fav.f)
            #expect(h.state.notice?.text.hasPrefix("watching ") == true, "\(String(describing: h.state.notice))")
            await h.press(Fav.f)
            #expect(h.state.notice?.text.hasPrefix("no longer watching ") == true)
            await h.press(.character("2"), Fav.f)
            #expect(h.state.notice?.text == "Falcon 1 saved · in Favorites (key 3)")
        }

        @Test func anEmptyTabAndKeysWithNothingSelectedDoNothing() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            await h.press(.character("3"))
            #expect(h.state.favorites.hasLoadedOnce)
            #expect(h.state.favorites.rows.isEmpty)
            #expect(h.state.favorites.selectedRow == nil)
            let writesBefore = rig.writes
            await h.press(Fav.f, Fav.x, .enter, .character("l"), .down, .up, .end, .home)
            #expect(rig.writes == writesBefore, "nothing to remove")
            #expect(h.state.routes.isEmpty, "nothing to open")
            #expect(h.state.favorites.selection == 0)
            #expect(h.state.notice == nil)
            #expect(await rig.stored() == .empty)
        }

        @Test func xElsewhereDoesNothing() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            await h.press(Fav.x, .enter, Fav.x, .escape, .character("2"), Fav.x, .enter, Fav.x)
            #expect(rig.writes == 0)
            #expect(h.state.favorites.items == .empty)
        }
    }
}
