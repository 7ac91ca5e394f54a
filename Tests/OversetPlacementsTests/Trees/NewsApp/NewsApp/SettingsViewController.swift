import UIKit

final class SettingsViewController: UITableViewController {
    let doneButton = PrimaryButton()
    let badge = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        doneButton.setTitle(NewsLocalizedString("settings.done", value: "Done", comment: ""), for: .normal)
        badge.text = NewsLocalizedString("settings.badge", value: "New", comment: "").uppercased()
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = NewsLocalizedString("settings.row", value: "Download over cellular", comment: "")
        cell.textLabel?.numberOfLines = 0
        cell.textLabel?.font = .systemFont(ofSize: 16)
        let count = 3
        cell.detailTextLabel?.text = String.localizedStringWithFormat(NSLocalizedString("%d articles", comment: ""), count)
        return cell
    }

    let filter = UISegmentedControl(items: [NewsLocalizedString("settings.all", value: "All articles", comment: ""),
                                            NewsLocalizedString("settings.saved", value: "Saved", comment: "")])

    static func styleSegments() {
        UILabel.appearance(whenContainedInInstancesOf: [UISegmentedControl.self]).numberOfLines = 0
    }

    func renameSection() {
        if let container = tableView.headerView(forSection: 0) {
            container.textLabel?.text = NewsLocalizedString("settings.section", value: "Downloads", comment: "")
        }
        #if false
        badge.text = NewsLocalizedString("settings.retired", value: "Retired", comment: "")
        #endif
    }
}

/// A row whose initializer sets its cell's built-in label through `self.` and optional chaining.
final class StaticRow {
    var cell: UITableViewCell?

    init(label: String) {
        self.cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        self.cell?.textLabel?.text = label
        self.cell?.textLabel?.numberOfLines = 0
    }
}

let keptNote = StaticRow(label: NewsLocalizedString("settings.note", value: "Articles are kept for 30 days", comment: ""))

/// The app's own alert: a `UIAlertController` with a convenience initializer of its own labels.
final class NewsAlertController: UIAlertController {
    convenience init(with title: String, message: String) {
        self.init(title: title, message: message, preferredStyle: .alert)
    }
}

func storageFull() -> UIAlertController {
    NewsAlertController(with: NewsLocalizedString("alert.title", value: "Storage full", comment: ""),
                        message: NewsLocalizedString("alert.message", value: "Delete some articles", comment: ""))
}

/// A row with two initializers that both take a title: Swift picks one by the labels the call passes.
final class InfoRow {
    let titleLabel = UILabel()
    let valueLabel = UILabel()

    init(title: String, subtitle: String? = nil) {
        titleLabel.text = title
    }

    init(title: String, value: String) {
        valueLabel.numberOfLines = 0
        valueLabel.text = title
    }
}

let storageRow = InfoRow(title: NewsLocalizedString("row.storage", value: "Storage", comment: ""))
let cacheRow = InfoRow(title: NewsLocalizedString("row.cache", value: "Cache", comment: ""), value: "12 MB")

/// A switch row: the switch is the cell's accessory view.
func wifiOnlyRow() -> UITableViewCell {
    let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
    cell.textLabel?.text = NewsLocalizedString("row.wifiOnly", value: "Download on Wi-Fi only", comment: "")
    cell.accessoryView = UISwitch()
    return cell
}

/// The app's initializer on UIKit's own class, inherited by a subclass that declares none.
extension UIAlertController {
    convenience init(notice title: String, body: String, dismissLabel: String = "OK") {
        self.init(title: title, message: body, preferredStyle: .alert)
    }
}

final class NewsNoticeController: UIAlertController {}

func offlineNotice() -> UIAlertController {
    NewsNoticeController(notice: NewsLocalizedString("notice.title", value: "Offline", comment: ""),
                         body: NewsLocalizedString("notice.body", value: "Articles will load later", comment: ""))
}

let laterAction = UIAlertAction(title: LATER_STRING(), style: .cancel)

/// A cell with a button of its own, whose title wraps (set in the cell's initializer).
final class ActionCell: UITableViewCell {
    let actionButton = UIButton(type: .system)

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        actionButton.titleLabel?.numberOfLines = 0
    }

    required init?(coder: NSCoder) { nil }
}

func fixPermissionsRow(_ tableView: UITableView) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "action") as! ActionCell
    cell.actionButton.setTitle(NewsLocalizedString("row.fixPermissions", value: "Fix permissions", comment: ""), for: .normal)
    return cell
}

func learnMoreRow() -> UITableViewCell {
    let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
    cell.imageView?.image = UIImage(systemName: "info.circle")
    cell.textLabel?.text = NewsLocalizedString("row.learnMore", value: "Learn more", comment: "")
    return cell
}

func updatedAlert(name: String) -> UIAlertController {
    UIAlertController(title: NSString(format: NewsLocalizedString("alert.updated", value: "%@ was updated", comment: "") as NSString,
                                      name) as String, message: nil, preferredStyle: .alert)
}

/// A cell class that lets its built-in labels wrap, set up once in its initializer.
class WrappingCell: UITableViewCell {
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        textLabel?.numberOfLines = 0
    }

    required init?(coder: NSCoder) { nil }
}

final class StatusCell: WrappingCell {}

func statusRow() -> UITableViewCell {
    let cell = StatusCell(style: .default, reuseIdentifier: nil)
    cell.textLabel?.text = NewsLocalizedString("row.status", value: "Fetching status", comment: "")
    return cell
}

