import Foundation
import TminusCore

/// The boxes drawn over a screen that take the keys while open: the link menu and the Units
/// modal (the help overlay closes on any of a few keys, in the router).
extension AppReducer {
    mutating func handleLinkMenuKey(_ key: Key, menu: LinkMenu) {
        var menu = menu
        switch key {
        case .escape, .backspace, .character("q"):
            state.overlay = nil
            return
        case .enter, .character("o"):
            state.overlay = nil
            let target = menu.targets[min(menu.selection, menu.targets.count - 1)]
            userOpenedLink(target.url, named: menu.title.lowercased(), missing: "this launch has no links")
            return
        case .down, .character("j"): menu.selection = min(menu.selection + 1, menu.targets.count - 1)
        case .up, .character("k"): menu.selection = max(menu.selection - 1, 0)
        case .character(let c) where c.isNumber:
            // 1–9 pick a row directly.
            if let n = c.wholeNumberValue, (1...menu.targets.count).contains(n) { menu.selection = n - 1 }
        default: break
        }
        state.overlay = .links(menu)
    }

    /// The Units modal: metric or imperial per kind of figure, saved as the user goes.
    mutating func handleUnitsKey(_ key: Key, selection: Int) {
        let rows = UnitsModal.rows
        switch key {
        case .escape, .character("U"), .backspace:
            state.overlay = nil
        case .down, .character("j"):
            state.overlay = .units(selection: min(rows.count - 1, selection + 1))
        case .up, .character("k"):
            state.overlay = .units(selection: max(0, selection - 1))
        case .character(" "), .enter:
            userToggledUnit(rows[selection])
        default:
            break
        }
    }

    mutating func userToggledUnit(_ quantity: UnitPreferences.Quantity) {
        state.preferences.units[quantity] = state.preferences.units[quantity].toggled
        // The error notice of a corrupt file no longer applies once the user chose anew.
        if state.notice?.level == .error, state.notice?.expires == nil { state.notice = nil }
        effects.append(.savePreferences(state.preferences))
    }

    /// What `m` says: what the mouse does now, and how to have the other.
    static func mouseNotice(on: Bool) -> String {
        on ? "mouse on — Shift-drag selects text; m to turn off"
            : "mouse off — terminal selection and link clicks work; m to turn on"
    }

    /// `m`: the mouse on or off, saved like the units.
    mutating func userToggledMouse() {
        state.preferences.mouse.toggle()
        state.session.lastClick = nil
        show(Notice(Self.mouseNotice(on: state.preferences.mouse)))
        effects.append(.setMouse(state.preferences.mouse))
        effects.append(.savePreferences(state.preferences))
    }

    /// `b`: the next-launch banner on or off, saved like the units. Every row under it moves
    /// one down or up, as after a resize (the selected row is kept on screen after every event).
    mutating func userToggledBanner() {
        state.preferences.banner.toggle()
        effects.append(.savePreferences(state.preferences))
    }

    /// `c`: the launch in focus as a calendar event, saved to the download folder.
    mutating func userExportedToCalendar(_ launch: Launch) {
        let ics: String
        do throws(LaunchEvent.Problem) {
            ics = try LaunchEvent.ics(for: launch, now: now)
        } catch {
            show(Notice("\(launch.name): \(error.description)", level: .error))
            return
        }
        show(Notice("saving a calendar event for \(launch.name)…"))
        effects.append(.saveExport(fileName: LaunchEvent.fileName(for: launch), contents: Data(ics.utf8)))
    }
}
