// S9, the fix the seed gives: the timer made with timerWithTimeInterval: and added to NSRunLoopCommonModes once
// (the seed's last form, its two lines unchanged but for the target: the seed's is its weak proxy, S8's fix;
// this case models the mode only, with target self as in the seed's first form), in the view controller of
// s09-countdown-during-scroll.m.
@interface ViewController ()
@property (nonatomic, weak) NSTimer *timer;
@property (nonatomic, assign) NSInteger count;
@end
@implementation ViewController
- (void)startCountdown {
self.timer = [NSTimer timerWithTimeInterval:1.0 target:self selector:@selector(timerFire:) userInfo:nil repeats:YES];
[[NSRunLoop currentRunLoop] addTimer:self.timer forMode:NSRunLoopCommonModes];
}
- (void)timerFire:(NSTimer *)timer {
self.count--;
}
@end
