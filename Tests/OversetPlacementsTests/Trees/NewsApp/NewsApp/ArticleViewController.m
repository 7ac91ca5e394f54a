#import "ArticleViewController.h"
#import "NewsLocalization.h"

@implementation ArticleViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = NWSLocalizedString(@"article.nav", @"The navigation title");
    self.headlineLabel.text = NWSLocalizedString(@"article.headline", @"A headline");
    [self.saveButton setTitle:[NWSLocalizedString(@"article.save", nil) uppercaseString] forState:UIControlStateNormal];
    _bylineLabel.numberOfLines = 2;
    _bylineLabel.font = [UIFont systemFontOfSize:13 weight:UIFontWeightMedium];
    _bylineLabel.text = NSLocalizedString(@"article.byline", nil);
    // self.headlineLabel.text = NSLocalizedString(@"article.commented", nil);
    NSString *note = @"NSLocalizedString(@\"article.inString\", nil)";
    (void)note;
}

- (void)share {
    UIAlertController *alert = [UIAlertController alertControllerWithTitle:NWSLocalizedString(@"share.title", nil)
                                                                   message:NWSLocalizedString(@"share.message", nil)
                                                            preferredStyle:UIAlertControllerStyleAlert];
    [alert addAction:[UIAlertAction actionWithTitle:NWSLocalizedString(@"share.cancel", nil) style:UIAlertActionStyleCancel handler:nil]];
    [alert addAction:[UIAlertAction actionWithTitle:NWSText(@"share.copy") style:UIAlertActionStyleDefault handler:nil]];
}

- (NSString *)tableView:(UITableView *)tableView titleForHeaderInSection:(NSInteger)section {
    return NWSLocalizedString(@"article.related", nil);
}

@end
