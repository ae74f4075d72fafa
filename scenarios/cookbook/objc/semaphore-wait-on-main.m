// The Objective-C that semaphore-wait-on-main.yaml models: a settings screen makes an asynchronous fetch
// synchronous by waiting on a semaphore on the main thread; the request (200 ms off the main thread) delivers its
// completion on the main queue, which the waiting main thread never drains.
#import <UIKit/UIKit.h>

@interface SettingsViewController : UIViewController
@property (nonatomic, strong) dispatch_semaphore_t done;
@property (nonatomic) NSInteger loaded;
@end

@implementation SettingsViewController
- (void)viewDidLoad {
    [super viewDidLoad];
    self.done = dispatch_semaphore_create(0);
    dispatch_async(dispatch_get_global_queue(DISPATCH_QUEUE_PRIORITY_DEFAULT, 0), ^{
        usleep(200 * 1000);  // the request
        dispatch_async(dispatch_get_main_queue(), ^{  // the library's completion, on the main queue
            self.loaded = 1;
            dispatch_semaphore_signal(self.done);
        });
    });
    dispatch_semaphore_wait(self.done, DISPATCH_TIME_FOREVER);  // "make it synchronous"
    NSLog(@"settings shown");
}
@end
