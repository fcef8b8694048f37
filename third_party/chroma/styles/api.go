package styles

import (
	"embed"
	"io/fs"
	"sort"
	"sync"

	"github.com/alecthomas/chroma/v2"
)

//go:embed *.xml
var embedded embed.FS

// Registry of Styles. cardtui's patch: the embedded styles are added on
// the first call of Get or Names (or Load), each unless a style of its
// name was registered before, as if they had been registered first; a
// program that reads Registry itself calls Load before.
var Registry = map[string]*chroma.Style{}

// Fallback style. Reassign to change the default fallback style. cardtui's
// patch: it is set to the embedded "swapoff" by Load unless it was
// reassigned before.
var Fallback *chroma.Style

var loadOnce sync.Once

// Load adds the embedded styles to Registry, once (cardtui's patch).
func Load() {
	loadOnce.Do(func() {
		for name, style := range embeddedStyles() {
			if _, ok := Registry[name]; !ok {
				Registry[name] = style
			}
		}
		if Fallback == nil {
			Fallback = embeddedStyles()["swapoff"]
		}
	})
}

// embeddedStyles parses the embedded styles, once.
var embeddedStyles = sync.OnceValue(func() map[string]*chroma.Style {
	registry := map[string]*chroma.Style{}
	files, err := fs.ReadDir(embedded, ".")
	if err != nil {
		panic(err)
	}
	for _, file := range files {
		if file.IsDir() {
			continue
		}
		r, err := embedded.Open(file.Name())
		if err != nil {
			panic(err)
		}
		style, err := chroma.NewXMLStyle(r)
		if err != nil {
			panic(err)
		}
		registry[style.Name] = style
		_ = r.Close()
	}
	return registry
})

// Register a chroma.Style.
func Register(style *chroma.Style) *chroma.Style {
	Registry[style.Name] = style
	return style
}

// Names of all available styles.
func Names() []string {
	Load()
	out := []string{}
	for name := range Registry {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// Get named style, or Fallback.
func Get(name string) *chroma.Style {
	Load()
	if style, ok := Registry[name]; ok {
		return style
	}
	return Fallback
}
