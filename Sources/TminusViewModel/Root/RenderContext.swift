import Foundation
import TminusCore
import TminusImage
import TminusRender

/// What every view may read besides its own part of the state: the time, the layout, how
/// pictures draw, the units and which launches and rockets are favorites. `Renderer` builds
/// it once a frame; a view takes its sub-state and this, so what it can depend on is plain.
struct RenderContext {
    let now: Date
    let time: LaunchTime
    let layout: ScreenLayout
    let pictures: [PictureRequest: PictureSlot]
    let pictureMode: PictureMode
    /// How pictures drawn now look (`AppState.pictureLook`): only ones made so are drawn.
    let pictureLook: PictureLook
    /// How the terminal shows pictures: symbols, or pixels placed over blank or placeholder cells.
    let graphics: TerminalGraphics
    let units: UnitPreferences
    let watched: Set<String>
    let favoriteRockets: Set<String>
    let watchedEvents: Set<String>
    /// What changed about each launch since the user last looked.
    let changes: [String: LaunchChange]
    /// Lines a launch row takes, and how many rows fit (the view model scrolls by the same).
    let launchRowHeight: Int
    let visibleLaunchRows: Int

    init(_ state: AppState, layout: ScreenLayout) {
        now = state.now
        time = state.time
        self.layout = layout
        pictures = state.pictures
        pictureMode = state.pictureMode
        pictureLook = state.pictureLook
        graphics = state.graphics
        units = state.preferences.units
        watched = state.favorites.items.launchIDs
        favoriteRockets = state.favorites.items.rocketIDs
        watchedEvents = state.favorites.items.eventIDs
        changes = state.changes
        launchRowHeight = state.launchRowHeight
        visibleLaunchRows = state.visibleLaunchRows
    }

    /// The picture for `key` when it is ready to draw (pictures on, loaded for the current look).
    func picture(_ key: PictureKey?) -> LoadedPicture? {
        guard pictureMode == .pictures, let key,
              case .ready(let picture)? = pictures[key.request(pictureLook)]
        else { return nil }
        return picture
    }
}
