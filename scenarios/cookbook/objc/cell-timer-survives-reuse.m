// The Objective-C that cell-timer-survives-reuse.yaml models: a table view cell shows a countdown. -configure
// schedules a repeating timer that targets the cell and keeps a weak reference to it (the run loop owns the timer);
// -prepareForReuse does not invalidate it, so after each reuse one more timer ticks the same cell. The fix adds
// `[self.timer invalidate];` to -prepareForReuse (UITableViewCell's prepareForReuse is where a cell resets its
// state before reuse). A status label shows the count 3.5 s after launch.
#import <UIKit/UIKit.h>

@interface CountdownCell : UITableViewCell
@property (nonatomic, weak) NSTimer *timer;
@property (nonatomic) NSInteger secondsLeft;
- (void)configure;
@end

@implementation CountdownCell
- (void)prepareForReuse {
    [super prepareForReuse];
    NSLog(@"reused");
}

- (void)configure {
    self.secondsLeft = 60;
    self.timer = [NSTimer scheduledTimerWithTimeInterval:1.0 target:self selector:@selector(tick)
                                                userInfo:nil repeats:YES];
}

- (void)tick {
    self.secondsLeft -= 1;
}
@end

@interface ViewController ()
@property (nonatomic, weak) IBOutlet UILabel *statusLabel;
@property (nonatomic, weak) CountdownCell *visibleCell;
@end

@implementation ViewController
- (void)viewDidLoad {
    [super viewDidLoad];
    dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(3.5 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
        self.statusLabel.text = [NSString stringWithFormat:@"%ld s left", (long)self.visibleCell.secondsLeft];
    });
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
    CountdownCell *cell = [tableView dequeueReusableCellWithIdentifier:@"Countdown" forIndexPath:indexPath];
    [cell configure];
    return cell;
}
@end
