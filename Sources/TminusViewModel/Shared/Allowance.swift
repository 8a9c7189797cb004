import Foundation
import TminusCore

/// Launch Library 2's budget on screen: its `/api-throttle/` (free there, with a small budget
/// of its own below the governor) is asked at start-up and after a list came fresh from the
/// network, at most every `allowanceInterval`, and the status line shows the calls left.
extension AppReducer {
    /// Often enough to follow a budget of 15 an hour, rarely enough to be no load at all.
    static let allowanceInterval: TimeInterval = 5 * 60

    mutating func askAllowanceIfDue(source index: Int) {
        guard context.sources.indices.contains(index), context.sources[index].reportsAllowance else { return }
        if let asked = state.session.allowanceAskedAt[index], now.timeIntervalSince(asked) < Self.allowanceInterval { return }
        state.session.allowanceAskedAt[index] = now
        effects.append(.fetchAllowance(source: index))
    }

    /// After a list refresh that went well. A failure, a 429 above all, is never answered with
    /// another request; the start-up cache read is not a refresh.
    mutating func askAllowanceAfter(_ asked: ListRequest, _ result: Result<Fetched<LaunchPage>, APIError>) {
        // tminus's own pace changes with every request (and every refusal): read after each.
        if context.sources.indices.contains(asked.source), context.sources[asked.source].reportsAllowance, asked.mode != .cacheOnly {
            effects.append(.readOwnAllowance(source: asked.source))
        }
        guard case .segment = asked.id, asked.mode != .cacheOnly,
              case .success(let fetched) = result, fetched.problem == nil else { return }
        askAllowanceIfDue(source: asked.source)
    }

    /// A failed ask keeps the last figure (it is still the best known); the list's own status
    /// says what is wrong with the network.
    mutating func receivedAllowance(_ result: Result<RequestAllowance, APIError>) {
        if case .success(let allowance) = result { state.allowance = allowance }
    }
}
