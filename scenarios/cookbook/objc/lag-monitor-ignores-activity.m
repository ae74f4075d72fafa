// The Objective-C that lag-monitor-ignores-activity.yaml models: a run-loop lag monitor. One observer for every
// activity records the main loop's latest activity and signals a semaphore; a watchdog thread waits on it 50 ms at
// a time and reports a lag after five timeouts. The bug: the watchdog never looks at the activity, so a main loop
// asleep after BeforeWaiting (nothing to do, nothing signals) reads as a 250 ms hang, again and again.
#import <UIKit/UIKit.h>

@interface LagMonitor : NSObject {
    CFRunLoopObserverRef _observer;
    dispatch_semaphore_t _semaphore;
    CFRunLoopActivity _activity;
    NSInteger _timeouts;
}
- (void)start;
@end

@implementation LagMonitor
static void observe(CFRunLoopObserverRef observer, CFRunLoopActivity activity, void *info) {
    LagMonitor *monitor = (__bridge LagMonitor *)info;
    monitor->_activity = activity;
    dispatch_semaphore_signal(monitor->_semaphore);
}

- (void)start {
    _semaphore = dispatch_semaphore_create(0);
    CFRunLoopObserverContext context = {0, (__bridge void *)self, NULL, NULL, NULL};
    _observer = CFRunLoopObserverCreate(kCFAllocatorDefault, kCFRunLoopAllActivities, YES, 0, &observe, &context);
    CFRunLoopAddObserver(CFRunLoopGetMain(), _observer, kCFRunLoopCommonModes);
    dispatch_async(dispatch_get_global_queue(0, 0), ^{
        while (YES) {
            long timedOut = dispatch_semaphore_wait(self->_semaphore, dispatch_time(DISPATCH_TIME_NOW, 50 * NSEC_PER_MSEC));
            if (timedOut != 0) {
                if (++self->_timeouts < 5) continue;
                NSLog(@"lag");
            }
            self->_timeouts = 0;
        }
    });
}
@end

@interface AppDelegate : UIResponder <UIApplicationDelegate>
@property (nonatomic, strong) LagMonitor *monitor;
@end

@implementation AppDelegate
- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
    self.monitor = [LagMonitor new];
    [self.monitor start];
    return YES;
}
@end

// A tap, one second after launch, does 400 ms of work on the main thread.
@implementation FeedViewController
- (IBAction)refresh:(id)sender {
    usleep(400 * 1000);
}
@end
