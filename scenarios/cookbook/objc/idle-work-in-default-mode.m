// The Objective-C that idle-work-in-default-mode.yaml models: a transaction coalesces layout work and commits it when
// the main run loop is about to sleep, from a BeforeWaiting observer registered in the default mode only. While
// the user scrolls, the main loop runs UITrackingRunLoopMode, the observer is not called, and the layout waits.
#import <UIKit/UIKit.h>

@interface Transaction : NSObject
@property (nonatomic) BOOL pending;
@property (nonatomic) NSInteger commits;
@end

@implementation Transaction
- (void)install {
    CFRunLoopObserverRef observer = CFRunLoopObserverCreateWithHandler(
        kCFAllocatorDefault, kCFRunLoopBeforeWaiting, YES, 0, ^(CFRunLoopObserverRef o, CFRunLoopActivity activity) {
            [self commit];
        });
    CFRunLoopAddObserver(CFRunLoopGetMain(), observer, kCFRunLoopDefaultMode);
    CFRelease(observer);
}

- (void)commit {
    if (self.pending) {
        self.pending = NO;
        self.commits += 1;
        NSLog(@"layout committed");
    }
}

- (void)setNeedsLayout {
    self.pending = YES;
}
@end

@implementation AppDelegate
- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
    self.transaction = [Transaction new];
    [self.transaction install];
    return YES;
}
@end
