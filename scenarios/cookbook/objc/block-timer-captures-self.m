// The Objective-C that block-timer-captures-self.yaml models: a clock screen ticks from iOS 10's block-based
// NSTimer, whose block uses self strongly, and invalidates the timer in dealloc.
#import <UIKit/UIKit.h>

@interface ClockViewController : UIViewController
@property (nonatomic, weak) NSTimer *timer;
@property (nonatomic) NSInteger ticks;
@end

@implementation ClockViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.timer = [NSTimer scheduledTimerWithTimeInterval:1.0 repeats:YES block:^(NSTimer *timer) {
        self.ticks += 1;
    }];
}

- (void)dealloc {
    [self.timer invalidate];
}

@end

@interface HomeViewController : UIViewController
@end

@implementation HomeViewController

- (void)openClock {
    ClockViewController *clock = [[ClockViewController alloc] init];
    [self.navigationController pushViewController:clock animated:YES];
}

@end
