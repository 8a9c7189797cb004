import Foundation
import TminusCore

/// The Units modal: metric or imperial per kind of figure, saved as the user goes.
extension AppViewModel {
    func handleUnitsKey(_ key: Key, selection: Int) {
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

    func userToggledUnit(_ quantity: UnitPreferences.Quantity) {
        state.preferences.units[quantity] = state.preferences.units[quantity].toggled
        // The error notice of a corrupt file no longer applies once the user chose anew.
        if state.notice?.level == .error, state.notice?.expires == nil { state.notice = nil }
        let preferences = state.preferences
        let store = environment.preferences
        runInOrder(.preferences) { .preferencesSaved(await store.save(preferences)) }
    }
}
