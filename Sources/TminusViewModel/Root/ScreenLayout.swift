import TminusCore

/// Where things go on screen. The view model needs it (a page of rows is as tall as the list
/// area) and the renderer draws by it, so it lives here, once.
public struct ScreenLayout: Sendable, Hashable {
    public static let minimumWidth = 50
    public static let minimumHeight = 12

    public let width: Int
    public let height: Int
    /// The next-launch banner is pinned under the tab bar (`b`): every row below moves down one.
    public let banner: Bool

    /// Every place that lays out rows (drawing, paging, scrolling, clicks, picture sizes) builds
    /// its layout through here with the same banner setting (`AppState.layout`), so they agree.
    public init(_ size: Size, banner: Bool) { width = size.width; height = size.height; self.banner = banner }

    public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    public let tabBarRow = 0
    /// The next-launch banner's row, when it is on.
    public var bannerRow: Int? { banner ? 1 : nil }
    /// The first row under the tab bar (and the banner) that a screen may use.
    public var contentTop: Int { banner ? 2 : 1 }
    /// The Upcoming | Past switch (launch lists) or the detail's title line.
    public var subheaderRow: Int { contentTop }
    public var columnHeaderRow: Int { contentTop + 1 }
    public var listTop: Int { contentTop + 2 }
    public var statusRow: Int { height - 1 }
    /// Rows of launches visible at once.
    public var listHeight: Int { max(1, statusRow - listTop) }

    /// The detail screen: a fixed header (name, clock, links) over a scrolling body. On a
    /// terminal at least 32 rows tall and 100 columns wide the header makes room for the
    /// countdown in big digits (7 rows: digits, what they mean, the NET) and a larger patch:
    /// `T-123d 04:11:09` in big digits takes 66 columns beside a 20-column patch, and the
    /// 12-row header still leaves 18 rows of body. (100x30, the classic size the end-to-end
    /// suites run at, keeps the compact 6-row header.)
    public static let bigCountdownMinimumHeight = 32
    public static let bigCountdownMinimumWidth = 100
    public var detailHeaderTop: Int { contentTop }
    /// Name, facts, [a blank,] the countdown rows, the links bar, a rule.
    public var detailHeaderHeight: Int { bigCountdown ? 12 : 6 }
    public var bigCountdown: Bool { height >= Self.bigCountdownMinimumHeight && width >= Self.bigCountdownMinimumWidth }
    /// The rows `CountdownView` may use (the clock, what it means, the NET).
    public var detailCountdownTop: Int { detailHeaderTop + (bigCountdown ? 3 : 2) }
    public var detailCountdownHeight: Int { bigCountdown ? 7 : 2 }
    /// The links bar (`o` opens the selected link): its row, for drawing it and for mapping clicks to it.
    public var detailLinksRow: Int { detailHeaderTop + detailHeaderHeight - 2 }
    /// The rule between the header and the body.
    public var detailRuleRow: Int { detailHeaderTop + detailHeaderHeight - 1 }
    public var detailBodyTop: Int { detailHeaderTop + detailHeaderHeight }
    public var detailBodyHeight: Int { max(1, statusRow - detailBodyTop) }
    /// Where the links bar's `Links` label starts (`LinkBar.layout` places the links from there).
    public var detailLinksX: Int { detailHeaderTextX }
    /// The rocket page: name row, the gallery's photo with a summary beside it (or under it,
    /// when the photo leaves too little room beside), the four figures, then a scrolling body.
    /// On a short terminal the figures come first, under the name (issue 25: at 80x24 the
    /// photo came before what the page is for); the photo keeps its size either way.
    public var rocketFiguresFirst: Bool { height < Self.rocketFiguresFirstBelowHeight }
    static let rocketFiguresFirstBelowHeight = 30
    public var rocketImageTop: Int { rocketFiguresFirst ? contentTop + 1 + rocketFiguresHeight + 1 : contentTop + 1 }
    public var rocketImageHeight: Int { rocketPhoto.rows }
    public var rocketImageWidth: Int { rocketPhoto.columns }
    /// Centred under the name when the summary goes below it; at the margin when beside it.
    public var rocketImageX: Int { rocketSummaryBeside ? 2 : max(2, (width - rocketImageWidth) / 2) }
    /// The summary: facts, the start of the description, the gallery's `image 2/6  [ ] browse`.
    public var rocketSummaryBeside: Bool { width - rocketSummaryXBeside(rocketPhoto(below: 0)) - 1 >= Self.rocketSummaryMinimumWidth }
    public var rocketSummaryX: Int { rocketSummaryBeside ? rocketSummaryXBeside(rocketPhoto) : 2 }
    public var rocketSummaryTop: Int { rocketSummaryBeside ? rocketImageTop : rocketImageTop + rocketImageHeight + 1 }
    public var rocketSummaryRows: Int { rocketSummaryBeside ? rocketImageHeight : Self.rocketSummaryRowsBelow }
    public var rocketFiguresTop: Int { rocketFiguresFirst ? contentTop + 1 : rocketSummaryTop + rocketSummaryRows + 1 }
    public let rocketFiguresHeight = 3
    /// The figures' rows, which the units chooser leaves in sight (it changes them).
    public var rocketFiguresRows: Range<Int> { rocketFiguresTop..<(rocketFiguresTop + rocketFiguresHeight) }
    public var rocketBodyTop: Int {
        rocketFiguresFirst ? rocketSummaryTop + rocketSummaryRows + 1 : rocketFiguresTop + rocketFiguresHeight + 1
    }
    public var rocketBodyHeight: Int { max(1, statusRow - rocketBodyTop) }

