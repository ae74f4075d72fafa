// The Objective-C that resident-thread-without-port.yaml models: a resident thread, started once to run its run
// loop for ever so that later work can be sent to it with performSelector:onThread:. The bug: its run loop's
// default mode has no source, so -run returns at once and the thread exits; every request sent to it afterwards
// waits on a run loop nobody runs.
#import <UIKit/UIKit.h>

@interface Downloader : NSObject
@property (nonatomic, strong) NSThread *thread;
- (void)start;
- (void)download;
@end

@implementation Downloader
- (void)start {
    self.thread = [[NSThread alloc] initWithTarget:self selector:@selector(threadMain) object:nil];
    [self.thread start];
}

- (void)threadMain {
    @autoreleasepool {
        [[NSRunLoop currentRunLoop] run];
    }
}

- (void)download {
    [self performSelector:@selector(doDownload) onThread:self.thread withObject:nil waitUntilDone:NO];
}

- (void)doDownload {
    NSLog(@"downloading");
}
@end

@interface AppDelegate : UIResponder <UIApplicationDelegate>
@property (nonatomic, strong) Downloader *downloader;
@end

@implementation AppDelegate
- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
    self.downloader = [Downloader new];
    [self.downloader start];
    return YES;
}

// A tap on refresh, one second after launch.
- (void)refresh {
    [self.downloader download];
}
@end
