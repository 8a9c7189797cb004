import Foundation
import Testing

/// Pictures on the rocket page, and from the disk cache on the next run (part of `PicturesTests`).
extension PicturesTests {
    // MARK: 5. The rocket page

    @Test func theRocketPagePictureChangesWithTheGallery() async throws {
        let rig = try Self.rig()
        let tmux = try await rig.start()
        try tmux.sendKeys("2")
        // The list's 4×2 thumbnails become pictures too (each beside its rocket's name).
        let list = try await tmux.waitUntilStyled(timeout: .seconds(15), "the four rockets with their thumbnails") { screen in
            guard screen.text.contains("4 rockets") else { return false }
            return ["Falcon 1", "Falcon 9", "Falcon Heavy", "Starship"].allSatisfy { name in
                guard let y = screen.rows.indices.first(where: { screen.column(of: name + " ", row: $0) == 8 }) else { return false }
                return PictureBox.isPicture(screen.region(x: 2..<6, y: y..<(y + 2)))
            }
        }
        #expect(list.text.contains("● active"))

        try tmux.sendKeys("j", "Enter")
        let box = Self.rocketBox(width: tmux.width, height: tmux.height)
        #expect(box.x == 2..<50 && box.y == 2..<18)
        let first = try await tmux.waitUntilStyled(timeout: .seconds(15), "Falcon 9's page with its picture") {
            Self.falcon9PageWithPicture($0, width: tmux.width, height: tmux.height)
        }
        let firstImage = try #require(Self.gallery(first.text))
        let firstCells = first.region(x: box.x, y: box.y)
        #expect(firstImage.count == 6, "\(first.text)")
        // The text beside the box starts right of it.
        #expect(first.column(of: "SpaceX · rocket · active", row: 2) == box.x.upperBound + 3, "\(first.text(2))")
        // Nothing drawn outside the box.
        #expect(!PictureBox.hasHalfBlocks(first.region(x: 0..<tmux.width, y: box.y.upperBound..<(box.y.upperBound + 1))))

        // `]`: the next picture, the other photo.
        try tmux.type("]")
        let next = firstImage.index % firstImage.count + 1
        let second = try await tmux.waitUntilStyled(timeout: .seconds(15), "image \(next)/6 as a picture") {
            Self.gallery($0.text)?.index == next && Self.falcon9PageWithPicture($0, width: tmux.width, height: tmux.height)
                && $0.region(x: box.x, y: box.y) != firstCells
        }
        let secondCells = second.region(x: box.x, y: box.y)
        #expect(Self.photoFile(next) != Self.photoFile(firstImage.index))
        let paths = try await rig.imageRequests().filter { $0.method == "GET" }.map(\.path)
        #expect(paths.contains("/images/" + Self.photoFile(firstImage.index)), "\(paths)")
        #expect(paths.contains("/images/" + Self.photoFile(next)), "the other photo was fetched: \(paths)")
        #expect(second.escaped != first.escaped)

        // `[`: back to the first picture, cell for cell.
        try tmux.type("[")
        let back = try await tmux.waitUntilStyled("image \(firstImage.index)/6 again") {
            Self.gallery($0.text)?.index == firstImage.index && Self.falcon9PageWithPicture($0, width: tmux.width, height: tmux.height)
                && $0.region(x: box.x, y: box.y) != secondCells
        }
        #expect(back.region(x: box.x, y: box.y) == firstCells, "the same picture as before:\n\(back.describe(x: box.x, y: box.y))\n--\n\(first.describe(x: box.x, y: box.y))")
        #expect(tmux.isAlive)
    }

    @Test func aTallTerminalGetsATallerRocketPicture() async throws {
        let rig = try Self.rig()
        let tmux = try await rig.start(height: 40)
        let screen = try await Self.openFalcon9(tmux)
        let box = Self.rocketBox(width: tmux.width, height: tmux.height)
        #expect(box.x == 2..<62 && box.y == 2..<22)
        // The picture reaches down into the lower half of the box (taller than at 30 rows), and
        // not beyond it.
        #expect(PictureBox.hasHalfBlocks(screen.region(x: box.x, y: 18..<22)), "\(screen.describe(x: box.x, y: box.y))")
        #expect(!PictureBox.hasHalfBlocks(screen.region(x: 0..<tmux.width, y: 22..<23)))
        // The summary beside it (half the height leaves the facts in sight, issue 37).
        #expect(screen.column(of: "SpaceX · rocket · active", row: 2) == box.x.upperBound + 3, "\(screen.text)")
        #expect(!PictureBox.hasHalfBlocks(screen.region(x: 0..<tmux.width, y: 1..<2)))
    }

    // MARK: 6. The disk cache

    @Test func aPictureComesFromTheDiskCacheOnTheNextRun() async throws {
        let rig = try Self.rig()
        var tmux = try await rig.start()
        try await Self.openPastList(tmux)
        try await Self.openCrew5(tmux)
        try await Self.waitForPatchPicture(tmux)
        try await tmux.waitUntil("the patch kept on disk") { _ in !rig.cachedPictures().isEmpty }
        try await Self.quit(tmux)
        #expect(try await rig.imageRequests().contains { $0.path == "/images/patch.png" })

        // Every picture request fails from now on: only the disk can have it.
        try await rig.server.inject(fault: .status(500, path: "/images/"))
        try await rig.server.clearRequests()
        tmux = try await rig.start()
        try await Self.openPastList(tmux)
        try await Self.openCrew5(tmux)
        let screen = try await Self.waitForPatchPicture(tmux)
        #expect(screen.column(of: "Crew-5", row: 1) == Self.headerTextColumn)
        let images = try await rig.imageRequests()
        #expect(images.isEmpty, "the cached patch needs no download, yet: \(images.map(\.path))")
        #expect(!rig.log().contains("HTTP 500"), "no failed download was logged")
        try await Self.quit(tmux)
    }
}
