import UIKit

final class ProductCell: UITableViewCell {
    @IBOutlet weak var nameLabel: UILabel!

    func configure(outOfStock: Bool) {
        nameLabel.text = outOfStock ? L10n.Product.soldOut : L10n.Product.available
    }
}
