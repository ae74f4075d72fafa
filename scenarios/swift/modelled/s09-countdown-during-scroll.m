// S9: the seed's countdown timer, scheduled in the default mode (its first form, unchanged), in the view
// controller its text describes: a countdown "such as a verification code's" that stops while a scroll view is
// dragged. The seed gives no other code for the case: the lines around the timer line are the least that text
// describes (the counter the countdown shows).
@interface ViewController ()
@property (nonatomic, weak) NSTimer *timer;
@property (nonatomic, assign) NSInteger count;
@end
@implementation ViewController
- (void)startCountdown {
self.timer = [NSTimer scheduledTimerWithTimeInterval:1.0 target:self selector:@selector(timerFire:) userInfo:nil repeats:YES];
}
- (void)timerFire:(NSTimer *)timer {
self.count--;
}
@end
