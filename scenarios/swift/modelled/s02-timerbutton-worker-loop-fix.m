// S2, the fix the seed gives: the same TimerButton (its NSTimer+Addition category, the countdown on a GCD
// worker's run loop) and the view controller whose dealloc invalidates the timer and also stops the worker run
// loop the button saved. Taken from the seed text unchanged, trimmed to what the case models (the button's
// styling, its network block and the login flow are left out).
@implementation NSTimer (Addition)
+ (NSTimer *)scheduledTimerWithTimeInterval:(NSTimeInterval)interval block:(void(^)(NSTimer *timer))block repeats:(BOOL)repeats{
return [self scheduledTimerWithTimeInterval:interval
target:self
selector:@selector(blockInvoke:)
userInfo:[block copy]
repeats:repeats];
}
+ (void)blockInvoke:(NSTimer *)timer {
void (^block)() = timer.userInfo;
if(block) {
block(timer);
}
}
@end

@interface TimerButton : UIButton
@property (nonatomic ,weak) NSTimer *timer;
@property (nonatomic ,assign)CFRunLoopRef runloop;
@end

@implementation TimerButton
{
int timerCount;
int resetCount;
CGFloat timerInterval;
}
- (instancetype)initWithFrame:(CGRect)frame timerCount:(int)count timerInerval:(CGFloat)interval networkRequest:(networkBlock)networkBlock{
if (self = [super initWithFrame:frame]) {
timerCount = count;
timerInterval = interval;
self.enabled = NO;
[self timerAction];
}
return self;
}
- (void)timerAction{
resetCount = timerCount;
dispatch_async(dispatch_get_global_queue(0, 0), ^{
__weak typeof (self)weakself = self;
self.timer = [NSTimer scheduledTimerWithTimeInterval:timerInterval block:^(NSTimer *timer) {
NSLog(@"。。。");
__strong typeof(weakself) strongself = weakself;
resetCount --;
if (resetCount == 0) {
[strongself.timer invalidate];
strongself.enabled = YES;
CFRunLoopStop(CFRunLoopGetCurrent());
}else{
self.enabled = NO;
dispatch_async(dispatch_get_main_queue(), ^{
[strongself setTitle:[NSString stringWithFormat:@"%ds后重發",resetCount] forState:UIControlStateDisabled];
[strongself setTitleColor:[UIColor grayColor] forState:UIControlStateDisabled];
});
}
} repeats:YES];
[self.timer fire];//馬上執行
self.runloop = CFRunLoopGetCurrent();
[[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:[NSDate distantFuture]];
});
}
@end

// The view controller that pushes the button (the seed's usage).
@property (nonatomic ,weak) TimerButton *btn;
- (void)viewDidLoad {
[super viewDidLoad];
TimerButton *btn = [[TimerButton alloc]initWithFrame:CGRectMake(0, 0, 100, 40) timerCount:5 timerInerval:1.0 networkRequest:nil];
_btn = btn;
self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc]initWithCustomView:btn];
}
- (void)dealloc{
NSLog(@"vc銷毀了");
[self.btn.timer invalidate];
CFRunLoopStop(self.btn.runloop);
}
