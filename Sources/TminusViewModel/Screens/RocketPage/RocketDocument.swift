import TminusRender
import Foundation
import TminusCore

/// A rocket page, worded: the four key figures in the user's units and the body lines.
public enum RocketDocument {
    public struct Figure: Sendable, Hashable {
        public var name: String
        public var value: String
        public var unit: String
    }

    /// Height, diameter, mass and payload to LEO, each in the unit the user chose.
    public static func figures(_ rocket: Rocket, units: UnitPreferences) -> [Figure] {
        let quantities: [(UnitPreferences.Quantity, Double?, String)] = [
            (.height, rocket.heightMeters, "Height"),
            (.diameter, rocket.diameterMeters, "Diameter"),
            (.mass, rocket.massKg, "Mass"),
            (.payload, rocket.payloadToLEOKg, "Payload to LEO"),
        ]
        return quantities.map { quantity, metric, name in
            let f = Units.figure(metric, quantity, in: units[quantity])
            return Figure(name: name, value: f.value, unit: f.unit)
        }
    }

    /// The description beside the picture: at most `lines` lines of `width` columns, the last
    /// ending in `…` when the text goes on (`-` when there is none).
    public static func summary(_ rocket: Rocket, width: Int, lines: Int) -> [String] {
        LaunchDetailDocument.wrap(rocket.description ?? "-", width: width, maxLines: lines)
    }

    /// The page body: the same fields for every source, `-` for what a source does not have
    /// (the r/SpaceX API has stages and fuel, Launch Library 2 launch and landing records).
    public static func lines(_ rocket: Rocket, width: Int, units: UnitPreferences = UnitPreferences()) -> [DetailLine] {
        var out: [DetailLine] = []
        let valueWidth = max(8, width - LaunchDetailDocument.labelWidth - 1)
        func field(_ label: String, _ value: String?, tone: Tone = .plain) {
            guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty, value != "-" else {
                out.append(.field(label: label, value: "-", tone: .muted))
                return
            }
            for (i, line) in LaunchDetailDocument.wrap(value, width: valueWidth).enumerated() {
                out.append(.field(label: i == 0 ? label : "", value: line, tone: tone))
            }
        }
        func number(_ value: Double?, _ unit: String) -> String? {
            value.map { "\(Formatting.grouped($0)) \(unit)" }
        }
        func stage(_ title: String, _ s: Rocket.Stage?) {
            out.append(.blank)
            out.append(.heading(title))
            field("Engines", s?.engines.map(String.init))
            field("Fuel", Units.fuel(tons: s?.fuelAmountTons, in: units[.mass]))
            field("Burn time", number(s?.burnTimeSec, "s"))
        }

        out.append(.heading("Overview"))
        field("Provider", rocket.provider)
        field("Status", rocket.active.map { $0 ? "active" : "retired" }, tone: rocket.active == true ? .success : .muted)
        field("Success rate", rocket.successRatePct.map { "\(Formatting.grouped($0))%" })
        field("Launches", launchRecord(rocket.launchRecord))
        field("Landings", landingRecord(rocket.landingRecord))
        field("First flight", rocket.firstFlight)
        field("Country", rocket.country)
        field("Cost/launch", rocket.costPerLaunch == nil ? nil : Units.money(rocket.costPerLaunch))
        let gto = Units.figure(rocket.payloadToGTOKg, .payload, in: units[.payload])
        field("Payload GTO", gto.value == "-" ? nil : "\(gto.value) \(gto.unit)")
        // Force and propellant follow the Mass row: one system on the page (issue 37).
        field("Thrust", Units.thrust(kN: rocket.liftoffThrustKN, in: units[.mass]))
        field("Stages", rocket.stages.map(String.init))
        field("Reusable", rocket.reusableWords)
        stage("First stage", rocket.firstStage)
        stage("Second stage", rocket.secondStage)
        out.append(.blank)
        out.append(.heading("More"))
        let legs = rocket.landingLegs.flatMap { legs -> String? in
            guard let n = legs.number else { return nil }
            return n == 0 ? "none" : [String(n), legs.material].compactMap { $0 }.joined(separator: ", ")
        }
        field("Landing legs", legs)
        field("Engine", [rocket.engineType?.capitalized, rocket.engineVersion].compactMap { $0 }.joined(separator: " "))
        field("Description", rocket.description)
        field("Wikipedia", rocket.wikipedia?.absoluteString)
        if let info = rocket.infoURL { field("More", info.absoluteString) }
        return out
    }

    /// `12 launches: 12 successful, 0 failed · 14 to come`.
    static func launchRecord(_ record: Rocket.LaunchRecord?) -> String? {
        guard let record, let total = record.total else { return nil }
        var text = "\(Formatting.grouped(Double(total))) launch\(total == 1 ? "" : "es")"
        let outcomes = [record.successful.map { "\(Formatting.grouped(Double($0))) successful" },
                        record.failed.map { "\(Formatting.grouped(Double($0))) failed" }].compactMap { $0 }
        if !outcomes.isEmpty { text += ": " + outcomes.joined(separator: ", ") }
        if let pending = record.pending, pending > 0 { text += " · \(Formatting.grouped(Double(pending))) to come" }
        return text
    }

    /// `21 of 23 landed` (`none attempted` when none were).
    static func landingRecord(_ record: Rocket.LandingRecord?) -> String? {
        guard let record, let attempted = record.attempted else { return nil }
        guard attempted > 0 else { return "none attempted" }
        let tries = Formatting.grouped(Double(attempted))
        guard let landed = record.successful else { return "\(tries) attempted" }
        return "\(Formatting.grouped(Double(landed))) of \(tries) landed"
    }
}
