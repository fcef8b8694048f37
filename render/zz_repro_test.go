package render

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/colorprofile"
)

func TestZZRepro(t *testing.T) {
	for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.NoTTY} {
		o := Options{Width: 60, Profile: p, Terminal: true, Hyperlinks: true}
		for _, l := range markdownLines("title &#x1b;]0;PWNED&#7; and &#13;x &#x202E;y &#x1b;]8;;https://evil.example/&#x1b;\\click&#x1b;]8;;&#x1b;\\ `&#27;` [a](http://x/&#x1b;y) &#xFE0F; &#8203; &shy;", 60, o) {
			fmt.Printf("%q\n", finishLine(l, o))
		}
	}
}
