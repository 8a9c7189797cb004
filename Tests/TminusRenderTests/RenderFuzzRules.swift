import Foundation
import Testing
import TminusCore
import TminusImage
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

enum FrameRules {
    /// Scalars no cell may hold: C0, DEL, C1 (ESC among them), bidi embeddings/overrides/isolates
    /// and every other control, format, surrogate, private-use or unassigned scalar, and line/
    /// paragraph separators. ZWJ stays (it joins emoji), and variation selectors are marks.
    static func forbidden(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return true }
        if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C { return true }
        if v == 0x200D { return false }
        switch s.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// Everything wrong with a frame, in words (empty: it keeps every rule).
    /// - Parameter bars: also check that the tab bar is row 0 and the status line the last
    ///   row (frames of a size the app draws normally).
    static func check(_ grid: Grid, bars: Bool = true) -> [String] {
        var problems: [String] = []
        for y in 0..<grid.height {
            var total = 0
            var x = 0
            while x < grid.width {
                let cell = grid[x, y]
                if cell.isContinuation {
                    problems.append("row \(y) col \(x): continuation cell without a wide character before it")
                    total += 1; x += 1
                    continue
                }
                let bad = cell.character.unicodeScalars.filter(forbidden)
                if !bad.isEmpty {
                    problems.append("row \(y) col \(x): forbidden scalar(s) \(Hostile.describe(String(String.UnicodeScalarView(bad))))")
                }
                let w = TerminalText.width(of: cell.character)
                switch w {
                case 1:
                    total += 1; x += 1
                case 2 where x == grid.width - 1:
                    problems.append("row \(y): wide character [\(Hostile.describe(String(cell.character)))] in the last column")
                    total += 2; x += 1
                case 2 where !grid[x + 1, y].isContinuation:
                    problems.append("row \(y) col \(x): wide character [\(Hostile.describe(String(cell.character)))] without its continuation cell")
                    total += 2; x += 1
                case 2:
                    total += 2; x += 2
                default:
                    problems.append("row \(y) col \(x): a cell of width \(w) [\(Hostile.describe(String(cell.character)))]")
                    total += w; x += 1
                }
            }
            if total != grid.width {
                problems.append("row \(y) is \(total) columns wide in a grid \(grid.width) wide")
            }
        }
        let layout = ScreenLayout(Size(width: grid.width, height: grid.height), banner: false)  // isTooSmall alone: the same either way
        if bars, !layout.isTooSmall {
            let bar: Set<Color> = [.theme.barBackground, .theme.accent]
            let top = grid.row(0)
            // The app's name first, or (narrower than every label and the name) the first tab's label.
            let start = TabBarGeometry.showsTitle(width: grid.width) ? TabBarGeometry.title : TabBarGeometry.label(Tab.allCases[0])
            if !top.allSatisfy({ bar.contains($0.style.background) }) || !grid.text.hasPrefix(start) {
                problems.append("the tab bar is not on row 0")
            }
            if !grid.row(grid.height - 1).allSatisfy({ $0.style.background == .theme.barBackground }) {
                problems.append("the status line is not on the last row")
            }
            for y in 1..<(grid.height - 1) where grid.row(y).allSatisfy({ $0.style.background == .theme.barBackground }) {
                problems.append("row \(y) looks like a bar")
            }
        }
        return problems
    }
}

// MARK: - Hostile text

