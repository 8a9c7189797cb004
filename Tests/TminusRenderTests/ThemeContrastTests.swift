import Foundation
import Testing
import TminusCore
import TminusImage
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// Every text role of every theme against what it is drawn on, as WCAG 2 contrast ratios, with
/// xterm's colours (the 256-colour palette, and its default 16 for colours 0–15):
///
/// - 4.5:1 for text (WCAG's level AA for body text): plain text, muted labels, links, hints.
/// - 3:1 for bold text: status words, headings, the selected tab. WCAG gives 3:1 to large
///   text (14 pt bold and up); a bold cell is heavier but not larger, so this is the lenient
///   reading, and only short bold words rely on it.
/// - 3:1 for an unavailable link: WCAG sets no minimum for a disabled control's text; 3:1
///   keeps it legible while it looks off.
/// - 1.5:1 for faint placeholders and rules: meant to hardly show, but they must show.
/// - 1.25:1 for the selection band against the background: a band, not text (a light
///   editor's current-line band is about this).
///
/// `dark` is held to it on black, `light` on white, `ansi16` on both (it follows the
/// terminal's palette, so it must do with either kind of background).
@Suite("Theme contrast")
struct ThemeContrastTests {
    /// A terminal window: its background and its default text colour.
    struct Window: CustomStringConvertible {
        var name: String
        var background: RGBA
        var foreground: RGBA
        var description: String { name }
    }

    static let white = Window(name: "white", background: RGBA(255, 255, 255), foreground: RGBA(0, 0, 0))
    /// xterm's reverse video: its colour 7 on black.
    static let black = Window(name: "black", background: RGBA(0, 0, 0), foreground: RGBA(229, 229, 229))

    static let themes: [(ThemeChoice, Window)] = [(.dark, black), (.light, white), (.ansi16, white), (.ansi16, black)]

    /// Where a theme cannot meet the bar with xterm's 16 colours, and why: the check may then
    /// go down to 1.5:1 (visible), no further. An entry that passes anyway is stale and fails.
    /// (ansi16's green and yellow, light colours that no text reads in on white, are badges:
    /// black text on them, `ThemeColors.badgeText`; issue 25.)
    static let limits: [String: (checks: Set<String>, reason: String)] = [
        "ansi16 on black": (["link"],
                            "no colour of the 16 reads at 4.5:1 on both black and white; magenta (205,0,205) is 4.46:1 on black"),
    ]

    struct Check {
        var name: String
        var style: Style
        /// Nil: by the style's boldness (3 bold, 4.5 not).
        var minimum: Double?
    }

    /// The styles the views draw text with on the terminal's own background.
    static func onBackground() -> [Check] {
        Tone.allCases.map { Check(name: "\($0) status word", style: Theme.style($0)) } + [
            Check(name: "plain text", style: .plain),
            Check(name: "label", style: Theme.label),
            Check(name: "heading", style: Theme.heading),
            Check(name: "link", style: Style(foreground: .theme.accent)),
            Check(name: "error", style: Theme.error),
            Check(name: "live", style: Theme.liveStyle),
            Check(name: "favorite star", style: Theme.favoriteStyle),
            Check(name: "change: HOLD", style: Theme.changeStyle(.hold)),
            Check(name: "change: NET moved", style: Theme.changeStyle(.netMoved(3600))),
            Check(name: "selection mark", style: Style(foreground: .theme.accent, attributes: .bold)),
            Check(name: "unavailable link", style: Style(foreground: .theme.unavailable), minimum: 3),
            Check(name: "faint placeholder", style: Style(foreground: .theme.faint), minimum: 1.5),
        ]
    }

    /// What a selected row can hold, on the band.
    static func onSelection() -> [Check] {
        let unused: Set<String> = ["heading", "error", "unavailable link"]
        return onBackground().filter { !unused.contains($0.name) }.map {
            Check(name: "\($0.name) on the selection band", style: Theme.selected($0.style), minimum: $0.minimum)
        }
    }

