import Foundation
import SnapshotTesting
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// The Favorites tab and the ★ marks elsewhere, at 80x24, 120x40 and 200x60.
@Suite("Favorites snapshots")
struct FavoritesSnapshotTests {
    static let sizes = Size.snapshotSizes

    static var saved: Favorites {
        Favorites(rockets: [FavoriteRocket(Sample.Rockets.falcon9, addedAt: Sample.reference),
                            FavoriteRocket(Sample.Rockets.falcon1, addedAt: Sample.reference)],
                  launches: [WatchedLaunch(Sample.crs26, addedAt: Sample.reference),
                             WatchedLaunch(Sample.falconSat, addedAt: Sample.reference)])
    }

    func harness(_ size: Size, favorites: Favorites) async -> Harness {
        let source = ScriptedSource(upcoming: [Sample.crs26] + Sample.launches(5, upcoming: true), rockets: Sample.Rockets.all)
        let h = Harness(source: source, width: size.width, height: size.height, favorites: .inMemory(favorites))
        return await h.started()
    }

    func frame(_ h: Harness, _ size: Size) -> Grid { Renderer.render(h.state, size: size) }

    @Test(arguments: sizes)
    func favoritesTab(_ size: Size) async {
        let h = await harness(size, favorites: Self.saved)
        h.clock.set(ISO8601.parse("2022-11-16T17:48:51Z")!)
        await h.press(.character("3"), .down, .down)
        h.viewModel.handle(.tick)
        let grid = frame(h, size)
        #expect(grid.find("T-02d 04:11:09") != nil, "a watched upcoming launch counts down")
        // Issue 25: the countdown near its name, not at the far edge; and on a wide
        // terminal the selected row's preview beside the list, as on the Launches tab.
        let clock = try! #require(grid.find("T-02d 04:11:09"))
        let row = String(grid.text.split(separator: "\n")[clock.y])
        let name = try! #require(row.range(of: "CRS-26"), "the clock is on the launch's row: \(row)")
        #expect(clock.x - row.distance(from: row.startIndex, to: name.lowerBound) < 60, "\(row)")
        if size.width >= ScreenLayout.splitBreakpoint {
            #expect(grid.find("until launch") != nil, "the preview's countdown")
            #expect(grid.find("Enter opens the launch") != nil || grid.find("Links") != nil, "the preview")
        }
        assertSnapshot(of: grid, as: .frame, named: "\(size)")
    }

    /// A favorite rocket selected on a wide terminal: its preview, figures in the user's units.
    @Test func aFavoriteRocketsPreviewOnAWideTerminal() async {
        let size = Size(width: 200, height: 60)
        let h = await harness(size, favorites: Self.saved)
        await h.press(.character("3"))
        let grid = frame(h, size)
        #expect(h.state.previewRocket?.name == "Falcon 1")
        #expect(grid.find("★ favorite") != nil)
        #expect(grid.find("HEIGHT 22.3 m") != nil, "\(grid.text)")
        #expect(grid.find("Enter opens the rocket") != nil)
        let narrow = Size(width: 120, height: 40)
        h.viewModel.handle(.resized(width: narrow.width, height: narrow.height))
        #expect(h.state.previewRocket == nil, "no preview below the breakpoint")
    }

    @Test func emptyFavoritesSayHowToAdd() async {
        let h = await harness(Size(width: 80, height: 24), favorites: .empty)
        await h.press(.character("3"))
        let grid = frame(h, Size(width: 80, height: 24))
        #expect(grid.find("No favorites yet.") != nil)
        assertSnapshot(of: grid, as: .frame)
    }

    @Test func starsMarkFavoritesOnListsAndPages() async {
        let h = await harness(Size(width: 80, height: 24), favorites: Self.saved)
        var grid = frame(h, Size(width: 80, height: 24))
        let star = try! #require(grid.find("CRS-26 ★"))
        #expect(grid[star.x + 7, star.y].style.foreground == .theme.warning)
        #expect(grid.find("Mission 1 ★") == nil)
        await h.press(.enter)
        grid = frame(h, Size(width: 80, height: 24))
        #expect(grid.find("★ watched") != nil)
        await h.press(.character("2"), .down, .enter)
        grid = frame(h, Size(width: 80, height: 24))
        #expect(grid.find("Falcon 9 ★ favorite") != nil)
        assertSnapshot(of: grid, as: .frame, named: "rocketPage")
    }
}
