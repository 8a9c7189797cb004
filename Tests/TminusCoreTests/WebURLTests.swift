import Foundation
import Testing
import TminusCore

/// Only http(s) links with a host survive: they are handed to the user's browser command.
struct WebURLTests {
    @Test(arguments: [
        "https://www.youtube.com/watch?v=0a_00nJ_Y88",
        "http://example.com/a b".replacingOccurrences(of: " ", with: "%20"),
        "HTTPS://EN.WIKIPEDIA.ORG/wiki/Falcon_9",
    ])
    func keepsWebLinks(text: String) throws {
        let url = try #require(WebURL.parse(text))
        #expect(url.absoluteString == text)
    }

    @Test func trimsSurroundingSpaces() {
        #expect(WebURL.parse("  https://example.com/x  ")?.absoluteString == "https://example.com/x")
    }

    @Test(arguments: [
        "javascript:alert(1)",
        "JavaScript:alert(document.cookie)",
        "file:///etc/passwd",
        "file://localhost/etc/passwd",
        "data:text/html,<script>alert(1)</script>",
        "ftp://example.com/file",
        "mailto:someone@example.com",
        "https://",
        "/relative/path",
        "example.com",
        "",
        "   ",
    ])
    func dropsEverythingElse(text: String) {
        #expect(WebURL.parse(text) == nil)
    }

    @Test func nilIsNil() {
        #expect(WebURL.parse(nil) == nil)
    }

    @Test func hostileLinksInALaunchAreDropped() throws {
        let launch = try decode(Launch.self, """
            {"id": "a", "links": {
              "patch": {"small": "file:///etc/passwd", "large": "https://example.com/large.png"},
              "webcast": "javascript:alert(1)", "wikipedia": "https://en.wikipedia.org/wiki/X",
              "presskit": "data:text/html,hi", "article": "ftp://example.com/a",
              "reddit": {"launch": "javascript:void(0)", "campaign": "https://reddit.com/r/spacex/c"}}}
            """)
        #expect(launch.links.patchSmall == nil)
        #expect(launch.links.patchLarge?.absoluteString == "https://example.com/large.png")
        #expect(launch.links.webcast == nil)
        #expect(launch.links.wikipedia?.absoluteString == "https://en.wikipedia.org/wiki/X")
        #expect(launch.links.presskit == nil)
        #expect(launch.links.article == nil)
        // The bad launch thread falls back to the campaign thread.
        #expect(launch.links.reddit?.absoluteString == "https://reddit.com/r/spacex/c")
    }
}
