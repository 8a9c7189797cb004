import Foundation
import TminusCore

/// A rocket's page: paging through the rockets, its gallery, its launches (`L`), scrolling.
extension AppReducer {
    /// Landing on a rocket's page: its gallery from the first picture (`image 1/6`), so a
    /// visit reads the same each time and `]` goes through them in order (issue 25: a random
    /// first picture read as "where am I?").
    func visit(_ index: Int, in collection: RocketPageState.Collection) -> RocketPageState {
        RocketPageState(index: index, imageIndex: 0, collection: collection)
    }

    mutating func performOnRocketPage(_ action: Action) {
        guard var page = state.rocketPage, let rocket = state.rocket(at: page) else {
            if action == .back { goBack() }
            return
        }
        let count = state.rockets(in: page.collection).count
        switch action {
        case .back:
            // Back to the list, on the rocket the pager ended on: the list selects it.
            goBack()
            if page.collection == .all { state.screen.unit.selectRow(page.index, &self) }
            return
        // The pager stops at both ends: a deliberate edge, not a jump back to the start.
        case .previousRocket:
            guard page.index > 0 else { return }
            page = visit(page.index - 1, in: page.collection)
        case .nextRocket:
            guard page.index < count - 1 else { return }
            page = visit(page.index + 1, in: page.collection)
        // The gallery wraps: it is a carousel of equals.
        case .nextImage:
            let n = rocket.flickrImages.count
            if n > 0 { page.imageIndex = (page.imageIndex + 1) % n }
        case .previousImage:
            let n = rocket.flickrImages.count
            if n > 0 { page.imageIndex = (page.imageIndex + n - 1) % n }
        case .openWikipedia:
            userOpenedLink(rocket.wikipedia, named: "Wikipedia", missing: "this rocket has no Wikipedia link")
        case .showRocketLaunches:
            push(.rocketLaunches(rocketID: rocket.id, rocketName: rocket.name))
            loadFirstPageIfNeeded(.rocket(rocket.id))
            return
        case .move(let movement):
            page.scroll = scrolled(page.scroll, by: movement)
        case .toggleFavorite:
            userToggledFavorite()
            return
        default: return
        }
        replaceTop(.rocketPage(page))
    }

    /// Scrolling shared by every scrolling body (launch detail, rocket page): as far as the
    /// last frame drew it able to go, a page at a time as tall as it drew it
    /// (`FrameGeometry.scrollLimit`, `scrollPage`).
    func scrolled(_ scroll: Int, by movement: Movement) -> Int {
        let height = state.lastFrame.scrollPage ?? 1
        return switch movement {
        case .down: scrolled(scroll, by: 1)
        case .up: scrolled(scroll, by: -1)
        case .pageDown: scrolled(scroll, by: height)
        case .pageUp: scrolled(scroll, by: -height)
        case .top: 0
        case .bottom: scrolled(Int.max / 2, by: 0)
        }
    }

    /// `lines` down (up when negative), within the body.
    func scrolled(_ scroll: Int, by lines: Int) -> Int {
        min(max(0, scroll + lines), state.lastFrame.scrollLimit ?? 0)
    }
}
