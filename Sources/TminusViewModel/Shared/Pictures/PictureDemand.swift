import Foundation
import TminusCore
import TminusImage

/// Pictures: after every event, the boxes the last frame drew (`FrameGeometry.pictures`, in
/// the order the views placed them) are compared with what is loaded. Missing
/// ones are asked for (most important first; the loader bounds downloads), ones scrolled away
/// while still loading are cancelled, and a box shows glyph art until its picture is ready.
/// A picture is asked for as it must look now (`AppState.pictureLook`): after a theme, colour
/// or graphics change the old ones are dropped and the screen's asked for again.
extension AppReducer {
    /// Ready pictures kept in the state for scrolling back; the loader keeps more in memory.
    static let keptPictures = 64
    /// The most bytes those may hold (`LoadedPicture.bytes`: symbols, and pixels with a pixel
    /// protocol): a few big rocket photos.
    static let keptBytes = 48 << 20

    mutating func updatePictureDemand() {
        let wanted = state.lastFrame.pictures.map { state.pictureRequest($0) }
        let wantedSet = Set(wanted)
        let look = state.pictureLook
        // Work for what is no longer on screen stops; pictures made for another look go (they
        // are never drawn, and may hold pixels).
        for (request, slot) in state.pictures where !wantedSet.contains(request) {
            if slot == .loading {
                state.pictures[request] = nil
                effects.append(.cancelPicture(request))
            } else if request.look != look {
                state.pictures[request] = nil
            }
        }
        for request in wanted where state.pictures[request] == nil {
            state.pictures[request] = .loading
            effects.append(.loadPicture(request))
        }
    }

    mutating func receivedPicture(_ request: PictureRequest, _ result: Result<LoadedPicture, PictureError>) {
        // A picture for a box that has since gone is dropped, unless it is still wanted.
        guard state.pictures[request] == .loading else { return }
        switch result {
        case .success(let picture): state.pictures[request] = .ready(picture)
        case .failure(let error):
            state.pictures[request] = .failed(error)
            effects.append(.log("picture \(request.url.absoluteString): \(error)"))
        }
        trimPictures()
    }

    /// Keeps the state small: ready or failed pictures not on screen go, until there are at
    /// most `keptPictures` holding at most `keptBytes`.
    mutating func trimPictures() {
        var bytes = state.pictureBytes
        guard state.pictures.count > Self.keptPictures || bytes > Self.keptBytes else { return }
        let onScreen = Set(state.lastFrame.pictures.map { state.pictureRequest($0) })
        for (request, slot) in state.pictures where !onScreen.contains(request) && slot != .loading {
            state.pictures[request] = nil
            bytes -= slot.bytes
            if state.pictures.count <= Self.keptPictures && bytes <= Self.keptBytes { break }
        }
    }
}
