// The Objective-C that displaylink-retains-target.yaml models: a spinner view drives its animation with a
// CADisplayLink whose target is the view itself. The link retains its target until it is invalidated, and the main
// run loop keeps the link: removing the view from its window frees neither, and the link goes on firing.
#import <UIKit/UIKit.h>

@interface SpinnerView : UIView
@property (nonatomic, weak) CADisplayLink *link;
@property (nonatomic) NSInteger frames;
@end

@implementation SpinnerView
- (void)didMoveToWindow {
    [super didMoveToWindow];
    if (self.window == nil) {
        NSLog(@"removed from the window");
        return;
    }
    self.link = [CADisplayLink displayLinkWithTarget:self selector:@selector(step)];
    [self.link addToRunLoop:[NSRunLoop mainRunLoop] forMode:NSRunLoopCommonModes];
}

- (void)step {
    self.frames += 1;
}
@end

// The controller adds the spinner while it loads and removes it half a second later.
@implementation FeedViewController
- (void)showSpinner {
    self.spinner = [SpinnerView new];
    [self.view addSubview:self.spinner];
}

- (void)hideSpinner {
    [self.spinner removeFromSuperview];
    self.spinner = nil;
}
@end
