import Foundation
import TminusCore

/// The Rockets tab's list: the source's catalogue, narrowed by `/`.
public struct RocketsState: Sendable, Hashable {
    /// Every rocket the source answered, in its order (Launch Library 2's: active first, then
    /// by provider and name).
    public var catalogue: [Rocket] = [] { didSet { refilter() } }
    /// `/`: rockets whose name or provider contains this (any case, any accents).
    public var filter = "" { didSet { refilter() } }
    /// The `/` input is open (typing narrows the list at once; Enter opens the top match).
    public var typingFilter = false
    /// The rows shown: the catalogue through the filter. Kept, not computed on each read: the
    /// renderer and the picture demand index it many times a frame.
    public private(set) var rockets: [Rocket] = []
    public var selection = 0
    /// Loading, failed and retrying as a launch list does.
    public var status = RemoteStatus()
    /// The next page of the rest of the catalogue (`LaunchSource.moreRockets`), asked when the
    /// selection nears the end; nil when there is none.
    public var morePage: Int?
    public var loadingMore = false
    public init() {}

    public static func matches(_ rocket: Rocket, _ filter: String) -> Bool {
        filter.isEmpty || [rocket.name, rocket.provider ?? ""].contains {
            $0.range(of: filter, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
    }

    private mutating func refilter() {
        let text = filter.trimmingCharacters(in: .whitespaces)
        rockets = text.isEmpty ? catalogue : catalogue.filter { Self.matches($0, text) }
        selection = min(selection, max(0, rockets.count - 1))
    }
}

/// One page of the rocket pager.
public struct RocketPageState: Sendable, Hashable {
    /// The rockets the pager walks through: the Rockets tab's list, or the favorite rockets.
    public enum Collection: Sendable, Hashable {
        case all, favorites
        /// One rocket on its own: a favorite's page whose rocket stopped being a favorite
        /// (`f` on it) stays open on it.
        case single(Rocket)
    }
    public var collection: Collection = .all
    /// Which rocket of the collection.
    public var index: Int
    /// Which of the rocket's `flickrImages` the gallery shows.
    public var imageIndex: Int
    /// Lines scrolled off the top of the page body.
    public var scroll = 0
    public init(index: Int, imageIndex: Int, collection: Collection = .all) {
        self.index = index; self.imageIndex = imageIndex; self.collection = collection
    }
}
