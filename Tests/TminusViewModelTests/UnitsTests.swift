import Foundation
import Synchronization
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// A preferences store that answers `load` with what it was given and records every save.
final class PreferencesSpy: Sendable {
    let loaded: PreferencesStore.Loaded
    let failure: String?
    private let saved = Mutex<[Preferences]>([])

    init(_ preferences: Preferences = .defaults, problem: String? = nil, failing failure: String? = nil) {
        loaded = .init(preferences: preferences, problem: problem)
        self.failure = failure
    }

    var saves: [Preferences] { saved.withLock { $0 } }

    var store: PreferencesStore {
        PreferencesStore(load: { self.loaded }, save: { preferences in
            self.saved.withLock { $0.append(preferences) }
            if let failure = self.failure { return .failure(.init(message: failure)) }
            return .success(())
        })
    }
}

/// A store whose first save waits until the test lets it go; every save is recorded when it
/// completes.
final class GatedStore: Sendable {
    private struct Gate {
        var calls = 0
        var open = false
        var waiting: CheckedContinuation<Void, Never>?
        var completed: [Preferences] = []
    }
    private let gate = Mutex(Gate())

    var completed: [Preferences] { gate.withLock { $0.completed } }

    func open() {
        let waiting = gate.withLock { g -> CheckedContinuation<Void, Never>? in
            g.open = true
            defer { g.waiting = nil }
            return g.waiting
        }
        waiting?.resume()
    }

    var store: PreferencesStore {
        PreferencesStore(load: { .init(preferences: .defaults) }, save: { preferences in
            let first = self.gate.withLock { g -> Bool in
                g.calls += 1
                return g.calls == 1
            }
            if first {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let proceed = self.gate.withLock { g -> Bool in
                        if g.open { return true }
                        g.waiting = continuation
                        return false
                    }
                    if proceed { continuation.resume() }
                }
            }
            self.gate.withLock { $0.completed.append(preferences) }
            return .success(())
        })
    }
}

@Suite("Units modal")
struct UnitsModalTests {
    static let f9 = Sample.Rockets.falcon9
    static let corrupt = "settings file settings.json is corrupt (malformed or truncated JSON); using defaults"

    /// Falcon 9's four figures as the page shows them now.
    func figures(_ h: Harness) -> [String] {
        RocketDocument.figures(Self.f9, units: h.state.preferences.units).map { "\($0.value) \($0.unit)" }
    }

    func onFalcon9Page(preferences: PreferencesStore = .inMemory()) async -> Harness {
        let h = await rocketsTab(ScriptedSource(rockets: Sample.Rockets.all,
                                                rocketLaunches: [Self.f9.id: Sample.launches(3, upcoming: false)]),
                                 preferences: preferences)
        await h.press(.down, .enter)
        return h
    }

    @Test func uOpensTheModalOnEveryRocketScreen() async {
        let h = await rocketsTab(ScriptedSource(rockets: Sample.Rockets.all,
                                                rocketLaunches: [Self.f9.id: Sample.launches(3, upcoming: false)]))
        await h.press(.character("U"))
        #expect(h.state.overlay == .units(selection: 0), "on the rocket list")
        await h.press(.escape)
        #expect(h.state.overlay == nil)
        #expect(h.state.screen == .rocketList, "Esc closed the modal only")

        await h.press(.down, .enter, .character("U"))
        #expect(h.state.overlay == .units(selection: 0), "on a rocket page")
        await h.press(.escape)
        #expect(h.state.overlay == nil)
        #expect(h.state.rocketPage?.index == 1)

        await h.press(.character("L"), .character("U"))
        #expect(h.state.overlay == .units(selection: 0), "on a rocket's launches")
        await h.press(.escape)
        #expect(h.state.overlay == nil)
        #expect(h.state.screen == .rocketLaunches)

        await h.press(.character("U"), .character("U"))
        #expect(h.state.overlay == nil, "U closes it too")
    }

