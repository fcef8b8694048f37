package main

import "fmt"

func main() {
	fmt.Println("calc") // TODO: wire the calculator
}