    /// Narrower than this beside the photo, the summary goes under it.
    static let rocketSummaryMinimumWidth = 30
    /// Facts, two lines of description, the gallery line.
    static let rocketSummaryRowsBelow = 4

    private func rocketSummaryXBeside(_ photo: (columns: Int, rows: Int)) -> Int { 2 + photo.columns + 3 }
    private var rocketPhoto: (columns: Int, rows: Int) {
        rocketPhoto(below: rocketSummaryBeside ? 0 : Self.rocketSummaryRowsBelow + 1)
    }
    /// The gallery's photo: 80 % of the page's width as a landscape photo, as tall as the
    /// screen allows once the rows under it are counted (`below` for the summary, then the
    /// figures and at least `max(6, height / 5)` rows of specs). Counted without the banner,
    /// so `b` does not resize (and reload) the picture; with it the specs give up the row.
    /// At most half the screen's height (16 rows at least), so the facts are in sight on a tall one (issue
    /// 37: a 42-row photo at 200x60 pushed them below the fold).
    private func rocketPhoto(below: Int) -> (columns: Int, rows: Int) {
        let free = height - 1 - 2 - below - (1 + rocketFiguresHeight + 1) - max(6, height / 5)
        return Self.photoBox(columns: Self.eightyPercent(detailBodyWidth), maxRows: min(free, max(16, height / 2)))
    }

    /// The start-up logo's box (square on screen: twice as many columns as rows): half the
    /// terminal's width, as tall as that makes it, or less when the list area is shorter (a
    /// row for the caption and one of air under it), centred in the list area.
    public var startupLogo: (x: Int, y: Int, columns: Int, rows: Int) {
        let room = max(1, listHeight - 2)
        let rows = max(1, min(room, width / 4))
        let columns = rows * 2
        return ((width - columns) / 2, listTop + max(0, (room - rows) / 2), columns, rows)
    }

    // MARK: - Photos

    /// A photo's share of its pane (the "80 % of the pane width").
    static func eightyPercent(_ paneWidth: Int) -> Int { paneWidth * 4 / 5 }
    /// Never smaller than this, however small the terminal: still reads as a picture.
    public static let minimumPhotoRows = 4
    /// A box for a landscape photo at most `columns` wide and `maxRows` tall. A cell is about
    /// twice as tall as wide, so a 3:2 photo `c` columns wide is `c × 2/3 ÷ 2 = c / 3` rows;
    /// when that is too tall the box gets shorter and, to keep the shape, narrower. A
    /// portrait photo fits by its height and leaves the box's sides blank.
    static func photoBox(columns: Int, maxRows: Int) -> (columns: Int, rows: Int) {
        let rows = max(minimumPhotoRows, min(columns / 3, maxRows))
        return (max(1, min(columns, rows * 3)), rows)
    }

    /// The launch image in a Launch Library 2 detail's body: 80 % of the body's width, and
    /// short enough to be seen whole with a line of text when the body is scrolled to it.
    /// (Without the banner's row, like the rocket photo.)
    public var detailImageBox: (columns: Int, rows: Int) {
        let bodyRows = height - 1 - 1 - detailHeaderHeight
        return Self.photoBox(columns: Self.eightyPercent(detailBodyWidth), maxRows: bodyRows - 2)
    }

    /// The launch detail's patch, left of the header lines down to the links bar: 4×8 cells,
    /// or 10×20 with the big countdown (square in half-block pixels). Its height is the
    /// header's (a taller patch would need a taller header, emptier still for a past launch);
    /// taking the links row too would give 11×22, at the price of moving the header's text
    /// and links two columns right: not worth it.
    public var detailPatchRows: Int { detailHeaderHeight - 2 }
    public var detailPatchColumns: Int { detailPatchRows * 2 }
    /// Where the detail header's text starts, right of the patch.
    public var detailHeaderTextX: Int { 2 + detailPatchColumns + 2 }

    // MARK: - The launch list: rows, and the live preview beside them

    /// From this width the Launches tab is a list with a live preview of the selected launch
    /// beside it. Measured: the list keeps 80 columns (the width every row was designed to read
    /// at: patch, mission, rocket, date, status) and the preview gets 60, room for the big
    /// countdown (`T-DD HH:MM:SS` in block digits) and a patch a third of its width.
    public static let splitBreakpoint = 140
    public var isSplit: Bool { width >= Self.splitBreakpoint }
    /// The preview takes two fifths of the width, never less than 60 columns; the list the rest.
    public var previewWidth: Int { isSplit ? max(60, width * 2 / 5) : 0 }
    /// The list's columns (all of them without the preview).
    public var listWidth: Int { width - previewWidth }
    /// Lines a launch row takes when it shows its patch: three on terminals tall enough to
    /// still show a dozen launches (a 6×3 patch reads as a picture), else two (4×2).
    public var pictureRowHeight: Int { height >= 36 ? 3 : 2 }
    /// Lines a launch row takes: a patch row, or one line of glyphs.
    public func launchRowHeight(pictures: Bool) -> Int { pictures ? pictureRowHeight : 1 }
    /// A launch's patch on a list row: as tall as the row, square in half-block pixels.
    public var rowPatchRows: Int { pictureRowHeight }
    public var rowPatchColumns: Int { pictureRowHeight * 2 }

    /// A rocket's thumbnail on the rockets list (its two lines).
    public let thumbnailColumns = 4
    public let thumbnailRows = 2

    /// Text width of the detail body (a margin of two columns each side).
    public var detailBodyWidth: Int { max(10, width - 4) }
}
