// The Objective-C that dispatch-timer-not-kept.yaml models: a poller makes a repeating GCD timer in a local variable
// and resumes it. When -start returns, ARC releases the source, and nothing else keeps it: it is cancelled and freed
// before its first fire. A status label shows the count 2.5 s after launch.
#import <UIKit/UIKit.h>

@interface Poller : NSObject
@property (nonatomic) NSInteger polls;
- (void)start;
@end

@implementation Poller
- (void)start {
    dispatch_source_t source = dispatch_source_create(DISPATCH_SOURCE_TYPE_TIMER, 0, 0, dispatch_get_main_queue());
    dispatch_source_set_timer(source, dispatch_time(DISPATCH_TIME_NOW, NSEC_PER_SEC), NSEC_PER_SEC, 0);
    __weak Poller *weakSelf = self;
    dispatch_source_set_event_handler(source, ^{
        weakSelf.polls += 1;
    });
    dispatch_resume(source);
}
@end

@implementation AppDelegate
- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
    self.poller = [Poller new];
    [self.poller start];
    return YES;
}

- (void)showStatus {
    self.statusLabel.text = [NSString stringWithFormat:@"%ld polls", (long)self.poller.polls];
}
@end
