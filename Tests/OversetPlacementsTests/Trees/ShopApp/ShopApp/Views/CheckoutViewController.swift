import UIKit

enum Strings {
    static let confirmTitle = NSLocalizedString("checkout.confirm.title", comment: "Alert title")
    static var confirmMessage: String { NSLocalizedString("checkout.confirm.message", comment: "Alert message") }
    static let cancel = NSLocalizedString("common.cancel", comment: "")
}

final class CheckoutViewController: UIViewController {
    @IBOutlet weak var statusLabel: UILabel!

    private let footnoteLabel: UILabel = {
        let label = UILabel()
        label.numberOfLines = 0
        label.font = UIFontMetrics(forTextStyle: .footnote).scaledFont(for: .systemFont(ofSize: 13, weight: .medium))
        return label
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        statusLabel.text = L10n.Checkout.shipsOn("Monday")
        footnoteLabel.text = NSLocalizedString("checkout.footnote", comment: "")
        view.addSubview(footnoteLabel)
        NSLayoutConstraint.activate([
            footnoteLabel.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            footnoteLabel.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
        view.accessibilityLabel = NSLocalizedString("checkout.a11y", comment: "")
    }

    func confirm() {
        let alert = UIAlertController(title: Strings.confirmTitle, message: Strings.confirmMessage, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: Strings.cancel, style: .cancel))
        present(alert, animated: true)
    }
}