    @Test func uDoesNothingOnTheLaunchesTab() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true), rockets: Sample.Rockets.all)).started()
        await h.press(.character("U"))
        #expect(h.state.overlay == nil)
        await h.press(.enter, .character("U"))
        #expect(h.state.screen == .launchDetail)
        #expect(h.state.overlay == nil)
    }

    @Test func arrowsMoveAndClamp() async {
        let h = await rocketsTab()
        await h.press(.character("U"), .down)
        #expect(h.state.overlay == .units(selection: 1))
        await h.press(.down, .character("j"), .down, .character("j"))
        #expect(h.state.overlay == .units(selection: 3), "stops on Payload")
        await h.press(.up)
        #expect(h.state.overlay == .units(selection: 2))
        await h.press(.character("k"), .up, .character("k"))
        #expect(h.state.overlay == .units(selection: 0), "stops on Height")
        #expect(UnitsModal.rows == [.height, .diameter, .mass, .payload])
    }

    @Test func spaceAndEnterToggleTheSelectedRowAndTheFiguresFollowAtOnce() async {
        let h = await onFalcon9Page()
        #expect(figures(h) == ["70 m", "3.7 m", "549,054 kg", "22,800 kg"])
        await h.press(.character("U"))

        h.viewModel.handle(.key(.character(" ")))
        #expect(h.state.preferences.units == UnitPreferences(height: .imperial))
        #expect(figures(h) == ["229.7 ft", "3.7 m", "549,054 kg", "22,800 kg"], "before the save is done")
        await h.viewModel.settle()

        await h.press(.enter)
        #expect(figures(h) == ["70 m", "3.7 m", "549,054 kg", "22,800 kg"])

        await h.press(.down, .character(" "))
        #expect(figures(h) == ["70 m", "12.1 ft", "549,054 kg", "22,800 kg"])
        await h.press(.down, .enter)
        #expect(figures(h) == ["70 m", "12.1 ft", "1,210,457 lb", "22,800 kg"])
        await h.press(.down, .character(" "))
        #expect(figures(h) == ["70 m", "12.1 ft", "1,210,457 lb", "50,265 lb"])
        #expect(h.state.overlay == .units(selection: 3), "toggling keeps the row")
    }

    @Test func keysDoNotReachTheScreenBehind() async {
        let h = await onFalcon9Page()
        let before = h.state.routes
        let requests = h.source.requests.count
        await h.press(.character("U"))
        await h.press(.character("l"), .right, .character("h"), .left, .character("]"), .character("["),
                      .character("o"), .character("L"), .character("r"), .character("1"), .character("2"),
                      .tab, .backTab, .character("?"), .pageDown, .character("G"), .character("j"))
        #expect(h.state.overlay == .units(selection: 1), "still open; j moved its row")
        #expect(h.state.routes == before, "the page did not move, scroll, change picture or push")
        #expect(h.state.tab == .rockets)
        #expect(h.browser.urls.isEmpty)
        #expect(h.source.requests.count == requests)
        #expect(h.state.preferences == .defaults)
        await h.press(.backspace)
        #expect(h.state.overlay == nil, "Backspace closes it")
        #expect(h.state.routes == before)
    }

    @Test func keysOnTheListDoNotMoveItWhileTheModalIsOpen() async {
        let h = await rocketsTab()
        await h.press(.character("U"), .down, .down, .enter)
        #expect(h.state.rockets.selection == 0)
        #expect(h.state.routes.isEmpty, "Enter toggled a row, it did not open a rocket")
        #expect(h.state.preferences.units == UnitPreferences(mass: .imperial))
        #expect(h.state.overlay == .units(selection: 2))
    }

    @Test func theToggleIsSaved() async {
        let store = PreferencesStore.inMemory()
        let h = await onFalcon9Page(preferences: store)
        await h.press(.character("U"), .down, .down, .character(" "))
        #expect(store.load().preferences == Preferences(units: UnitPreferences(mass: .imperial)))
        #expect(store.load().problem == nil)
        await h.press(.up, .enter)
        #expect(store.load().preferences == Preferences(units: UnitPreferences(diameter: .imperial, mass: .imperial)))
        #expect(h.state.notice == nil, "a good save says nothing")
    }

    @Test func savedChoicesApplyAtStart() async {
        let spy = PreferencesSpy(Preferences(units: UnitPreferences(height: .imperial, payload: .imperial)))
        let h = await onFalcon9Page(preferences: spy.store)
        #expect(figures(h) == ["229.7 ft", "3.7 m", "549,054 kg", "50,265 lb"])
        #expect(h.state.notice == nil)
        #expect(spy.saves.isEmpty)
    }

    @Test func aProblemWithTheFileIsShownAtStartAndNothingIsSavedUntilTheUserChooses() async {
        let spy = PreferencesSpy(problem: Self.corrupt)
        let h = await Harness(source: ScriptedSource(rockets: Sample.Rockets.all), preferences: spy.store).started()
        #expect(h.state.notice == Notice(Self.corrupt, level: .error))
        #expect(h.state.preferences == .defaults)

        await h.press(.character("2"), .down, .enter, .character("U"), .down, .escape, .character("l"), .escape,
                      .character("1"), .character("2"))
        #expect(spy.saves.isEmpty, "browsing never writes the file")
        #expect(h.state.notice == Notice(Self.corrupt, level: .error), "the problem stays on screen")
        #expect(figures(h) == ["70 m", "3.7 m", "549,054 kg", "22,800 kg"], "defaults apply")

        await h.press(.character("U"), .character(" "))
        #expect(spy.saves == [Preferences(units: UnitPreferences(height: .imperial))])
        #expect(h.state.notice == nil, "a fresh choice replaces the old file's problem")
    }

    @Test func theProblemBeatsTheStartupNotice() {
        let spy = PreferencesSpy(problem: Self.corrupt)
        let env = AppEnvironment(source: ScriptedSource().source, clock: TestClock().clock, time: LaunchTime(timeZone: .gmt),
                                 openURL: BrowserSpy().open, preferences: spy.store, startupNotice: "offline: no cache yet")
        #expect(AppViewModel(environment: env, mailbox: Mailbox()).state.notice == Notice(Self.corrupt, level: .error))
        let clean = AppEnvironment(source: ScriptedSource().source, clock: TestClock().clock, time: LaunchTime(timeZone: .gmt),
                                   openURL: BrowserSpy().open, preferences: PreferencesSpy().store,
                                   startupNotice: "offline: no cache yet")
        #expect(AppViewModel(environment: clean, mailbox: Mailbox()).state.notice == Notice("offline: no cache yet"))
    }

    @Test func aFailingSaveShowsItsMessage() async {
        let message = "could not save settings to /nowhere/settings.json: Permission denied"
        let spy = PreferencesSpy(failing: message)
        let h = await onFalcon9Page(preferences: spy.store)
        await h.press(.character("U"), .character(" "))
        #expect(h.state.notice == Notice(message, level: .error))
        #expect(h.state.preferences.units.height == .imperial, "the choice still applies for this run")
        #expect(figures(h).first == "229.7 ft")
        #expect(spy.saves.count == 1)
    }

    @Test func aRealCorruptFileIsKeptAsideWhenTheUserChooses() async throws {
        let dir = FileManager.default.temporaryDirectory.appending(path: "tminus-vm-prefs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appending(path: "settings.json")
        let junk = Data("{\"units\": {\"height\": ".utf8)
        try junk.write(to: file)

        let h = await onFalcon9Page(preferences: .file(file))
        #expect(h.state.notice == Notice(Self.corrupt, level: .error))
        await h.press(.character("U"), .down, .escape, .character("l"))
        #expect(try Data(contentsOf: file) == junk, "untouched while the user only looks")
        #expect(!FileManager.default.fileExists(atPath: file.path + ".corrupt"))

        await h.press(.character("U"), .down, .character(" "))
        #expect(try Data(contentsOf: dir.appending(path: "settings.json.corrupt")) == junk)
        let saved = try JSONDecoder().decode(Preferences.self, from: Data(contentsOf: file))
        #expect(saved == Preferences(units: UnitPreferences(diameter: .imperial)))
        #expect(h.state.notice == nil)
    }

    @Test func aRealFileThatCannotBeWrittenSaysWhy() async throws {
        let dir = FileManager.default.temporaryDirectory.appending(path: "tminus-vm-prefs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let blocker = dir.appending(path: "config")
        try Data("not a directory".utf8).write(to: blocker)
        let file = blocker.appending(path: "settings.json")

        let h = await onFalcon9Page(preferences: .file(file))
        #expect(h.state.notice == nil, "a missing file is no problem")
        await h.press(.character("U"), .character(" "))
        #expect(h.state.notice?.level == .error)
        #expect(h.state.notice?.text.hasPrefix("could not save settings to \(file.path): ") == true, "\(h.state.notice?.text ?? "none")")
    }

    /// Two quick toggles: the file must end with the second choice, whichever save finishes first
    /// on its own.
    @Test func savesLandInTheOrderTheChoicesWereMade() async throws {
        let gated = GatedStore()
        let h = await onFalcon9Page(preferences: gated.store)
        await h.press(.character("U"))
        h.viewModel.handle(.key(.character(" ")))  // height → imperial; this save waits at the gate
        h.viewModel.handle(.key(.character(" ")))  // height → metric
        #expect(h.state.preferences == .defaults)

        // Give the second save every chance to overtake the first.
        let deadline = ContinuousClock.now + .seconds(1)
        while gated.completed.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        gated.open()
        await h.viewModel.settle()

        #expect(gated.completed == [Preferences(units: UnitPreferences(height: .imperial)), .defaults])
        #expect(gated.completed.last == h.state.preferences, "the last write is the latest choice")
    }

    @Test func helpListsUOnRocketScreensOnly() {
        for screen in [ScreenKind.rocketList, .rocketPage, .rocketLaunches] {
            #expect(Keymap.help(for: screen).contains { $0.keys == "U" && $0.action == "units" }, "\(screen)")
        }
        for screen in [ScreenKind.launchList, .launchDetail, .favorites] {
            #expect(!Keymap.help(for: screen).contains { $0.keys == "U" }, "\(screen)")
        }
    }
}
