import Foundation
import TOMLKit

/// `config.toml` in the config dir: the user's defaults (source, time zone, units, theme, pictures,
/// colours, keys). Flags and environment variables win over it; the settings file's saved
/// units win over its `[units]`. A file with any problem is ignored whole, and the problem is
/// one message naming the file and the line.
public struct ConfigFile: Sendable, Hashable {
    public var source: SourceKind?
    /// An IANA zone name, already checked.
    public var tz: String?
    /// A Launch Library 2 API key (`ll2_token`), for those who would rather not put it in
    /// their shell's environment.
    public var ll2Token: String?
    /// The Spaceflight News API's base URL (`news_api`), checked when the settings are resolved.
    public var newsAPI: String?
    /// Only the quantities the file names.
    public var units: [UnitPreferences.Quantity: UnitSystem] = [:]
    /// Nil when the file does not say (then auto, unless the app saved a choice).
    public var theme: ThemeChoice?
    /// Nil when the file does not say (then auto). See `PictureChoice`.
    public var pictures: PictureChoice?
    /// Colour role name (`accent`, …) to palette index (-1 is the terminal's default).
    public var colors: [String: Int] = [:]
    public var keys = KeyBindings()
    /// `[follow]`: what every run follows unless its flags say otherwise (issue 38).
    public var follow = Follow()

    public init() {}

    public static let fileName = "config.toml"

    /// The colour roles `[colors]` may set.
    public static let colorRoles = ["accent", "upcoming", "success", "failure", "warning", "muted", "selection", "bar"]

