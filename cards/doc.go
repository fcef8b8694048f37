// Package cards is the render-intent union of cardtui: the closed set of
// call views and result views that a tool declares for each call, the types
// they are made of, their strict JSON codec, and the transcript entries that
// replay builds from them.
//
// The union is closed. Every view carries a `card` discriminator on the
// wire; decoding rejects a missing or unknown card, fields that do not
// belong to the variant, missing required fields and values of the wrong
// type, each with an *Error naming the card and the field. In Go the union
// is a sealed interface (an unexported marker method), so no other package
// can add a variant, and the renderer's type switches are checked for
// exhaustiveness by go-check-sumtype.
//
// This package uses the standard library only.
package cards
