// The Objective-C that runloop-observer-keeps-screen.yaml models: a feed screen applies its batched cell
// updates from a BeforeWaiting observer of the main run loop, and never removes the observer.
#import <UIKit/UIKit.h>

@interface FeedViewController : UIViewController
@property (nonatomic, assign) CFRunLoopObserverRef observer;
@property (nonatomic) NSInteger flushes;
@end

@implementation FeedViewController

- (void)viewWillAppear:(BOOL)animated {
    [super viewWillAppear:animated];
    self.observer = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, kCFRunLoopBeforeWaiting, YES, 0,
        ^(CFRunLoopObserverRef observer, CFRunLoopActivity activity) {
            [self flushUpdates];
        });
    CFRunLoopAddObserver(CFRunLoopGetMain(), self.observer, kCFRunLoopCommonModes);
}

- (void)viewWillDisappear:(BOOL)animated {
    [super viewWillDisappear:animated];
    NSLog(@"feed disappears");
    // The bug: the observer stays in the main run loop, and its block keeps self.
}

- (void)flushUpdates {
    self.flushes += 1;
}

@end

@interface HomeViewController : UIViewController
@end

@implementation HomeViewController

- (void)openFeed {
    FeedViewController *feed = [[FeedViewController alloc] init];
    [self.navigationController pushViewController:feed animated:YES];
}

@end
