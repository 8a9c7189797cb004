import Foundation
import Testing
@testable import TminusViewModel
import TminusCore
import TminusTestSupport

/// The bindings tables both dispatch and document: what `?` lists is what the keys do.
@Suite("Bindings table")
struct BindingsTableTests {
    static let screens: [ScreenKind] = [.launchList, .launchDetail, .rocketList, .rocketPage, .rocketLaunches, .favorites]

    @Test(arguments: screens)
    func everyListedKeyDoesWhatItsRowSays(_ screen: ScreenKind) {
        for row in Keymap.help(for: screen) {
            for binding in row.bindings {
                #expect(Keymap.action(for: binding.key, on: screen) == binding.action,
                        "\(binding.key) on \(screen) is listed as \(row.keys) \(row.action) but another row takes it")
            }
        }
    }

    @Test(arguments: screens)
    func noKeyIsBoundTwiceOnAScreen(_ screen: ScreenKind) {
        let keys = (Keymap.table(for: screen) + Keymap.global).flatMap(\.bindings).map(\.key)
        #expect(Set(keys).count == keys.count, "\(screen): \(keys)")
    }

    @Test func tabDigitsComeFromTheTabList() {
        for tab in Tab.allCases {
            #expect(Keymap.action(for: .character(tab.key), on: .launchList) == .selectTab(tab))
        }
        #expect(Keymap.help(for: .favorites).contains { $0.keys == "1 2 3 4" && $0.action == "Launches / Rockets / Favorites / Events tab" })
    }

    @Test func eachListedRowNamesItsOwnSingleCharacterKeys() {
        // A help row's key text lists the characters it binds (arrows and names aside), so a
        // row cannot claim a key it does not bind.
        for screen in Self.screens {
            for row in Keymap.help(for: screen) {
                let bound = Set(row.bindings.compactMap { if case .character(let c) = $0.key { String(c) } else { nil } })
                let shown = Set(row.keys.split(separator: " ").map(String.init).filter { $0.count == 1 && $0 != "/" || $0 == "/" })
                    .filter { !["↑", "↓", "←", "→"].contains($0) }
                #expect(shown.isSubset(of: bound), "\(screen): \(row.keys)")
            }
        }
    }
}
