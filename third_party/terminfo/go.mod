module github.com/xo/terminfo

go 1.19

require golang.org/x/exp v0.0.0-20220909182711-5c715a9e8561
