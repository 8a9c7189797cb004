import Foundation
import TminusCore
import TminusImage

/// Pictures: after every event, what the screen shows is compared with what is loaded. Missing
/// ones are asked for (most important first; the loader bounds downloads), ones scrolled away
/// while still loading are cancelled, and a box shows glyph art until its picture is ready.
extension AppReducer {
    /// Ready pictures kept in the state for scrolling back; the loader keeps more in memory.
    static let keptPictures = 64

    mutating func updatePictureDemand() {
        let wanted = PictureDemand.wanted(state)
        let wantedSet = Set(wanted)
        // Work for what is no longer on screen stops.
        for (key, slot) in state.pictures where slot == .loading && !wantedSet.contains(key) {
            state.pictures[key] = nil
            effects.append(.cancelPicture(key))
        }
        for key in wanted where state.pictures[key] == nil {
            state.pictures[key] = .loading
            effects.append(.loadPicture(key))
        }
    }

    mutating func receivedPicture(_ key: PictureKey, _ result: Result<CellPicture, PictureError>) {
        // A picture for a box that has since gone is dropped, unless it is still wanted.
        guard state.pictures[key] == .loading else { return }
        switch result {
        case .success(let picture): state.pictures[key] = .ready(picture)
        case .failure(let error):
            state.pictures[key] = .failed(error)
            effects.append(.log("picture \(key.url.absoluteString): \(error)"))
        }
        trimPictures()
    }

    /// Keeps the state small: ready or failed pictures not on screen go first.
    mutating func trimPictures() {
        guard state.pictures.count > Self.keptPictures else { return }
        let onScreen = Set(PictureDemand.wanted(state))
        for key in state.pictures.keys where !onScreen.contains(key) && state.pictures[key] != .loading {
            state.pictures[key] = nil
            if state.pictures.count <= Self.keptPictures { break }
        }
    }
}
