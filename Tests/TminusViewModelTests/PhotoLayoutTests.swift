import Testing
import TminusCore
@testable import TminusViewModel

/// Issue 16: the rocket gallery and the Launch Library 2 launch image at 80 % of the pane's
/// width, as tall as a landscape photo, capped so the rest of the screen still fits.
@Suite("ScreenLayout: photo boxes (rocket gallery, LL2 launch image)")
struct PhotoLayoutTests {
    static func layout(_ width: Int, _ height: Int, banner: Bool = false) -> ScreenLayout {
        ScreenLayout(Size(width: width, height: height), banner: banner)
    }

    @Test func aPhotoBoxIsEightyPercentWideAndThreeToTwoUntilItIsTooTall() {
        #expect(ScreenLayout.photoBox(columns: 60, maxRows: 100) == (60, 20), "3:2 at two pixels a cell: a third as many rows")
        #expect(ScreenLayout.photoBox(columns: 156, maxRows: 40) == (120, 40), "too tall: shorter, and narrower to keep the shape")
        #expect(ScreenLayout.photoBox(columns: 60, maxRows: -3) == (12, ScreenLayout.minimumPhotoRows), "never below the minimum")
        #expect(ScreenLayout.photoBox(columns: 0, maxRows: 0).columns >= 1)
        #expect(ScreenLayout.eightyPercent(196) == 156)
    }

    /// The three sizes looked at: the photo beside the summary, as big as the height allows, up
    /// to half of it, so the facts are in sight (issue 37: 40 rows at 200x60 pushed
    /// them below the fold).
    @Test(arguments: [(80, 24, 30, 10), (120, 40, 60, 20), (200, 60, 90, 30)])
    func theRocketPhotoAtCommonSizes(width: Int, height: Int, columns: Int, rows: Int) {
        let l = Self.layout(width, height)
        #expect(l.rocketImageWidth == columns && l.rocketImageHeight == rows)
        #expect(l.rocketSummaryBeside)
        #expect(l.rocketImageX == 2)
        #expect(l.rocketSummaryX == 2 + columns + 3)
        #expect(l.rocketSummaryTop == l.rocketImageTop && l.rocketSummaryRows == rows)
        if height < 30 {
            // Short: the figures first, under the name, then the photo (issue 25).
            #expect(l.rocketFiguresTop == l.subheaderRow + 1)
            #expect(l.rocketImageTop == l.rocketFiguresTop + l.rocketFiguresHeight + 1)
            #expect(l.rocketBodyTop == l.rocketImageTop + rows + 1)
        } else {
            #expect(l.rocketFiguresTop == l.rocketImageTop + rows + 1)
        }
        #expect(l.rocketBodyHeight >= max(6, height / 5) && l.rocketBodyHeight >= height / 3 - 3, "the specs keep their share")
    }

    @Test func onANarrowTallScreenTheSummaryGoesUnderACentredPhoto() {
        let l = Self.layout(80, 60)
        #expect(!l.rocketSummaryBeside)
        #expect(l.rocketImageWidth == 60 && l.rocketImageHeight == 20, "80 % of the 76-column pane")
        #expect(l.rocketImageX == 10, "centred")
        #expect(l.rocketSummaryX == 2)
        #expect(l.rocketSummaryTop == l.rocketImageTop + l.rocketImageHeight + 1)
        #expect(l.rocketFiguresTop == l.rocketSummaryTop + l.rocketSummaryRows + 1)
        #expect(l.rocketBodyHeight >= max(6, 60 / 5))
    }

    /// Every size from the smallest the app draws at up: nothing overlaps, nothing leaves the
    /// screen, the photo keeps its minimum and never passes 80 % of the pane.
    @Test func everySizeKeepsThePageInOrder() {
        for width in stride(from: ScreenLayout.minimumWidth, through: 260, by: 7) {
            for height in ScreenLayout.minimumHeight...90 {
                let l = Self.layout(width, height)
                let label = "\(width)x\(height)"
                #expect(l.rocketImageHeight >= ScreenLayout.minimumPhotoRows, "\(label)")
                #expect(l.rocketImageWidth <= max(1, ScreenLayout.eightyPercent(l.detailBodyWidth)), "\(label)")
                #expect(l.rocketImageX + l.rocketImageWidth <= width, "\(label)")
                if l.rocketSummaryBeside {
                    #expect(l.rocketSummaryX >= l.rocketImageX + l.rocketImageWidth + 3, "\(label)")
                    #expect(width - l.rocketSummaryX - 1 >= 30, "\(label)")
                } else {
                    #expect(l.rocketSummaryTop > l.rocketImageTop + l.rocketImageHeight, "\(label)")
                }
                // Room for the photo, the figures and six rows of specs: the photo gave way.
                if height >= 30 { #expect(l.rocketBodyTop + 6 <= l.statusRow, "\(label)") }
                let image = l.detailImageBox
                #expect(image.rows >= ScreenLayout.minimumPhotoRows && image.columns >= 1, "\(label)")
                #expect(image.columns <= max(1, ScreenLayout.eightyPercent(l.detailBodyWidth)), "\(label)")
                if l.detailBodyHeight >= ScreenLayout.minimumPhotoRows + 2 {
                    #expect(image.rows <= l.detailBodyHeight - 2, "\(label): seen whole when scrolled to")
                }
            }
        }
    }

    @Test func tinySizesDoNotTrap() {
        for (w, h) in [(0, 0), (1, 1), (3, 2), (10, 5), (49, 11)] {
            let l = Self.layout(w, h)
            #expect(l.rocketImageWidth >= 1 && l.rocketImageHeight >= 1)
            #expect(l.rocketBodyHeight >= 1 && l.detailImageBox.columns >= 1)
        }
    }

    /// `b` moves every row down one; the photo boxes keep their size (a new size would load
    /// the picture again), the specs and the body give up the row.
    @Test func theBannerDoesNotResizeThePhotos() {
        for (w, h) in [(80, 24), (120, 40), (200, 60), (80, 60)] {
            let off = Self.layout(w, h), on = Self.layout(w, h, banner: true)
            #expect(on.rocketImageWidth == off.rocketImageWidth && on.rocketImageHeight == off.rocketImageHeight)
            #expect(on.detailImageBox == off.detailImageBox)
            #expect(on.rocketSummaryTop == off.rocketSummaryTop + 1)
        }
    }

    @Test(arguments: [(80, 24, 42, 14), (120, 40, 72, 24), (200, 60, 132, 44)])
    func theLaunchImageAtCommonSizes(width: Int, height: Int, columns: Int, rows: Int) {
        let box = Self.layout(width, height).detailImageBox
        #expect(box.columns == columns && box.rows == rows)
    }
}