enum Hostile {
    /// Building blocks, each alone a hazard or a layout challenge.
    static let pieces: [String] = {
        var p: [String] = [
            // Plain and typical.
            "a", "Z", " ", "-", "|", "·", "Starlink 4-36 (v1.5)", "Falcon 9 Block 5", "CCSFS SLC 40", "…", "—",
            "\u{A0}", "\u{3000}", "\u{2003}",
            // Escape sequences, complete.
            "\u{1B}[2J", "\u{1B}[31;1m", "\u{1B}[?1049h", "\u{1B}[38;2;255;0;0m", "\u{1B}]0;pwned\u{07}",
            "\u{1B}]8;;https://evil.test/\u{1B}\\link\u{1B}]8;;\u{1B}\\", "\u{1B}P1$r\u{1B}\\", "\u{1B}Xsos\u{1B}\\",
            "\u{1B}^pm\u{1B}\\", "\u{1B}_apc\u{9C}", "\u{1B}(B", "\u{1B}#8", "\u{1B}c", "\u{1B}7", "\u{1B}%G", "\u{1B}\\",
            "\u{9B}2J", "\u{9B}31m", "\u{9D}0;title\u{9C}", "\u{90}dcs\u{9C}", "\u{98}sos\u{07}", "\u{9E}pm\u{9C}", "\u{9F}apc\u{9C}",
            // Cut off: at the end of a field, or running into the next piece.
            "\u{1B}", "\u{1B}[", "\u{1B}[3", "\u{1B}[38;5;", "\u{1B}]", "\u{1B}]0;ti", "\u{1B}P", "\u{1B}X", "\u{1B}^",
            "\u{1B}_", "\u{1B}(", "\u{9B}", "\u{9B}1;", "\u{9D}", "\u{90}", "\u{1B}[\u{1B}]0;x\u{07}",
            // C0 and DEL.
            "\u{00}", "\u{07}", "\u{08}", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{0E}", "\u{1A}", "\u{1F}", "\u{7F}",
            // C1.
            "\u{80}", "\u{84}", "\u{85}", "\u{8D}", "\u{9C}",
            // Bidi: embeddings, overrides, isolates, marks.
            "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
            "\u{200E}", "\u{200F}", "\u{061C}", "\u{202E}gnp.exe",
            // Zero-width and other format characters.
            "\u{200B}", "\u{200C}", "\u{2060}", "\u{FEFF}", "\u{AD}", "\u{180E}", "\u{2061}", "\u{2064}", "\u{206A}",
            "\u{206F}", "\u{FFF9}", "\u{FFFB}", "\u{110BD}", "\u{1D173}", "\u{E0001}", "\u{E0041}", "\u{E007F}",
            // Private use, unassigned, noncharacters, separators.
            "\u{E000}", "\u{F8FF}", "\u{F0000}", "\u{10FFFD}", "\u{378}", "\u{FFFE}", "\u{FFFF}", "\u{1FFFE}", "\u{E0080}",
            "\u{2028}", "\u{2029}",
            // Lone surrogates, as Swift strings hold them: repaired to U+FFFD on the way in.
            String(decoding: [0xD800] as [UInt16], as: UTF16.self),
            String(decoding: [0x61, 0xDFFF, 0x62] as [UInt16], as: UTF16.self),
            String(decoding: [0xED, 0xA0, 0x80] as [UInt8], as: UTF8.self),
            String(decoding: [0xC3, 0x28, 0xFF] as [UInt8], as: UTF8.self),
            // Combining marks, alone and stacked.
            "e\u{301}", "\u{301}", "\u{20DD}", "a\u{489}", "Z" + String(repeating: "\u{336}\u{35B}\u{317}", count: 12),
            "\u{1100}\u{1161}\u{11A8}", "\u{0E01}\u{0E33}",
            // Emoji: presentation, ZWJ sequences, modifiers, keycaps, flags, tag flags.
            "🚀", "❤️", "☺", "☺\u{FE0F}", "\u{FE0F}", "\u{FE0E}", "\u{200D}", "a\u{200D}b", "\u{1F469}\u{200D}\u{1F680}",
            "👨‍👩‍👧‍👦", "🏳️‍🌈", "👍🏽", "🏽", "1\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}", "🇺🇸", "🇵🇱", "🇺", "🇺🇺🇺",
            "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "©\u{FE0F}",
            // Wide and narrow CJK and other scripts.
            "打ち上げ", "東京", "천", "Ａ", "ｶ", "𠀋", "〇", "ﷺ", "𒐫", "ᄀ", "עברית", "العربية",
        ]
        p += (0x00...0x1F).map { String(Unicode.Scalar(UInt8($0))) }
        return p
    }()

    static let ranges: [ClosedRange<UInt32>] = [
        0x00...0x1F, 0x7F...0x9F, 0x300...0x36F, 0x2000...0x206F, 0x20...0x7E, 0xA0...0x24F, 0x3000...0x30FF,
        0xAC00...0xD7A3, 0xE000...0xF8FF, 0xFE00...0xFE0F, 0xFF00...0xFFEF, 0xFFF0...0xFFFF, 0x1F1E6...0x1F1FF,
        0x1F300...0x1FAFF, 0xE0000...0xE01EF, 0x10000...0x10FFFF,
    ]

