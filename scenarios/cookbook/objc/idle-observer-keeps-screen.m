// The Objective-C that idle-observer-keeps-screen.yaml models: a list screen precaches its rows' heights in the
// main run loop's idle time, from one observer for BeforeWaiting and Exit, and never removes the observer.
#import <UIKit/UIKit.h>

@interface ListViewController : UIViewController
@property (nonatomic, assign) CFRunLoopObserverRef idleObserver;
@property (nonatomic) NSInteger pending;
@end

@implementation ListViewController

- (instancetype)init {
    if ((self = [super init])) {
        _pending = 2;
    }
    return self;
}

- (void)viewDidAppear:(BOOL)animated {
    [super viewDidAppear:animated];
    self.idleObserver = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault,
        kCFRunLoopBeforeWaiting | kCFRunLoopExit, YES, 0,
        ^(CFRunLoopObserverRef observer, CFRunLoopActivity activity) {
            [self precacheNextRow];
        });
    CFRunLoopAddObserver(CFRunLoopGetMain(), self.idleObserver, kCFRunLoopDefaultMode);
}

- (void)precacheNextRow {
    if (self.pending > 0) {
        self.pending -= 1;
        NSLog(@"precached a row");
    }
    // The bug: when every row is done, the observer stays, and its block keeps self.
}

@end

@interface HomeViewController : UIViewController
@end

@implementation HomeViewController

- (void)openList {
    ListViewController *list = [[ListViewController alloc] init];
    [self.navigationController pushViewController:list animated:YES];
}

@end
