import UIKit

/// Not in the app target: its own exception set leaves it out.
final class LegacyStatusView: UIView {
    let status = UILabel()

    func update() {
        status.text = NewsLocalizedString("shared.legacy", value: "Legacy", comment: "")
    }
}
