import Foundation
import Synchronization
import Testing
import TminusCore
import TminusRender
import TminusTestSupport
@testable import TminusViewModel

/// Issue 38 in the view model: the follow under the Upcoming and Past lists, `P`, `E`, the
/// header, the server's ids, the events, the empty list's words.
@Suite("Following")
struct FollowingTests {
    /// Six launches a day apart from three providers at three places: SpaceX from Florida
    /// (1, 3, 5), Rocket Lab from Mahia (2, 6; 6 crewed), ULA from Vandenberg (4).
    static var launches: [Launch] {
        Sample.launches(6, upcoming: true).enumerated().map { index, launch in
            var launch = launch
            let (provider, abbrev, id, pad, place, location): (String, String, String, String, String, String) = switch index {
            case 1, 5: ("Rocket Lab", "RL", "147", "Launch Complex 1A", "Rocket Lab Launch Complex 1, Mahia Peninsula, New Zealand", "10")
            case 3: ("United Launch Alliance", "ULA", "124", "SLC-3E", "Vandenberg SFB, CA, USA", "11")
            default: ("SpaceX", "SpX", "121", "SLC-40", "Cape Canaveral SFS, FL, USA", "12")
            }
            launch.provider = provider
            launch.providerAbbrev = abbrev
            launch.providerID = id
            launch.launchpad = .object(Launchpad(id: "pad-" + location, name: pad, locality: place, locationID: location))
            if index == 5 { launch.missionType = "Human Exploration" }
            return launch
        }
    }

    static let rocketLab = Follow(providers: ["Rocket Lab"])

    func names(_ h: Harness) -> [String] { h.state.upcoming.launches.map(\.name) }

    @Test func theFlagsFollowForTheRunAndTheHeaderSaysWhatAndHowMany() async {
        let h = await Harness(source: ScriptedSource(upcoming: Self.launches), width: 120, followFlag: Self.rocketLab).started()
        #expect(names(h) == ["Mission 2", "Mission 6"])
        // The scripted source answers the follow itself: how many it left out is not known here.
        #expect(h.state.followingWords(.upcoming) == "following: Rocket Lab")
        // Once every launch has been at hand (`E`), the follow's count of those it hides.
        await h.press(.character("E"), .character("E"))
        #expect(h.state.followingWords(.upcoming) == "following: Rocket Lab · 4 hidden")
        let screen = Renderer.render(h.state, size: Size(width: 120, height: 30)).text
        #expect(screen.contains("following: Rocket Lab · 4 hidden"), "\(screen)")
        // Not saved: a flag is for this run.
        #expect(h.preferences.load().preferences.follow == nil)
    }

