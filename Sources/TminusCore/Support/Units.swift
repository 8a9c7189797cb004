import Foundation

public enum UnitSystem: String, Sendable, Hashable, Codable, CaseIterable {
    case metric, imperial

    public var toggled: UnitSystem { self == .metric ? .imperial : .metric }
}

/// Which system each kind of rocket figure is shown in (the Units modal's four rows).
public struct UnitPreferences: Sendable, Hashable, Codable {
    public var height: UnitSystem
    public var diameter: UnitSystem
    public var mass: UnitSystem
    public var payload: UnitSystem

    public init(height: UnitSystem = .metric, diameter: UnitSystem = .metric, mass: UnitSystem = .metric,
                payload: UnitSystem = .metric) {
        self.height = height; self.diameter = diameter; self.mass = mass; self.payload = payload
    }

    enum CodingKeys: String, CodingKey { case height, diameter, mass, payload }

    /// A missing key is the default (files written before a row existed stay valid); a value
    /// that is not `metric` or `imperial` is an error, so the file is reported, not guessed at.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        height = try c.decodeIfPresent(UnitSystem.self, forKey: .height) ?? .metric
        diameter = try c.decodeIfPresent(UnitSystem.self, forKey: .diameter) ?? .metric
        mass = try c.decodeIfPresent(UnitSystem.self, forKey: .mass) ?? .metric
        payload = try c.decodeIfPresent(UnitSystem.self, forKey: .payload) ?? .metric
    }

    public enum Quantity: String, Sendable, Hashable, CaseIterable {
        case height, diameter, mass, payload

        public var title: String { rawValue.capitalized }
        /// Lengths or masses.
        var isLength: Bool { self == .height || self == .diameter }

        public func unit(_ system: UnitSystem) -> String {
            switch (isLength, system) {
            case (true, .metric): "m"
            case (true, .imperial): "ft"
            case (false, .metric): "kg"
            case (false, .imperial): "lb"
            }
        }
    }

    public subscript(quantity: Quantity) -> UnitSystem {
        get {
            switch quantity {
            case .height: height
            case .diameter: diameter
            case .mass: mass
            case .payload: payload
            }
        }
        set {
            switch quantity {
            case .height: height = newValue
            case .diameter: diameter = newValue
            case .mass: mass = newValue
            case .payload: payload = newValue
            }
        }
    }
}

/// Conversions and the way numbers read, in one place: lengths to one decimal (`70 m`,
/// `229.7 ft`, `3.7 m`), masses as grouped whole numbers (`549,054 kg`, `1,210,457 lb`).
/// Imperial is computed from the metric figure with exact factors rather than taken from the
/// API, whose own conversions are rounded inconsistently (it says Falcon 9 is 229.6 ft).
public enum Units {
    public static let feetPerMeter = 1 / 0.3048
    public static let poundsPerKilogram = 1 / 0.45359237

    /// The figure in the user's system: (value, unit), e.g. ("229.7", "ft"). Nil in, "-" out.
    public static func figure(_ metric: Double?, _ quantity: UnitPreferences.Quantity, in system: UnitSystem) -> (value: String, unit: String) {
        let unit = quantity.unit(system)
        guard let metric, metric.isFinite else { return ("-", unit) }
        if quantity.isLength {
            let value = system == .metric ? metric : metric * feetPerMeter
            return (oneDecimal(value), unit)
        }
        let value = system == .metric ? metric : metric * poundsPerKilogram
        return (Formatting.grouped(value.rounded()), unit)
    }

    public static let poundsForcePerKilonewton = 1000 / (9.80665 * 0.45359237)

    /// A stage's propellant in the Mass row's system: `385 t`, or `848,780 lb` (issue 37:
    /// tonnes stayed beside pounds).
    public static func fuel(tons: Double?, in system: UnitSystem) -> String? {
        guard let tons, tons.isFinite else { return nil }
        return system == .metric ? "\(Formatting.grouped(tons)) t" : text(tons * 1000, .mass, in: .imperial)
    }

    /// Thrust in the Mass row's system: `7,607 kN`, or `1,710,122 lbf`.
    public static func thrust(kN: Double?, in system: UnitSystem) -> String? {
        guard let kN, kN.isFinite else { return nil }
        return system == .metric ? "\(Formatting.grouped(kN)) kN" : "\(Formatting.grouped((kN * poundsForcePerKilonewton).rounded())) lbf"
    }

    public static func text(_ metric: Double?, _ quantity: UnitPreferences.Quantity, in system: UnitSystem) -> String {
        let f = figure(metric, quantity, in: system)
        return f.value == "-" ? "-" : "\(f.value) \(f.unit)"
    }

    /// One decimal, without a trailing `.0`: 70 → "70", 229.65 → "229.7", 1234.5 → "1,234.5".
    static func oneDecimal(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return Formatting.grouped(tenths)
    }

    /// `$50M`, `$6.7M`, `$90M`, `$750K`, `$1.2B`: a launch price at a glance.
    public static func money(_ dollars: Double?) -> String {
        guard let dollars, dollars.isFinite, dollars >= 0 else { return "-" }
        var (scaled, suffix): (Double, String)
        switch dollars {
        case 1e9...: (scaled, suffix) = (dollars / 1e9, "B")
        case 1e6...: (scaled, suffix) = (dollars / 1e6, "M")
        case 1e3...: (scaled, suffix) = (dollars / 1e3, "K")
        default: (scaled, suffix) = (dollars, "")
        }
        // 999,950 is 999.95K, which rounds to a thousand: that reads "$1M", not "$1,000K".
        if (scaled * 10).rounded() >= 10_000, let next = ["": "K", "K": "M", "M": "B"][suffix] {
            (scaled, suffix) = (scaled / 1e3, next)
        }
        return "$" + oneDecimal(scaled) + suffix
    }
}
