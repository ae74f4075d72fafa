// The Objective-C that dispatch-after-delays-dealloc.yaml models: a report screen refreshes itself 10 s after
// it loads, from a dispatch_after block that uses self strongly; the user leaves it after a second.
#import <UIKit/UIKit.h>

@interface ReportViewController : UIViewController
@property (nonatomic) NSInteger refreshes;
@end

@implementation ReportViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(10 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
        [self refresh];
    });
}

- (void)refresh {
    self.refreshes += 1;
    NSLog(@"refreshing a screen that is gone");
}

@end

@interface HomeViewController : UIViewController
@end

@implementation HomeViewController

- (void)openReport {
    ReportViewController *report = [[ReportViewController alloc] init];
    [self.navigationController pushViewController:report animated:YES];
}

@end
