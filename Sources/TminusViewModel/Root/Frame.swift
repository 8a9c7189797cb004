import TminusCore
import TminusImage
import TminusRender

/// A part of the screen, in cells: what a view is given to draw in (as a ratatui widget gets
/// its `Rect`), and where a click lands.
public struct Rect: Sendable, Hashable {
    public var x, y, width, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }

    public var right: Int { x + width }
    public var bottom: Int { y + height }
    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < right && py >= y && py < bottom }
    /// The same columns from row `top` (absolute) down.
    public func rows(from top: Int) -> Rect { Rect(x: x, y: top, width: width, height: bottom - top) }
    /// The first `columns` columns.
    public func prefix(columns: Int) -> Rect { Rect(x: x, y: y, width: min(width, columns), height: height) }
}

/// What a click on a region does.
public enum ClickTarget: Sendable, Hashable {
    /// Selects the screen's row `index` (`ScreenUnit.selectRow`); a second click on it opens it.
    case row(Int)
    /// Does what the key for `action` does (a tab's label, the Upcoming │ Past switch, a link).
    case action(Action)
}

public struct ClickRegion: Sendable, Hashable {
    public var rect: Rect
    public var target: ClickTarget
    public init(_ rect: Rect, _ target: ClickTarget) { self.rect = rect; self.target = target }
}

/// What a drawn frame tells the next reduce about where things are: the view lays them out
/// once, and the mouse, the picture loading and the scrolling read them here instead of
/// working the geometry out again (`AppEvent.laidOut`).
public struct FrameGeometry: Sendable, Hashable {
    /// Where a click does something; the last one drawn over a cell wins.
    public var regions: [ClickRegion] = []
    /// The picture boxes drawn (each once), where the eye goes first first: they are loaded in
    /// this order, and a picture no longer among them stops loading.
    public var pictures: [PictureKey] = []
    /// How far the screen's scrolling body (a launch detail, a rocket page) can scroll down,
    /// and how many of its lines one page is (`PgDn`).
    public var scrollLimit: Int?
    public var scrollPage: Int?

    public init() {}

    /// The target under the cell at `x`, `y`, if any.
    public func target(x: Int, y: Int) -> ClickTarget? {
        regions.last { $0.rect.contains(x: x, y: y) }?.target
    }
}

/// A frame being drawn: the cells, and the geometry the views record as they draw.
public struct Frame {
    public var grid: Grid
    public var geometry = FrameGeometry()
    /// Rows an overlay drawn over this frame leaves in sight: what it changes (the rocket
    /// page's figures, under the Units chooser).
    public var keepInSight: Range<Int>?
    public init(grid: Grid) { self.grid = grid }

    public mutating func click(_ rect: Rect, _ target: ClickTarget) { geometry.regions.append(ClickRegion(rect, target)) }

    /// Records a picture box drawn. Lower `priority` is asked for sooner: 0 the preview and
    /// the start-up logo, 1 the selected row, 2 the rest (in drawing order).
    public mutating func place(_ key: PictureKey, priority: Int = 2) {
        guard !geometry.pictures.contains(key) else { return }
        let at = priorities.firstIndex { $0 > priority } ?? priorities.endIndex
        geometry.pictures.insert(key, at: at)
        priorities.insert(priority, at: at)
    }
    private var priorities: [Int] = []
}
