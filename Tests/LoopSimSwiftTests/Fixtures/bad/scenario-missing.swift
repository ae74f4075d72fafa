// expect: swift.scenario 1:1
import Foundation

class Page {
    func go() {}
}

let page = Page()
page.go()