    /// The 16 colour names, in palette order (0–15).
    public static let colorNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
                                    "bright-black", "bright-red", "bright-green", "bright-yellow", "bright-blue",
                                    "bright-magenta", "bright-cyan", "bright-white"]

    public struct Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        public var line: Int?
        public var message: String
        public init(line: Int?, _ message: String) { self.line = line; self.message = message }
        public var description: String {
            line.map { "\(ConfigFile.fileName) line \($0): \(message)" } ?? "\(ConfigFile.fileName): \(message)"
        }
    }

    /// What loading gave: the file's values (defaults when it is missing or has a problem),
    /// and the problem, if any.
    public struct Loaded: Sendable, Hashable {
        public var config: ConfigFile
        public var problem: String?
        public init(config: ConfigFile = ConfigFile(), problem: String? = nil) { self.config = config; self.problem = problem }
    }

    public static func load(from url: URL) -> Loaded {
        guard FileManager.default.fileExists(atPath: url.path) else { return Loaded() }
        guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
            return Loaded(problem: "\(fileName): unreadable, or not UTF-8 text; using defaults")
        }
        do {
            return Loaded(config: try parse(text))
        } catch let invalid as Invalid {
            return Loaded(problem: invalid.description)
        } catch {
            return Loaded(problem: "\(fileName): \(error)")
        }
    }

    public static func parse(_ text: String) throws -> ConfigFile {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw Invalid(line: error.source.begin.line, error.description)
        }
        var config = ConfigFile()
        func line(_ key: String, in section: String? = nil) -> Int? { Self.line(of: key, in: section, text: text) }
        func string(_ value: TOMLValueConvertible, _ key: String, in section: String? = nil) throws -> String {
            guard value.type == .string, let s = value.string else {
                throw Invalid(line: line(key, in: section), "\(section.map { "\($0)." } ?? "")\(key) must be a string")
            }
            return s
        }
        /// One of an enum's words (`theme = "ansi16"`), else `theme must be "default" or "ansi16"`.
        func choice<T: RawRepresentable & CaseIterable>(_ value: TOMLValueConvertible, _ key: String,
                                                         in section: String? = nil) throws -> T where T.RawValue == String {
            if let chosen = T(rawValue: try string(value, key, in: section)) { return chosen }
            let words = T.allCases.map { "\"\($0.rawValue)\"" }
            let list = words.dropLast().joined(separator: ", ") + (words.count > 1 ? " or " : "") + (words.last ?? "")
            throw Invalid(line: line(key, in: section), "\(section.map { "\($0)." } ?? "")\(key) must be \(list)")
        }
        for key in table.keys {
            guard let value = table[key] else { continue }
            switch key {
            case "source":
                config.source = try choice(value, key) as SourceKind
            case "tz":
                let s = try string(value, key)
                guard Zone(identifier: s) != nil else {
                    throw Invalid(line: line(key), "tz '\(s)' is not a time zone: use an IANA name such as UTC or Europe/Warsaw")
                }
                config.tz = s
            case "theme":
                guard let theme = ThemeChoice(word: try string(value, key)) else {
                    let words = ThemeChoice.allCases.map { "\"\($0.rawValue)\"" }
                    throw Invalid(line: line(key), "theme must be \(words.dropLast().joined(separator: ", ")) or \(words.last!) (\"default\" is auto)")
                }
                config.theme = theme
            case "pictures":
                config.pictures = try choice(value, key) as PictureChoice
            case "ll2_token":
                config.ll2Token = try string(value, key)
            case "news_api":
                let text = try string(value, key)
                guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                    throw Invalid(line: line(key), "news_api must be an http(s) URL such as \"https://api.spaceflightnewsapi.net/v4\"")
                }
                config.newsAPI = text
            case "units":
                let units = try section(value, key)
                for name in units.keys {
                    guard let quantity = UnitPreferences.Quantity(rawValue: name) else {
                        throw Invalid(line: line(name, in: key), "unknown key units.\(name): use height, diameter, mass or payload")
                    }
                    config.units[quantity] = try choice(units[name]!, name, in: key) as UnitSystem
                }
            case "colors":
                let colors = try section(value, key)
                for name in colors.keys {
                    guard colorRoles.contains(name) else {
                        throw Invalid(line: line(name, in: key), "unknown key colors.\(name): use \(colorRoles.joined(separator: ", "))")
                    }
                    let v = colors[name]!
                    let message = "colors.\(name) must be a palette index 0–255 or a colour name such as \"blue\" or \"bright-red\""
                    if v.type == .int, let index = v.int {
                        guard (0...255).contains(index) else { throw Invalid(line: line(name, in: key), message) }
                        config.colors[name] = index
                    } else if v.type == .string, let s = v.string {
                        if s == "default" { config.colors[name] = -1; continue }
                        guard let index = colorNames.firstIndex(of: s.lowercased().replacingOccurrences(of: "_", with: "-")) else {
                            throw Invalid(line: line(name, in: key), message)
                        }
                        config.colors[name] = index
                    } else {
                        throw Invalid(line: line(name, in: key), message)
                    }
                }
            case "follow":
                let follow = try section(value, key)
                for name in follow.keys {
                    let v = follow[name]!
                    switch name {
                    case "providers", "locations", "hide":
                        guard v.type == .array, let items = v.array, items.allSatisfy({ $0.type == .string }) else {
                            throw Invalid(line: line(name, in: key), "follow.\(name) must be a list of strings such as [\"SpaceX\", \"Rocket Lab\"]")
                        }
                        let words = items.compactMap(\.string)
                        if words.count > Follow.namesLimit {
                            throw Invalid(line: line(name, in: key), "follow.\(name) lists \(words.count) names; at most \(Follow.namesLimit)")
                        }
                        if name == "providers" { config.follow.providers = words }
                        if name == "locations" { config.follow.locations = words }
                        if name == "hide" { config.follow.hide = words }
                    case "crewed":
                        guard v.type == .bool, let crewed = v.bool else {
                            throw Invalid(line: line(name, in: key), "follow.crewed must be true or false")
                        }
                        config.follow.crewed = crewed
                    default:
                        throw Invalid(line: line(name, in: key), "unknown key follow.\(name): use providers, locations, crewed or hide")
                    }
                }
            case "keys":
                let keys = try section(value, key)
                for name in keys.keys {
                    guard KeyBindings.defaults[name] != nil else {
                        throw Invalid(line: line(name, in: key),
                                      "unknown key keys.\(name): use \(KeyBindings.actions.joined(separator: ", "))")
                    }
                    let s = try string(keys[name]!, name, in: key)
                    guard s.count == 1, let c = s.first, !c.isWhitespace, c.unicodeScalars.allSatisfy({ $0.value >= 0x21 && $0.value < 0x7F }) else {
                        throw Invalid(line: line(name, in: key), "keys.\(name) must be one printable ASCII character such as \"q\"")
                    }
                    config.keys.bind(name, to: c)
                }
                if let clash = config.keys.clash {
                    throw Invalid(line: line(clash.1, in: key) ?? line(clash.0, in: key), "keys.\(clash.0) and keys.\(clash.1) are both \"\(clash.2)\"")
                }
            default:
                throw Invalid(line: line(key), "unknown key '\(key)': use source, tz, theme, pictures, ll2_token, news_api, [units], [colors], [keys] or [follow]")
            }
        }
        func section(_ value: TOMLValueConvertible, _ key: String) throws -> TOMLTable {
            guard value.type == .table, let t = value.table else {
                throw Invalid(line: line(key), "\(key) must be a table: [\(key)]")
            }
            return t
        }
        return config
    }

    /// The line (1-based) where `key` is set inside `[section]` (top level when nil): the
    /// parser keeps no positions for values, so the text is scanned.
    static func line(of key: String, in section: String?, text: String) -> Int? {
        var current: String?
        var fallback: Int?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                let name = line.dropFirst().prefix { $0 != "]" }.trimmingCharacters(in: .whitespaces)
                current = name
                if section == nil, name == key { return index + 1 }
                continue
            }
            guard let eq = line.firstIndex(of: "=") else { continue }
            var name = line[..<eq].trimmingCharacters(in: .whitespaces)
            if name.count >= 2, let f = name.first, f == "\"" || f == "'", name.last == f { name = String(name.dropFirst().dropLast()) }
            if name == key && current == section { return index + 1 }
            if let section, current == nil, name == "\(section).\(key)" { return index + 1 }
            if name == key, fallback == nil { fallback = index + 1 }
        }
        return fallback
    }
}

