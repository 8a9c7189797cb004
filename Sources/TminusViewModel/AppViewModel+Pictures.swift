import Foundation
import TminusCore
import TminusImage

/// Pictures: after every event, what the screen shows is compared with what is loaded. Missing
/// ones are asked for (most important first; the loader bounds downloads), ones scrolled away
/// while still loading are cancelled, and a box shows glyph art until its picture is ready.
extension AppViewModel {
    /// Ready pictures kept in the state for scrolling back; the loader keeps more in memory.
    static let keptPictures = 64

    func updatePictureDemand() {
        guard let loader = environment.pictures else { return }
        let wanted = PictureDemand.wanted(state)
        let wantedSet = Set(wanted)
        // Work for what is no longer on screen stops.
        for (key, task) in pictureTasks where !wantedSet.contains(key) {
            task.cancel()
            pictureTasks[key] = nil
            if state.pictures[key] == .loading { state.pictures[key] = nil }
        }
        for key in wanted where state.pictures[key] == nil {
            state.pictures[key] = .loading
            let mailbox = self.mailbox
            let task = Task.detached {
                let result = await loader.picture(key.url, key.columns, key.rows)
                if Task.isCancelled { return }
                mailbox.post(.pictureLoaded(key, result))
            }
            pictureTasks[key] = task
            tasks.append(task)
        }
    }

    func receivedPicture(_ key: PictureKey, _ result: Result<CellPicture, PictureError>) {
        pictureTasks[key] = nil
        // A picture for a box that has since gone is dropped, unless it is still wanted.
        guard state.pictures[key] == .loading else { return }
        switch result {
        case .success(let picture): state.pictures[key] = .ready(picture)
        case .failure(let error):
            state.pictures[key] = .failed(error)
            environment.log("picture \(key.url.absoluteString): \(error)")
        }
        trimPictures()
    }

    /// Keeps the state small: ready or failed pictures not on screen go first.
    func trimPictures() {
        guard state.pictures.count > Self.keptPictures else { return }
        let onScreen = Set(PictureDemand.wanted(state))
        for key in state.pictures.keys where !onScreen.contains(key) && state.pictures[key] != .loading {
            state.pictures[key] = nil
            if state.pictures.count <= Self.keptPictures { break }
        }
    }
}
