import Foundation
import Testing
import TminusCore

/// `--news-api`: the flag, else `TMINUS_NEWS_API`, else config.toml's `news_api`, else the
/// Spaceflight News API's v4.
@Suite struct NewsAPISettingsTests {
    static let home = ["HOME": "/home/ada"]

    static func config(newsAPI: String?) -> ConfigFile.Loaded {
        var config = ConfigFile()
        config.newsAPI = newsAPI
        return ConfigFile.Loaded(config: config)
    }

    func invalid(_ flags: Settings.Flags, _ env: [String: String] = home, config: ConfigFile.Loaded = .init()) -> String? {
        do {
            _ = try Settings.resolve(flags, environment: env, config: config)
            return nil
        } catch let error as Settings.Invalid {
            return error.description
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func theDefaultIsSpaceflightNewsV4() throws {
        let settings = try Settings.resolve(.init(), environment: Self.home, config: .init())
        #expect(settings.newsAPI.absoluteString == "https://api.spaceflightnewsapi.net/v4")
        #expect(settings.newsAPI == SpaceflightNews.defaultBaseURL)
    }

    @Test func flagThenEnvironmentThenConfigThenDefault() throws {
        let loaded = Self.config(newsAPI: "http://config.example/v4")
        #expect(try Settings.resolve(.init(), environment: Self.home, config: loaded).newsAPI.absoluteString
                == "http://config.example/v4")

        var env = Self.home
        env["TMINUS_NEWS_API"] = "http://127.0.0.1:8770/v4"
        #expect(try Settings.resolve(.init(), environment: env, config: loaded).newsAPI.absoluteString
                == "http://127.0.0.1:8770/v4")

        var flags = Settings.Flags()
        flags.newsAPI = "https://flag.example/news"
        #expect(try Settings.resolve(flags, environment: env, config: loaded).newsAPI.absoluteString
                == "https://flag.example/news")
        #expect(try Settings.resolve(flags, environment: Self.home, config: .init()).newsAPI.absoluteString
                == "https://flag.example/news")
    }

    @Test func emptyValuesCountAsNotGiven() throws {
        var flags = Settings.Flags()
        flags.newsAPI = ""
        let env = ["HOME": "/h", "TMINUS_NEWS_API": ""]
        #expect(try Settings.resolve(flags, environment: env, config: Self.config(newsAPI: "http://config.example/v4"))
                .newsAPI.absoluteString == "http://config.example/v4")
        #expect(try Settings.resolve(flags, environment: env, config: .init()).newsAPI == SpaceflightNews.defaultBaseURL)
    }

    /// The other APIs are unmoved by it.
    @Test func itMovesOnlyTheNews() throws {
        var flags = Settings.Flags()
        flags.newsAPI = "http://127.0.0.1:8770/v4"
        let settings = try Settings.resolve(flags, environment: Self.home, config: .init())
        #expect(settings.ll2API.absoluteString == "https://ll.thespacedevs.com/2.3.0")
        #expect(settings.spacexAPI.absoluteString == "https://api.spacexdata.com")
    }

    @Test(arguments: ["ftp://example.com/v4", "file:///tmp/news", "not a url", "api.spaceflightnewsapi.net/v4", "http://",
                      "javascript:alert(1)"])
    func aValueThatIsNoWebLinkIsAnError(text: String) {
        var flags = Settings.Flags()
        flags.newsAPI = text
        #expect(invalid(flags) == "--news-api '\(text)' is not an http(s) URL")
        #expect(invalid(.init(), ["HOME": "/h", "TMINUS_NEWS_API": text]) == "--news-api '\(text)' is not an http(s) URL")
        #expect(invalid(.init(), config: Self.config(newsAPI: text)) == "--news-api '\(text)' is not an http(s) URL")
    }

    /// A bad value below a good one is never looked at.
    @Test func aGoodFlagHidesABadVariable() throws {
        var flags = Settings.Flags()
        flags.newsAPI = "https://flag.example/v4"
        let settings = try Settings.resolve(flags, environment: ["HOME": "/h", "TMINUS_NEWS_API": "ftp://x"],
                                            config: Self.config(newsAPI: "gopher://y"))
        #expect(settings.newsAPI.absoluteString == "https://flag.example/v4")
    }
}

/// config.toml's `news_api`.
@Suite struct NewsAPIConfigFileTests {
    func problem(_ text: String) -> String? {
        do {
            _ = try ConfigFile.parse(text)
            return nil
        } catch let invalid as ConfigFile.Invalid {
            return invalid.description
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func aStringIsTaken() throws {
        #expect(try ConfigFile.parse("news_api = \"http://127.0.0.1:8770/v4\"").newsAPI == "http://127.0.0.1:8770/v4")
        #expect(try ConfigFile.parse("").newsAPI == nil)
    }

    @Test func anythingElseIsAConfigProblem() {
        #expect(problem("news_api = 3") == "config.toml line 1: news_api must be a string")
        #expect(problem("source = \"ll2\"\n\nnews_api = true") == "config.toml line 3: news_api must be a string")
        #expect(problem("news_api = [\"https://a.example\"]") == "config.toml line 1: news_api must be a string")
        // A string that is no web link is the file's problem too, with its line (the app then
        // starts on the defaults), not a flag's error.
        #expect(problem("tz = \"UTC\"\nnews_api = \"ftp://x\"")
                == "config.toml line 2: news_api must be an http(s) URL such as \"https://api.spaceflightnewsapi.net/v4\"")
        #expect(problem("news = \"https://a.example\"")
                == "config.toml line 1: unknown key 'news': use source, tz, theme, pictures, ll2_token, news_api, [units], [colors], [keys] or [follow]")
    }

    /// Read from the config dir: a good value is used; one that is no string is the file's
    /// problem, and the default stands.
    @Test func throughTheFile() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "tminus-news-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let dir = root.appending(path: "config")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var flags = Settings.Flags()
        flags.dataDir = root.path

        try "news_api = \"http://127.0.0.1:8770/v4\"\n".write(to: dir.appending(path: "config.toml"), atomically: true, encoding: .utf8)
        let good = try Settings.resolve(flags, environment: ["HOME": "/home/ada"])
        #expect(good.configProblem == nil)
        #expect(good.newsAPI.absoluteString == "http://127.0.0.1:8770/v4")

        try "tz = \"UTC\"\nnews_api = 3\n".write(to: dir.appending(path: "config.toml"), atomically: true, encoding: .utf8)
        let broken = try Settings.resolve(flags, environment: ["HOME": "/home/ada"])
        #expect(broken.configProblem == "config.toml line 2: news_api must be a string")
        #expect(broken.newsAPI == SpaceflightNews.defaultBaseURL)
        #expect(broken.config == ConfigFile())
    }
}