    /// The tab bar and the status line.
    static func onBars() -> [Check] {
        let bar = Color.theme.barBackground
        return [
            Check(name: "bar text", style: Style(foreground: .theme.barText, background: bar)),
            Check(name: "hint on the bar", style: Style(foreground: .theme.muted, background: bar)),
            Check(name: "notice on the bar", style: Style(background: bar)),
            Check(name: "title on the bar", style: Style(foreground: .theme.accent, background: bar, attributes: .bold)),
            Check(name: "error on the bar", style: Style(foreground: .theme.failure, background: bar, attributes: .bold)),
            Check(name: "selected tab", style: Style(foreground: .theme.onAccent, background: .theme.accent, attributes: .bold)),
        ]
    }

    static func luminance(_ color: Color, default fallback: RGBA) -> Double {
        let rgb = color == .default ? fallback : XtermColors.rgb(color.index)
        return TerminalBackground.luminance(red: Double(rgb.r) / 255, green: Double(rgb.g) / 255, blue: Double(rgb.b) / 255)
    }

    static func ratio(_ style: Style, in window: Window) -> Double {
        TerminalBackground.contrast(luminance(style.foreground, default: window.foreground),
                                    luminance(style.background, default: window.background))
    }

    static func colors(_ choice: ThemeChoice, _ window: Window) -> ThemeColors {
        ThemeColors(ThemeState(choice: choice, background: window.name == "white" ? .light : .dark))
    }

    @Test(arguments: 0..<themes.count)
    func everyTextRoleReadsOnWhatItIsDrawnOn(_ index: Int) {
        let (choice, window) = Self.themes[index]
        let theme = "\(choice.rawValue) on \(window)"
        let limit = Self.limits[theme]
        ThemeColors.$current.withValue(Self.colors(choice, window)) {
            for check in Self.onBackground() + Self.onSelection() + Self.onBars() {
                let ratio = Self.ratio(check.style, in: window)
                let minimum = check.minimum ?? (check.style.attributes.contains(.bold) ? 3 : 4.5)
                let shown = "\(theme): \(check.name) (fg \(check.style.foreground), bg \(check.style.background))"
                if limit?.checks.contains(check.name) == true {
                    #expect(ratio >= 1.5, "\(shown) is \(ratio.formatted2):1, below even 1.5:1")
                    #expect(ratio < minimum, "\(shown) is \(ratio.formatted2):1 now: take it off the limits")
                } else {
                    #expect(ratio >= minimum, "\(shown) is \(ratio.formatted2):1, below \(minimum.formatted2):1")
                }
            }
            let band = Self.ratio(Style(foreground: .theme.selectionBackground), in: window)
            #expect(band >= 1.25, "\(theme): the selection band is \(band.formatted2):1 against the background")
        }
    }

    @Test func everyLimitNamesACheckThatExists() {
        let names = Set((Self.onBackground() + Self.onSelection() + Self.onBars()).map(\.name))
        for (theme, limit) in Self.limits {
            #expect(Self.themes.contains { "\($0.0.rawValue) on \($0.1)" == theme }, "no theme \(theme)")
            #expect(limit.checks.isSubset(of: names), "\(theme): \(limit.checks.subtracting(names))")
        }
    }

    /// A test that cannot fail is a defect: these colours must fail.
    @Test func theOldDefaultOnWhiteFailsTheSameChecks() {
        let old = ThemeColors.dark.overridden(["muted": 245, "selection": 236, "failure": 160])
        ThemeColors.$current.withValue(old) {
            let text = Self.onSelection().first { $0.name == "plain text on the selection band" }!
            #expect(Self.ratio(text.style, in: Self.white) < 2, "black on charcoal: the bug this theme fixes")
            let muted = Self.onSelection().first { $0.name == "label on the selection band" }!
            #expect(Self.ratio(muted.style, in: Self.black) < 4.5, "245 on 236 was under 4.5:1")
        }
    }

    /// Statuses that mean different things never share a colour, in any theme.
    @Test(arguments: [ThemeChoice.dark, .light, .ansi16])
    func statusesThatMeanDifferentThingsLookDifferent(_ choice: ThemeChoice) {
        ThemeColors.$current.withValue(ThemeColors(ThemeState(choice: choice))) {
            let tones: [Tone] = [.upcoming, .undecided, .warning, .active, .success, .failure]
            let styles = tones.map(Theme.style)
            for i in tones.indices {
                for j in tones.indices where j > i {
                    #expect(styles[i] != styles[j], "\(choice): \(tones[i]) and \(tones[j]) look alike: \(styles[i])")
                }
            }
        }
    }
}

extension Double {
    var formatted2: String { String(format: "%.2f", self) }
}
