#import <UIKit/UIKit.h>

@interface ArticleViewController : UIViewController
@property (nonatomic, weak) IBOutlet UILabel *headlineLabel;
@property (nonatomic, weak) IBOutlet UIButton *saveButton;
@property (nonatomic, strong) UILabel *bylineLabel;
@end
