import TminusCore

extension ListQuery {
    /// What a server answers for this query out of a whole list: the name matched ignoring
    /// case but not accents (the app folds those itself), the other filters, then the order.
    public func answered(from all: [Launch]) -> [Launch] {
        var kept = all
        if isFiltered { kept = kept.filter { $0.name.range(of: text, options: .caseInsensitive) != nil } }
        kept = kept.filter { withoutText.matches($0) }  // outcome, rocket, webcast
        if reversed { kept.reverse() }
        return kept
    }
}