    @Test func pChoosesFromTheLaunchesAtHandAndEnterSavesAndAsksTheServerByID() async {
        let h = await Harness(source: ScriptedSource(upcoming: Self.launches)).started()
        await h.press(.character("P"))
        guard case .follow(let chooser)? = h.state.overlay else { Issue.record("no chooser"); return }
        #expect(chooser.all.prefix(3) == [.provider(name: "SpaceX", upcoming: 3), .provider(name: "Rocket Lab", upcoming: 2),
                                          .provider(name: "United Launch Alliance", upcoming: 1)])
        #expect(chooser.all.contains(.location(name: "Florida", kind: "US state", upcoming: 3)))
        #expect(chooser.all.contains(.location(name: "New Zealand", kind: "country", upcoming: 2)))
        // `/ rock`: the rows narrow to Rocket Lab (and the crewed and hide rows).
        await h.press(.character("/"), .character("r"), .character("o"), .character("c"), .character("k"), .enter)
        await h.press(.character(" "), .enter)
        #expect(h.state.overlay == nil)
        #expect(h.state.follow == Self.rocketLab)
        #expect(names(h) == ["Mission 2", "Mission 6"])
        #expect(h.state.notice?.text == "following: Rocket Lab")
        // The upcoming list was whole: the followed one is made from it, nothing asked.
        #expect(h.source.requests == [.init(segment: .upcoming, page: 1)])
        // Saved, with Rocket Lab's id learned from the rows at hand.
        let saved = h.preferences.load().preferences
        #expect(saved.follow == Self.rocketLab)
        #expect(saved.followIDs.providers["rocket lab"] == ["147"])
    }

    @Test func aListNotWholeAsksTheServerForTheFollowedLaunchesByTheirIDs() async {
        // Pages of two: the list is not whole, so the followed one is asked of the server.
        let h = await Harness(source: ScriptedSource(upcoming: Self.launches, pageSize: 2)).started()
        // The first page's providers, one upcoming launch each: by name, Rocket Lab first.
        await h.press(.character("P"), .character(" "), .enter)
        #expect(h.state.follow == Self.rocketLab)
        let asked = h.source.requests.last { $0.segment == .upcoming }
        #expect(asked?.query.server.providerIDs == ["147"], "\(h.source.requests)")
        #expect(asked?.query.follow == Self.rocketLab)
        #expect(names(h) == ["Mission 2", "Mission 6"])
    }

    @Test func theStatusLineSaysTheChoosersKeysWhileItIsOpen() async {
        let h = await Harness(source: ScriptedSource(upcoming: Self.launches), width: 120).started()
        await h.press(.character("P"))
        let bottom = Renderer.render(h.state, size: Size(width: 120, height: 30)).text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(bottom.contains("Space tick") && bottom.contains("Enter save") && bottom.contains("Esc cancel"), "\(bottom)")
        #expect(!bottom.contains("open launch") && !bottom.contains("q quit"), "\(bottom)")
        await h.press(.character("/"))
        let typing = Renderer.render(h.state, size: Size(width: 120, height: 30)).text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(typing.contains("Enter done") && !typing.contains("Space tick"), "\(typing)")
    }

    @Test func escInTheChooserKeepsTheFollowAsItWas() async {
        let h = await Harness(source: ScriptedSource(upcoming: Self.launches), followFlag: Self.rocketLab).started()
        let asked = h.source.requests.count
        await h.press(.character("P"), .down, .down, .character(" "), .escape)
        #expect(h.state.overlay == nil)
        #expect(h.state.follow == Self.rocketLab)
        #expect(names(h) == ["Mission 2", "Mission 6"])
        #expect(h.source.requests.count == asked, "nothing asked")
        #expect(h.preferences.load().preferences.follow == nil, "nothing saved")
    }

    @Test func aWordToHideIsTypedInTheChooser() async {
        let h = await Harness(source: ScriptedSource(upcoming: Self.launches)).started()
        await h.press(.character("P"), .end, .character(" "))
        for c in "Mission 3" { await h.press(.character(c)) }
        await h.press(.enter, .enter)
        #expect(h.state.follow.hide == ["Mission 3"])
        #expect(!names(h).contains("Mission 3") && names(h).count == 5)
    }

    @Test func eShowsEverythingForNowAndBackWithoutLosingTheFollow() async {
        let h = await Harness(source: ScriptedSource(upcoming: Self.launches), width: 120, followFlag: Self.rocketLab).started()
        await h.press(.character("E"))
        #expect(names(h).count == 6)
        #expect(h.state.follow == Self.rocketLab, "the follow is kept")
        #expect(h.state.followingWords(.upcoming) == "everything · E follows again")
        let asked = h.source.requests.count
        await h.press(.character("E"))
        #expect(names(h) == ["Mission 2", "Mission 6"])
        await h.press(.character("E"))
        #expect(names(h).count == 6)
        #expect(h.source.requests.count == asked, "back and forth: the lists were kept, nothing asked")
    }

    @Test func eWithNothingFollowedSaysSo() async {
        let h = await Harness(source: ScriptedSource(upcoming: Self.launches)).started()
        await h.press(.character("E"))
        #expect(h.state.notice?.text.contains("nothing is followed") == true)
        #expect(!h.state.showsEverything)
    }

    @Test func aSavedFollowBeatsConfigAndTheFlagsBeatBoth() async {
        var saved = Preferences.defaults
        saved.follow = Follow(providers: ["ULA"])
        let store = PreferencesStore.inMemory(.init(preferences: saved))
        let fromSettings = await Harness(source: ScriptedSource(upcoming: Self.launches), preferences: store,
                                         configFollow: Self.rocketLab).started()
        #expect(names(fromSettings) == ["Mission 4"])
        let fromConfig = await Harness(source: ScriptedSource(upcoming: Self.launches), configFollow: Self.rocketLab).started()
        #expect(names(fromConfig) == ["Mission 2", "Mission 6"])
        let fromFlags = await Harness(source: ScriptedSource(upcoming: Self.launches), preferences: store,
                                      followFlag: Follow(crewed: true)).started()
        #expect(names(fromFlags) == ["Mission 6"])
    }

    @Test func theBannerIsTheNextFollowedLaunch() async {
        let h = await Harness(source: ScriptedSource(upcoming: Self.launches), followFlag: Follow(locations: ["Vandenberg"])).started()
        guard case .launch(let next) = h.state.nextLaunch else { Issue.record("\(h.state.nextLaunch)"); return }
        #expect(next.name == "Mission 4")
    }

    @Test func eventsNamingAFollowedLaunchOrNoneShow() async {
        let launches = Self.launches
        var docking = SpaceEvent(id: "1", name: "Docking", date: Sample.reference.addingTimeInterval(86_400))
        docking.launches = [launches[0]]  // SpaceX
        var landing = SpaceEvent(id: "2", name: "Landing", date: Sample.reference.addingTimeInterval(2 * 86_400))
        landing.launches = [launches[1]]  // Rocket Lab
        let walk = SpaceEvent(id: "3", name: "Spacewalk", date: Sample.reference.addingTimeInterval(3 * 86_400))
        let source = ScriptedSource(upcoming: launches, name: "Launch Library 2", events: [.upcoming: [docking, landing, walk]])
        let h = await Harness(source: source, width: 120, followFlag: Self.rocketLab).started()
        await h.press(.character("4"))
        #expect(h.state.events.current.events.map(\.name) == ["Landing", "Spacewalk"])
        let screen = Renderer.render(h.state, size: Size(width: 120, height: 30)).text
        #expect(screen.contains("following: Rocket Lab · 1 hidden"), "\(screen)")
        await h.press(.character("E"))
        #expect(h.state.events.current.events.count == 3)
    }

    @Test func theArchiveSaysItHasSpaceXsLaunchesOnlyWhenTheFollowLeavesThemOut() async {
        let archive = ScriptedSource(upcoming: Sample.launches(3, upcoming: true).map { var l = $0; l.provider = "SpaceX"; return l },
                                     name: "r/SpaceX API", isFrozen: true)
        let h = await Harness(source: archive, width: 120, followFlag: Self.rocketLab).started()
        #expect(names(h).isEmpty)
        let screen = Renderer.render(h.state, size: Size(width: 120, height: 30)).text
        #expect(screen.contains("r/SpaceX API has SpaceX's launches only: you follow Rocket Lab."), "\(screen)")
        #expect(screen.contains("E shows everything"), "\(screen)")
    }

    @Test func aNameThatMatchesNothingLoadedIsSaidWithTheNearestNames() async {
        let h = await Harness(source: ScriptedSource(upcoming: Self.launches), width: 120,
                              followFlag: Follow(providers: ["Rocket Lbb"])).started()
        #expect(names(h).isEmpty)
        // Nothing at hand yet (the scripted server answers the follow itself): the plain words.
        #expect(h.state.emptyFollowWords?.first == "Nothing here of what you follow (Rocket Lbb).")
        // Once the launches are at hand (`E` and back), the name is said wrong, with the nearest.
        await h.press(.character("E"), .character("E"))
        #expect(h.state.emptyFollowWords?.first == "No provider matches 'Rocket Lbb' in the 6 launches listed (close: Rocket Lab).")
        let screen = Renderer.render(h.state, size: Size(width: 120, height: 30)).text
        #expect(screen.contains("No provider matches 'Rocket Lbb'"), "\(screen)")
        // Names that each match launches at hand, but no launch both: the follow left nothing.
        let right = await Harness(source: ScriptedSource(upcoming: Self.launches), width: 120,
                                  followFlag: Follow(providers: ["Rocket Lab"], locations: ["Vandenberg"])).started()
        await right.press(.character("E"), .character("E"))
        #expect(right.state.emptyFollowWords?.first == "Nothing here of what you follow (Rocket Lab · Vandenberg).")
    }

    @Test func theFollowIdsAreLearnedFromWhatArrivesAndSaved() async {
        let h = await Harness(source: ScriptedSource(upcoming: Self.launches), followFlag: Follow(locations: ["Florida"])).started()
        #expect(h.preferences.load().preferences.followIDs.locations["florida"] == ["12"])
    }

    /// Ids learned while lists are asked for do not change a list's query under its answer:
    /// they wait for the next change of follow (or run).
    @Test func idsLearnedMidRunWaitForTheNextChange() async {
        let past = Sample.launches(4, upcoming: false).map { launch -> Launch in
            var launch = launch
            launch.provider = "Rocket Lab"; launch.providerID = "147"
            return launch
        }
        let source = ScriptedSource(upcoming: Self.launches, past: past)
        let h = Harness(source: source, followFlag: Self.rocketLab)
        h.viewModel.start()
        h.viewModel.handle(.key(.character("p")))  // Past asked while Upcoming's answer teaches the ids
        await h.viewModel.settle()
        #expect(h.state.preferences.followIDs.providers["rocket lab"] == ["147"])
        #expect(h.state.query(.segment(.past)).server == .none)
        #expect(h.state.past.launches.count == 4 && !h.state.past.isLoading, "the answer was not dropped")
    }
}