final class DiagnosticsViewController: UITableViewController {
    let subtitleIdentifier = "subtitle"

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(StatusCell.self, forCellReuseIdentifier: subtitleIdentifier)
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: subtitleIdentifier, for: indexPath)
        cell.textLabel?.text = NewsLocalizedString("row.lastSync", value: "Last synchronized", comment: "")
        return cell
    }
}

/// A generic base view controller, and screens whose titles are their navigation titles through it.
class PickerViewController<Item>: UITableViewController {
    var items: [Item] = []
}

final class TopicPickerViewController: PickerViewController<String> {
    override func viewDidLoad() {
        super.viewDidLoad()
        self.title = NewsLocalizedString("picker.title", value: "Choose topics", comment: "")
    }
}

class BaseScreen: UIViewController {}

final class AboutScreen: BaseScreen {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = NewsLocalizedString("about.title", value: "About this app", comment: "")
    }
}

/// A data source's section titles.
final class DownloadsViewController: UITableViewController {
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        switch section {
        case 0: return NewsLocalizedString("settings.header", value: "Downloads", comment: "")
        default: return nil
        }
    }

    override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        NewsLocalizedString("settings.footer", value: "Downloads over cellular use your data plan.", comment: "")
    }
}

/// SwiftUI screens: one pushed by UIKit (its bar shows inline titles), one with its own navigation stack.
struct StorageView: View {
    var body: some View {
        List { Text(verbatim: "-") }
            .navigationTitle(NewsLocalizedString("storage.title", value: "Storage", comment: ""))
    }
}

struct HelpView: View {
    var body: some View {
        NavigationStack {
            Text(verbatim: "-").navigationTitle(NewsLocalizedString("help.title", value: "Help", comment: ""))
        }
    }
}

extension DownloadsViewController {
    func showStorage() {
        navigationController?.pushViewController(UIHostingController(rootView: StorageView()), animated: true)
        present(UIHostingController(rootView: HelpView()), animated: true)
    }
}

/// Accessors a build script generates (not in the repository): `GeneratedStrings` is declared nowhere.
final class GeneratedTitlesViewController: UIViewController {
    let header = UILabel()
    let footer = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.title = GeneratedStrings.generated_title
        header.text = GeneratedStrings.generated_header
        footer.text = GeneratedStrings.generated_footer
    }
}

/// A screen pushed from an inline one keeps its mode; a view shown with an inline mode where it is used has it.
struct ArchiveView: View {
    var body: some View {
        List { NavigationLink(destination: ArchiveDetailView()) { Text(verbatim: "-") } }
            .navigationTitle(NewsLocalizedString("archive.title", value: "Archive", comment: ""))
            .navigationBarTitleDisplayMode(.inline)
    }
}

struct ArchiveDetailView: View {
    var body: some View {
        Text(verbatim: "-").navigationTitle(NewsLocalizedString("archive.detail", value: "Archived article", comment: ""))
    }
}

struct SavedView: View {
    var body: some View {
        Text(verbatim: "-").navigationTitle(NewsLocalizedString("saved.title", value: "Saved", comment: ""))
    }
}

struct SavedHost: View {
    var body: some View {
        NavigationStack { SavedView().navigationBarTitleDisplayMode(.inline) }
    }
}

/// What an iPhone release build leaves out.
#if os(macOS)
struct MacOnlyView: View {
    var body: some View { Text(verbatim: "-").navigationTitle(NewsLocalizedString("mac.title", value: "Mac", comment: "")) }
}
#elseif DEBUG
struct DebugOnlyView: View {
    var body: some View { Text(verbatim: "-").navigationTitle(NewsLocalizedString("debug.title", value: "Debug", comment: "")) }
}
#else
struct PhoneView: View {
    var body: some View { NavigationStack { Text(verbatim: "-").navigationTitle(NewsLocalizedString("phone.title", value: "Phone", comment: "")) } }
}
#endif

/// A link whose destination a property builds (`section.destinationView`): the views it builds are pushed.
struct ShelfView: View {
    var body: some View {
        List { NavigationLink(destination: ShelfSection.saved.destinationView) { Text(verbatim: "-") } }
            .navigationTitle(NewsLocalizedString("shelf.title", value: "Shelf", comment: ""))
            .navigationBarTitleDisplayMode(.inline)
    }
}

enum ShelfSection {
    case saved

    @ViewBuilder var destinationView: some View {
        switch self {
        case .saved: ShelfSavedView()
        }
    }
}

struct ShelfSavedView: View {
    var body: some View {
        Text(verbatim: "-").navigationTitle(NewsLocalizedString("shelf.saved", value: "Saved on the shelf", comment: ""))
    }
}

/// An inline screen whose sheet has its own navigation stack: the sheet's title is SwiftUI's large one.
struct FolderListView: View {
    var body: some View {
        List { Text(verbatim: "-") }
            .navigationTitle(NewsLocalizedString("folders.title", value: "Folders", comment: ""))
            .navigationBarTitleDisplayMode(.inline)
            .sheet(isPresented: .constant(false)) { NavigationStack { newFolderForm } }
    }

    private var newFolderForm: some View {
        Form { Text(verbatim: "-") }.navigationTitle(NewsLocalizedString("folders.new", value: "New folder", comment: ""))
    }
}
