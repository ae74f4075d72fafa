// S15, seed 003: the seed's Swift 2 code, as its text gives it (scene two, a modal controller editing a name).
// First the observer without a token, then the text's "fix", whose `let ntfObserver` shadows the property.
class ModalViewController: UIViewController {
    @IBOutlet weak var nameTextField: UITextField!
    var nameToEdit: String?
    var ntfObserver: NSObjectProtocol?

    override func viewDidAppear(animated: Bool) {
        super.viewDidAppear(animated)
        observeTextField()
    }

    func observeTextField() {
        let center = NSNotificationCenter.defaultCenter()
        let queue = NSOperationQueue.mainQueue()
        center.addObserverForName(UITextFieldTextDidChangeNotification, object: nameTextField, queue: queue) { notification in
            if let name = self.nameToEdit {
                self.nameToEdit = self.nameTextField.text
            }
        }
    }

    // The text's "fix": keep the cookie, remove it when the scene goes away.
    func observeTextFieldKeepingTheCookie() {
        let center = NSNotificationCenter.defaultCenter()
        let queue = NSOperationQueue.mainQueue()
        let ntfObserver = center.addObserverForName(UITextFieldTextDidChangeNotification, object: nameTextField, queue: queue) { notification in
            if let name = self.nameToEdit {
                self.nameToEdit = self.nameTextField.text
            }
        }
    }

    override func viewDidDisappear(animated: Bool) {
        super.viewDidDisappear(animated)
        if let observer = ntfObserver {
            NSNotificationCenter.defaultCenter().removeObserver(observer)
        }
    }

    @IBAction func done(sender: UIBarButtonItem) {
        presentingViewController?.dismissViewControllerAnimated(true, completion: nil)
    }
}
