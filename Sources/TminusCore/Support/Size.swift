/// A terminal's size in cells: the one size type, from the loop's reading of the terminal to
/// the layout and the grid.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
}
