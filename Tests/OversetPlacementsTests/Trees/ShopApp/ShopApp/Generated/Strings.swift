// swiftlint:disable all
// Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen

import Foundation

// swiftlint:disable superfluous_disable_command file_length implicit_return prefer_self_in_static_references

internal enum L10n {
  internal enum Checkout {
    /// Your order ships on %@
    internal static func shipsOn(_ p1: Any) -> String {
      return L10n.tr("Localizable", "checkout.ships_on", String(describing: p1), fallback: "Your order ships on %@")
    }
  }
  internal enum Product {
    /// In stock
    internal static let available = L10n.tr("Localizable", "product.available", fallback: "In stock")
    /// Sold out
    internal static let soldOut = L10n.tr("Localizable", "product.sold_out", fallback: "Sold out")
  }
}

extension L10n {
  private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
    let format = Bundle.main.localizedString(forKey: key, value: value, table: table)
    return String(format: format, locale: Locale.current, arguments: args)
  }
}
