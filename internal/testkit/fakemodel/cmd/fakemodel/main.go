// Command fakemodel runs the scripted model server on a loopback
// address until it is interrupted:
//
//	fakemodel -scenario FILE [-addr 127.0.0.1:0] [-ready-file F] [-log F]
//
// When it listens, it writes its address (host:port) to the ready file.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"github.com/cardtui/cardtui/internal/testkit/fakemodel"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "fakemodel:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("fakemodel", flag.ContinueOnError)
	scenario := fs.String("scenario", "", "the scenario file (JSON)")
	addr := fs.String("addr", "127.0.0.1:0", "the loopback address to listen on")
	ready := fs.String("ready-file", "", "a file to write the listening address to")
	logPath := fs.String("log", "", "a file to append one JSON line per request to")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *scenario == "" {
		return errors.New("-scenario is required")
	}
	sc, err := fakemodel.Load(*scenario)
	if err != nil {
		return err
	}
	var log io.Writer
	if *logPath != "" {
		f, err := os.OpenFile(*logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		log = f
	}
	ln, err := fakemodel.Listen(*addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: fakemodel.New(sc, log)}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *ready != "" {
		if err := writeReady(*ready, ln.Addr().String()); err != nil {
			_ = ln.Close()
			return err
		}
	}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// writeReady writes the address whole: to a temporary file, renamed.
func writeReady(path, addr string) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(addr+"\n"), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
