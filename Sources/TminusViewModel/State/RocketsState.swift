import Foundation
import TminusCore

/// The Rockets tab's list.
public struct RocketsState: Sendable, Hashable {
    public var rockets: [Rocket] = []
    public var selection = 0
    /// Loading, failed and retrying as a launch list does.
    public var status = RemoteStatus()
    public init() {}
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