/// Remapped keys: each configurable action's default key, and the key the user chose for it.
/// The view model sees only default keys: `translate` turns a configured key into its
/// action's default, and makes a default key that was moved away do nothing.
public struct KeyBindings: Sendable, Hashable {
    public static let actions = ["quit", "help", "refresh", "watch", "filter", "source"]
    public static let defaults: [String: Character] = ["quit": "q", "help": "?", "refresh": "r", "watch": "f", "filter": "/", "source": "S"]

    /// Default key → configured key, only for actions that moved.
    public private(set) var moved: [Character: Character] = [:]
    private var names: [Character: String] = [:]

    public init() {}

    public mutating func bind(_ action: String, to key: Character) {
        guard let old = Self.defaults[action] else { return }
        if key == old { moved[old] = nil } else { moved[old] = key }
        names[old] = action
    }

    /// Two actions on one key: (first action, second action, key).
    var clash: (String, String, Character)? {
        var seen: [Character: String] = [:]
        for action in Self.actions {
            let old = Self.defaults[action]!
            let key = moved[old] ?? old
            if let other = seen[key] { return (other, action, key) }
            seen[key] = action
        }
        return nil
    }

    public var isEmpty: Bool { moved.isEmpty }

    /// The key the view model should see for a typed character; nil when it does nothing.
    public func translate(_ typed: Character) -> Character? {
        if let old = moved.first(where: { $0.value == typed })?.key { return old }
        if moved[typed] != nil { return nil }
        return typed
    }

    /// The key to show in help for a default key.
    public func shown(_ defaultKey: Character) -> Character { moved[defaultKey] ?? defaultKey }
}

extension PreferencesStore {
    /// The settings file; while it holds no saved units, config.toml's `[units]` fill them in
    /// (once the user chooses units in the app, the file has them and they win).
    public static func file(_ url: URL, configUnits units: [UnitPreferences.Quantity: UnitSystem]) -> PreferencesStore {
        let file = PreferencesStore.file(url)
        guard !units.isEmpty else { return file }
        return PreferencesStore(
            load: {
                var loaded = file.load()
                let saved = (try? Data(contentsOf: url))
                    .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }?["units"] != nil
                if !saved {
                    for (quantity, system) in units { loaded.preferences.units[quantity] = system }
                }
                return loaded
            },
            save: file.save)
    }
}
