// The Objective-C that scenarios/cookbook/dispatch-sync-main-from-main.yaml models: a helper that always touches
// the UI "safely" with dispatch_sync onto the main queue, called from viewDidLoad, on the main thread, which already
// holds that queue. Kept here, not in scenarios/cookbook/objc/: that YAML, which spells the isMainThread check of
// its fix as a field, is over the cookbook's 1.5 times this code (CookbookLineCountTests).
#import <UIKit/UIKit.h>

@interface FeedViewController : UITableViewController
@property (nonatomic) NSInteger rows;
- (void)reloadRows;
@end

@implementation FeedViewController
- (void)reloadRows {
    dispatch_sync(dispatch_get_main_queue(), ^{
        self.rows += 1;
        NSLog(@"rows applied on the main queue");
    });
}

- (void)viewDidLoad {
    [super viewDidLoad];
    [self reloadRows];
    NSLog(@"viewDidLoad returned");
}
@end
