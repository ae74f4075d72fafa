// The Objective-C that timer-on-gcd-thread.yaml models: a poller schedules its NSTimer from a block on a global
// queue. The timer goes into the pool thread's run loop, which nobody runs: it never fires, and that run loop keeps
// the timer and, through it, the poller after the screen lets it go.
#import <UIKit/UIKit.h>

@interface Poller : NSObject
@property (nonatomic, weak) NSTimer *timer;
@property (nonatomic) NSInteger polls;
@end

@implementation Poller
- (void)start {
    dispatch_async(dispatch_get_global_queue(DISPATCH_QUEUE_PRIORITY_DEFAULT, 0), ^{
        [self schedule];
    });
}

- (void)schedule {
    self.timer = [NSTimer scheduledTimerWithTimeInterval:1 target:self selector:@selector(poll) userInfo:nil
                                                 repeats:YES];
}

- (void)stop {
    [self.timer invalidate];
}

- (void)poll {
    self.polls += 1;
    NSLog(@"poll");
}
@end

@implementation StatusViewController
- (void)viewDidLoad {
    [super viewDidLoad];
    self.poller = [Poller new];
    [self.poller start];
}
@end