@Suite("Following: reminders")
struct FollowedReminderTests {
    /// Mission 2 (Rocket Lab) and Mission 3 (SpaceX), two and three days ahead, to the hour.
    @Test func aFollowedLaunchRingsAsAWatchedOneAndOthersDoNot() async {
        let launches = FollowingTests.launches
        let rig = await ReminderRig(launches, watched: [], now: Sample.reference, reminders: [10],
                                    follow: FollowingTests.rocketLab)
        await rig.tick(at: launches[1].date!.addingTimeInterval(-5 * 60))
        #expect(rig.spy.reminders.map(\.name) == ["Mission 2"])
        await rig.tick(at: launches[2].date!.addingTimeInterval(-5 * 60))
        #expect(rig.spy.reminders.map(\.name) == ["Mission 2"], "SpaceX's Mission 3 is not followed")
    }

    @Test func aWatchedLaunchRingsWhateverIsFollowed() async {
        let launches = FollowingTests.launches
        let rig = await ReminderRig(launches, watched: [launches[2]], now: Sample.reference, reminders: [10],
                                    follow: FollowingTests.rocketLab)
        await rig.tick(at: launches[1].date!.addingTimeInterval(-5 * 60))
        await rig.tick(at: launches[2].date!.addingTimeInterval(-5 * 60))
        #expect(rig.spy.reminders.map(\.name) == ["Mission 2", "Mission 3"])
    }

