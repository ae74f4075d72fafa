// The Objective-C that port-kept-network-thread.yaml models: an uploader copies AFNetworking 2's
// networkRequestThread: its thread adds a fresh [NSMachPort port] to its run loop and calls -[NSRunLoop run].
// -stop calls CFRunLoopStop, which ends one activation only: -run starts the next, so the thread never exits and
// its block keeps the uploader (Apple's -[NSRunLoop run] documentation). The fix replaces `[runLoop run];` with
// `CFRunLoopRun();`, which returns when stopped.
#import <Foundation/Foundation.h>

@interface Uploader : NSObject
@property (nonatomic, assign) CFRunLoopRef loop;
@property (nonatomic) NSInteger uploads;
@end

@implementation Uploader
- (void)start {
    NSThread *thread = [[NSThread alloc] initWithBlock:^{
        self.loop = CFRunLoopGetCurrent();
        NSRunLoop *runLoop = [NSRunLoop currentRunLoop];
        [runLoop addPort:[NSMachPort port] forMode:NSDefaultRunLoopMode];
        [runLoop run];
        NSLog(@"network thread exits");
    }];
    thread.name = @"uploader";
    [thread start];
}

- (void)upload {
    self.uploads += 1;
}

- (void)stop {
    CFRunLoopStop(self.loop);
}
@end

@implementation UploadViewController
- (void)viewDidLoad {
    [super viewDidLoad];
    self.uploader = [Uploader new];
    [self.uploader start];
}

- (void)close {
    [self.uploader stop];
    self.uploader = nil;
}
@end