    static func text(_ rng: inout SeededGenerator) -> String {
        var text = ""
        let roll = Int.random(in: 0..<40, using: &rng)
        if roll == 0 { return "" }
        for _ in 0..<Int.random(in: 1...16, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0:
                if let scalar = Unicode.Scalar(UInt32.random(in: ranges.randomElement(using: &rng)!, using: &rng)) {
                    text.unicodeScalars.append(scalar)
                }
            default:
                text += pieces.randomElement(using: &rng)!
            }
        }
        // Now and then a very long one: a repeated piece, or a wall of wide text.
        if roll == 1 { text += String(repeating: pieces.randomElement(using: &rng)!, count: Int.random(in: 50...400, using: &rng)) }
        if roll == 2 { text = String(repeating: "打ち上げ🚀\u{1B}[2J", count: 120) + text }
        return text
    }

    static func optional(_ rng: inout SeededGenerator) -> String? {
        Int.random(in: 0..<6, using: &rng) == 0 ? nil : text(&rng)
    }

    static func describe(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let shown = scalars.prefix(40).map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
        return scalars.count > 40 ? shown + " … (\(scalars.count) scalars)" : shown
    }

    static func url(_ rng: inout SeededGenerator, _ n: Int) -> URL {
        let hosts = ["example.com", "xn--r8jz45g.jp", "a.b.c.d.e.f.example.org", "127.0.0.1", "x.test"]
        let path = text(&rng).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? ""
        return URL(string: "https://\(hosts.randomElement(using: &rng)!)/\(n)/\(path.prefix(300))")
            ?? URL(string: "https://example.com/\(n)")!
    }

    // MARK: Records

    static func rocket(_ rng: inout SeededGenerator, id: String) -> Rocket {
        Rocket(id: id, name: text(&rng), type: optional(&rng), active: Bool.random(using: &rng) ? nil : Bool.random(using: &rng),
               engineVersion: optional(&rng), engineType: optional(&rng), description: optional(&rng),
               wikipedia: url(&rng, 0), flickrImages: (0..<Int.random(in: 0...3, using: &rng)).map { url(&rng, $0) },
               heightMeters: Bool.random(using: &rng) ? 70 : nil, diameterMeters: 3.7, massKg: Bool.random(using: &rng) ? 1e300 : 549_054,
               payloadToLEOKg: -1, firstFlight: optional(&rng), country: optional(&rng),
               costPerLaunch: Bool.random(using: &rng) ? 50_000_000 : nil, successRatePct: Double.random(in: -5...1e6, using: &rng),
               firstStage: Rocket.Stage(engines: 9, fuelAmountTons: 385, burnTimeSec: nil),
               secondStage: nil, landingLegs: Rocket.LandingLegs(number: 4, material: optional(&rng)))
    }

    static func launch(_ rng: inout SeededGenerator, id: String, origin: LaunchOrigin, upcoming: Bool) -> Launch {
        let precision = DatePrecision.allCases.randomElement(using: &rng)!
        let offset = Double(Int.random(in: -400...400, using: &rng)) * 3_600 * 7
        let status: SourceStatus? = origin == .launchLibrary2 || Int.random(in: 0..<4, using: &rng) == 0
            ? SourceStatus(id: Int.random(in: 1...9, using: &rng), name: text(&rng), abbrev: optional(&rng)) : nil
        let videos = (0..<Int.random(in: 2...4, using: &rng)).map { i in
            ExternalLink(url: url(&rng, i), title: optional(&rng), publisher: optional(&rng), kind: optional(&rng), language: optional(&rng))
        }
        return Launch(
            origin: origin, id: id, name: text(&rng), flightNumber: Bool.random(using: &rng) ? Int.random(in: -5...Int.max, using: &rng) : nil,
            date: Int.random(in: 0..<8, using: &rng) == 0 ? nil : Sample.reference.addingTimeInterval(offset),
            datePrecision: precision, upcoming: upcoming, success: upcoming ? nil : Bool.random(using: &rng) ? nil : Bool.random(using: &rng),
            details: optional(&rng),
            rocket: .object(rocket(&rng, id: "r-\(id)")),
            launchpad: .object(Launchpad(id: "pad-\(id)", name: optional(&rng), fullName: optional(&rng),
                                         locality: optional(&rng), region: optional(&rng))),
            payloads: (0..<Int.random(in: 0...2, using: &rng)).map { i in
                .object(Payload(id: "p\(i)", name: optional(&rng), type: optional(&rng), orbit: optional(&rng), massKg: 1e308))
            },
            failures: Bool.random(using: &rng) ? [LaunchFailure(time: Int.min, altitude: Int.max, reason: optional(&rng))] : [],
            cores: [LaunchCore(core: .object(CoreRecord(id: "c", serial: optional(&rng), block: 5)), flight: 3, reused: true,
                               landingAttempt: true, landingSuccess: nil, landingType: optional(&rng),
                               landpad: .object(Landpad(id: "lp", name: optional(&rng))))],
            links: LaunchLinks(patchSmall: Bool.random(using: &rng) ? url(&rng, 1) : nil, patchLarge: nil,
                               webcast: Bool.random(using: &rng) ? url(&rng, 2) : nil, presskit: nil,
                               wikipedia: url(&rng, 3), article: nil, reddit: nil),
            window: 0, sourceStatus: status, provider: optional(&rng),
            image: origin == .launchLibrary2 ? url(&rng, 4) : nil,
            videos: origin == .launchLibrary2 ? videos : [],
            infoLinks: origin == .launchLibrary2 ? [ExternalLink(url: url(&rng, 9), title: optional(&rng), publisher: optional(&rng))] : [],
            probability: Int.random(in: -1...100, using: &rng), missionType: optional(&rng), orbit: optional(&rng))
    }

    static func error(_ rng: inout SeededGenerator) -> APIError {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: .badData(text(&rng))
        case 1: .offline(text(&rng))
        case 2: .transport(text(&rng))
        case 3: .notAvailable(text(&rng))
        case 4: .rateLimited(source: text(&rng), retryAfter: Bool.random(using: &rng) ? nil : TimeInterval(Int.random(in: 0...Int(Int32.max), using: &rng)))
        default: .http(status: Int.random(in: 400...599, using: &rng), retryAfter: nil)
        }
    }
}

