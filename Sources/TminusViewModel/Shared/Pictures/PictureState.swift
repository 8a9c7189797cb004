import Foundation
import TminusCore
import TminusImage

/// Which picture in which box: the same URL in two boxes is two pictures. What it is drawn
/// like (colours, pixels) is `AppState.pictureLook`; `AppState.pictureRequest` joins the two.
public struct PictureKey: Sendable, Hashable {
    public var url: URL
    public var columns: Int
    public var rows: Int
    public init(url: URL, columns: Int, rows: Int) { self.url = url; self.columns = columns; self.rows = rows }

    /// The request for this picture drawn with `look`.
    public func request(_ look: PictureLook) -> PictureRequest {
        PictureRequest(url: url, columns: columns, rows: rows, look: look)
    }
}

public enum PictureSlot: Sendable, Hashable {
    case loading
    case ready(LoadedPicture)
    case failed(PictureError)

    /// What it holds in memory (`LoadedPicture.bytes`; nothing while loading or failed).
    public var bytes: Int {
        if case .ready(let picture) = self { return picture.bytes }
        return 0
    }
}

extension AppState {
    /// What the pictures in the state hold between them.
    public var pictureBytes: Int { pictures.values.reduce(0) { $0 + $1.bytes } }
}

/// Whether boxes hold pictures or glyph art: glyph art only with `--no-images`; any terminal
/// else gets pictures, chafa's symbols in as many colours as it has (none at all included).
public enum PictureMode: Sendable, Hashable {
    case pictures, glyphs
}

extension PictureColorDepth {
    /// The depth for a terminal with `count` colours: direct colour its own RGB, 256 the
    /// xterm cube and greys, 8 or 16 the terminal's own colours, none (no `colors`, NO_COLOR)
    /// chafa's glyphs alone in the default colours.
    public init(terminalColors count: Int) {
        switch count {
        case (1 << 24)...: self = .truecolor
        case 256...: self = .indexed256
        case 8...: self = .indexed16
        default: self = .none
        }
    }
}

extension Launch {
    /// A list row's picture: the small patch, else the large one, else the launch's photo
    /// (Launch Library 2 launches often have no patch, but nearly all have a photo).
    public var rowPicture: URL? { links.patchSmall ?? links.patchLarge ?? image }
    /// The preview's and the detail header's picture: the same, the large patch first (issue
    /// 25: the LL2 detail's box waited for a patch most launches do not have, and read as a
    /// failed load).
    public var headerPicture: URL? { links.patchLarge ?? links.patchSmall ?? image }
}

/// The pictures the current screen shows, most important first.
enum PictureDemand {
    static func wanted(_ state: AppState) -> [PictureKey] {
        guard state.pictureMode == .pictures else { return [] }
        let layout = state.layout
        guard !layout.isTooSmall else { return [] }
        switch state.screen {
        case .launchDetail:
            guard let launch = state.detail?.launch else { return [] }
            var keys: [PictureKey] = []
            if let url = launch.headerPicture {
                keys.append(PictureKey(url: url, columns: layout.detailPatchColumns, rows: layout.detailPatchRows))
            }
            // The body's picture (Launch Library 2), as the document lays it out.
            let body = state.detailBody(launch)
            if let key = body.lazy.compactMap({ line -> PictureKey? in
                if case .picture(let key, 0) = line { return key }
                return nil
            }).first {
                keys.append(key)
            }
            return keys
        case .rocketPage:
            guard let page = state.rocketPage, let rocket = state.rocket(at: page),
                  rocket.flickrImages.indices.contains(page.imageIndex) else { return [] }
            return [PictureKey(url: rocket.flickrImages[page.imageIndex],
                               columns: layout.rocketImageWidth, rows: layout.rocketImageHeight)]
        case .rocketList:
            return RocketListLayout.visible(state.rockets, layout: layout).compactMap { index in
                state.rockets.rockets[index].flickrImages.first.map {
                    PictureKey(url: $0, columns: layout.thumbnailColumns, rows: layout.thumbnailRows)
                }
            }
        case .launchList, .rocketLaunches:
            if state.showsStartupLogo {
                let box = layout.startupLogo
                return [PictureKey(url: Logo.url, columns: box.columns, rows: box.rows)]
            }
            guard let id = state.activeListID else { return [] }
            let list = state.list(id)
            let end = min(list.launches.count, list.scrollTop + state.visibleLaunchRows)
            guard list.scrollTop < end else { return [] }
            // The preview's patch (wide terminals), then the selected row: where the eye is.
            var keys: [PictureKey] = []
            if let url = state.previewLaunch?.headerPicture {
                keys.append(PictureKey(url: url, columns: layout.previewPatchColumns, rows: layout.previewPatchRows))
            }
            let rows = [list.selection] + Array(list.scrollTop..<end).filter { $0 != list.selection }
            return keys + rows.compactMap { index -> PictureKey? in
                guard list.launches.indices.contains(index),
                      let url = list.launches[index].rowPicture else { return nil }
                return PictureKey(url: url, columns: layout.rowPatchColumns, rows: layout.rowPatchRows)
            }
        case .favorites:
            // The preview's picture, on wide terminals (the rows keep their one-line glyphs).
            if let url = state.previewLaunch?.headerPicture ?? state.previewRocket?.flickrImages.first {
                return [PictureKey(url: url, columns: layout.previewPatchColumns, rows: layout.previewPatchRows)]
            }
            return []
        }
    }
}

/// Which rockets the list shows at once: the selection, and as many before it as fit.
public enum RocketListLayout {
    public static let rowHeight = 3  // two lines and a gap

    public static func visible(_ rockets: RocketsState, layout: ScreenLayout) -> Range<Int> {
        let capacity = max(1, layout.listHeight / rowHeight)
        let top = max(0, rockets.selection - capacity + 1)
        return top..<min(rockets.rockets.count, top + capacity)
    }
}
