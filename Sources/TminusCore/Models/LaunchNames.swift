import Foundation

// The short names a launch goes by on a row, in a follow and in the JSON.

extension Launch {
    /// Where it flies from, in a few words: the r/SpaceX API's pad (`CCSFS SLC 40`), Launch
    /// Library 2's place (`Vandenberg SFB, CA, USA`), else its pad's name.
    public var site: String? {
        guard let pad = launchpad?.object else { return nil }
        return origin == .launchLibrary2 ? pad.locality ?? pad.name : pad.name
    }

    /// A Launch Library 2 name is `Rocket | Mission`: the mission part, for a row whose rocket
    /// has a column of its own (the name as it is otherwise).
    public var missionTitle: String {
        missionAndRocket?.mission ?? name
    }

    /// The name with its mission first (`Dragon CRS-2 · Falcon 9 Block 5`), for a row without
    /// a rocket column: a cut takes the rocket's name, not the mission's.
    public var missionFirstTitle: String {
        missionAndRocket.map { "\($0.mission) · \($0.rocket)" } ?? name
    }

    private var missionAndRocket: (mission: String, rocket: String)? {
        guard origin == .launchLibrary2, let bar = name.range(of: " | ") else { return nil }
        let mission = name[bar.upperBound...].trimmingCharacters(in: .whitespaces)
        let rocket = name[..<bar.lowerBound].trimmingCharacters(in: .whitespaces)
        return mission.isEmpty || rocket.isEmpty ? nil : (mission, rocket)
    }
}
