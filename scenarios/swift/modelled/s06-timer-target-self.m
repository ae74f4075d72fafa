// S6: the seed's timer line, unchanged, in the view controller its text puts it in ("the timer is created in a
// method of an object, in fact a ViewController's", "print a log in @selector(timerFire:): it keeps printing
// after the pop", "self -> timer -> self"). The seed gives no other code for the case: the lines around the
// timer line are the least that text describes.
@interface ViewController ()
@property (nonatomic, strong) NSTimer *timer;
@end
@implementation ViewController
- (void)viewDidLoad {
[super viewDidLoad];
self.timer = [NSTimer scheduledTimerWithTimeInterval:1.0 target:self selector:@selector(timerFire:) userInfo:nil repeats:YES];
}
- (void)timerFire:(NSTimer *)timer {
NSLog(@"timerFire");
}
- (void)dealloc {
[self.timer invalidate];
}
@end
