#import "TopicsViewController.h"
#import "NewsLocalization.h"

@implementation ListViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = [self screenTitle];
}

- (NSString *)screenTitle { return @""; }

- (NSString *)headerForSection:(NSInteger)section { return nil; }

- (NSString *)tableView:(UITableView *)tableView titleForHeaderInSection:(NSInteger)section {
    return [self headerForSection:section];
}

@end

@implementation BaseCell

- (void)awakeFromNib {
    [super awakeFromNib];
    self.titleLabel.numberOfLines = 2;
}

@end

@implementation TopicCell
+ (NSString *)reuseIdentifier { return @"TopicCell"; }
@end

@implementation SwitchCell

- (instancetype)initWithStyle:(UITableViewCellStyle)style reuseIdentifier:(NSString *)reuseIdentifier {
    self = [super initWithStyle:style reuseIdentifier:reuseIdentifier];
    _nameLabel = [[UILabel alloc] init];
    _nameLabel.font = [UIFont systemFontOfSize:15];
    return self;
}

+ (NSString *)reuseIdentifier { return @"SwitchCell"; }

@end

@implementation TopicsViewController {
    NSArray<NSDictionary *> *_rows;
}

- (NSString *)screenTitle {
    return NWSLocalizedString(@"topics.title", nil);
}

- (NSString *)headerForSection:(NSInteger)section {
    return section == 0 ? NWSLocalizedString(@"topics.followed", nil) : NWSLocalizedString(@"topics.suggested", nil);
}

- (void)loadRows {
    _rows = @[
        @{ @"title": NWSLocalizedString(@"topics.follow", nil), @"type": [TopicCell reuseIdentifier] },
        @{ @"title": NWSLocalizedString(@"topics.mute", nil), @"type": [SwitchCell reuseIdentifier] },
        @{ @"hint": NWSLocalizedString(@"topics.hint", nil) },
    ];
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
    NSDictionary *item = _rows[indexPath.row];
    if ([item[@"type"] isEqualToString:[TopicCell reuseIdentifier]]) {
        TopicCell *cell = [tableView dequeueReusableCellWithIdentifier:[TopicCell reuseIdentifier]];
        cell.titleLabel.text = item[@"title"];
        [cell.titleLabel setText:item[@"hint"]];
        return cell;
    }
    SwitchCell *cell = [tableView dequeueReusableCellWithIdentifier:[SwitchCell reuseIdentifier]];
    cell.nameLabel.text = item[@"title"];
    cell.nameLabel.text = item[@"hint"];
    return cell;
}

- (void)describe {
    [self.tableView setAccessibilityHint:NWSLocalizedString(@"topics.a11y", nil)];
}

- (UIAlertAction *)retryAction {
    return [UIAlertAction actionWithTitle:RETRY_STRING() style:UIAlertActionStyleDefault handler:nil];
}

- (UIAlertAction *)doneAction {
    return [UIAlertAction actionWithTitle:NK_DONE_STRING() style:UIAlertActionStyleDefault handler:nil];
}

@end
