import TminusCore

/// The Units modal's rows, in order.
public enum UnitsModal {
    public static let rows = UnitPreferences.Quantity.allCases
}
