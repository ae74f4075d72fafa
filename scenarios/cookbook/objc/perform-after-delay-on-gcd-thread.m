// The Objective-C that perform-after-delay-on-gcd-thread.yaml models: the response is parsed off the main thread,
// and the GCD block then asks for the spinner to hide half a second later. performSelector:withObject:afterDelay:
// puts a timer in the current thread's run loop, a pool thread's, which nobody runs.
#import <UIKit/UIKit.h>

@interface SpinnerViewController : UIViewController
@property (nonatomic) BOOL spinning;
@end

@implementation SpinnerViewController
- (void)load {
    self.spinning = YES;
    dispatch_async(dispatch_get_global_queue(DISPATCH_QUEUE_PRIORITY_DEFAULT, 0), ^{
        usleep(200 * 1000);  // parse the response
        [self scheduleHide];
    });
}

- (void)scheduleHide {
    [self performSelector:@selector(hideSpinner) withObject:nil afterDelay:0.5];
}

- (void)hideSpinner {
    self.spinning = NO;
    NSLog(@"spinner hidden");
}
@end

// Pushed, loaded, and popped two seconds later.
@implementation FeedViewController
- (void)showSpinner {
    SpinnerViewController *spinner = [SpinnerViewController new];
    [self.navigationController pushViewController:spinner animated:YES];
    [spinner load];
}
@end
