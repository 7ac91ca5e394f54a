#import <UIKit/UIKit.h>

// A base list screen that asks its subclasses for its texts (a template method): its title and section headers.
@interface ListViewController : UITableViewController
- (NSString *)screenTitle;
- (NSString *)headerForSection:(NSInteger)section;
@end

@interface TopicsViewController : ListViewController
@end

// A cell whose base class declares its label and sets it up.
@interface BaseCell : UITableViewCell
@property (nonatomic, weak) IBOutlet UILabel *titleLabel;
@end

@interface TopicCell : BaseCell
+ (NSString *)reuseIdentifier;
@end

@interface SwitchCell : UITableViewCell
@property (nonatomic, strong) UILabel *nameLabel;
+ (NSString *)reuseIdentifier;
@end
