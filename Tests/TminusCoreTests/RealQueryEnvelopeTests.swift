import Foundation
import Testing
import TminusCore

/// The recorded `POST /v5/launches/query` envelopes through `SpaceXAPI.decodePage`.
@Suite(.enabled(if: Fixtures.available, Fixtures.skipMessage))
struct RealQueryEnvelopeTests {
    @Test func pageOneWithOffsetKey() throws {
        let page = try SpaceXAPI.decodePage(Fixtures.data("spacex/query/launches-page1-offset.json"))
        #expect(page.page == 1)
        #expect(page.next?.page == 2)
        #expect(page.totalDocs == 205)
        #expect(page.launches.count == 10)
        #expect(page.launches.map(\.name).prefix(3) == ["FalconSat", "DemoSat", "Trailblazer"])
        // The query used `select`: fields it left out decode as missing, not as errors.
        let falconSat = try #require(page.launches.first)
        #expect(falconSat.id == "5eb87cd9ffd86e000604b32a")
        #expect(falconSat.flightNumber == nil)
        #expect(falconSat.date == nil)
        #expect(falconSat.success == false)
        #expect(falconSat.failures.first?.reason == "merlin engine failure")
        #expect(falconSat.links.patchSmall?.absoluteString == "https://images2.imgbox.com/94/f2/NN6Ph45r_o.png")
    }

    @Test func pageTwoPageBased() throws {
        let page = try SpaceXAPI.decodePage(Fixtures.data("spacex/query/launches-page2.json"))
        #expect(page.page == 2)
        #expect(page.next?.page == 3)
        #expect(page.totalDocs == 205)
        #expect(page.launches.count == 10)
        #expect(page.launches.first?.name == "CASSIOPE")
        #expect(page.launches.last?.name == "DSCOVR")
        #expect(page.launches.first?.status == .success)
    }
}