// MARK: - Screens to fuzz

/// Each screen reached the way a user reaches it, over a source whose every string is hostile.
enum Scenario: CaseIterable {
    case spacexList, spacexDetail, ll2List, ll2Detail, linkMenu, favorites, rocketList, rocketPage,
         rocketLaunches, unitsModal, help, listError, detailError, rocketsError, staleSource

    /// Frames drawn of each built screen.
    var sizes: Int { 24 }

    /// Whether the navigation arrived where the scenario means to draw.
    func reached(_ state: AppState) -> Bool {
        switch self {
        case .spacexList, .ll2List, .staleSource: state.screen == .launchList && !state.currentList.launches.isEmpty
        case .listError: state.screen == .launchList && state.currentList.status.error != nil
        case .spacexDetail, .ll2Detail: state.screen == .launchDetail && state.overlay == nil
        case .detailError: state.screen == .launchDetail && state.detail?.status.error != nil
        case .linkMenu: if case .links? = state.overlay { state.screen == .launchDetail } else { false }
        case .favorites: state.screen == .favorites && !state.favorites.items.launches.isEmpty && !state.favorites.items.rockets.isEmpty
        case .rocketList: state.screen == .rocketList && !state.rockets.rockets.isEmpty
        case .rocketsError: state.screen == .rocketList && state.rockets.status.error != nil
        case .rocketPage: state.screen == .rocketPage
        case .rocketLaunches: state.screen == .rocketLaunches
        case .unitsModal: if case .units? = state.overlay { state.screen == .rocketPage } else { false }
        case .help: state.overlay == .help
        }
    }

    struct Built {
        let harness: Harness
        var route: String { "\(harness.state.screen), overlay \(harness.state.overlay.map { "\($0)".prefix(20) } ?? "none")" }
    }

