// S8: the seed's proxy class and its use, unchanged, in the least view controller its text describes (the
// controller that makes the timer, `timerFire:` logging, and the `dealloc` the case's text says runs at the pop,
// which must invalidate the timer: the proxy alone does not stop it).
@interface NSProxyInprovement : NSProxy
@property (nonatomic, weak) id aTarget;
@end
@implementation NSProxyInprovement
- (NSMethodSignature *)methodSignatureForSelector:(SEL)sel {
return [self.aTarget methodSignatureForSelector:sel];
}
- (void)forwardInvocation:(NSInvocation *)invocation {
[invocation invokeWithTarget:self.aTarget];
}
@end
@implementation ViewController
- (void)viewDidLoad {
[super viewDidLoad];
self.proxy = [NSProxyInprovement alloc];
self.proxy.aTarget = self;
self.timer = [NSTimer scheduledTimerWithTimeInterval:1.0 target:self.proxy selector:@selector(timerFire:) userInfo:userInfo repeats:YES];
}
- (void)timerFire:(NSTimer *)timer {
NSLog(@"timerFire");
}
- (void)dealloc {
[self.timer invalidate];
}
@end