    @Test func withoutAFollowOnlyWatchedLaunchesRing() async {
        let launches = FollowingTests.launches
        let rig = await ReminderRig(launches, watched: [], now: Sample.reference, reminders: [10])
        await rig.tick(at: launches[1].date!.addingTimeInterval(-5 * 60))
        #expect(rig.spy.reminders.isEmpty)
    }
}

/// The follow's server ids are the app's own learning, not the user's choice: a disk that
/// refuses them is logged, never "unsaved", and a settings file that could not be read is not
/// written over to keep them.
@Suite("Following: the ids learned")
struct FollowIDsSavingTests {
    final class Saves: Sendable {
        let count = Mutex(0)
    }

    static func store(problem: String? = nil, refuse: Bool, saves: Saves) -> PreferencesStore {
        PreferencesStore(load: { .init(preferences: .defaults, problem: problem) }, save: { _ in
            saves.count.withLock { $0 += 1 }
            return refuse ? .failure(.init(message: "could not save settings: read-only file system")) : .success(())
        })
    }

    @Test func aRefusedWriteOfTheIdsIsNoUnsavedWork() async {
        let saves = Saves()
        let h = await Harness(source: ScriptedSource(upcoming: FollowingTests.launches),
                              preferences: Self.store(refuse: true, saves: saves),
                              followFlag: Follow(locations: ["Florida"])).started()
        #expect(saves.count.withLock { $0 } == 1, "the ids were written once")
        #expect(h.state.preferences.followIDs.locations["florida"] == ["12"], "and kept for the run")
        #expect(UnsavedWork(h.state).isEmpty)
        #expect(h.state.notice?.level != .error, "\(String(describing: h.state.notice))")
    }

    @Test func aSettingsFileThatCouldNotBeReadIsNotWrittenOverForThem() async {
        let saves = Saves()
        let h = await Harness(source: ScriptedSource(upcoming: FollowingTests.launches),
                              preferences: Self.store(problem: "settings.json: not JSON", refuse: false, saves: saves),
                              followFlag: Follow(locations: ["Florida"])).started()
        #expect(saves.count.withLock { $0 } == 0)
        #expect(h.state.preferences.followIDs.locations["florida"] == ["12"], "learned for the run all the same")
    }
}
