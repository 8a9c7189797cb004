import Foundation
import TminusCore

extension Sample {
    /// Rockets shaped like the real `v4/rockets` data (same ids and figures), for the Rockets tab.
    public enum Rockets {
        /// Retired, two pictures, a Wikipedia page, no landing legs (`number: 0`, material null).
        public static let falcon1 = Rocket(
            id: "5e9d0d95eda69955f709d1eb", name: "Falcon 1", type: "rocket", active: false,
            engineVersion: "1C", engineType: "merlin",
            description: "The Falcon 1 was an expendable launch system privately developed and manufactured by SpaceX during 2006-2009.",
            wikipedia: URL(string: "https://en.wikipedia.org/wiki/Falcon_1"),
            flickrImages: images("falcon1", 2),
            heightMeters: 22.25, diameterMeters: 1.68, massKg: 30_146, payloadToLEOKg: 450,
            firstFlight: "2006-03-24", country: "Republic of the Marshall Islands",
            costPerLaunch: 6_700_000, successRatePct: 40,
            firstStage: Rocket.Stage(engines: 1, fuelAmountTons: 44.3, burnTimeSec: 169),
            secondStage: Rocket.Stage(engines: 1, fuelAmountTons: 3.38, burnTimeSec: 378),
            landingLegs: Rocket.LandingLegs(number: 0, material: nil))

        /// Active, every figure: 70 m, 3.7 m, 549,054 kg, 22,800 kg to LEO; six pictures.
        public static let falcon9 = Rocket(
            id: "5e9d0d95eda69973a809d1ec", name: "Falcon 9", type: "rocket", active: true,
            engineVersion: "1D+", engineType: "merlin",
            description: "Falcon 9 is a two-stage rocket designed and manufactured by SpaceX for the reliable and safe transport of satellites and the Dragon spacecraft into orbit.",
            wikipedia: URL(string: "https://en.wikipedia.org/wiki/Falcon_9"),
            flickrImages: images("falcon9", 6),
            heightMeters: 70, diameterMeters: 3.7, massKg: 549_054, payloadToLEOKg: 22_800,
            firstFlight: "2010-06-04", country: "United States",
            costPerLaunch: 50_000_000, successRatePct: 98,
            firstStage: Rocket.Stage(engines: 9, fuelAmountTons: 385, burnTimeSec: 162, thrustSeaLevelKN: 7607),
            secondStage: Rocket.Stage(engines: 1, fuelAmountTons: 90, burnTimeSec: 397),
            landingLegs: Rocket.LandingLegs(number: 4, material: "carbon fiber"))

        /// Decoded from the API's own shape: both burn times null and an empty engine version
        /// (which the decoder turns into nil), four pictures.
        public static let starship: Rocket = {
            let json = #"""
            {
              "id": "5e9d0d96eda699382d09d1ee", "name": "Starship", "type": "rocket", "active": false,
              "height": {"meters": 118, "feet": 387}, "diameter": {"meters": 9, "feet": 30},
              "mass": {"kg": 1335000, "lb": 2943000},
              "payload_weights": [{"id": "leo", "name": "Low Earth Orbit", "kg": 150000, "lb": 330000},
                                  {"id": "mars", "name": "Mars Orbit", "kg": 100000, "lb": 220000}],
              "first_stage": {"reusable": true, "engines": 37, "fuel_amount_tons": 3300, "burn_time_sec": null},
              "second_stage": {"reusable": true, "engines": 6, "fuel_amount_tons": 1200, "burn_time_sec": null},
              "engines": {"number": 37, "type": "raptor", "version": ""},
              "landing_legs": {"number": 6, "material": "stainless steel"},
              "flickr_images": ["https://example.com/starship-1.jpg", "https://example.com/starship-2.jpg",
                                "https://example.com/starship-3.jpg", "https://example.com/starship-4.jpg"],
              "wikipedia": "https://en.wikipedia.org/wiki/SpaceX_Starship",
              "description": "Starship and Super Heavy Rocket represent a fully reusable transportation system designed to service all Earth orbit needs as well as the Moon and Mars.",
              "first_flight": "2021-12-01", "country": "United States",
              "cost_per_launch": 7000000, "success_rate_pct": 0
            }
            """#
            // A literal written here: a failure is a mistake in this file, not in the app.
            return try! JSONDecoder().decode(Rocket.self, from: Data(json.utf8))
        }()

        /// Only an id and a name: no pictures, no figures, no links.
        public static let bare = Rocket(id: "rocket-bare", name: "Bare Rocket")

        /// The Rockets tab's list, in the API's order.
        public static let all = [falcon1, falcon9, starship]

        static func images(_ name: String, _ count: Int) -> [URL] {
            (1...count).map { URL(string: "https://example.com/\(name)-\($0).jpg")! }
        }
    }
}
