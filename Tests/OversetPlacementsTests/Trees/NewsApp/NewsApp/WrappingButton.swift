import UIKit

/// A button whose title wraps, in 15 pt medium: what its own setup says, which every use of it inherits.
class WrappingButton: UIButton {
    override init(frame: CGRect) {
        super.init(frame: frame)
        titleLabel?.numberOfLines = 0
        titleLabel?.font = .systemFont(ofSize: 15, weight: .medium)
    }

    required init?(coder: NSCoder) { fatalError() }
}

/// A button of the app's that is a wrapping button.
final class PrimaryButton: WrappingButton {}
