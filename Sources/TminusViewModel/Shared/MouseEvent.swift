/// A mouse report, as the view model sees it (the terminal backend translates ncurses' and
/// xterm's reports). Cells are counted from 0, `y` from the top row.
public struct MouseEvent: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Button 1 went down (releases and other buttons are not reported).
        case press
        case wheelUp, wheelDown
    }

    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, x: Int, y: Int) { self.kind = kind; self.x = x; self.y = y }
}
