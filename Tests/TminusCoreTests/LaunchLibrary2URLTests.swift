import Foundation
import Testing
import TminusCore

struct LaunchLibrary2URLTests {
    let base = URL(string: "https://ll.thespacedevs.com/2.2.0")!

    @Test func listURLs() throws {
        // The upcoming list: LL2's largest page, in the mode that carries what the detail shows.
        #expect(LaunchLibrary2.listURL(base: base, segment: .upcoming)
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=100&offset=0&mode=detailed")))
        #expect(LaunchLibrary2.listURL(base: base, segment: .past)
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/previous/?limit=20&offset=0&mode=detailed")))
        #expect(LaunchLibrary2.listURL(base: base, segment: .past, limit: 10, offset: 40)
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/previous/?limit=10&offset=40&mode=detailed")))
        // A trailing slash on the base makes no double slash.
        #expect(LaunchLibrary2.listURL(base: try makeURL("https://ll.thespacedevs.com/2.0.0/"), segment: .upcoming)
                == (try makeURL("https://ll.thespacedevs.com/2.0.0/launch/upcoming/?limit=100&offset=0&mode=detailed")))
        // A local server without a version in its path.
        #expect(LaunchLibrary2.listURL(base: try makeURL("http://127.0.0.1:8081"), segment: .upcoming)
                == (try makeURL("http://127.0.0.1:8081/launch/upcoming/?limit=100&offset=0&mode=detailed")))
        #expect(LaunchLibrary2.listURL(base: try makeURL("http://127.0.0.1:8081/2.2.0"), segment: .past, offset: 20)
                == (try makeURL("http://127.0.0.1:8081/2.2.0/launch/previous/?limit=20&offset=20&mode=detailed")))
    }

    /// 2.3.0 renamed every endpoint to the plural (`/2.3.0/launches/`, LL_230_changelog.md).
    @Test func version230IsPlural() throws {
        let v230 = try makeURL("https://ll.thespacedevs.com/2.3.0")
        #expect(LaunchLibrary2.listURL(base: v230, segment: .upcoming)
                == (try makeURL("https://ll.thespacedevs.com/2.3.0/launches/upcoming/?limit=100&offset=0&mode=detailed")))
        #expect(LaunchLibrary2.listURL(base: v230, segment: .past)
                == (try makeURL("https://ll.thespacedevs.com/2.3.0/launches/previous/?limit=20&offset=0&mode=detailed")))
        #expect(LaunchLibrary2.detailURL(base: v230, id: "abc") == (try makeURL("https://ll.thespacedevs.com/2.3.0/launches/abc/")))
        #expect(LaunchLibrary2.listURL(base: try makeURL("https://ll.thespacedevs.com/2.10.0/"), segment: .upcoming)
                == (try makeURL("https://ll.thespacedevs.com/2.10.0/launches/upcoming/?limit=100&offset=0&mode=detailed")))
        #expect(LaunchLibrary2.detailURL(base: try makeURL("https://ll.thespacedevs.com/2.1.0"), id: "abc")
                == (try makeURL("https://ll.thespacedevs.com/2.1.0/launch/abc/")))
    }

    @Test func detailURLs() throws {
        #expect(LaunchLibrary2.detailURL(base: base, id: "95653d52-bb77-4860-a815-dd7141778d17")
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/95653d52-bb77-4860-a815-dd7141778d17/")))
        // An id cannot leave its path segment.
        #expect(LaunchLibrary2.detailURL(base: base, id: "a/b?c#d e%").absoluteString
                == "https://ll.thespacedevs.com/2.2.0/launch/a%2Fb%3Fc%23d%20e%25/")
        #expect(LaunchLibrary2.detailURL(base: base, id: "..").absoluteString == "https://ll.thespacedevs.com/2.2.0/launch/%2E%2E/")
        #expect(LaunchLibrary2.detailURL(base: base, id: "v1.2").absoluteString == "https://ll.thespacedevs.com/2.2.0/launch/v1.2/")
    }

    @Test func aSameOriginCursorIsFollowedAsGiven() throws {
        let next = try makeURL("https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=20&mode=normal&offset=20")
        #expect(LaunchLibrary2.url(for: PageCursor(page: 2, url: next), base: base, segment: .upcoming) == next)
        // The host in another case, the default port spelled out: the same server.
        let spelled = try makeURL("https://LL.thespacedevs.com:443/2.2.0/launch/upcoming/?limit=20&offset=20")
        #expect(LaunchLibrary2.url(for: PageCursor(page: 2, url: spelled), base: base, segment: .upcoming) == spelled)
        let local = try makeURL("http://127.0.0.1:8081/2.2.0/launch/previous/?limit=20&offset=40&mode=detailed")
        #expect(LaunchLibrary2.url(for: PageCursor(page: 3, url: local), base: try makeURL("http://127.0.0.1:8081/2.2.0"),
                                   segment: .past) == local)
    }

    @Test func aForeignCursorIsComputedFromItsOffset() throws {
        let expected = try makeURL("https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=20&offset=20&mode=detailed")
        for foreign in [
            "https://evil.example/2.2.0/launch/upcoming/?limit=20&offset=20",
            "http://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=20&offset=20",       // another scheme
            "https://ll.thespacedevs.com:8443/2.2.0/launch/upcoming/?limit=20&offset=20", // another port
        ] {
            #expect(LaunchLibrary2.url(for: PageCursor(page: 2, url: try makeURL(foreign)), base: base, segment: .upcoming)
                    == expected, "\(foreign)")
        }
        // The foreign URL's offset is the page asked for, whatever the cursor's number says.
        #expect(LaunchLibrary2.url(for: PageCursor(page: 2, url: try makeURL("https://evil.example/?limit=10&offset=70")),
                                   base: base, segment: .past)
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/previous/?limit=10&offset=70&mode=detailed")))
        // No limit: the list's own page (100 upcoming).
        #expect(LaunchLibrary2.url(for: PageCursor(page: 2, url: try makeURL("https://ll.thespacedevs.com.evil.example/?offset=100")),
                                   base: base, segment: .upcoming)
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=100&offset=100&mode=detailed")))
        // No offset, or an unreadable one: from the page number.
        #expect(LaunchLibrary2.url(for: PageCursor(page: 4, url: try makeURL("https://evil.example/?offset=lots&limit=500")),
                                   base: base, segment: .upcoming)
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=100&offset=300&mode=detailed")))
        #expect(LaunchLibrary2.url(for: PageCursor(page: 4, url: try makeURL("https://evil.example/?offset=lots&limit=500")),
                                   base: base, segment: .past)
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/previous/?limit=20&offset=60&mode=detailed")))
    }

    @Test func aCursorWithoutAURLIsComputed() throws {
        #expect(LaunchLibrary2.url(for: .first, base: base, segment: .upcoming)
                == LaunchLibrary2.listURL(base: base, segment: .upcoming))
        #expect(LaunchLibrary2.url(for: PageCursor(page: 3), base: base, segment: .past)
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/previous/?limit=20&offset=40&mode=detailed")))
    }

    @Test func sourceName() {
        #expect(LaunchLibrary2.name == "Launch Library 2")
    }
}

/// A launch row's rocket: Launch Library 2's configuration, by id and name.
func ll2Rocket(_ id: String, _ name: String) -> Rocket {
    var rocket = Rocket(id: id, name: name)
    rocket.origin = .launchLibrary2
    return rocket
}