    func build(_ rng: inout SeededGenerator) async -> Built {
        let ll2 = [.ll2List, .ll2Detail, .linkMenu, .detailError].contains(self)
        let origin: LaunchOrigin = ll2 ? .launchLibrary2 : .spacex
        let count = Int.random(in: 1...12, using: &rng)
        let upcoming = (0..<count).map { Hostile.launch(&rng, id: "u\($0)", origin: origin, upcoming: true) }
        let past = (0..<3).map { Hostile.launch(&rng, id: "p\($0)", origin: origin, upcoming: false) }
        let rockets = (0..<Int.random(in: 1...4, using: &rng)).map { Hostile.rocket(&rng, id: "rocket\($0)") }
        var details: [String: Launch] = [:]
        if ll2 {
            // The detail request brings the whole record: other (hostile) text, more videos.
            for launch in upcoming {
                var detailed = Hostile.launch(&rng, id: launch.id, origin: .launchLibrary2, upcoming: true)
                detailed.date = launch.date
                details[launch.id] = detailed
            }
        }
        let source = ScriptedSource(upcoming: upcoming, past: past, rockets: rockets,
                                    rocketLaunches: Dictionary(uniqueKeysWithValues: rockets.map { ($0.id, upcoming + past) }),
                                    details: details, name: ll2 ? "Launch Library 2" : "r/SpaceX API",
                                    isFrozen: self == .staleSource)
        // The source names are the app's own; only the one `S` would switch to is made hostile
        // (the status line's "press S for …"), not the one in the tab bar.
        let other = ScriptedSource(upcoming: upcoming, name: Hostile.text(&rng))
        // Half the screens with pictures (two-line rows, half-block cells), half with glyphs.
        let pictures: PictureLoader? = Bool.random(using: &rng) ? PictureSpy().loader : nil
        if self == .listError { source.fail(with: Hostile.error(&rng)) }
        let h = await Harness(source: source, alternatives: self == .staleSource ? [other] : [],
                              clock: TestClock(Sample.reference.addingTimeInterval(self == .staleSource ? 1e8 : 0)),
                              width: 100, height: 30, pictures: pictures).started()
        let downs = Int.random(in: 0...count, using: &rng)
        for _ in 0..<downs { await h.press(.down) }

        switch self {
        case .spacexList, .ll2List, .listError, .staleSource:
            if Bool.random(using: &rng), self != .listError { await h.press(.character("p")) }
        case .spacexDetail, .ll2Detail:
            await h.press(.enter)
            for _ in 0..<Int.random(in: 0...6, using: &rng) { await h.press(.down) }
            if Bool.random(using: &rng) { await h.press(.right) }
        case .linkMenu:
            await h.press(.enter, .character("o"))
            for _ in 0..<Int.random(in: 0...3, using: &rng) { await h.press(.down) }
        case .detailError:
            source.fail(with: Hostile.error(&rng))
            await h.press(.enter)
        case .favorites:
            // Watch one or two launches and keep one or two rockets (a second `f` on the
            // same row would undo the first).
            await h.press(.home, .character("f"))
            if count > 1 { await h.press(.down, .character("f")) }
            await h.press(.character("2"), .character("f"))
            if rockets.count > 1 { await h.press(.down, .character("f")) }
            await h.press(.character("3"))
            if Bool.random(using: &rng) { await h.press(.down) }
        case .rocketList:
            await h.press(.character("2"))
            for _ in 0..<Int.random(in: 0...3, using: &rng) { await h.press(.down) }
        case .rocketPage, .rocketLaunches, .unitsModal:
            await h.press(.character("2"), .enter)
            if Bool.random(using: &rng) { await h.press(.character("]")) }
            for _ in 0..<Int.random(in: 0...4, using: &rng) { await h.press(.down) }
            if self == .rocketLaunches { await h.press(.character("L"), .down) }
            if self == .unitsModal { await h.press(.character("U"), .down, .character(" ")) }
        case .help:
            let screens: [[Key]] = [[], [.enter], [.character("2")], [.character("2"), .enter], [.character("3")]]
            for key in screens.randomElement(using: &rng)! { await h.press(key) }
            await h.press(.character("?"))
        case .rocketsError:
            source.fail(with: Hostile.error(&rng))
            await h.press(.character("2"))
        }
        return Built(harness: h)
    }
}
