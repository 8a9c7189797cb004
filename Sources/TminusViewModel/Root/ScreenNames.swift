import TminusCore

// The screens, tabs and routes by name, for the code and the tests that mean one in
// particular (`state.screen == .launchDetail`, `stacks[.rockets]`, `.launchDetail(detail)`).
// Each is declared by its unit, in its folder; a new screen needs no name here to work.

extension ScreenKind {
    public static let launchList = LaunchesScreen.kind
    public static let launchDetail = LaunchDetailScreen.kind
    public static let rocketList = RocketsScreen.kind
    public static let rocketPage = RocketPageScreen.kind
    public static let rocketLaunches = RocketLaunchesScreen.kind
    public static let favorites = FavoritesScreen.kind
    public static let events = EventsScreen.kind
    public static let eventDetail = EventDetailScreen.kind
}

extension Tab {
    public static let launches = LaunchesScreen.tab
    public static let rockets = RocketsScreen.tab
    public static let favorites = FavoritesScreen.tab
    public static let events = EventsScreen.tab
}

extension Route {
    public static func launchDetail(_ detail: LaunchDetailState) -> Route { Route(.launchDetail, detail) }
    public static func rocketPage(_ page: RocketPageState) -> Route { Route(.rocketPage, page) }
    public static func rocketLaunches(rocketID: String, rocketName: String) -> Route {
        Route(.rocketLaunches, RocketLaunchesState(rocketID: rocketID, rocketName: rocketName))
    }

    public static func eventDetail(_ detail: EventDetailState) -> Route { Route(.eventDetail, detail) }

    /// The route's state when it is that screen's.
    public var launchDetail: LaunchDetailState? { state(as: LaunchDetailState.self) }
    public var rocketPage: RocketPageState? { state(as: RocketPageState.self) }
    public var rocketLaunches: RocketLaunchesState? { state(as: RocketLaunchesState.self) }
    public var eventDetail: EventDetailState? { state(as: EventDetailState.self) }
}
